#include "app/cli/commands.hpp"

#include <cstdio>

namespace kc::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table{
      {"process", "run a filter chain headless on an image, video or the pattern; write PNG/JSON", runProcess},
      {"devices", "list CUDA devices and cameras", runDevices},
      {"demo", "run a teaching demo (gpu/demos)", runDemo},
      {"bench", "benchmark the kernels against the copy roofline", runBench},
      {"kernel", "the kernel lab: write a CUDA kernel (new), compile and measure it (check)", runKernel},
  };
  return table;
}

const Command* findCommand(const QString& name) {
  for (const auto& command : commands())
    if (name == QLatin1String(command.name)) return &command;
  return nullptr;
}

QString helpText(const QString& helpFromParser, const QString& usage) {
  const qsizetype firstLineEnd = helpFromParser.indexOf(QLatin1Char('\n'));
  return QStringLiteral("Usage: ") + usage + (firstLineEnd < 0 ? QString() : helpFromParser.mid(firstLineEnd));
}

bool helpAsked(const QCommandLineParser& parser) {
  return parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"));
}

int fail(int code, const QString& message) {
  std::fprintf(stderr, "kernelcam: %s\n", message.toLocal8Bit().constData());
  return code;
}

}  // namespace kc::cli
