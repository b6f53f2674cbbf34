#include "app/exercises/exercise_progress.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>

namespace kc {

QString ExerciseProgressStore::defaultFile() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/exercises/progress.json");
}

ExerciseProgressStore::ExerciseProgressStore(QString file) : file_(file.isEmpty() ? defaultFile() : std::move(file)) {
  QFile in(file_);
  if (!in.open(QIODevice::ReadOnly)) return;  // none yet
  const QJsonObject root = QJsonDocument::fromJson(in.read(1 << 20)).object();
  for (auto it = root.begin(); it != root.end(); ++it) {
    const QJsonObject o = it.value().toObject();
    ExerciseProgress p;
    p.bestLevel = std::clamp(o.value(QStringLiteral("best_level")).toInt(), 0, 99);
    p.maxLevel = std::clamp(o.value(QStringLiteral("max_level")).toInt(), 0, 99);
    p.lastCheck = QDateTime::fromString(o.value(QStringLiteral("last_check")).toString(), Qt::ISODate);
    p.hintsShown = std::clamp(o.value(QStringLiteral("hints_shown")).toInt(), 0, 99);
    entries_[it.key().toStdString()] = p;
  }
}

ExerciseProgress ExerciseProgressStore::get(const std::string& id) const {
  const auto found = entries_.find(id);
  return found == entries_.end() ? ExerciseProgress{} : found->second;
}

bool ExerciseProgressStore::recordCheck(const std::string& id, int level, int maxLevel) {
  ExerciseProgress& p = entries_[id];
  p.bestLevel = std::max(p.bestLevel, level);
  p.maxLevel = maxLevel;
  p.lastCheck = QDateTime::currentDateTimeUtc();
  return save();
}

bool ExerciseProgressStore::recordHints(const std::string& id, int shown) {
  ExerciseProgress& p = entries_[id];
  if (shown <= p.hintsShown) return true;
  p.hintsShown = shown;
  return save();
}

bool ExerciseProgressStore::save() {
  QJsonObject root;
  for (const auto& [id, p] : entries_)
    root.insert(QString::fromStdString(id),
                QJsonObject{{"best_level", p.bestLevel},
                            {"max_level", p.maxLevel},
                            {"last_check", p.lastCheck.isValid() ? p.lastCheck.toString(Qt::ISODate) : QString()},
                            {"hints_shown", p.hintsShown}});
  QDir().mkpath(QFileInfo(file_).absolutePath());
  QSaveFile out(file_);
  if (out.open(QIODevice::WriteOnly) && out.write(QJsonDocument(root).toJson()) >= 0 && out.commit()) return true;
  if (error_.isEmpty())
    error_ = QStringLiteral("the exercises' progress cannot be saved to %1 (%2)").arg(file_, out.errorString());
  return false;
}

}  // namespace kc
