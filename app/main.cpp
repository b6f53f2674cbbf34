// kernelcam: with no subcommand the window (live camera/pattern -> filters -> view); with one,
// a headless tool (process, devices, demo, bench). Exit codes: app/cli/commands.hpp.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string_view>

#include "app/cli/commands.hpp"
#include "app/live/gui_launcher.hpp"
#include "app/sources/source_factory.hpp"
#include "gpu/core/error.hpp"
#include "gpu/pipeline/filter_chain.hpp"

namespace {

QString commandList() {
  QString text = QStringLiteral("\nSubcommands (kernelcam COMMAND --help for their options):\n");
  for (const auto& command : kc::cli::commands())
    text += QStringLiteral("  %1  %2\n").arg(QString::fromLatin1(command.name), -8).arg(QString::fromLatin1(command.summary));
  text += QStringLiteral(
      "\nExit codes: 0 ok, 1 runtime failure, 2 bad usage or unreadable input, 3 --backend cuda without a usable "
      "CUDA device.\n");
  return text;
}

// The window's options; parsed without an application object (runGui creates the QApplication).
int runWindow(int argc, char** argv) {
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("kernelcam: live GPU image filtering, and a GPU programming lab."));
  const QCommandLineOption help({"h", "help"}, QStringLiteral("Show this help."));
  const QCommandLineOption source({"s", "source"}, "camera[:N] | pattern | image:PATH | video:PATH (default camera).",
                                  "SOURCE", "camera");
  const QCommandLineOption filters({"f", "filters"}, "Initial filter chain (see kernelcam process --help).", "LIST");
  const QCommandLineOption backend("backend", "cuda | cpu | auto (default auto).", "NAME", "auto");
  const QCommandLineOption size("size", "Pattern size (default 1280x720).", "WxH");
  const QCommandLineOption patternFormat("pattern-format",
                                         "The pattern in a camera's pixel format: rgba (default), nv12, i420, yv12, "
                                         "yuyv, uyvy, bgra or gray.",
                                         "FORMAT", "rgba");
  parser.addOptions({help, source, filters, backend, size, patternFormat});
  parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("Optional subcommand (below)."),
                               QStringLiteral("[command]"));
  if (!parser.parse(arguments)) return kc::cli::fail(kc::cli::kExitUsage, parser.errorText() + " (try --help)");
  if (parser.isSet(help)) {
    std::fputs((kc::cli::helpText(parser.helpText(), QStringLiteral("kernelcam [options] [command]")) + commandList())
                   .toLocal8Bit()
                   .constData(),
               stdout);
    return kc::cli::kExitOk;
  }
  if (!parser.positionalArguments().isEmpty())
    return kc::cli::fail(kc::cli::kExitUsage,
                         QStringLiteral("unknown command '%1' (try --help)").arg(parser.positionalArguments()[0]));
  kc::GuiOptions options;
  options.source = parser.value(source).toStdString();
  options.filters = parser.value(filters).toStdString();
  options.backend = parser.value(backend).toStdString();
  try {
    (void)kc::parseSourceSpec(options.source);
    if (!options.filters.empty()) (void)kc::parseFilterChain(options.filters);
    if (options.backend != "auto" && options.backend != "cuda" && options.backend != "cpu")
      throw kc::InvalidArgument("--backend '" + options.backend + "': expected cuda, cpu or auto");
  } catch (const std::exception& e) {
    return kc::cli::fail(kc::cli::kExitUsage, QString::fromStdString(e.what()));
  }
  if (parser.isSet(size) &&
      !kc::parseFrameSize(parser.value(size).toStdString(), &options.patternWidth, &options.patternHeight))
    return kc::cli::fail(kc::cli::kExitUsage, QStringLiteral("--size '%1': expected WxH").arg(parser.value(size)));
  options.patternFormat = parser.value(patternFormat).toStdString();
  if (!kc::pixelFormatNamed(options.patternFormat))
    return kc::cli::fail(kc::cli::kExitUsage,
                         QStringLiteral("--pattern-format '%1': expected rgba, nv12, i420, yv12, yuyv, uyvy, bgra or gray")
                             .arg(parser.value(patternFormat)));
  return kc::runGui(argc, argv, options);
}

}  // namespace

int main(int argc, char** argv) {
  const kc::cli::Command* command = argc >= 2 ? kc::cli::findCommand(QString::fromLocal8Bit(argv[1])) : nullptr;
  if (!command) return runWindow(argc, argv);
  // `process --view` draws the overlays with QPainter, which needs a QGuiApplication; the offscreen
  // platform gives one without a display (a terminal, CI, the GPU machine). The other subcommands
  // keep a QCoreApplication, which needs no platform at all (nor prints its warnings).
  const bool drawsView = std::string_view(command->name) == "process" &&
                         std::any_of(argv + 2, argv + argc, [](const char* a) { return std::string_view(a).starts_with("--view"); });
  if (drawsView && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  const std::unique_ptr<QCoreApplication> app =
      drawsView ? std::make_unique<QGuiApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
  QCoreApplication::setApplicationName(QStringLiteral("kernelcam"));
  QStringList arguments = QCoreApplication::arguments();
  arguments.removeAt(1);
  arguments[0] = QStringLiteral("kernelcam ") + QString::fromLatin1(command->name);
  return command->run(arguments);
}
