#include "app/lab/exercise_service.hpp"

#include <QDir>
#include <QFileInfo>
#include <mutex>

#include "app/exercises/exercise_machine.hpp"
#include "app/exercises/exercise_photos.hpp"
#include "app/exercises/exercise_progress.hpp"
#include "app/session/run_session.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "ui/lab/kernel_lab_panel.hpp"

namespace kc {
namespace {

QString q(const std::string& text) { return QString::fromStdString(text); }

// The checks' machine, made on first use on the checking thread and kept: its lab worker stays warm
// between checks. One check at a time (the panel asks for one at a time; the mutex makes sure).
// The panel's checks run on a session of their own: the window's frames may run on the CPU while
// a check compiles (and, with a device, runs) on the accelerator.
struct CheckingMachine {
  std::mutex mutex;
  RunSession session{Backend::Auto, IfNoCuda::UseCpu};
  std::unique_ptr<ExerciseMachine> machine;
};

}  // namespace

QString exerciseFilePath(const QString& labDirectory, const std::string& id) {
  return QDir(labDirectory)
      .filePath(QStringLiteral("exercises/") + q(id).replace(QLatin1Char('-'), QLatin1Char('_')) +
                QStringLiteral(".cu"));
}

ExerciseService makeExerciseService(const QString& labDirectory, SaveFile save) {
  ExerciseService service;
  auto progress = std::make_shared<ExerciseProgressStore>();
  service.exercises = [] { return exercises::exerciseRegistry().all(); };
  service.progressText = [progress](const std::string& id) {
    const ExerciseProgress p = progress->get(id);
    return p.lastCheck.isValid() ? QObject::tr("level %1 of %2").arg(p.bestLevel).arg(p.maxLevel)
                                 : QObject::tr("not checked yet");
  };
  service.hintsShown = [progress](const std::string& id) { return progress->get(id).hintsShown; };
  service.recordHints = [progress](const std::string& id, int shown) { (void)progress->recordHints(id, shown); };
  const auto writeStart = [save](const std::string& id, const QString& path, QString* error) {
    const exercises::ExerciseDefinition* e = exercises::exerciseRegistry().find(id);
    if (!e) return false;
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (const std::optional<QString> why = trySave(save, QObject::tr("exercise"), path, [&] {
          return QByteArray::fromStdString(exerciseFile(*e, e->startFile));
        })) {
      *error = *why;
      return false;
    }
    return true;
  };
  service.fileFor = [labDirectory, writeStart](const std::string& id, QString* error) -> QString {
    const QString path = exerciseFilePath(labDirectory, id);
    if (QFileInfo::exists(path)) return path;  // the student's work: never replaced here
    return writeStart(id, path, error) ? path : QString();
  };
  service.reset = [labDirectory, writeStart](const std::string& id, QString* error) {
    return writeStart(id, exerciseFilePath(labDirectory, id), error);
  };
  auto checking = std::make_shared<CheckingMachine>();
  service.check = [checking](const std::string& id,
                             const lab::KernelSource& source) -> std::function<exercises::CheckReport()> {
    return [checking, id, source] {
      const std::lock_guard lock(checking->mutex);
      if (!checking->machine) checking->machine = std::make_unique<ExerciseMachine>(checking->session);
      ExerciseMachine& machine = *checking->machine;
      const exercises::ExerciseDefinition* e = exercises::exerciseRegistry().find(id);
      if (!e) throw std::runtime_error("no exercise " + id);
      if (!machine.canCompile()) throw std::runtime_error(machine.whyNoCompiler());
      exercises::CheckOptions options;
      if (machine.hasDevice() && e->imageKernel) options.photos = samplePhotos();
      return exercises::checkExercise(*e, source, machine.toolchain(), options);
    };
  };
  service.checked = [progress](const exercises::CheckReport& report) {
    if (report.ran) (void)progress->recordCheck(report.exercise, report.levelReached, report.maxLevel);
  };
  return service;
}

void showExerciseOnTheStream(KernelLabPanel& lab, const std::string& id, const QString& path, const SaveFile& save) {
  const exercises::ExerciseDefinition* e = exercises::exerciseRegistry().find(id);
  if (!e || !e->imageKernel) return;
  QString reference = q(e->referenceChain);
  if (reference.isEmpty()) {
    // kernelcam's optimised kernel, beside the student's file, as a stage of its own.
    const QString copy = QFileInfo(path).absolutePath() + QStringLiteral("/kernelcam_") + QFileInfo(path).fileName();
    if (trySave(save, QObject::tr("reference kernel"), copy,
                [&] { return QByteArray::fromStdString(exerciseFile(*e, e->optimisedFile)); }))
      return;  // no reference to compare with: the stream shows the student's kernel alone
    reference = QStringLiteral("kernel=") + copy;
  }
  lab.setAbChains(QStringLiteral("kernel=") + path, reference);
  lab.setAbView(AbView::HeatMap);
  lab.setAbEnabled(true);
}

}  // namespace kc
