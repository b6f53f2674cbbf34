#pragma once
// The kernel `kernelcam kernel new PATH` writes: a working example of the whole contract (the
// entry's signature, the frame accessors, @output, @block and two @param sliders).
#include <string>

namespace kc::lab {

const std::string& kernelTemplate();

}  // namespace kc::lab
