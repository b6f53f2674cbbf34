// `kernelcam demo NAME`: every registered demo (gpu/demos/demo_registry.hpp) is a subcommand whose
// options, help and checks come from its record. Reads the options into a request, picks the
// backend, admits and runs it, and prints the result's table (demo_format: the first line and the
// JSON document). Everything a user can get wrong is caught here, before the run, so it costs one
// line on stderr and exit 2.
#include <QCommandLineParser>
#include <QJsonDocument>
#include <QRegularExpression>
#include <cstdio>
#include <string>
#include <vector>

#include "app/backend/frame_admission.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/demo_format.hpp"
#include "app/cli/terminal_progress.hpp"
#include "app/demos/app_demo_runners.hpp"
#include "app/diagnostics/memory_usage.hpp"
#include "app/io/output_file.hpp"
#include "app/session/run_session.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/demo_values.hpp"

namespace kc::cli {

namespace {

using demos::DemoDefinition;
using demos::DemoParam;
using demos::DemoRequest;

constexpr long long kMaxReps = 10000;

QString optionOf(const std::string& id) { return QString::fromStdString(id); }

// ---- the options: the record's parameters, then the ones every demo has --------------------------

void describeDemo(QCommandLineParser& parser, const DemoDefinition& demo) {
  parser.setApplicationDescription(QString::fromStdString(demo.help));
  for (const DemoParam& param : demo.params)
    if (param.onCommandLine())
      parser.addOption({optionOf(param.id()), QString::fromStdString(param.descriptor.help),
                        QString::fromStdString(param.valueName)});
  parser.addOption({"backend", kBackendOptionHelp, "NAME", "auto"});
  parser.addOption({"json", "Also write the report as JSON ('-': to stdout, the table then goes to stderr).", "PATH"});
  parser.addOption({"quiet", "Nothing on stderr but errors: no progress, no backend note."});
  if (demo.defaultReps > 0) parser.addOption({"reps", "Timed repetitions per version; the median is reported.", "N"});
  parser.addHelpOption();
}

// The options given, as the record's request (the Int ones in their ranges; the record checks the rest).
DemoRequest readRequest(const QCommandLineParser& parser, const DemoDefinition& demo) {
  DemoRequest request = demos::requestFor(demo);
  for (const DemoParam& param : demo.params)
    if (param.onCommandLine() && parser.isSet(optionOf(param.id())))
      request.values[param.id()] = parser.value(optionOf(param.id())).toStdString();
  // An input file named bare ("--matrix nos2.mtx", the --help example) that the working directory
  // lacks: the demos' data folder's (the panel lists the same files: app/demos/app_demo_runners.hpp).
  for (const DemoParam& param : demo.params)
    if (param.file == demos::DemoFile::Input && param.fileChoice && request.has(param.id()))
      request.values[param.id()] =
          resolveMatrixFile(QString::fromStdString(request.value(param.id())), defaultMatrixDirectory()).toStdString();
  if (demo.defaultReps > 0 && parser.isSet(QStringLiteral("reps")))
    request.reps =
        static_cast<int>(demos::wholeNumber("reps", parser.value(QStringLiteral("reps")).toStdString(), 1, kMaxReps));
  demos::checkGivenRanges(request);
  return request;
}

// ---- outputs ----------------------------------------------------------------------------------

// Checked before the run, so an unwritable path, an input named as output or two outputs on one
// path fail at once (exit 2), not after a long solve; written at the end through the one atomic
// writer, so a run that fails leaves no empty or half-written file.
struct DemoOutputs {
  io::OutputFile json;
  std::vector<std::pair<std::string, io::OutputFile>> files;  // the record's output parameters given
  bool jsonToStdout() const { return io::writesToStdout(json); }
};

DemoOutputs checkOutputs(const QCommandLineParser& parser, const DemoRequest& request) {
  DemoOutputs outputs{
      {"--json", parser.isSet(QStringLiteral("json")) ? parser.value(QStringLiteral("json")).toStdString() : "", true,
       false},
      {}};
  std::vector<io::OutputFile> named;
  if (!outputs.json.path.empty()) named.push_back(outputs.json);
  std::vector<std::string> inputs;
  for (const DemoParam& param : request.demo->params) {
    if (!request.has(param.id()) || request.value(param.id()).empty()) continue;
    if (param.file == demos::DemoFile::Input) inputs.push_back(request.value(param.id()));
    if (param.file != demos::DemoFile::Output) continue;
    outputs.files.emplace_back(param.id(), io::OutputFile{"--" + param.id(), request.value(param.id()), false, false});
    named.push_back(outputs.files.back().second);
  }
  io::checkOutputs(named, inputs);
  return outputs;
}

void writeIfAsked(const io::OutputFile& file, const QByteArray& bytes) {
  if (!file.path.empty()) io::writeOutput(file, bytes);
}

// ---- the run ----------------------------------------------------------------------------------

// auto says on stderr which backend it took: after the inputs are read and admitted, so that a
// refused run is one line.
void noteBackend(const QCommandLineParser& parser, const QString& prefix, Backend chosen) {
  if (parseBackend(parser.value(QStringLiteral("backend")).toStdString()) != Backend::Auto ||
      parser.isSet(QStringLiteral("quiet")))
    return;
  std::fprintf(stderr, "kernelcam: %sbackend auto: using %s\n", prefix.toLocal8Bit().constData(),
               chosen == Backend::Cuda ? "cuda (a CUDA device is present)"
                                       : ("cpu (" + cudaUnavailableReason() + "), CPU rows only").c_str());
}

// Runs the request with progress on stderr where a person watches a terminal (not with --quiet);
// the line is wiped before the caller prints the table.
std::unique_ptr<demos::DemoResult> runWithProgress(const QCommandLineParser& parser, const QString& prefix,
                                                   DemoRequest& request, const std::any& input) {
  TerminalProgress progress(prefix.toStdString(), stderr);
  if (TerminalProgress::wanted(parser.isSet(QStringLiteral("quiet"))))
    request.control.progress = [&progress](const demos::DemoProgress& p) { progress.report(p); };
  auto result = demos::runPreparedDemo(request, input);
  request.control.progress = nullptr;  // `progress` goes with this scope
  return result;
}

int runParsed(const DemoDefinition& demo, const QCommandLineParser& parser, const QString& prefix) {
  DemoRequest request = readRequest(parser, demo);
  demo.check(request);
  const DemoOutputs outputs = checkOutputs(parser, request);
  // The backend the run takes (NoCudaError, exit 3, where cuda is asked for and absent): its
  // admission counts the device where CUDA runs.
  request.backend = RunSession(parseBackend(parser.value(QStringLiteral("backend")).toStdString())).backend();
  if (demo.checkCommandLine) demo.checkCommandLine(request);
  demos::admitDemo(request, requireMachineMemory);
  const std::any input = demos::prepareDemo(request, requireMachineMemory);
  noteBackend(parser, prefix, request.backend);

  const auto result = runWithProgress(parser, prefix, request, input);
  const DemoRunInfo info{demo.id, request.backend, deviceName(request.backend)};
  // The table on stdout, or on stderr when stdout carries the JSON.
  std::fputs(formatDemoText(*result, info).c_str(), outputs.jsonToStdout() ? stderr : stdout);
  writeIfAsked(outputs.json, QJsonDocument(demoReportJson(*result, info)).toJson(QJsonDocument::Indented));
  std::string failure = result->failure();
  if (failure.empty()) {
    for (const auto& [param, file] : outputs.files)
      writeIfAsked(file, QByteArray::fromStdString(result->outputFile(param)));
    return kExitOk;
  }
  // The output of a run that failed is no result: it never replaces a file (an older one stays).
  for (const auto& [param, file] : outputs.files)
    failure += "; " + file.option + " " + quotedText(file.path, 120) + " not written (an older file there is kept)";
  return fail(kExitFailure, prefix + QString::fromStdString(failure));
}

// Qt lists one-letter options as "-n"; the demos document --m --n --k (both spellings parse).
// Eating one space of the padding keeps the descriptions aligned.
QString demoHelp(const QCommandLineParser& parser, const DemoDefinition& demo) {
  static const QRegularExpression shortOption(QStringLiteral("^  -(\\w) (<\\w+>) "),
                                              QRegularExpression::MultilineOption);
  const QString usage = QStringLiteral("kernelcam demo %1 [options]").arg(QString::fromStdString(demo.id));
  return helpText(parser.helpText(), usage).replace(shortOption, QStringLiteral("  --\\1 \\2"));
}

// The demos' names: "reduce, matmul or cg", "reduce|matmul|cg".
QString demoNames(const QString& between, const QString& last) {
  const std::vector<std::string> ids = demos::demoRegistry().ids();
  QString text;
  for (std::size_t i = 0; i < ids.size(); ++i)
    text += (i == 0 ? QString() : i + 1 == ids.size() ? last : between) + QString::fromStdString(ids[i]);
  return text;
}

// `kernelcam demo --help`: every demo's options, so one page shows all there is.
void printOverview() {
  QString text =
      QStringLiteral("Usage: kernelcam demo ") + demoNames(QStringLiteral("|"), QStringLiteral("|")) +
      QStringLiteral(
          " [options]\n"
          "Classroom demos: each version of a GPU algorithm, timed and checked against the CPU reference.\n"
          "Prints a table (one row per version); --json writes the same data.\n"
          "Exit codes: 0 ok, 1 a wrong result / no convergence / runtime failure, 2 bad usage or unreadable\n"
          "input, 3 --backend cuda without a usable CUDA device.\n");
  for (const DemoDefinition* demo : demos::demoRegistry().all()) {
    QCommandLineParser parser;
    describeDemo(parser, *demo);
    text += QLatin1Char('\n') + demoHelp(parser, *demo);
  }
  std::fputs(text.toLocal8Bit().constData(), stdout);
}

int runOne(const DemoDefinition& demo, const QStringList& arguments) {
  const QString prefix = QStringLiteral("demo %1: ").arg(QString::fromStdString(demo.id));
  QCommandLineParser parser;
  describeDemo(parser, demo);
  if (!parser.parse(arguments)) return fail(kExitUsage, prefix + parseErrorText(parser));
  if (helpAsked(parser)) {
    std::fputs(demoHelp(parser, demo).toLocal8Bit().constData(), stdout);
    return kExitOk;
  }
  if (!parser.positionalArguments().isEmpty())
    return fail(kExitUsage, prefix + QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments()[0]));
  try {
    return runParsed(demo, parser, prefix);
  } catch (const demos::DemoValueError& e) {  // "--n '0': out of range, expected 1..1073741824"
    return fail(kExitUsage, prefix + QString::fromStdString(e.describe("--" + e.param())));
  } catch (const NoCudaError& e) {
    return fail(kExitNoCuda, prefix + QString::fromStdString(e.what()));
  } catch (const io::OutputError& e) {  // exit 2 before the run, 1 when the write itself failed
    return fail(e.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure,
                prefix + QString::fromStdString(e.what()));
  } catch (const InvalidArgument& e) {  // a rule across options, a runner's own check, the memory admission
    return fail(kExitUsage, prefix + QString::fromStdString(e.what()));
  } catch (const std::exception& e) {  // CUDA errors (kc::Error); an allocation that failed despite the admission
    const QString asked =
        QStringLiteral("demo %1 ").arg(QString::fromStdString(demo.id)) + arguments.mid(1).join(QLatin1Char(' '));
    const std::string oom = describeOutOfMemory(quotedText(asked.toStdString(), 120), e);
    if (!oom.empty()) return fail(kExitUsage, prefix + QString::fromStdString(oom));
    return fail(kExitFailure, prefix + QString::fromStdString(e.what()));
  }
}

}  // namespace

int runDemo(const QStringList& arguments) {
  const QString name = arguments.size() >= 2 ? arguments[1] : QString();
  if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("--help-all")) {
    printOverview();
    return kExitOk;
  }
  if (name.isEmpty())
    return fail(kExitUsage, QStringLiteral("demo: which one? %1 (try --help)")
                                .arg(demoNames(QStringLiteral(", "), QStringLiteral(" or "))));
  if (const DemoDefinition* demo = demos::demoRegistry().find(name.toStdString())) {
    QStringList rest = arguments.mid(1);
    rest[0] = QStringLiteral("kernelcam demo ") + name;
    return runOne(*demo, rest);
  }
  QStringList names;
  for (const std::string& id : demos::demoRegistry().ids()) names << QString::fromStdString(id);
  return fail(
      kExitUsage,
      QStringLiteral("demo: unknown demo '%1'").arg(name) +
          didYouMean(name, names,
                     QStringLiteral(" (expected %1)").arg(demoNames(QStringLiteral(", "), QStringLiteral(" or ")))));
}

}  // namespace kc::cli
