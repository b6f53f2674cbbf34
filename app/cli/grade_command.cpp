// `kernelcam grade EXERCISE SUBMISSIONS... --out results.csv` and `kernelcam grade merge PARTS...`:
// a whole class's kernels checked against an exercise's goals (app/exercises/grader.hpp), results
// as CSV and JSON (docs/GRADING.md), a progress line on a terminal, a summary at the end. A class
// too large for one machine is split with --shard I/N (Slurm's job arrays, GNU parallel) and
// joined with `grade merge`.
#include <signal.h>

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <optional>

#include "app/options/compile_limit_options.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/terminal_progress.hpp"
#include "app/exercises/exercise_photos.hpp"
#include "app/exercises/grade_results.hpp"
#include "app/exercises/grader.hpp"
#include "app/io/output_file.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "app/session/run_session.hpp"
#include "gpu/plugin/device_backend.hpp"
#include "gpu/plugin/kernel_compiler_backend.hpp"

namespace kc::cli {
namespace {

const QString kUsage = QStringLiteral(
    "kernelcam grade EXERCISE SUBMISSIONS... --out results.csv [--json results.json] [--jobs N] [--gpus all|none|0,1] "
    "[--lanes N] [--shard I/N] [--again] [--level N] [--seed S] [--no-timing] [--no-counters] [--compile-memory MIB] "
    "[--compile-time SECONDS] [--run-time MS] [--quiet]");
const QString kUsageMerge = QStringLiteral("kernelcam grade merge PARTS... --out results.csv [--json results.json]");

// Set by SIGINT or SIGTERM: the grader stops taking submissions, and the results so far are written.
std::atomic<bool> stopRequested{false};
std::atomic<int> stopSignal{0};
extern "C" void onStopSignal(int signal) {
  stopRequested = true;
  stopSignal = signal;
}

class StopSignals {
 public:
  StopSignals() {
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    for (int signal : {SIGINT, SIGTERM}) ::sigaction(signal, &action, &old_[signal == SIGINT ? 0 : 1]);
  }
  ~StopSignals() {
    ::sigaction(SIGINT, &old_[0], nullptr);
    ::sigaction(SIGTERM, &old_[1], nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_[2]{};
};

std::string cacheFile(const std::string& exercise) {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
      .filePath(QStringLiteral("kernelcam/grade/") + QString::fromStdString(exercise) + QStringLiteral(".json"))
      .toStdString();
}

std::vector<GradeRow> readCache(const std::string& path) {
  std::vector<GradeRow> rows;
  QFile file(QString::fromStdString(path));
  if (!file.open(QIODevice::ReadOnly)) return rows;
  for (const QJsonValue& v : QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("rows")).toArray())
    rows.push_back(rowFromJson(v.toObject()));
  return rows;
}

// The cache keeps every row graded here, by hash: this run's replace earlier ones of the same hash.
void writeCache(const std::string& path, const exercises::ExerciseDefinition& exercise, std::vector<GradeRow> old,
                const std::vector<GradeRow>& rows) {
  std::map<std::string, GradeRow> byHash;
  for (GradeRow& row : old) byHash[row.sourceHash] = std::move(row);
  for (const GradeRow& row : rows)
    if (!row.sourceHash.empty() && row.status != kStatusNotGradable && row.status != kStatusNeedsGpu)
      byHash[row.sourceHash] = row;
  std::vector<GradeRow> kept;
  for (auto& [hash, row] : byHash) kept.push_back(std::move(row));
  QDir().mkpath(QFileInfo(QString::fromStdString(path)).absolutePath());
  try {
    io::writeOutput({"the grade cache", path}, QJsonDocument(resultsJson(exercise, 0, {}, kept, true)).toJson());
  } catch (const std::exception& error) {  // the results are written; a cache that is not only costs time next run
    std::fprintf(stderr, "kernelcam: grade: the cache was not updated (%s)\n", error.what());
  }
}

bool parseShard(const QString& text, int* index, int* count) {
  const QStringList parts = text.split(QLatin1Char('/'));
  bool ok1 = false, ok2 = false;
  if (parts.size() == 2) {
    *index = parts[0].toInt(&ok1);
    *count = parts[1].toInt(&ok2);
  }
  return ok1 && ok2 && *count >= 1 && *count <= 100000 && *index >= 1 && *index <= *count;
}

// "alice 0.021 ms, bob 0.022 ms": the students' names escaped for the terminal.
std::string timesText(const std::vector<const GradeRow*>& rows) {
  std::string text;
  for (const GradeRow* row : rows) {
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.4g ms", *row->studentMs);
    text += (text.empty() ? "" : ", ") + quotedText(row->student, 40) + " " + ms;
  }
  return text;
}

void printSummary(const exercises::ExerciseDefinition& exercise, const std::vector<GradeRow>& rows, int total,
                  double seconds, const Grader& grader, bool stopped) {
  std::map<std::string, int> statuses;
  std::map<int, int> levels;
  int cached = 0;
  for (const GradeRow& row : rows) {
    ++statuses[row.status];
    if (row.correct.value_or(false)) ++levels[row.levelReached];
    cached += row.cached ? 1 : 0;
  }
  std::string devices;
  for (const std::string& d : grader.deviceNames()) devices += (devices.empty() ? "" : ", ") + d;
  std::printf("%s %zu of %d submissions of %s%s%s in %.1f s (%.1f/s; %d from the cache), seed %llu\n",
              stopped ? "stopped: graded" : "graded", rows.size(), total, exercise.id.c_str(),
              devices.empty() ? "" : " on ", devices.c_str(), seconds, seconds > 0 ? rows.size() / seconds : 0.0,
              cached, static_cast<unsigned long long>(grader.seed()));
  const double* phases = grader.phaseSeconds();
  std::printf("  the time: compiles %.1f s, checks and profiles %.1f s, timings %.1f s\n", phases[0], phases[1],
              phases[2]);
  std::string levelLine;
  for (auto it = levels.rbegin(); it != levels.rend(); ++it)
    levelLine += "level " + std::to_string(it->first) + ": " + std::to_string(it->second) + "   ";
  if (!levelLine.empty()) std::printf("  correct, by the level reached: %s\n", levelLine.c_str());
  std::string statusLine;
  for (const char* status : {kStatusAllGoals, kStatusCorrect, kStatusWrong, kStatusFaulted, kStatusTimedOut,
                             kStatusCompileError, kStatusNotGradable, kStatusNeedsGpu})
    if (statuses.count(status)) statusLine += std::string(status) + " " + std::to_string(statuses[status]) + "   ";
  std::printf("  %s\n", statusLine.c_str());
  std::vector<const GradeRow*> timed;
  for (const GradeRow& row : rows)
    if (row.studentMs) timed.push_back(&row);
  std::sort(timed.begin(), timed.end(),
            [](const GradeRow* a, const GradeRow* b) { return *a->studentMs < *b->studentMs; });
  if (!timed.empty()) {
    const std::size_t n = std::min<std::size_t>(3, timed.size());
    std::printf("  fastest: %s\n", timesText({timed.begin(), timed.begin() + static_cast<long>(n)}).c_str());
    std::printf("  slowest: %s\n", timesText({timed.end() - static_cast<long>(n), timed.end()}).c_str());
  }
}

// The parts of a class graded in shards, read so far: CSV rows or JSON rows, and who was in which part.
struct MergedParts {
  CsvTable csv;
  QJsonObject json;
  QJsonArray jsonRows;
  std::map<std::string, std::string> partOf;  // student -> the part that had them
};

// Adds one part's rows; the line that refuses it (unreadable, not a grade result, another exercise,
// a student in two parts), if so.
std::optional<QString> mergePart(MergedParts& merged, const QString& part) {
  QFile file(part);
  if (!QFileInfo(part).isFile() || !file.open(QIODevice::ReadOnly))
    return QStringLiteral("grade merge: %1: cannot be read").arg(part);
  const QByteArray bytes = file.readAll();
  std::vector<std::string> students;
  if (bytes.trimmed().startsWith('{')) {
    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    if (root.value(QStringLiteral("schema")).toString() != QLatin1String("kernelcam-grade/1"))
      return QStringLiteral("grade merge: %1: not a kernelcam grade result").arg(part);
    if (merged.json.isEmpty()) merged.json = root;
    else if (root.value(QStringLiteral("exercise")) != merged.json.value(QStringLiteral("exercise")))
      return QStringLiteral("grade merge: %1 grades another exercise").arg(part);
    for (const QJsonValue& row : root.value(QStringLiteral("rows")).toArray()) {
      merged.jsonRows.append(row);
      students.push_back(row.toObject().value(QStringLiteral("student")).toString().toStdString());
    }
  } else {
    CsvTable table;
    try {
      table = readCsv(bytes.toStdString());
    } catch (const std::exception& error) {
      return QStringLiteral("grade merge: %1: %2").arg(part, QString::fromStdString(error.what()));
    }
    if (table.header.empty() || table.header[0] != "student")
      return QStringLiteral("grade merge: %1: not a kernelcam grade result").arg(part);
    if (merged.csv.header.empty()) merged.csv.header = table.header;
    else if (table.header != merged.csv.header)
      return QStringLiteral("grade merge: %1 has other columns (another exercise?)").arg(part);
    for (auto& record : table.records) {
      students.push_back(record[0]);
      merged.csv.records.push_back(std::move(record));
    }
  }
  for (const std::string& student : students)
    if (!merged.partOf.emplace(student, part.toStdString()).second)
      return QStringLiteral("grade merge: %1 is in two parts (%2 and %3)")
          .arg(QString::fromStdString(quotedText(student, 40)), QString::fromStdString(merged.partOf[student]), part);
  return std::nullopt;
}

// Writes the merged rows, sorted by student, to `output` (--out: CSV, --json: JSON); the line that
// refuses it (no parts of that kind), if so.
std::optional<QString> writeMerged(MergedParts& merged, const io::OutputFile& output) {
  if (output.option == "--out") {
    if (merged.csv.header.empty()) return QStringLiteral("grade merge: --out needs CSV parts");
    std::stable_sort(merged.csv.records.begin(), merged.csv.records.end(),
                     [](const auto& a, const auto& b) { return a[0] < b[0]; });
    io::writeOutput(output, QByteArray::fromStdString(writeCsv(merged.csv)));
    return std::nullopt;
  }
  if (merged.json.isEmpty()) return QStringLiteral("grade merge: --json needs JSON parts");
  std::vector<QJsonValue> sorted(merged.jsonRows.begin(), merged.jsonRows.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const QJsonValue& a, const QJsonValue& b) {
    return a.toObject().value(QStringLiteral("student")).toString().toStdString() <
           b.toObject().value(QStringLiteral("student")).toString().toStdString();
  });
  QJsonArray rows;
  for (const QJsonValue& v : sorted) rows.append(v);
  merged.json.insert(QStringLiteral("rows"), rows);
  io::writeOutput(output, QJsonDocument(merged.json).toJson());
  return std::nullopt;
}

int runMerge(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral(
      "Join the results of a class graded in parts (kernelcam grade --shard I/N) into one file, its rows sorted by\n"
      "student. The parts are CSV files (for --out) or JSON files (for --json) of one exercise."));
  parser.addHelpOption();
  parser.addPositionalArgument(QStringLiteral("PARTS"), QStringLiteral("The parts' results."),
                               QStringLiteral("PARTS..."));
  parser.addOption({"out", "The merged CSV.", "FILE"});
  parser.addOption({"json", "The merged JSON (the parts must be JSON).", "FILE"});
  if (!parser.parse(arguments)) return fail(kExitUsage, QStringLiteral("grade merge: ") + parseErrorText(parser));
  if (helpAsked(parser)) {
    std::fputs(helpText(parser.helpText(), kUsageMerge).toLocal8Bit().constData(), stdout);
    return kExitOk;
  }
  const QStringList parts = parser.positionalArguments();
  if (parts.isEmpty() || (!parser.isSet(QStringLiteral("out")) && !parser.isSet(QStringLiteral("json"))))
    return fail(kExitUsage, QStringLiteral("grade merge: usage: %1").arg(kUsageMerge));
  try {
    std::vector<io::OutputFile> outputs;
    if (parser.isSet(QStringLiteral("out")))
      outputs.push_back({"--out", parser.value(QStringLiteral("out")).toStdString(), true});
    if (parser.isSet(QStringLiteral("json")))
      outputs.push_back({"--json", parser.value(QStringLiteral("json")).toStdString(), true});
    std::vector<std::string> inputs;
    for (const QString& part : parts) inputs.push_back(part.toStdString());
    io::checkOutputs(outputs, inputs);
    MergedParts merged;
    for (const QString& part : parts)
      if (const std::optional<QString> refused = mergePart(merged, part)) return fail(kExitUsage, *refused);
    for (const io::OutputFile& output : outputs)
      if (const std::optional<QString> refused = writeMerged(merged, output)) return fail(kExitUsage, *refused);
    std::printf("merged %lld parts: %zu submissions\n", static_cast<long long>(parts.size()), merged.partOf.size());
    return kExitOk;
  } catch (const io::OutputError& error) {
    return fail(error.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure,
                QString::fromStdString(error.what()));
  }
}

void addGradeOptions(QCommandLineParser& parser) {
  parser.addOption({"out", "The results as CSV (required unless --json).", "FILE"});
  parser.addOption({"json", "The results as JSON.", "FILE"});
  parser.addOption({"jobs", "Compiles at once (default: one per CPU core).", "N"});
  parser.addOption({"gpus", "The CUDA devices to run on: all (default), none, or a list such as 0,1.", "LIST"});
  parser.addOption({"lanes", "Lab workers per GPU for the correctness checks (default 8).", "N"});
  parser.addOption(
      {"shard", "Grade only part I of N (1 <= I <= N), split by student name; join with grade merge.", "I/N"});
  parser.addOption({"again", "Grade every submission, also those the cache has."});
  parser.addOption({"level", "The level 'all-goals' means (default: every goal).", "N"});
  parser.addOption({"seed", "The hidden inputs' seed, the same for every student (default: a fresh one).", "S"});
  parser.addOption({"no-timing", "Correctness only: the time goals are not measured."});
  parser.addOption({"no-counters", "Do not profile: the counter goals are not measured."});
  addCompileLimitOptions(parser, QStringLiteral("each compile"));
  parser.addOption({"run-time", "Time limit of each launch of a student's kernel, in ms (default 2000).", "MS"});
  parser.addOption({"quiet", "No progress line."});
}

// The options' values into `settings` (and the shard); the exit code where one is refused, with its line.
std::optional<int> readGradeSettings(const QCommandLineParser& parser, GradeSettings& settings, int* shard,
                                     int* shards) {
  const auto wholeOption = [&parser](const char* name, int low, int high, int fallback, int* value) {
    if (!parser.isSet(QLatin1String(name))) {
      *value = fallback;
      return true;
    }
    bool ok = false;
    *value = parser.value(QLatin1String(name)).toInt(&ok);
    if (ok && *value >= low && *value <= high) return true;
    fail(kExitUsage, QStringLiteral("grade: --%1 '%2': a whole number from %3 to %4")
                         .arg(QLatin1String(name), parser.value(QLatin1String(name)).left(32))
                         .arg(low)
                         .arg(high));
    return false;
  };
  int runMs = 2000;
  if (!wholeOption("jobs", 1, 1024, std::max(1, QThread::idealThreadCount()), &settings.jobs) ||
      !wholeOption("lanes", 1, 64, 8, &settings.lanes) || !wholeOption("level", 1, 9, 0, &settings.level) ||
      !wholeOption("run-time", 10, 600000, 2000, &runMs))
    return kExitUsage;
  settings.runLimitMs = runMs;
  settings.timing = !parser.isSet(QStringLiteral("no-timing"));
  settings.counters = !parser.isSet(QStringLiteral("no-counters"));
  if (parser.isSet(QStringLiteral("seed"))) {
    bool ok = false;
    settings.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok || settings.seed == 0)
      return fail(kExitUsage, QStringLiteral("grade: --seed '%1': a whole number above 0")
                                  .arg(parser.value(QStringLiteral("seed")).left(32)));
  }
  if (parser.isSet(QStringLiteral("shard")) && !parseShard(parser.value(QStringLiteral("shard")), shard, shards))
    return fail(kExitUsage, QStringLiteral("grade: --shard '%1': I/N with 1 <= I <= N, e.g. 3/8")
                                .arg(parser.value(QStringLiteral("shard")).left(32)));
  return std::nullopt;
}

