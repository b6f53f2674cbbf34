#include "ui/window/chain_presets.hpp"

#include <QCoreApplication>
#include <QSettings>
#include <set>

namespace kc {

namespace {
QString keyOf(const QString& name) { return QStringLiteral("presets/") + name; }
// A group of its own, so that presets/'s keys stay the names.
QString offKeyOf(const QString& name) { return QStringLiteral("presetsOff/") + name; }
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

QString presetOffText(const QString& name) {
  if (name.isEmpty()) return {};
  return QSettings().value(offKeyOf(name)).toString();
}

std::optional<QString> presetRunningText(const QString& name) {
  const std::optional<QString> chain = presetChainText(name);
  if (!chain) return std::nullopt;
  std::set<int> off;
  for (const QString& index : presetOffText(name).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    bool ok = false;
    const int value = index.trimmed().toInt(&ok);
    if (ok) off.insert(value);
  }
  if (off.empty()) return chain;
  // The dock's split: every comma-separated stage has its place (FilterDock::restoreSaved).
  const QStringList stages = chain->trimmed().isEmpty() ? QStringList() : chain->split(QLatin1Char(','));
  QStringList running;
  for (int i = 0; i < stages.size(); ++i)
    if (!off.count(i)) running << stages[i];
  return running.join(QLatin1Char(','));
}

QString presetNameProblem(const QString& name) {
  if (name.trimmed().isEmpty()) return QCoreApplication::translate("kc", "a preset needs a name");
  if (name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\')))
    return QCoreApplication::translate("kc", "a preset's name cannot contain '/' or '\\'");
  return QString();
}

void storePreset(const QString& name, const QString& chainText, const QString& offText) {
  QSettings settings;
  settings.setValue(keyOf(name), chainText);
  if (offText.isEmpty()) settings.remove(offKeyOf(name));
  else settings.setValue(offKeyOf(name), offText);
}

bool removePreset(const QString& name) {
  QSettings settings;
  if (name.isEmpty() || !settings.contains(keyOf(name))) return false;
  settings.remove(keyOf(name));
  settings.remove(offKeyOf(name));
  return true;
}

bool renamePreset(const QString& from, const QString& to) {
  const std::optional<QString> text = presetChainText(from);
  if (!text || !presetNameProblem(to).isEmpty() || presetChainText(to)) return false;
  const QString off = presetOffText(from);
  storePreset(to, *text, off);
  removePreset(from);
  return true;
}

}  // namespace kc
