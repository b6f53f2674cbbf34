#include "gpu/bench/bench_options.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "gpu/core/error.hpp"
#include "gpu/core/size_limits.hpp"
#include "gpu/core/text.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc::bench {

std::vector<std::string> benchGroups() {
  std::vector<std::string> groups{"copy"};
  for (const std::string& id : stageRegistry().ids()) groups.push_back(id);
  for (const char* group : {"pipeline", "camera"}) groups.emplace_back(group);
  for (const demos::DemoDefinition* demo : demos::demoRegistry().all())
    if (!demo->benchGroup.empty()) groups.push_back(demo->benchGroup);
  return groups;
}

namespace {

std::string joinedGroups() {
  std::string text;
  for (const std::string& group : benchGroups()) text += (text.empty() ? "" : " ") + group;
  return text;
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

}  // namespace

int parseBenchCount(const std::string& text, const char* option) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0)
    throw InvalidArgument(std::string(option) + ": expected a positive integer, got '" + text + "'");
  return value;
}

ImageSize parseBenchSize(const std::string& text) {
  ImageSize size{};
  if (!parseWxH(text, &size.width, &size.height) || size.width < 1 || size.height < 1)
    throw InvalidArgument("--size: expected WxH (e.g. 3840x2160), got '" + text + "'");
  if (size.width > kMaxFrameSide || size.height > kMaxFrameSide)
    throw InvalidArgument("--size: at most " + std::to_string(kMaxFrameSide) + "x" + std::to_string(kMaxFrameSide) +
                          ", got '" + text + "'");
  return size;
}

std::vector<std::string> parseBenchOnly(const std::string& text) {
  // Comma-separated, empty items dropped ("gray,,conv" is "gray,conv").
  std::vector<std::string> items;
  for (std::string_view item : split(text, ','))
    if (!item.empty()) items.emplace_back(item);
  if (items.empty()) throw InvalidArgument("--only: empty list");
  return items;
}

BenchOptions parseBenchOptions(const std::vector<std::string>& args) {
  BenchOptions options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw InvalidArgument(arg + ": missing value\n" + benchUsage());
      return args[++i];
    };
    if (arg == "--size") {
      options.sizes = {parseBenchSize(value())};
    } else if (arg == "--reps") {
      options.reps = parseBenchCount(value(), "--reps");
    } else if (arg == "--warmup") {
      options.warmup = parseBenchCount(value(), "--warmup");
    } else if (arg == "--only") {
      options.only = parseBenchOnly(value());
    } else if (arg == "--json") {
      options.jsonPath = value();
    } else if (arg == "--md") {
      options.markdownPath = value();
    } else if (arg == "--matrices") {
      options.matrixDir = value();
    } else if (arg == "--images") {
      options.imageDir = value();
    } else {
      throw InvalidArgument("unknown option '" + arg + "'\n" + benchUsage());
    }
  }
  return options;
}

std::string benchUsage() {
  return "usage: bench [--size WxH] [--reps N] [--warmup N] [--only LIST] [--json PATH] [--md PATH] [--matrices DIR]\n"
         "             [--images DIR]\n"
         "  --only: comma-separated groups (" +
         joinedGroups() +
         ")\n"
         "          or row-name prefixes, e.g. --only gray,\"conv 5x5\"\n"
         "  --matrices: Matrix Market folder for the CG rows (default data/matrices: run from the checkout)\n"
         "  --images: photos for the histogram's photo rows (default data/samples)\n"
         "  Every row is timed twice: events around each run, and the runs captured in one CUDA graph.\n";
}

bool groupSelected(const BenchOptions& options, const std::string& group) {
  if (options.only.empty()) return true;
  for (const auto& entry : options.only) {
    if (entry == group || startsWith(entry, group + " ")) return true;
    // A prefix that names no group ("NPP", "CUB") may match rows of any group.
    const std::vector<std::string> groups = benchGroups();
    const bool namesSomeGroup = std::any_of(
        groups.begin(), groups.end(), [&](const std::string& g) { return entry == g || startsWith(entry, g + " "); });
    if (!namesSomeGroup) return true;
  }
  return false;
}

bool rowSelected(const BenchOptions& options, const std::string& group, const std::string& name) {
  if (options.only.empty()) return true;
  return std::any_of(options.only.begin(), options.only.end(),
                     [&](const std::string& entry) { return entry == group || startsWith(name, entry); });
}

std::string sizeLabel(ImageSize size) { return std::to_string(size.width) + "x" + std::to_string(size.height); }

}  // namespace kc::bench
