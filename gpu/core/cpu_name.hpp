#pragma once
// The host CPU's name, as every report's "device" gives it on the CPU backend (`process`, `demo` and
// `bench` JSON, the overlay's device line): /proc/cpuinfo's model name ("AMD EPYC 7B13"), else
// "CPU (N threads)". The backend is a field of its own ("backend": "cpu"), never part of the name.
#include <string>

namespace kc {

std::string cpuModelName();

}  // namespace kc
