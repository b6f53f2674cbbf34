#include "gpu/lab/buffer_launch.hpp"

namespace kc::lab {

BufferLaunch::Argument pointerArgument(int buffer, std::uint64_t offset) {
  BufferLaunch::Argument argument = valueArgument(offset);
  argument.buffer = buffer;
  return argument;
}

}  // namespace kc::lab