// --gpus into settings.gpus: all (default), none, or a list of this machine's devices; the exit code
// where the list is refused, with its line.
std::optional<int> readGpus(const QCommandLineParser& parser, DeviceBackend* devices, GradeSettings& settings) {
  const QString gpus = parser.value(QStringLiteral("gpus"));
  const int count = devices ? devices->deviceCountOrZero() : 0;
  if (gpus.isEmpty() || gpus == QLatin1String("all")) {
    for (int g = 0; g < count; ++g) settings.gpus.push_back(g);
  } else if (gpus != QLatin1String("none")) {
    for (const QString& item : gpus.split(QLatin1Char(','))) {
      bool ok = false;
      const int g = item.toInt(&ok);
      if (!ok || g < 0 || g >= count)
        return fail(kExitUsage, QStringLiteral("grade: --gpus '%1': this machine has %2 CUDA devices%3")
                                    .arg(gpus.left(64))
                                    .arg(count)
                                    .arg(count ? QStringLiteral(" (0..%1)").arg(count - 1) : QString()));
      if (std::find(settings.gpus.begin(), settings.gpus.end(), g) == settings.gpus.end()) settings.gpus.push_back(g);
    }
  }
  return std::nullopt;
}

// Grades `submissions` (with the cache's rows unless `again`), showing progress unless `quiet`,
// writes the results and the cache, and prints the summary. Returns the exit code.
int gradeClass(const RunSession& session, const exercises::ExerciseDefinition& exercise, const GradeSettings& settings,
               const std::vector<Submission>& submissions, const std::vector<io::OutputFile>& outputs, bool again,
               bool quiet) {
  const std::string cachePath = cacheFile(exercise.id);
  const std::vector<GradeRow> cache = readCache(cachePath);
  Grader grader(session.kernelCompiler(), session.kernelRunner(), settings);
  const bool showProgress = TerminalProgress::wanted(quiet);
  TerminalProgress bar("grade: ", stderr);
  QElapsedTimer clock;
  clock.start();
  std::mutex barMutex;
  StopSignals stopOnSignals;
  const std::vector<GradeRow> rows = grader.grade(
      submissions, again ? std::vector<GradeRow>{} : cache,
      [&](const GradeProgress& p) {
        if (!showProgress) return;
        const std::lock_guard lock(barMutex);
        bar.reportCount("graded", "submissions", p.done, p.total, static_cast<double>(clock.nsecsElapsed()) / 1e9);
      },
      stopRequested);
  bar.clear();
  // The compiler processes go now, reaped by this process (left to exit with it, they would be
  // zombies wherever the system's first process does not reap them: a container's).
  if (KernelCompilerBackend* compiler = session.kernelCompiler()) compiler->cancelCompiles();
  const bool stopped = stopRequested;
  for (const io::OutputFile& output : outputs)
    io::writeOutput(
        output,
        output.option == "--out"
            ? QByteArray::fromStdString(resultsCsv(exercise, rows))
            : QJsonDocument(resultsJson(exercise, grader.seed(), grader.deviceNames(), rows, !stopped)).toJson());
  writeCache(cachePath, exercise, cache, rows);
  printSummary(exercise, rows, static_cast<int>(submissions.size()), static_cast<double>(clock.nsecsElapsed()) / 1e9,
               grader, stopped);
  if (stopped) return 128 + stopSignal.load();
  return kExitOk;
}

}  // namespace

