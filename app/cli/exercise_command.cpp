// `kernelcam exercise list|show|start|hint|check`: the course on the command line (docs/COURSE.md).
// A student starts from an exercise's starting code, checks a kernel against hidden inputs and the
// exercise's goals, and asks for hints one at a time. The records are gpu/exercises/.
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>
#include <string>

#include "app/options/compile_limit_options.hpp"
#include "app/cli/commands.hpp"
#include "app/exercises/exercise_machine.hpp"
#include "app/exercises/exercise_photos.hpp"
#include "app/exercises/exercise_progress.hpp"
#include "app/exercises/exercise_report.hpp"
#include "app/io/output_file.hpp"
#include "gpu/core/error.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/lab/compile_limits.hpp"
#include "app/session/run_session.hpp"
#include "gpu/plugin/kernel_compiler_backend.hpp"

namespace kc::cli {
namespace {

using exercises::ExerciseDefinition;

const QString kUsageList = QStringLiteral("kernelcam exercise list [--json]");
const QString kUsageShow = QStringLiteral("kernelcam exercise show ID");
const QString kUsageStart = QStringLiteral("kernelcam exercise start ID [DIR]");
const QString kUsageHint = QStringLiteral("kernelcam exercise hint ID [N]");
const QString kUsageCheck = QStringLiteral(
    "kernelcam exercise check FILE [--json] [--level N] [--seed S] [--no-timing] [--no-counters] [--compile-memory "
    "MIB] "
    "[--compile-time SECONDS]");

void printOverview() {
  std::printf(
      "Usage: kernelcam exercise list|show|start|hint|check ...\n"
      "The course: exercises that set a task, check a kernel on hidden inputs and give hints (docs/COURSE.md).\n\n"
      "  %s\n      the exercises in the course's order, with your progress\n"
      "  %s\n      the exercise's statement\n"
      "  %s\n      write the starting code to DIR/ID.cu (default: here); an existing file is never replaced\n"
      "  %s\n      hint N (default: the first); hints are revealed one at a time\n"
      "  %s\n      compile (no GPU needed), run on hidden inputs and measure the goals: exit 0 when every goal up to\n"
      "      --level is met, 1 when the kernel is wrong or short of a goal, 2 when it does not compile\n"
      "      (PATH:LINE:COL on stderr), 3 with no CUDA device to run it on\n",
      kUsageList.toLocal8Bit().constData(), kUsageShow.toLocal8Bit().constData(), kUsageStart.toLocal8Bit().constData(),
      kUsageHint.toLocal8Bit().constData(), kUsageCheck.toLocal8Bit().constData());
}

// Parses `arguments`; returns the positional arguments, or an exit code through `exitCode`.
bool parse(QCommandLineParser& parser, const QStringList& arguments, const QString& usage, int minPositional,
           int maxPositional, QStringList* positional, int* exitCode) {
  const QString prefix = arguments[0].mid(QStringLiteral("kernelcam ").size()) + QStringLiteral(": ");
  parser.addHelpOption();
  if (!parser.parse(arguments)) {
    *exitCode = fail(kExitUsage, prefix + parseErrorText(parser));
    return false;
  }
  if (helpAsked(parser)) {
    std::fputs(helpText(parser.helpText(), usage).toLocal8Bit().constData(), stdout);
    *exitCode = kExitOk;
    return false;
  }
  *positional = parser.positionalArguments();
  if (positional->size() < minPositional || positional->size() > maxPositional) {
    *exitCode = fail(kExitUsage, prefix + QStringLiteral("usage: %1").arg(usage));
    return false;
  }
  return true;
}

// The record named `id`, or nullptr after the one line that says there is none.
const ExerciseDefinition* exerciseNamed(const QString& id, const char* action) {
  if (const ExerciseDefinition* e = exercises::exerciseRegistry().find(id.toStdString())) return e;
  QStringList ids;
  for (const std::string& known : exercises::exerciseRegistry().ids()) ids << QString::fromStdString(known);
  fail(kExitUsage, QStringLiteral("exercise %1: no exercise '%2'").arg(QLatin1String(action), id.left(64)) +
                       didYouMean(id, ids, QStringLiteral(" (kernelcam exercise list)")));
  return nullptr;
}

QString levelText(const ExerciseProgress& p) {
  if (!p.lastCheck.isValid()) return QStringLiteral("not checked yet");
  return QStringLiteral("level %1 of %2").arg(p.bestLevel).arg(p.maxLevel);
}

int runList(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("The exercises in the course's order, with your progress."));
  parser.addOption({"json", "Print JSON instead of a table."});
  QStringList positional;
  int exitCode = kExitOk;
  if (!parse(parser, arguments, kUsageList, 0, 0, &positional, &exitCode)) return exitCode;
  const ExerciseProgressStore progress;
  if (parser.isSet(QStringLiteral("json"))) {
    QJsonArray list;
    for (const ExerciseDefinition* e : exercises::exerciseRegistry().all()) {
      const ExerciseProgress p = progress.get(e->id);
      list.append(
          QJsonObject{{"id", QString::fromStdString(e->id)},
                      {"title", QString::fromStdString(e->title)},
                      {"topic", QString::fromStdString(e->topic)},
                      {"kind", e->imageKernel ? "image" : "arrays"},
                      {"hints", static_cast<int>(e->hints.size())},
                      {"best_level", p.lastCheck.isValid() ? QJsonValue(p.bestLevel) : QJsonValue(QJsonValue::Null)},
                      {"max_level", p.maxLevel ? QJsonValue(p.maxLevel) : QJsonValue(QJsonValue::Null)}});
    }
    std::fputs(QJsonDocument(QJsonObject{{"schema", "kernelcam-exercises/1"}, {"exercises", list}})
                   .toJson(QJsonDocument::Indented)
                   .constData(),
               stdout);
    return kExitOk;
  }
  for (const ExerciseDefinition* e : exercises::exerciseRegistry().all())
    std::printf("%-16s %-34s %s\n  %s\n", e->id.c_str(), e->title.c_str(),
                levelText(progress.get(e->id)).toLocal8Bit().constData(), e->topic.c_str());
  return kExitOk;
}

int runShow(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Print an exercise's statement (markdown)."));
  parser.addPositionalArgument(QStringLiteral("ID"), QStringLiteral("The exercise (kernelcam exercise list)."));
  QStringList positional;
  int exitCode = kExitOk;
  if (!parse(parser, arguments, kUsageShow, 1, 1, &positional, &exitCode)) return exitCode;
  const ExerciseDefinition* e = exerciseNamed(positional[0], "show");
  if (!e) return kExitUsage;
  std::fputs(exerciseFile(*e, e->statementFile).c_str(), stdout);
  std::printf("\nSignature: %s\n", exercises::signatureText(*e).c_str());
  return kExitOk;
}

// "reduce-sum" -> "reduce_sum.cu": a file name every shell and editor takes as it is.
QString startFileName(const ExerciseDefinition& e) {
  return QString::fromStdString(e.id).replace(QLatin1Char('-'), QLatin1Char('_')) + QStringLiteral(".cu");
}

int runStart(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Write an exercise's starting code to DIR/ID.cu (DIR: here by default). An existing file is "
                     "never replaced."));
  parser.addPositionalArgument(QStringLiteral("ID"), QStringLiteral("The exercise (kernelcam exercise list)."));
  parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The folder to write it in."),
                               QStringLiteral("[DIR]"));
  QStringList positional;
  int exitCode = kExitOk;
  if (!parse(parser, arguments, kUsageStart, 1, 2, &positional, &exitCode)) return exitCode;
  const ExerciseDefinition* e = exerciseNamed(positional[0], "start");
  if (!e) return kExitUsage;
  const QString dir = positional.size() > 1 ? positional[1] : QStringLiteral(".");
  if (!QFileInfo(dir).isDir()) return fail(kExitUsage, QStringLiteral("exercise start: %1 is not a folder").arg(dir));
  const QString path = QDir(dir).filePath(startFileName(*e));
  if (QFileInfo::exists(path) || QFileInfo(path).isSymLink())
    return fail(kExitUsage, QStringLiteral("exercise start: %1 exists; not replaced (your work stays; remove or rename "
                                           "it to start over)")
                                .arg(path));
  const io::OutputFile file{"exercise start", path.toStdString(), false, false};
  try {
    io::checkOutputs({file}, {});
    io::writeOutput(file, QByteArray::fromStdString(exerciseFile(*e, e->startFile)));
  } catch (const io::OutputError& error) {
    return fail(error.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure,
                QString::fromStdString(error.what()));
  }
  std::printf("wrote %s: %s\nthe task: kernelcam exercise show %s\ncheck it: kernelcam exercise check %s\n",
              path.toLocal8Bit().constData(), e->title.c_str(), e->id.c_str(), path.toLocal8Bit().constData());
  return kExitOk;
}

