#pragma once
// --compile-memory MIB and --compile-time SECONDS: the lab compiler's limits, one pair of options
// for `kernel check`, `exercise check` and `grade` (each compile of a class has these limits).
#include <QCommandLineParser>

#include "gpu/lab/compile_limits.hpp"

namespace kc {

// `each`: how the help names the compile ("the compile", "each compile").
void addCompileLimitOptions(QCommandLineParser& parser, const QString& each = QStringLiteral("the compile"));

// KC_COMPILE_MEMORY and KC_COMPILE_SECONDS (else the defaults), then the options. Throws
// InvalidArgument (one line, naming the option) for a value out of range.
lab::CompileLimits compileLimitsFrom(const QCommandLineParser& parser);

}  // namespace kc
