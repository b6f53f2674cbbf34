#pragma once
// The registry of exercise records (exercise.hpp). Each exercise registers itself from its folder:
//   gpu/exercises/ID/NAME_exercise.cpp   KC_REGISTER_EXERCISE(NAME, makeDefinition())
// beside its statement.md, start.cu, naive.cu and optimised.cu. gpu/CMakeLists.txt keeps every
// such file linked (as for stages and demos) and compiles the folder's files in, so adding an
// exercise edits no list. A test may add a throw-away exercise at run time.
#include <memory>
#include <string>
#include <vector>

#include "gpu/exercises/exercise.hpp"

namespace kc::exercises {

class ExerciseRegistry {
 public:
  // Adds a record; throws InvalidArgument for an empty or duplicate id, an id that is not letters,
  // digits and '-', no cases, fewer than three hints, a pointer-less array exercise or a missing file.
  const ExerciseDefinition& add(ExerciseDefinition definition);
  void remove(const std::string& id);  // tests' throw-away records
  const ExerciseDefinition* find(const std::string& id) const;
  std::vector<const ExerciseDefinition*> all() const;  // in course order (then id)
  std::vector<std::string> ids() const;

 private:
  std::vector<std::unique_ptr<ExerciseDefinition>> entries_;
};

ExerciseRegistry& exerciseRegistry();

#define KC_REGISTER_EXERCISE(NAME, DEFINITION) \
  extern "C" const int kc_exercise_anchor_##NAME = (::kc::exercises::exerciseRegistry().add(DEFINITION), 1)

}  // namespace kc::exercises
