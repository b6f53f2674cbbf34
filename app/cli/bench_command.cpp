// Hook for `kernelcam bench`: the bench library plugs in here.
#include "app/cli/commands.hpp"

namespace kc::cli {

int runBench(const QStringList&) { return fail(kExitFailure, QStringLiteral("bench: not built yet")); }

}  // namespace kc::cli
