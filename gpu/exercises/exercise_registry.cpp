#include "gpu/exercises/exercise_registry.hpp"

#include <algorithm>
#include <cctype>

#include "gpu/core/error.hpp"

namespace kc::exercises {

const ExerciseDefinition& ExerciseRegistry::add(ExerciseDefinition definition) {
  const std::string& id = definition.id;
  const bool wellFormed = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-';
  });
  if (!wellFormed) throw InvalidArgument("exercise '" + id + "': an id is lower-case letters, digits and '-'");
  if (find(id)) throw InvalidArgument("exercise '" + id + "' is registered twice");
  if (!definition.cases) throw InvalidArgument("exercise '" + id + "' has no cases");
  if (definition.hints.size() < 3) throw InvalidArgument("exercise '" + id + "' has fewer than three hints");
  if (!definition.imageKernel && std::none_of(definition.parameters.begin(), definition.parameters.end(),
                                              [](const KernelParameter& p) { return p.pointer(); }))
    throw InvalidArgument("exercise '" + id + "' has no buffer among its kernel's parameters");
  for (const std::string& file :
       {definition.statementFile, definition.startFile, definition.naiveFile, definition.optimisedFile})
    (void)exerciseFile(definition, file);  // throws for a missing one
  entries_.push_back(std::make_unique<ExerciseDefinition>(std::move(definition)));
  return *entries_.back();
}

void ExerciseRegistry::remove(const std::string& id) {
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e->id == id; }),
                 entries_.end());
}

const ExerciseDefinition* ExerciseRegistry::find(const std::string& id) const {
  for (const auto& e : entries_)
    if (e->id == id) return e.get();
  return nullptr;
}

std::vector<const ExerciseDefinition*> ExerciseRegistry::all() const {
  std::vector<const ExerciseDefinition*> list;
  for (const auto& e : entries_) list.push_back(e.get());
  std::sort(list.begin(), list.end(), [](const ExerciseDefinition* a, const ExerciseDefinition* b) {
    return a->order != b->order ? a->order < b->order : a->id < b->id;
  });
  return list;
}

std::vector<std::string> ExerciseRegistry::ids() const {
  std::vector<std::string> list;
  for (const ExerciseDefinition* e : all()) list.push_back(e->id);
  return list;
}

ExerciseRegistry& exerciseRegistry() {
  static ExerciseRegistry registry;
  return registry;
}

}  // namespace kc::exercises