int runHint(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Print hint N of an exercise (default: the first)."));
  parser.addPositionalArgument(QStringLiteral("ID"), QStringLiteral("The exercise."));
  parser.addPositionalArgument(QStringLiteral("N"), QStringLiteral("Which hint (1, 2, ...)."), QStringLiteral("[N]"));
  QStringList positional;
  int exitCode = kExitOk;
  if (!parse(parser, arguments, kUsageHint, 1, 2, &positional, &exitCode)) return exitCode;
  const ExerciseDefinition* e = exerciseNamed(positional[0], "hint");
  if (!e) return kExitUsage;
  const int count = static_cast<int>(e->hints.size());
  int n = 1;
  if (positional.size() > 1) {
    bool ok = false;
    n = positional[1].toInt(&ok);
    if (!ok || n < 1 || n > count)
      return fail(kExitUsage, QStringLiteral("exercise hint: '%1': %2 has hints 1 to %3")
                                  .arg(positional[1].left(32), QString::fromStdString(e->id))
                                  .arg(count));
  }
  std::printf("Hint %d of %d (%s): %s\n", n, count, e->id.c_str(), e->hints[static_cast<std::size_t>(n - 1)].c_str());
  if (n < count) std::printf("Another: kernelcam exercise hint %s %d\n", e->id.c_str(), n + 1);
  ExerciseProgressStore progress;
  (void)progress.recordHints(e->id, n);
  return kExitOk;
}

