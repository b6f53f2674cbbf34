#pragma once
// A student's progress through the exercises, kept in the user's data folder
// (QStandardPaths::AppDataLocation/exercises/progress.json): per exercise the best level a check
// reached, when it was checked last, and how many hints were revealed. The lab's Exercises panel
// and `kernelcam exercise check` record it; `exercise list` and the panel show it.
#include <QDateTime>
#include <QString>
#include <map>
#include <string>

namespace kc {

struct ExerciseProgress {
  int bestLevel = 0;
  int maxLevel = 0;
  QDateTime lastCheck;  // invalid: never checked
  int hintsShown = 0;
};

class ExerciseProgressStore {
 public:
  // `file`: "" for the user's data folder's progress.json.
  explicit ExerciseProgressStore(QString file = {});
  static QString defaultFile();

  ExerciseProgress get(const std::string& id) const;
  // A check that reached `level` of `maxLevel` (the best level so far is kept). False when the file
  // could not be written: error() says why, once per store.
  bool recordCheck(const std::string& id, int level, int maxLevel);
  bool recordHints(const std::string& id, int shown);
  const QString& error() const { return error_; }
  const QString& file() const { return file_; }

 private:
  bool save();
  QString file_;
  std::map<std::string, ExerciseProgress> entries_;
  QString error_;
};

}  // namespace kc
