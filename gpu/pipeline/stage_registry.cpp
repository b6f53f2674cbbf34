#include "gpu/pipeline/stage_registry.hpp"

#include <algorithm>

#include "gpu/core/error.hpp"
#include "gpu/core/menu_order.hpp"

namespace kc {

struct StageRegistry::Entry {
  StageDefinition definition;
};

const StageDefinition& StageRegistry::add(StageDefinition definition) {
  if (definition.id.empty()) throw InvalidArgument("stage registry: a stage needs an id");
  if (find(definition.id)) throw InvalidArgument("stage registry: stage '" + definition.id + "' is defined twice");
  if (!definition.configure || (!definition.applyCpu && !definition.needsCuda))
    throw InvalidArgument("stage registry: stage '" + definition.id + "' needs configure and applyCpu (or needsCuda)");
  if (!definition.applyReference) definition.applyReference = definition.applyCpu;
  for (std::size_t i = 0; i < definition.params.size(); ++i)
    if (definition.params[i].type == ParamType::Assignments && i + 1 != definition.params.size())
      throw InvalidArgument("stage registry: stage '" + definition.id + "': an Assignments parameter must be the last");
  entries_.push_back(std::make_unique<Entry>(Entry{std::move(definition)}));
  return entries_.back()->definition;
}

void StageRegistry::remove(std::string_view id) {
  std::erase_if(entries_, [&](const auto& entry) { return entry->definition.id == id; });
  std::erase_if(cuda_, [&](const CudaEntry& entry) { return entry.id == id; });
}

const StageDefinition* StageRegistry::find(std::string_view id) const {
  for (const auto& entry : entries_)
    if (entry->definition.id == id) return &entry->definition;
  return nullptr;
}

std::vector<const StageDefinition*> StageRegistry::all() const {
  std::vector<const StageDefinition*> definitions;
  for (const auto& entry : entries_) definitions.push_back(&entry->definition);
  return inMenuOrder(std::move(definitions));
}

std::vector<std::string> StageRegistry::ids() const { return idsOf(all()); }

void StageRegistry::setCudaLaunch(std::string_view id, CudaStageLaunch launch) {
  std::erase_if(cuda_, [&](const CudaEntry& entry) { return entry.id == id; });
  cuda_.push_back({std::string(id), launch});
}

CudaStageLaunch StageRegistry::cudaLaunch(std::string_view id) const {
  for (const CudaEntry& entry : cuda_)
    if (entry.id == id) return entry.launch;
  return nullptr;
}

StageRegistry& stageRegistry() {
  static StageRegistry registry;
  return registry;
}

}  // namespace kc
