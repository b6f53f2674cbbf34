#pragma once
// What the compiler process gives up before it takes a kernel: NVRTC on hostile source must not
// read the machine (a macro-made `#include`, `__has_include("/home/...")`), nor take it over.
#include <cstdint>
#include <string>

namespace kc::lab {

// From now on this process (and threads it starts later) cannot open, stat or execute a file by
// name: seccomp answers EACCES. Descriptors already open keep working (the socket, stderr), and
// so does fstat on them. "" or why it could not be done.
std::string forbidFileAccess();

// RLIMIT_AS (the address space, libraries included) and no core files. "" or why not.
std::string limitMemory(std::uint64_t mib);

}  // namespace kc::lab
