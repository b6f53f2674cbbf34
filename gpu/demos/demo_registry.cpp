#include "gpu/demos/demo_registry.hpp"

#include <set>

#include "gpu/core/menu_order.hpp"

namespace kc::demos {

const DemoDefinition& DemoRegistry::add(DemoDefinition definition) {
  if (definition.id.empty()) throw InvalidArgument("demo registry: a demo needs an id");
  if (find(definition.id)) throw InvalidArgument("demo registry: demo '" + definition.id + "' is defined twice");
  if (!definition.check || !definition.run)
    throw InvalidArgument("demo registry: demo '" + definition.id + "' needs check and run");
  std::set<std::string> ids{"backend", "json", "quiet", "reps", "help"};  // the options every demo has
  for (const DemoParam& param : definition.params)
    if (param.id().empty() || !ids.insert(param.id()).second)
      throw InvalidArgument("demo registry: demo '" + definition.id + "': parameter '" + param.id() +
                            "' is empty or named twice (or after a common option)");
  entries_.push_back(std::make_unique<DemoDefinition>(std::move(definition)));
  return *entries_.back();
}

void DemoRegistry::remove(const std::string& id) {
  std::erase_if(entries_, [&](const auto& entry) { return entry->id == id; });
  std::erase_if(cuda_, [&](const auto& entry) { return entry.first == id; });
}

const DemoDefinition* DemoRegistry::find(const std::string& id) const {
  for (const auto& entry : entries_)
    if (entry->id == id) return entry.get();
  return nullptr;
}

std::vector<const DemoDefinition*> DemoRegistry::all() const {
  std::vector<const DemoDefinition*> definitions;
  for (const auto& entry : entries_) definitions.push_back(entry.get());
  return inMenuOrder(std::move(definitions));
}

std::vector<std::string> DemoRegistry::ids() const { return idsOf(all()); }

void DemoRegistry::setCudaPart(const std::string& id, std::any part) {
  std::erase_if(cuda_, [&](const auto& entry) { return entry.first == id; });
  cuda_.emplace_back(id, std::move(part));
}

std::any DemoRegistry::cudaPart(const std::string& id) const {
  for (const auto& [demo, part] : cuda_)
    if (demo == id) return part;
  return {};
}

DemoRegistry& demoRegistry() {
  static DemoRegistry registry;
  return registry;
}

DemoRequest requestFor(const DemoDefinition& demo, Backend backend) {
  DemoRequest request;
  request.demo = &demo;
  request.backend = backend;
  return request;
}

void admitDemo(const DemoRequest& request, const DemoAdmission& admit) {
  if (!request.demo->memory) return;
  if (const std::optional<DemoMemoryNeed> need = request.demo->memory(request))
    (admit ? admit : admitHostMemory)(need->what, need->need, request.backend);
}

std::any prepareDemo(const DemoRequest& request, const DemoAdmission& admit) {
  if (!request.demo->prepare) return {};
  return request.demo->prepare(request, admit ? admit : admitHostMemory);
}

std::unique_ptr<DemoResult> runPreparedDemo(const DemoRequest& request, const std::any& input) {
  const std::any cuda = request.backend == Backend::Cuda ? demoRegistry().cudaPart(request.demo->id) : std::any();
  return request.demo->run(request, input, cuda);
}

std::unique_ptr<DemoResult> runDemo(const DemoRequest& request, const DemoAdmission& admit) {
  return runPreparedDemo(request, prepareDemo(request, admit));
}

}  // namespace kc::demos
