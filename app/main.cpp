// kernelcam: with no subcommand the window (live camera/pattern -> filters -> view); with one,
// a headless tool (process, devices, demo, bench). Exit codes: app/cli/commands.hpp.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <vector>

#include "app/cli/commands.hpp"
#include "app/diagnostics/crash_report.hpp"
#include "app/diagnostics/quiet_output.hpp"
#include "app/gui/gui_launcher.hpp"
#include "app/io/output_file.hpp"
#include "app/live/display_check.hpp"
#include "app/options/run_option_group.hpp"
#include "app/record/virtual_camera.hpp"
#include "app/sources/source_factory.hpp"
#include "gpu/core/message_text.hpp"

namespace {

QString commandList() {
  QString text = QStringLiteral("\nSubcommands (kernelcam help COMMAND, or COMMAND --help, for their options):\n");
  for (const auto& command : kc::cli::commands())
    text += QStringLiteral("  %1  %2\n")
                .arg(QString::fromLatin1(command.name), -8)
                .arg(QString::fromLatin1(command.summary));
  text += QStringLiteral("  %1  %2\n")
              .arg(QStringLiteral("help"), -8)
              .arg(QStringLiteral("this page, or a command's: help COMMAND"));
  text += QStringLiteral(
      "\nExit codes: 0 ok, 1 runtime failure, 2 bad usage or unreadable input, 3 --backend cuda without a usable "
      "CUDA device.\n");
  return text;
}

QString windowDescription() {
  return QStringLiteral(
      "kernelcam: live GPU image filtering, and a GPU programming lab.\n"
      "Options not given come back as they were when the window last closed.");
}

// --help-all: the window's page with the Qt options the window takes too (-platform, -style, ...).
// Written here rather than by QCommandLineParser::process on a QApplication, which names the
// binary by its path and lists Qt's QML debugger option, which a widgets app has no use for.
QString helpAllText(QCommandLineParser& parser) {
  parser.addOptions({
      {"platform", "Qt platform plugin: xcb, wayland, offscreen, ... (also $QT_QPA_PLATFORM).", "name[:options]"},
      {"platformpluginpath", "Path to the platform plugins.", "path"},
      {"platformtheme", "Platform theme.", "theme"},
      {"plugin", "Additional plugins to load, can be specified multiple times.", "plugin"},
      {"display", "The X display to use (xcb), e.g. :0.", "display"},
      {"qwindowgeometry", "Window geometry for the main window, using the X11-syntax, like 100x100+50+50.", "geometry"},
      {"qwindowicon", "Default window icon.", "icon"},
      {"qwindowtitle", "Title of the first window.", "title"},
      {"style", "The widget style: Fusion, Windows, ...", "style"},
      {"stylesheet", "A Qt style sheet file applied to the whole window.", "file"},
      {"reverse", "Sets the application's layout direction to right-to-left (debugging helper)."},
      {"session", "Restores the application from an earlier session.", "session"},
  });
  return kc::cli::helpText(parser.helpText(), QStringLiteral("kernelcam [options] [command | FILE]")) + commandList();
}

// The options QGuiApplication and QApplication take out of argv themselves (Qt's documentation of
// both classes; --help-all lists them). Our parser runs before the application exists, so it skips
// them rather than calling them unknown; QApplication then applies them.
QStringList withoutQtOptions(const QStringList& arguments) {
  static const QStringList withValue = {
      "platform",     "platformpluginpath", "platformtheme", "plugin",  "qwindowgeometry", "geometry", "qwindowicon",
      "icon",         "qwindowtitle",       "title",         "session", "display",         "style",    "stylesheet",
      "qmljsdebugger"};
  static const QStringList flags = {"reverse", "widgetcount", "nograb", "dograb"};
  QStringList kept;
  for (qsizetype i = 0; i < arguments.size(); ++i) {
    const QString& argument = arguments[i];
    QString name = argument;
    while (name.startsWith(QLatin1Char('-'))) name.remove(0, 1);
    const bool inline_ = name.contains(QLatin1Char('='));
    name = name.section(QLatin1Char('='), 0, 0);
    if (i == 0 || !argument.startsWith(QLatin1Char('-'))) kept << argument;
    else if (flags.contains(name)) continue;
    else if (withValue.contains(name)) i += inline_ ? 0 : 1;
    else kept << argument;
  }
  return kept;
}

QStringList arguments0(int argc, char** argv) {
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  return arguments;
}

// A word that names a file rather than a mistyped subcommand: it exists, or it has a path's
// marks (a folder or a suffix), so that a missing photo.jpg gets the source's own error.
bool looksLikeFile(const QString& word) {
  return QFileInfo::exists(word) || word.contains(QLatin1Char('/')) || word.contains(QLatin1Char('.'));
}

// --help-all, --help or --version, printed: true where one was asked.
bool printedHelpOrVersion(QCommandLineParser& parser) {
  if (parser.isSet(QStringLiteral("help-all"))) {
    std::fputs(helpAllText(parser).toLocal8Bit().constData(), stdout);
    return true;
  }
  if (parser.isSet(QStringLiteral("help"))) {
    std::fputs(
        (kc::cli::helpText(parser.helpText(), QStringLiteral("kernelcam [options] [command | FILE]")) + commandList())
            .toLocal8Bit()
            .constData(),
        stdout);
    return true;
  }
  if (parser.isSet(QStringLiteral("version"))) {
    std::printf("kernelcam %s\n", KC_VERSION);
    return true;
  }
  return false;
}

// The window's options; parsed without an application object (runGui creates the QApplication).
int runWindow(int argc, char** argv) {
  const QStringList arguments = withoutQtOptions(arguments0(argc, argv));
  QCommandLineParser parser;
  parser.setApplicationDescription(windowDescription());
  parser.addHelpOption();
  parser.addVersionOption();
  const kc::RunOptionGroup shared(kc::OptionsFor::Window);  // the options `process` has too
  shared.addTo(parser);
  const QCommandLineOption verbose("verbose", "Also print library warnings and the details of notices (any command).");
  const QCommandLineOption measure(
      "measure",
      "Measure the window for SECONDS (after a 2 s warm-up; the source's first frames replayed as fast as "
      "the window takes them), print its frames/s, CPU ms per frame and source-to-screen latency as JSON on "
      "stdout, and quit.",
      "SECONDS");
  parser.addOptions({verbose, measure});
  parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("Optional subcommand (below)."),
                               QStringLiteral("[command]"));
  parser.addPositionalArgument(QStringLiteral("FILE"),
                               QStringLiteral("An image or video to show, as --source FILE (what a file manager's "
                                              "\"Open with\" passes)."),
                               QStringLiteral("[FILE]"));
  if (!parser.parse(arguments)) {
    const QString error = kc::cli::parseErrorText(parser);
    return kc::cli::fail(kc::cli::kExitUsage, error + (error.endsWith(QLatin1Char(')')) ? "" : " (try --help)"));
  }
  if (printedHelpOrVersion(parser)) return kc::cli::kExitOk;
  const QStringList files = parser.positionalArguments();
  if (!files.isEmpty()) {
    // `kernelcam photo.jpg` (the desktop entry's %F): the first file, as --source would take it.
    if (!looksLikeFile(files[0])) return kc::cli::fail(kc::cli::kExitUsage, kc::cli::unknownCommandText(files[0]));
    if (parser.isSet(shared.source()))
      return kc::cli::fail(kc::cli::kExitUsage,
                           QStringLiteral("give --source or a FILE, not both ('%1')").arg(files[0]));
    if (files.size() > 1)
      std::fprintf(stderr, "kernelcam: showing %s, the first of the %d files given\n",
                   kc::quotedText(files[0].toStdString(), 200).c_str(), static_cast<int>(files.size()));
  }
  kc::GuiOptions options;
  options.verbose = parser.isSet(verbose);
  if (parser.isSet(measure)) {
    bool ok = false;
    options.measureSeconds = parser.value(measure).toDouble(&ok);
    if (!ok || !(options.measureSeconds > 0) || options.measureSeconds > 3600)
      return kc::cli::fail(
          kc::cli::kExitUsage,
          QStringLiteral("--measure '%1': expected seconds, more than 0 and at most 3600").arg(parser.value(measure)));
  }
  try {
    // --backend cuda without a device is not an error in the window: it runs on the CPU and says why.
    kc::RunOptions& run = options;  // the part `process` shares
    run = shared.read(parser);
    if (!files.isEmpty()) options.source = kc::parseSourceSpec(files[0].toStdString());
    // --vcam file:PATH is an output like process's: never the --source's file (the output guard).
    // Every file the chain names is an input too, whether its stage can run here or not (a kernel
    // stage on the CPU is kept, switched off): the stream is renamed into place when the window closes.
    if (const std::string file = kc::vcamFilePath(options.vcam); !file.empty()) {
      std::vector<std::string> inputs =
          options.source ? kc::sourceInputFiles(*options.source) : std::vector<std::string>{};
      if (options.chain)
        for (std::string& input : kc::chainInputFiles(*options.chain)) inputs.push_back(std::move(input));
      kc::io::checkOutputs({{"--vcam", file}}, inputs);
    }
    if (!options.vcam.empty()) (void)kc::VirtualCamera::open(options.vcam);  // a missing or busy device: one line
  } catch (const std::exception& e) {
    return kc::cli::fail(kc::cli::kExitUsage, QString::fromStdString(e.what()));
  }
  // Qt aborts without a display (exit 134 and an invitation to reinstall): one line and exit 2.
  if (const QString why = kc::displayProblem(arguments0(argc, argv)); !why.isEmpty())
    return kc::cli::fail(kc::cli::kExitUsage,
                         QStringLiteral("no display: use `kernelcam process` for headless work (%1)").arg(why));
  return kc::runGui(argc, argv, options);
}

