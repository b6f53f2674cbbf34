#pragma once
// Command-line options override the remembered settings for one run only. Each overridden key is
// pinned with the value the command line gave; when the settings are written at the end, a key
// that still holds that value goes back to what was remembered before the run (or away, if
// nothing was), and a key the user changed in the window keeps the change. So `kernelcam` with
// no options comes back as the user left it, not as the last command line set it.
#include <QSettings>
#include <QString>
#include <QVariant>
#include <vector>

namespace kc {

class RunOverrides {
 public:
  // Call before anything writes `key`: remembers its current (pre-run) value.
  void pin(const QSettings& settings, const QString& key, const QVariant& commandLineValue);
  // Call after the window wrote its settings.
  void restore(QSettings& settings) const;
  bool pinned(const QString& key) const;

 private:
  struct Pin {
    QString key;
    QVariant commandLineValue, remembered;
    bool hadValue = false;
  };
  std::vector<Pin> pins_;
};

}  // namespace kc
