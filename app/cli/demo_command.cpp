// Hook for `kernelcam demo`: the demo runners (gpu/demos) plug in here.
#include "app/cli/commands.hpp"

namespace kc::cli {

int runDemo(const QStringList&) { return fail(kExitFailure, QStringLiteral("demo: not built yet")); }

}  // namespace kc::cli