void addCheckOptions(QCommandLineParser& parser) {
  parser.setApplicationDescription(QStringLiteral(
      "Check a kernel for the exercise its `// @exercise ID` line names: compile it (no GPU needed; errors as\n"
      "PATH:LINE:COL, exit 2), run it on fresh hidden inputs (outputs poisoned first), time it against\n"
      "kernelcam's naive and optimised versions and measure the counter goals (CUDA device needed, else exit 3).\n"
      "Exit 0 when every goal up to --level is met, 1 when the kernel is wrong or short of one."));
  parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The kernel's .cu file."));
  parser.addOption({"json", "Print the report as JSON (schema kernelcam-exercise-check/1) instead of text."});
  parser.addOption(
      {"level", "The level whose goals (and every lower level's) must be met for exit 0 (default: all).", "N"});
  parser.addOption({"seed", "The hidden inputs' seed (default: a fresh one each check; the report names it).", "S"});
  parser.addOption({"no-timing", "Check correctness only: the time goals are not measured."});
  parser.addOption({"no-counters", "Do not profile: the counter goals are not measured."});
  addCompileLimitOptions(parser);
}

int runCheck(const QStringList& arguments) {
  QCommandLineParser parser;
  addCheckOptions(parser);
  QStringList positional;
  int exitCode = kExitOk;
  if (!parse(parser, arguments, kUsageCheck, 1, 1, &positional, &exitCode)) return exitCode;
  try {
    exercises::CheckOptions options;
    int level = 0;
    if (parser.isSet(QStringLiteral("level"))) {
      bool ok = false;
      level = parser.value(QStringLiteral("level")).toInt(&ok);
      if (!ok || level < 1 || level > 9)
        return fail(kExitUsage, QStringLiteral("exercise check: --level '%1': a level from 1 to 9")
                                    .arg(parser.value(QStringLiteral("level")).left(32)));
    }
    if (parser.isSet(QStringLiteral("seed"))) {
      bool ok = false;
      options.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
      if (!ok || options.seed == 0)
        return fail(kExitUsage, QStringLiteral("exercise check: --seed '%1': a whole number above 0")
                                    .arg(parser.value(QStringLiteral("seed")).left(32)));
    }
    options.timing = !parser.isSet(QStringLiteral("no-timing"));
    options.counters = !parser.isSet(QStringLiteral("no-counters"));
    options.limits = compileLimitsFrom(parser);

    const lab::KernelSource source = lab::readKernelSource(positional[0].toStdString());
    std::string why;
    const ExerciseDefinition* exercise = exercises::exerciseOfSource(source, &why);
    if (!exercise) return fail(kExitUsage, QString::fromStdString(why));
    // Checks compile and run on the accelerator; frames are not this command's (no backend choice).
    const RunSession session(Backend::Auto, IfNoCuda::UseCpu);
    ExerciseMachine machine(session);
    if (!machine.canCompile()) return fail(kExitNoCuda, QString::fromStdString(machine.whyNoCompiler()));
    if (machine.hasDevice() && exercise->imageKernel) options.photos = samplePhotos();
    const exercises::CheckReport report = exercises::checkExercise(*exercise, source, machine.toolchain(), options);
    if (KernelCompilerBackend* compiler = session.kernelCompiler())
      compiler->cancelCompiles();  // the compiler process ends, reaped here
    for (const lab::Diagnostic& d : report.diagnostics) std::fprintf(stderr, "%s\n", lab::formatDiagnostic(d).c_str());
    if (parser.isSet(QStringLiteral("json")))
      std::fputs(QJsonDocument(exerciseReportJson(report)).toJson(QJsonDocument::Indented).constData(), stdout);
    else if (report.compiled && report.ran) std::fputs(exerciseReportText(*exercise, report).c_str(), stdout);
    if (!report.compiled) return kExitUsage;
    if (!report.ran)
      return fail(kExitNoCuda,
                  QString::fromStdString(source.path + ": compiles; running its checks needs a CUDA device (" +
                                         machine.whyNoDevice() + ")"));
    ExerciseProgressStore progress;
    if (!progress.recordCheck(exercise->id, report.levelReached, report.maxLevel))
      std::fprintf(stderr, "kernelcam: %s\n", progress.error().toLocal8Bit().constData());
    return exerciseExitCode(report, level);
  } catch (const InvalidArgument& e) {
    return fail(kExitUsage, QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    return fail(kExitFailure, QStringLiteral("exercise check: ") + QString::fromStdString(e.what()));
  }
}

}  // namespace

int runExercise(const QStringList& arguments) {
  const QString action = arguments.size() >= 2 ? arguments[1] : QString();
  if (action == QLatin1String("--help") || action == QLatin1String("-h") || action == QLatin1String("--help-all")) {
    printOverview();
    return kExitOk;
  }
  const QStringList actions{QStringLiteral("list"), QStringLiteral("show"), QStringLiteral("start"),
                            QStringLiteral("hint"), QStringLiteral("check")};
  if (action.isEmpty())
    return fail(kExitUsage, QStringLiteral("exercise: which action? list, show, start, hint or check (try --help)"));
  QStringList rest = arguments.mid(1);
  rest[0] = QStringLiteral("kernelcam exercise ") + action;
  if (action == QLatin1String("list")) return runList(rest);
  if (action == QLatin1String("show")) return runShow(rest);
  if (action == QLatin1String("start")) return runStart(rest);
  if (action == QLatin1String("hint")) return runHint(rest);
  if (action == QLatin1String("check")) return runCheck(rest);
  return fail(kExitUsage,
              QStringLiteral("exercise: unknown action '%1'").arg(action.left(64)) +
                  didYouMean(action, actions, QStringLiteral(" (expected list, show, start, hint or check)")));
}

}  // namespace kc::cli
