#include "app/options/compile_limit_options.hpp"

namespace kc {

void addCompileLimitOptions(QCommandLineParser& parser, const QString& each) {
  parser.addOption({QStringLiteral("compile-memory"),
                    QStringLiteral("Memory limit of %1, in MiB (default 2048, or KC_COMPILE_MEMORY): a compile that "
                                   "needs more is stopped.")
                        .arg(each),
                    QStringLiteral("MIB")});
  parser.addOption({QStringLiteral("compile-time"),
                    QStringLiteral("Time limit of %1, in seconds (default 10, or KC_COMPILE_SECONDS): a compile that "
                                   "takes longer is stopped.")
                        .arg(each),
                    QStringLiteral("SECONDS")});
}

lab::CompileLimits compileLimitsFrom(const QCommandLineParser& parser) {
  lab::CompileLimits limits = lab::compileLimitsFromEnvironment();
  if (parser.isSet(QStringLiteral("compile-memory")))
    limits.memoryMiB =
        lab::parseCompileMemoryMiB(parser.value(QStringLiteral("compile-memory")).toStdString(), "--compile-memory");
  if (parser.isSet(QStringLiteral("compile-time")))
    limits.seconds =
        lab::parseCompileSeconds(parser.value(QStringLiteral("compile-time")).toStdString(), "--compile-time");
  return limits;
}

}  // namespace kc
