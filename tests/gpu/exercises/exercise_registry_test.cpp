// The exercise records are complete (every exercise has its statement, starting code, kernelcam's
// two versions, three hints or more, inputs of awkward sizes with the timed one last, and goals),
// and one record is all an exercise needs: a throw-away one registered at run time is listed.
#include <gtest/gtest.h>

#include <set>

#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/exercises/exercise_launch.hpp"
#include "tests/support/fake_buffer_device.hpp"

namespace {

using namespace kc::exercises;

TEST(ExerciseRegistry, EveryExerciseIsComplete) {
  const auto all = exerciseRegistry().all();
  ASSERT_GE(all.size(), 2u);
  std::set<std::string> titles;
  for (const ExerciseDefinition* e : all) {
    SCOPED_TRACE(e->id);
    EXPECT_FALSE(e->title.empty());
    EXPECT_TRUE(titles.insert(e->title).second) << "two exercises titled " << e->title;
    EXPECT_FALSE(e->topic.empty());
    EXPECT_GE(e->hints.size(), 3u);
    for (const std::string& hint : e->hints) EXPECT_GT(hint.size(), 20u);
    EXPECT_FALSE(e->goalWhyNaive.empty());
    EXPECT_FALSE(e->goalWhyOptimised.empty());
    EXPECT_NE(e->goalWhyNaive.find('\n'), std::string::npos) << "a why is two lines";
    const std::string statement = exerciseFile(*e, e->statementFile);
    EXPECT_EQ(statement.rfind("# " + e->title, 0), 0u) << "the statement starts with the title";
    for (const std::string& file : {e->startFile, e->naiveFile, e->optimisedFile}) {
      const std::string text = exerciseFile(*e, file);
      EXPECT_NE(text.find("// @exercise " + e->id + "\n"), std::string::npos) << file << " names its exercise";
    }
    EXPECT_NE(exerciseFile(*e, e->startFile).find("TODO"), std::string::npos) << "the starting code has its TODOs";
    for (const CounterGoal& g : e->counterGoals) {
      EXPECT_TRUE(g.measure);
      EXPECT_NE(g.why.find('\n'), std::string::npos);
      EXPECT_FALSE(g.advice.empty());
    }
    if (e->imageKernel) {
      EXPECT_TRUE(e->parameters.empty());
    } else {
      EXPECT_NE(statement.find(signatureText(*e).substr(std::string("__global__ void NAME").size())), std::string::npos)
          << "the statement shows the signature's parameters: " << signatureText(*e);
    }
  }
}

TEST(ExerciseRegistry, InputsAreAwkwardSeededAndTheTimedOneComesLast) {
  for (const ExerciseDefinition* e : exerciseRegistry().all()) {
    SCOPED_TRACE(e->id);
    CaseOptions options;
    options.seed = 7;
    const std::vector<ExerciseCase> cases = e->cases(options);
    ASSERT_GE(cases.size(), 3u);
    std::set<std::string> labels;
    for (const ExerciseCase& c : cases) {
      EXPECT_TRUE(labels.insert(c.label).second) << "two inputs labelled " << c.label;
      EXPECT_GT(c.minBytes, 0u) << c.label;
      EXPECT_EQ(c.timed, &c == &cases.back()) << c.label << ": the timed input is the last, and only it";
      bool anOutput = false;
      for (const CaseArgument& a : c.arguments) anOutput = anOutput || a.output;
      EXPECT_TRUE(anOutput) << c.label;
    }
    // Another seed, other inputs (the same sizes).
    options.seed = 8;
    const std::vector<ExerciseCase> other = e->cases(options);
    ASSERT_EQ(other.size(), cases.size());
    bool differs = false;
    for (std::size_t i = 0; i < cases.size(); ++i)
      for (std::size_t a = 0; a < cases[i].arguments.size(); ++a)
        differs = differs || cases[i].arguments[a].input != other[i].arguments[a].input;
    EXPECT_TRUE(differs) << "the seed changes the hidden inputs";
  }
}

TEST(ExerciseRegistry, OneRecordIsAllAnExerciseNeeds) {
  ExerciseRegistry& registry = exerciseRegistry();
  const std::size_t before = registry.all().size();
  registry.add(kc::test::addOneExercise());
  EXPECT_EQ(registry.all().size(), before + 1);
  ASSERT_NE(registry.find("add-one"), nullptr);
  EXPECT_EQ(registry.ids().back(), "add-one");  // order 999: last
  EXPECT_EQ(exerciseFile(*registry.find("add-one"), "start.cu").rfind("// @exercise add-one", 0), 0u);
  registry.remove("add-one");
  EXPECT_EQ(registry.find("add-one"), nullptr);
}

TEST(ExerciseRegistry, ABadRecordIsRefusedWithTheReason) {
  ExerciseDefinition e = kc::test::addOneExercise();
  e.hints = {"only one"};
  try {
    exerciseRegistry().add(e);
    FAIL() << "a record with one hint was accepted";
  } catch (const std::exception& error) {
    EXPECT_EQ(std::string(error.what()), "exercise 'add-one' has fewer than three hints");
  }
  e = kc::test::addOneExercise();
  e.id = "Add One";
  EXPECT_THROW(exerciseRegistry().add(e), kc::InvalidArgument);
  e = kc::test::addOneExercise();
  e.inlineFiles.pop_back();  // no optimised.cu
  EXPECT_THROW(exerciseRegistry().add(e), kc::Error);
  EXPECT_EQ(exerciseRegistry().find("add-one"), nullptr);
}

}  // namespace
