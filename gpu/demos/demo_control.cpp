#include "gpu/demos/demo_control.hpp"

#include <cstdio>

namespace kc::demos {

std::string describeProgress(const DemoProgress& p) {
  std::string text = "version " + std::to_string(p.version);
  if (p.versions > 0) text += " of " + std::to_string(p.versions);
  text += ": " + p.name;
  if (p.iteration >= 0) {
    char sample[96];
    std::snprintf(sample, sizeof sample, ", iteration %lld, ||r|| %.2e", p.iteration, p.residual);
    text += sample;
  }
  return text;
}

}  // namespace kc::demos
