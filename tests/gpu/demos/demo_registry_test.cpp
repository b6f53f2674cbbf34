// The demo registry (gpu/demos/demo_registry.hpp): the three demos are records, found in their
// order, and a throw-away demo registered here, with no other change anywhere, is run through the
// registry, admitted by its own estimate, refused on bad values and listed among the bench groups,
// whose rows the bench runs once some are registered for the group (gpu/bench/NAME_rows.cu).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "tests/support/squares_demo.hpp"
#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/text_table.hpp"
#include "gpu/demos/cg/cg_demo_result.hpp"
#include "gpu/demos/demo_registry.hpp"

namespace kc {
namespace {

using demos::demoRegistry;

TEST(DemoRegistry, TheDemosAreRecordsInTheirOrder) {
  EXPECT_EQ(demoRegistry().ids(), (std::vector<std::string>{"reduce", "matmul", "cg"}));
  const demos::DemoDefinition& cg = *demoRegistry().find("cg");
  EXPECT_TRUE(cg.choosableVersions);
  ASSERT_EQ(cg.versions.size(), 4u);
  EXPECT_FALSE(cg.versions[0].needsCuda) << "the CPU reference runs on the CPU backend";
  EXPECT_EQ(demoRegistry().find("matmul")->benchGroup, "gemm");
  EXPECT_EQ(demoRegistry().find("reduce")->defaultReps, 10);
  EXPECT_EQ(demoRegistry().find("nothing"), nullptr);
}

TEST(DemoRegistry, ARequestReadsGivenValuesThenDefaults) {
  demos::DemoRequest request = demos::requestFor(*demoRegistry().find("reduce"));
  EXPECT_EQ(request.value("op"), "sum");
  EXPECT_EQ(request.value("n"), "16777216");
  EXPECT_FALSE(request.has("n"));
  request.values["n"] = "1000";
  EXPECT_EQ(request.value("n"), "1000");
  EXPECT_EQ(request.repetitions(), 10);
  EXPECT_THROW((void)request.value("bogus"), InvalidArgument);
}

TEST(DemoRegistry, TheCgDemoRunsOnTheCpuThroughItsRecord) {
  demos::DemoRequest request = demos::requestFor(*demoRegistry().find("cg"));
  request.values = {{"poisson", "6"}};
  request.demo->check(request);
  const auto result = demos::runDemo(request);
  EXPECT_EQ(result->failure(), "");
  EXPECT_EQ(result->headline(), "CG on poisson2D n=6");
  ASSERT_EQ(result->table().rows.size(), 1u) << "the CPU backend runs the CPU solver alone";
  EXPECT_EQ(result->table().rows[0].sourceAnchor, "solveCgCpu");
  EXPECT_EQ(result->chart().kind, demos::DemoChart::Kind::Convergence);
  EXPECT_NE(result->jsonFields().find("\"nnz\":"), std::string::npos);
}

class ThrowAwayDemo : public testing::Test {
 protected:
  test::ScopedSquaresDemo squares_;
};

TEST_F(ThrowAwayDemo, IsFoundAfterTheOthersAndRunsThroughTheRegistry) {
  EXPECT_EQ(demoRegistry().ids().back(), "squares");
  demos::DemoRequest request = demos::requestFor(*demoRegistry().find("squares"));
  request.values["n"] = "10";
  request.demo->check(request);
  std::string asked;
  demos::admitDemo(request, [&](const std::string& what, const MemoryNeed&, Backend) { asked = what; });
  EXPECT_EQ(asked, "squares n=10");
  const auto result = demos::runDemo(request);
  EXPECT_EQ(result->failure(), "");
  const demos::DemoTable table = result->table();
  ASSERT_EQ(table.rows.size(), 2u);
  EXPECT_EQ(table.rows[1].cells[0], "closed form");
  EXPECT_EQ(table.rows[1].cells[7], "385");  // 1 + 4 + ... + 100
  EXPECT_NE(result->commandLineTable().find("closed form"), std::string::npos);
}

TEST_F(ThrowAwayDemo, RefusesBadValuesAndDuplicates) {
  demos::DemoRequest request = demos::requestFor(*demoRegistry().find("squares"));
  request.values["order"] = "sideways";
  EXPECT_THROW(request.demo->check(request), demos::DemoValueError);
  request.values = {{"n", "0"}};
  EXPECT_THROW(demos::checkGivenRanges(request), demos::DemoValueError);
  EXPECT_THROW(demoRegistry().add(test::squaresDemo()), InvalidArgument);
  demos::DemoDefinition clash = test::squaresDemo();
  clash.id = "clash";
  clash.params.push_back(clash.params.front());
  EXPECT_THROW(demoRegistry().add(clash), InvalidArgument) << "two parameters of one name";
  demos::DemoDefinition incomplete;
  incomplete.id = "incomplete";
  EXPECT_THROW(demoRegistry().add(incomplete), InvalidArgument);
}

TEST_F(ThrowAwayDemo, ItsBenchGroupIsListedAfterTheOthers) {
  const auto groups = bench::benchGroups();
  const auto gemm = std::find(groups.begin(), groups.end(), "gemm");
  const auto squares = std::find(groups.begin(), groups.end(), "squares");
  ASSERT_NE(squares, groups.end());
  EXPECT_LT(gemm, squares);
}

TEST_F(ThrowAwayDemo, ItsBenchRowsRunOnceRegisteredForItsGroup) {
  const auto runsSquares = [] {
    const std::vector<bench::RecordRows> rows = bench::demoRows();
    return std::any_of(rows.begin(), rows.end(), [](const bench::RecordRows& r) { return r.group == "squares"; });
  };
  EXPECT_FALSE(runsSquares()) << "a group without rows runs nothing";
  const bench::BenchRows own = [](bench::BenchContext&) {};
  bench::addBenchRows("squares", own);
  const std::vector<bench::RecordRows> rows = bench::demoRows();
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows.back().group, "squares") << "after the other demos'";
  EXPECT_EQ(rows.back().rows, own);
  bench::removeBenchRows("squares");
  EXPECT_FALSE(runsSquares());
}

// The result formatting, without the binary.
TEST(DemoResultText, HistoryDecimationKeepsBothEndsAndAtMostTheLimit) {
  std::vector<cg::CgSample> history;
  for (long long k = 0; k <= 400000; k += 50) history.push_back({k, 1.0 / (1 + k)});
  const auto kept = cg::decimateHistory(history, 1000);
  ASSERT_EQ(kept.size(), 1000u);
  EXPECT_EQ(kept.front().iteration, 0);
  EXPECT_EQ(kept.back().iteration, 400000);
  EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end(), [](auto& a, auto& b) { return a.iteration < b.iteration; }));
  EXPECT_EQ(cg::decimateHistory({history.begin(), history.begin() + 10}, 1000).size(), 10u);
}

TEST(DemoResultText, TableColumnsLineUp) {
  TextTable table({{"version", TextTable::Align::Left}, {"ms"}});
  table.addRow({"1 naïve", "12.5"});
  table.addRow({"10 library", "0.25"});
  const std::string text = table.format();
  EXPECT_EQ(text,
            "version       ms\n"
            "----------  ----\n"
            "1 naïve     12.5\n"
            "10 library  0.25\n");
}

}  // namespace
}  // namespace kc
