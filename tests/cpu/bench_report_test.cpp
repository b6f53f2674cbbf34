// The bench's plain-C++ half: option parsing, --only filtering, the writers and the matrices.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/test_data.hpp"
#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"
#include "gpu/core/error.hpp"

namespace kc::bench {
namespace {

TEST(BenchOptions, DefaultsAndParsing) {
  BenchOptions d = parseBenchOptions({});
  ASSERT_EQ(d.sizes.size(), 2u);
  EXPECT_EQ(d.sizes[1].width, 3840);
  EXPECT_GE(d.reps, 50);

  BenchOptions o = parseBenchOptions({"--size", "640x480", "--reps", "7", "--only", "gray,conv 5x5", "--json", "a.json"});
  ASSERT_EQ(o.sizes.size(), 1u);
  EXPECT_EQ(o.sizes[0].width, 640);
  EXPECT_EQ(o.sizes[0].height, 480);
  EXPECT_EQ(o.reps, 7);
  ASSERT_EQ(o.only.size(), 2u);
  EXPECT_EQ(o.only[1], "conv 5x5");
  EXPECT_EQ(o.jsonPath, "a.json");
}

TEST(BenchOptions, BadInputIsRejectedClearly) {
  EXPECT_THROW(parseBenchOptions({"--size", "640"}), InvalidArgument);
  EXPECT_THROW(parseBenchOptions({"--size", "0x480"}), InvalidArgument);
  EXPECT_THROW(parseBenchOptions({"--reps", "-3"}), InvalidArgument);
  EXPECT_THROW(parseBenchOptions({"--reps", "5x"}), InvalidArgument);
  EXPECT_THROW(parseBenchOptions({"--reps"}), InvalidArgument);
  EXPECT_THROW(parseBenchOptions({"--frobnicate"}), InvalidArgument);
  EXPECT_THROW(parseBenchOptions({"--only", ","}), InvalidArgument);
}

TEST(BenchOptions, OnlySelectsGroupsAndPrefixes) {
  BenchOptions o = parseBenchOptions({"--only", "gray,conv 5x5"});
  EXPECT_TRUE(groupSelected(o, "gray"));
  EXPECT_TRUE(groupSelected(o, "conv"));
  EXPECT_FALSE(groupSelected(o, "gemm"));
  EXPECT_TRUE(rowSelected(o, "gray", "NPP RGBToGray AC4->C1 3840x2160"));
  EXPECT_TRUE(rowSelected(o, "conv", "conv 5x5 general gray 3840x2160"));
  EXPECT_FALSE(rowSelected(o, "conv", "conv 9x9 general gray 3840x2160"));
  // A prefix naming no group may match rows of any group.
  BenchOptions npp = parseBenchOptions({"--only", "NPP"});
  EXPECT_TRUE(groupSelected(npp, "transpose"));
  EXPECT_TRUE(rowSelected(npp, "transpose", "NPP Transpose 8u C1 3840x2160"));
  EXPECT_FALSE(rowSelected(npp, "transpose", "transpose 1-byte gray 3840x2160"));
  EXPECT_TRUE(rowSelected(parseBenchOptions({}), "cg", "anything"));
}

BenchReport sampleReport() {
  BenchReport r;
  r.device = "Test GPU \"quoted\"";
  r.rooflineGBs = 4000;
  r.reps = 50;
  BenchRow copy;
  copy.name = "copy";
  copy.group = "copy";
  copy.ms = 0.5;
  copy.bytes = 2e9;  // 4000 GB/s
  BenchRow gemm;
  gemm.name = "gemm";
  gemm.group = "gemm";
  gemm.ms = 4;
  gemm.flops = 2e11;  // 50000 GFLOP/s
  gemm.baselineName = "cuBLAS";
  gemm.baselineMs = 3;
  gemm.extra = {{"fps", 250}};
  r.rows = {copy, gemm};
  return r;
}

TEST(BenchReport, RatesAndPercentages) {
  BenchReport r = sampleReport();
  EXPECT_DOUBLE_EQ(r.rows[0].gbPerS(), 4000);
  EXPECT_DOUBLE_EQ(percentColumn(r.rows[0], r.rooflineGBs), 100);
  EXPECT_DOUBLE_EQ(r.rows[1].gflopPerS(), 50000);
  EXPECT_DOUBLE_EQ(r.rows[1].speedup(), 0.75);
  EXPECT_DOUBLE_EQ(percentColumn(r.rows[1], r.rooflineGBs), 75);  // % of cuBLAS
}

TEST(BenchReport, MarkdownAndJson) {
  BenchReport r = sampleReport();
  const std::string md = formatMarkdown(r);
  EXPECT_NE(md.find("| copy | 0.5000 | 4000.0 GB/s | 100.0% |"), std::string::npos) << md;
  EXPECT_NE(md.find("50000.0 GFLOP/s | 75.0% | cuBLAS | 3.0000 | 0.75x"), std::string::npos) << md;
  const std::string json = formatJson(r);
  EXPECT_NE(json.find("\"device\": \"Test GPU \\\"quoted\\\"\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"fps\": 250"), std::string::npos) << json;
  EXPECT_NE(json.find("\"percent\": 100"), std::string::npos) << json;
}

// One JSON style across kernelcam's documents (issue 12, item 8): a schema version, snake_case keys,
// the rows' extra columns included.
TEST(BenchReport, JsonHasASchemaAndSnakeCaseKeys) {
  BenchReport r = sampleReport();
  r.rows[0].extra.push_back({"uploadMs", 1.5});
  const std::string json = formatJson(r);
  EXPECT_NE(json.find("\"schema\": \"kernelcam-bench/1\""), std::string::npos) << json;
  for (const char* key : {"l2_bytes", "roofline_gbs", "gb_per_s", "gflop_per_s", "is_baseline", "baseline_name",
                          "baseline_ms", "cpu_baseline_name", "cpu_baseline_ms", "upload_ms"})
    EXPECT_NE(json.find(std::string("\"") + key + "\": "), std::string::npos) << key;
  // No camelCase key: a quote, lower-case letters, an upper-case letter, ..., a quote and a colon.
  for (std::size_t at = json.find('"'); at != std::string::npos; at = json.find('"', at + 1)) {
    const std::size_t end = json.find('"', at + 1);
    if (end == std::string::npos) break;
    const std::string word = json.substr(at + 1, end - at - 1);
    if (json.compare(end + 1, 1, ":") == 0) {
      for (char c : word) EXPECT_FALSE(c >= 'A' && c <= 'Z') << "key '" << word << "'";
    }
    at = end;
  }
}

TEST(BenchReport, CpuColumnsAndMethod) {
  BenchReport r = sampleReport();
  BenchRow& copy = r.rows[0];
  copy.cpuBackendMs = 1.25;
  copy.cpuBaselineName = "cv::copyTo";
  copy.cpuBaselineMs = 2.5;
  std::string md = formatMarkdown(r);
  EXPECT_NE(md.find("| CPU backend ms | OpenCV CPU ms | note |"), std::string::npos) << md;
  EXPECT_NE(md.find("| 1.250 | 2.500 |  |"), std::string::npos) << md;
  EXPECT_NE(md.find("method: CUDA-event median of 50 runs"), std::string::npos) << md;
  const std::string json = formatJson(r);
  EXPECT_NE(json.find("\"cpu_backend_ms\": 1.25"), std::string::npos) << json;
  EXPECT_NE(json.find("\"cpu_baseline_name\": \"cv::copyTo\", \"cpu_baseline_ms\": 2.5"), std::string::npos) << json;
  // The CPU rows say how they were timed instead of the CUDA-event method.
  r.method = "steady-clock median";
  md = formatMarkdown(r);
  EXPECT_NE(md.find("method: steady-clock median\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("CUDA-event"), std::string::npos) << md;
  EXPECT_NE(formatJson(r).find("\"method\": \"steady-clock median\""), std::string::npos);
}

}  // namespace
}  // namespace kc::bench