int runGrade(const QStringList& arguments) {
  if (arguments.size() >= 2 && arguments[1] == QLatin1String("merge")) {
    QStringList rest = arguments.mid(1);
    rest[0] = QStringLiteral("kernelcam grade merge");
    return runMerge(rest);
  }
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral(
      "Grade a class: every submission (a student's .cu file or folder, or a class folder of them) checked as\n"
      "`kernelcam exercise check` checks one, in isolation, compiled `--jobs` at once and run on every GPU. Each gets\n"
      "a row: compiled, correct (what differs), each goal met with its figure, the time taken. A submission that\n"
      "does not compile, faults, hangs or cannot be read gets its status and one line of reason; the rest are\n"
      "graded. Rows of unchanged submissions come from the cache unless --again. docs/GRADING.md."));
  parser.addHelpOption();
  parser.addPositionalArgument(QStringLiteral("EXERCISE"), QStringLiteral("The exercise (kernelcam exercise list)."));
  parser.addPositionalArgument(QStringLiteral("SUBMISSIONS"),
                               QStringLiteral("Students' .cu files or folders, or class folders."),
                               QStringLiteral("SUBMISSIONS..."));
  addGradeOptions(parser);
  if (!parser.parse(arguments)) return fail(kExitUsage, QStringLiteral("grade: ") + parseErrorText(parser));
  if (helpAsked(parser)) {
    std::fputs(helpText(parser.helpText(), kUsage).toLocal8Bit().constData(), stdout);
    return kExitOk;
  }
  const QStringList positional = parser.positionalArguments();
  if (positional.size() < 2 || (!parser.isSet(QStringLiteral("out")) && !parser.isSet(QStringLiteral("json"))))
    return fail(kExitUsage, QStringLiteral("grade: usage: %1").arg(kUsage));
  const exercises::ExerciseDefinition* exercise = exercises::exerciseRegistry().find(positional[0].toStdString());
  if (!exercise) {
    QStringList ids;
    for (const std::string& id : exercises::exerciseRegistry().ids()) ids << QString::fromStdString(id);
    return fail(kExitUsage, QStringLiteral("grade: no exercise %1")
                                    .arg(QString::fromStdString(quotedText(positional[0].toStdString(), 64))) +
                                didYouMean(positional[0], ids, QStringLiteral(" (kernelcam exercise list)")));
  }
  GradeSettings settings;
  settings.exercise = exercise;
  int shard = 1, shards = 1;
  if (const std::optional<int> refused = readGradeSettings(parser, settings, &shard, &shards)) return *refused;
  try {
    settings.limits = compileLimitsFrom(parser);

    std::vector<std::string> arguments;
    for (const QString& s : positional.mid(1)) arguments.push_back(s.toStdString());
    std::vector<Submission> submissions;
    for (Submission& s : findSubmissions(arguments))
      if (shardOf(s.student, shards) == shard) submissions.push_back(std::move(s));

    std::vector<io::OutputFile> outputs;
    if (parser.isSet(QStringLiteral("out")))
      outputs.push_back({"--out", parser.value(QStringLiteral("out")).toStdString()});
    if (parser.isSet(QStringLiteral("json")))
      outputs.push_back({"--json", parser.value(QStringLiteral("json")).toStdString()});
    std::vector<std::string> inputs;
    for (const Submission& s : submissions) inputs.push_back(s.kernelPath.empty() ? s.path : s.kernelPath);
    io::checkOutputs(outputs, inputs);

    // The class's kernels compile and run on the accelerator: the session's lab concerns.
    const RunSession session(Backend::Auto, IfNoCuda::UseCpu);
    if (const std::optional<int> refused = readGpus(parser, session.devices(), settings)) return *refused;
    if (!settings.gpus.empty() && exercise->imageKernel) settings.photos = samplePhotos();

    return gradeClass(session, *exercise, settings, submissions, outputs, parser.isSet(QStringLiteral("again")),
                      parser.isSet(QStringLiteral("quiet")));
  } catch (const io::OutputError& error) {
    return fail(error.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure,
                QString::fromStdString(error.what()));
  } catch (const InvalidArgument& error) {
    return fail(kExitUsage, QStringLiteral("grade: ") + QString::fromStdString(error.what()));
  } catch (const std::exception& error) {
    return fail(kExitFailure, QStringLiteral("grade: ") + QString::fromStdString(error.what()));
  }
}

}  // namespace kc::cli
