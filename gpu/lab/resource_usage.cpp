#include "gpu/lab/resource_usage.hpp"

#include <cctype>
#include <string>

namespace kc::lab {
namespace {

// The number just before `label` in `text` ("40 registers", "4096 bytes smem"); -1 when absent.
int numberBefore(std::string_view text, std::string_view label) {
  const std::size_t at = text.find(label);
  if (at == std::string_view::npos || at < 2) return -1;
  std::size_t end = at;
  while (end > 0 && text[end - 1] == ' ') --end;
  std::size_t start = end;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(text[start - 1]))) --start;
  if (start == end) return -1;
  return std::stoi(std::string(text.substr(start, end - start)));
}

void take(std::string_view text, std::string_view label, int* field) {
  const int value = numberBefore(text, label);
  if (value >= 0) *field = value;
}

}  // namespace

ResourceUsage parsePtxasReport(std::string_view log, std::string_view function) {
  // ptxas info    : Compiling entry function 'NAME' for 'sm_90'
  // ptxas info    : Function properties for NAME
  // ptxas         .     256 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  // ptxas info    : Used 40 registers, used 1 barriers, 256 bytes cumulative stack size, 4096 bytes smem
  ResourceUsage usage;
  const std::string header = "Compiling entry function '" + std::string(function) + "'";
  const std::size_t start = log.find(header);
  if (start == std::string_view::npos) return usage;
  std::size_t end = log.find("Compiling entry function '", start + header.size());
  std::string_view block = log.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
  const std::string properties = "Function properties for " + std::string(function) + "\n";
  const std::size_t frame = block.find(properties);
  if (frame != std::string_view::npos) {
    std::string_view line = block.substr(frame + properties.size());
    line = line.substr(0, line.find('\n'));
    take(line, "bytes stack frame", &usage.localBytes);
    take(line, "bytes spill stores", &usage.spillStoreBytes);
    take(line, "bytes spill loads", &usage.spillLoadBytes);
  }
  const std::size_t used = block.find("Used ");
  if (used == std::string_view::npos) return usage;
  std::string_view line = block.substr(used);
  line = line.substr(0, line.find('\n'));
  take(line, "registers", &usage.registers);
  take(line, "barriers", &usage.barriers);
  take(line, "bytes smem", &usage.sharedBytes);
  usage.known = true;
  return usage;
}

}  // namespace kc::lab