// `kernelcam help [COMMAND [...]]`: the same page as `kernelcam [COMMAND [...]] --help`.
int runHelp(int argc, char** argv);

int dispatch(int argc, char** argv) {
  const QString first = argc >= 2 ? QString::fromLocal8Bit(argv[1]) : QString();
  if (first == QLatin1String("help")) return runHelp(argc, argv);
  const kc::cli::Command* command = argc >= 2 ? kc::cli::findCommand(first) : nullptr;
  if (!command) {
    // A mistyped subcommand is named before the window's parser meets that command's options.
    if (argc >= 2 && !first.startsWith(QLatin1Char('-')) && !looksLikeFile(first))
      return kc::cli::fail(kc::cli::kExitUsage, kc::cli::unknownCommandText(first));
    return runWindow(argc, argv);
  }
  // `process --view` draws the overlays with QPainter, which needs a QGuiApplication; the offscreen
  // platform gives one without a display (a terminal, CI, the GPU machine). The other subcommands
  // keep a QCoreApplication, which needs no platform at all (nor prints its warnings).
  const bool drawsView =
      std::string_view(command->name) == "process" &&
      std::any_of(argv + 2, argv + argc, [](const char* a) { return std::string_view(a).starts_with("--view"); });
  if (drawsView && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  const std::unique_ptr<QCoreApplication> app =
      drawsView ? std::make_unique<QGuiApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
  QCoreApplication::setApplicationName(QStringLiteral("kernelcam"));
  QStringList arguments = QCoreApplication::arguments();
  arguments.removeAt(1);
  arguments.removeAll(QStringLiteral("--verbose"));  // a global option: installQuietOutput took it
  arguments[0] = QStringLiteral("kernelcam ") + QString::fromLatin1(command->name);
  return command->run(arguments);
}

int runHelp(int argc, char** argv) {
  static char helpOption[] = "--help";
  std::vector<char*> asked{argv[0]};
  if (argc >= 3) {
    const QString name = QString::fromLocal8Bit(argv[2]);
    if (!kc::cli::findCommand(name))
      return kc::cli::fail(kc::cli::kExitUsage, QStringLiteral("help: ") + kc::cli::unknownCommandText(name));
    asked.insert(asked.end(), argv + 2, argv + argc);  // help demo cg: demo cg --help
  }
  asked.push_back(helpOption);
  asked.push_back(nullptr);
  return dispatch(static_cast<int>(asked.size()) - 1, asked.data());
}

}  // namespace

int main(int argc, char** argv) {
  kc::installCrashReport();
  kc::installQuietOutput(
      std::any_of(argv + 1, argv + argc, [](const char* a) { return std::string_view(a) == "--verbose"; }));
  QCoreApplication::setApplicationVersion(QStringLiteral(KC_VERSION));
  // Before any option is read: --preset reads the window's settings (QSettings), whichever command asks.
  QCoreApplication::setOrganizationName(QStringLiteral("kernelcam"));
  QCoreApplication::setApplicationName(QStringLiteral("kernelcam"));
  return dispatch(argc, argv);
}
