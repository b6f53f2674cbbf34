#include "ui/window/chain_presets.hpp"

#include <QCoreApplication>
#include <QSettings>

namespace kc {

namespace {
QString keyOf(const QString& name) { return QStringLiteral("presets/") + name; }
}  // namespace

QStringList presetNames() {
  QSettings settings;
  settings.beginGroup(QStringLiteral("presets"));
  QStringList names = settings.childKeys();
  names.sort(Qt::CaseInsensitive);
  return names;
}

std::optional<QString> presetChainText(const QString& name) {
  const QSettings settings;
  if (name.isEmpty() || !settings.contains(keyOf(name))) return std::nullopt;
  return settings.value(keyOf(name)).toString();
}

QString presetNameProblem(const QString& name) {
  if (name.trimmed().isEmpty()) return QCoreApplication::translate("kc", "a preset needs a name");
  if (name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\')))
    return QCoreApplication::translate("kc", "a preset's name cannot contain '/' or '\\'");
  return QString();
}

void storePreset(const QString& name, const QString& chainText) { QSettings().setValue(keyOf(name), chainText); }

bool removePreset(const QString& name) {
  QSettings settings;
  if (name.isEmpty() || !settings.contains(keyOf(name))) return false;
  settings.remove(keyOf(name));
  return true;
}

bool renamePreset(const QString& from, const QString& to) {
  const std::optional<QString> text = presetChainText(from);
  if (!text || !presetNameProblem(to).isEmpty() || presetChainText(to)) return false;
  storePreset(to, *text);
  removePreset(from);
  return true;
}

}  // namespace kc
