#pragma once
// Notices: what the window does instead of what was asked (the test pattern for a missing camera,
// the CPU for an unusable GPU) and why. Each stays in the status bar until its cause is gone (a
// permanent widget, not a timed message); clicking it explains. The first time a kind of notice
// comes up in a run, a banner at the top of the window says it too, with "Why?" and "Don't show
// again" (remembered in QSettings under notices/) — never a dialog that blocks the window: nothing
// opens by itself, and the explanation's dialog is not modal. Technical details (error text with
// source locations, versions) stay in the dialog's details and in --verbose output, never in the summary.
#include <QObject>
#include <QString>
#include <exception>
#include <QPointer>
#include <map>

class QMessageBox;
class QStatusBar;
class QToolButton;
class QWidget;

namespace kc {

struct Notice {
  QString id;           // one notice per id at a time ("camera", "cuda"): a new one replaces the old
  QString summary;      // status bar: what happened and what is shown instead
  QString explanation;  // dialog: why, and what to install or do
  QString details;      // dialog details / --verbose: error text, versions
  QString dialogKey;    // "" : no banner; else the banner's "don't show again" key (one per cause)
};

class NoticeArea : public QObject {
  Q_OBJECT
 public:
  // Banners go into `bannerHost`'s vertical layout (none without one).
  explicit NoticeArea(QStatusBar* statusBar, QWidget* bannerHost = nullptr);

  void post(const Notice& notice);
  void clear(const QString& id);
  bool has(const QString& id) const { return shown_.count(id) != 0; }
  const Notice* find(const QString& id) const;
  QToolButton* widget(const QString& id) const;
  QWidget* banner(const QString& id) const;  // the notice's banner while it is up, else null

  // The explanation's dialog for a notice ("Why?", or clicking the status bar notice). Not modal: the
  // window, its menus and shortcuts (Ctrl+Q) keep working while it is open.
  QMessageBox* showDialog(const Notice& notice);
  QMessageBox* openDialog() const;
  static bool dialogSuppressed(const QString& dialogKey);

 signals:
  void posted(const kc::Notice& notice);

 private:
  struct Shown {
    Notice notice;
    QToolButton* button = nullptr;
    QPointer<QWidget> banner;
  };
  void showBanner(Shown& shown);
  void removeBanner(Shown& shown);

  QStatusBar* statusBar_;
  QPointer<QWidget> bannerHost_;
  std::map<QString, Shown> shown_;
  std::map<QString, bool> bannerShownThisRun_;
  QPointer<QMessageBox> dialog_;
};

// An exception's text for people: kc::Error's message without the source location; others whole.
QString userMessage(const std::exception& error);
// A long message cut in its middle to at most `maxChars`: its start says what, its end why (a
// path, or a stage's text quoted in it, can be long).
QString shortenedMessage(const QString& text, int maxChars = 160);

}  // namespace kc
