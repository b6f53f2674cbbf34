// The bench's plain-C++ half: option parsing, --only filtering, the writers, the copy fit, the
// clock reading's parser and the photo input.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support/test_data.hpp"
#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_photo.hpp"
#include "gpu/bench/bench_report.hpp"
#include "gpu/bench/sm_clock.hpp"
#include "gpu/core/error.hpp"

namespace kc::bench {
namespace {

TEST(BenchOptions, DefaultsAndParsing) {
  BenchOptions d = parseBenchOptions({});
  ASSERT_EQ(d.sizes.size(), 2u);
  EXPECT_EQ(d.sizes[1].width, 3840);
  EXPECT_GE(d.reps, 50);

  EXPECT_EQ(d.imageDir, "data/samples");  // the checkout's, from its root (kc_bench)
  EXPECT_EQ(d.matrixDir, "data/matrices");

  BenchOptions o = parseBenchOptions(
      {"--size", "640x480", "--reps", "7", "--only", "gray,conv 5x5", "--json", "a.json", "--images", "photos"});
  ASSERT_EQ(o.sizes.size(), 1u);
  EXPECT_EQ(o.sizes[0].width, 640);
  EXPECT_EQ(o.sizes[0].height, 480);
  EXPECT_EQ(o.reps, 7);
  ASSERT_EQ(o.only.size(), 2u);
  EXPECT_EQ(o.only[1], "conv 5x5");
  EXPECT_EQ(o.jsonPath, "a.json");
  EXPECT_EQ(o.imageDir, "photos");
}

TEST(BenchOptions, SizeTakesAnXInEitherCaseAsProcessDoes) {
  const BenchOptions o = parseBenchOptions({"--size", "640X480"});
  ASSERT_EQ(o.sizes.size(), 1u);
  EXPECT_EQ(o.sizes[0].width, 640);
  EXPECT_EQ(o.sizes[0].height, 480);
  EXPECT_THROW(parseBenchOptions({"--size", "16385x2"}), InvalidArgument);
  EXPECT_THROW(parseBenchOptions({"--size", "640x480x3"}), InvalidArgument);
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
  // Times in microseconds; no graph columns in a report without graph figures (the CPU rows).
  EXPECT_NE(md.find("| what | us/rep | rate |"), std::string::npos) << md;
  EXPECT_NE(md.find("| copy | 500.00 | 4000.0 GB/s | 100.0% |"), std::string::npos) << md;
  EXPECT_NE(md.find("50000.0 GFLOP/s | 75.0% | cuBLAS | 3000.00 | 0.75x"), std::string::npos) << md;
  const std::string json = formatJson(r);
  EXPECT_NE(json.find("\"device\": \"Test GPU \\\"quoted\\\"\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"fps\": 250"), std::string::npos) << json;
  EXPECT_NE(json.find("\"percent\": 100"), std::string::npos) << json;
}

// The GPU report: events and graph per row, "% of copy", the copy fit and the SM clock in the
// header, and a row whose work could not be captured says so.
BenchReport gpuReport() {
  BenchReport r = sampleReport();
  r.graphLaunches = 3;
  r.graphMinReps = 64;
  r.warmup = 5;
  BenchRow& copy = r.rows[0];
  copy.graphMs = 0.4;
  copy.graphReps = 64;
  copy.sets = 2;
  copy.copyMs = 0.45;      // the row takes 0.5: 90% of the copy's speed
  copy.copyGraphMs = 0.4;  // 100%
  BenchRow npp;
  npp.name = "NPP thing";
  npp.group = "hist";
  npp.ms = 0.01;
  npp.bytes = 1e6;
  npp.isBaseline = true;
  npp.graphNote = "not capturable: cudaStreamSynchronize(stream): cudaErrorStreamCaptureUnsupported";
  r.rows.push_back(npp);
  r.copyFit = fitCopies({2e6, 2e9}, {0.002 + 2e6 / 3e12 * 1e3, 0.002 + 2e9 / 3e12 * 1e3},
                        {0.001 + 2e6 / 3e12 * 1e3, 0.001 + 2e9 / 3e12 * 1e3});
  r.clockBefore = {1755, 1980, "NVML", ""};
  r.clockAfter = {1980, 1980, "NVML", ""};
  return r;
}

TEST(BenchReport, GraphAndCopyColumns) {
  const BenchReport r = gpuReport();
  EXPECT_DOUBLE_EQ(r.rows[0].percentOfCopy(), 90);
  EXPECT_DOUBLE_EQ(r.rows[0].percentOfCopyGraph(), 100);
  EXPECT_EQ(r.rows[1].percentOfCopy(), 0);  // no copy measured: no figure
  const std::string md = formatMarkdown(r);
  EXPECT_NE(
      md.find("| what | us/rep (events) | us/rep (graph) | rate | % of roofline (GEMM: % of cuBLAS) | % of copy | "
              "baseline | baseline us/rep | speed-up | CPU backend us | OpenCV CPU us | note |"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("| copy | 500.00 | 400.00 | 4000.0 GB/s | 100.0% | 90.0% |"), std::string::npos) << md;
  EXPECT_NE(md.find("| NPP thing | 10.00 | n/a |"), std::string::npos) << md;
  EXPECT_NE(md.find("graph: not capturable: cudaStreamSynchronize(stream)"), std::string::npos) << md;
  EXPECT_NE(
      md.find("SM clock: before 1755 MHz (max 1980 MHz, NVML), after 1980 MHz (max 1980 MHz, NVML); read, never set"),
      std::string::npos)
      << md;
  EXPECT_NE(md.find("copy fit: t = 2.00 us + bytes / 3000.0 GB/s (events), 1.00 us + bytes / 3000.0 GB/s (graph); 2 "
                    "rotated D2D copies"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("graph: the runs (>= 64 when short) captured in one CUDA graph, median of 3 launches"),
            std::string::npos)
      << md;

  const std::string text = formatJson(r);
  const nlohmann::json json = nlohmann::json::parse(text);
  const nlohmann::json& copyRow = json["rows"][0];
  EXPECT_EQ(copyRow["graph_ms"], 0.4) << text;
  EXPECT_EQ(copyRow["graph_reps"], 64);
  EXPECT_EQ(copyRow["copy_ms"], 0.45);
  EXPECT_EQ(copyRow["copy_graph_ms"], 0.4);
  EXPECT_EQ(copyRow["percent_of_copy"], 90);
  EXPECT_EQ(copyRow["percent_of_copy_graph"], 100);
  EXPECT_EQ(copyRow["buffer_sets"], 2);
  EXPECT_EQ(json["graph_launches"], 3);
  EXPECT_EQ(json["graph_min_reps"], 64);
  EXPECT_EQ(json["sm_clock_before"],
            (nlohmann::json{{"mhz", 1755}, {"max_mhz", 1980}, {"source", "NVML"}, {"error", ""}}));
  EXPECT_EQ(json["copy_fit"]["points"], 2);
  EXPECT_EQ(json["copy_fit"]["fixed_us"], 2);
  EXPECT_EQ(json["copy_fit"]["gb_per_s"], 3000);
  EXPECT_EQ(json["copy_fit"]["graph_fixed_us"], 1);
  const nlohmann::json& nppRow = json["rows"].back();
  EXPECT_TRUE(nppRow["graph_ms"].is_null());
  EXPECT_EQ(nppRow["graph_reps"], 0);
  EXPECT_EQ(nppRow["graph_note"].get<std::string>().rfind("not capturable: ", 0), 0u);
}

// The keys in the order they always had (the file reads top-down: header, then rows), 6
// significant digits, null for a missing figure or a NaN, and text that is not UTF-8 replaced.
TEST(BenchReport, JsonKeepsItsKeyOrderAndFigures) {
  BenchReport r = gpuReport();
  r.rows[0].ms = 0.123456789;
  r.rows[0].note = std::string("bad \xff byte");
  r.rooflineGBs = std::nan("");
  const nlohmann::ordered_json json = nlohmann::ordered_json::parse(formatJson(r));
  std::vector<std::string> keys;
  for (const auto& item : json.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"schema", "device", "method", "l2_bytes", "roofline_gbs", "reps", "warmup",
                                            "graph_launches", "graph_min_reps", "sm_clock_before", "sm_clock_after",
                                            "copy_fit", "rows"}));
  keys.clear();
  for (const auto& item : json["rows"][0].items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"name",
                                            "group",
                                            "key",
                                            "ms",
                                            "graph_ms",
                                            "graph_reps",
                                            "graph_note",
                                            "bytes",
                                            "flops",
                                            "gb_per_s",
                                            "gflop_per_s",
                                            "percent",
                                            "buffer_sets",
                                            "copy_ms",
                                            "copy_graph_ms",
                                            "percent_of_copy",
                                            "percent_of_copy_graph",
                                            "is_baseline",
                                            "baseline_name",
                                            "baseline_ms",
                                            "speedup",
                                            "baseline_graph_ms",
                                            "graph_speedup",
                                            "cpu_baseline_name",
                                            "cpu_baseline_ms",
                                            "cpu_backend_ms",
                                            "note"}));
  EXPECT_EQ(json["rows"][0]["ms"], 0.123457);
  EXPECT_TRUE(json["roofline_gbs"].is_null());
  EXPECT_EQ(json["rows"][0]["note"], "bad \ufffd byte");
}

TEST(BenchReport, CopyFitIsLeastSquaresOnTheRelativeError) {
  // An exact line comes back exactly: 3 us + bytes / 2500 GB/s.
  std::vector<double> bytes, ms;
  for (double b = 1e6; b <= 1e9; b *= 4) {
    bytes.push_back(b);
    ms.push_back(0.003 + b / 2500e6);
  }
  const CopyFit fit = fitCopies(bytes, ms, {});
  EXPECT_NEAR(fit.fixedUs, 3, 1e-9);
  EXPECT_NEAR(fit.gbPerS, 2500, 1e-6);
  EXPECT_EQ(fit.points, static_cast<int>(bytes.size()));
  EXPECT_EQ(fit.graphGbPerS, 0);  // no graph figures: no graph fit
  EXPECT_DOUBLE_EQ(fit.minBytes, 1e6);
  EXPECT_DOUBLE_EQ(fit.maxBytes, bytes.back());
  // A 10% error on the largest copy moves the fixed cost far less than on an unweighted fit.
  ms.back() *= 1.1;
  EXPECT_NEAR(fitCopies(bytes, ms, {}).fixedUs, 3, 0.3);
  // Degenerate: one size, or nothing.
  EXPECT_EQ(fitCopies({1e6, 1e6}, {0.01, 0.011}, {}).points, 0);
  EXPECT_EQ(fitCopies({}, {}, {}).points, 0);
  const LineFit line = fitRelativeLeastSquares({{1, 3}, {2, 5}, {3, 7}});
  EXPECT_NEAR(line.intercept, 1, 1e-12);
  EXPECT_NEAR(line.slope, 2, 1e-12);
}

TEST(SmClock, NvidiaSmiOutputIsParsedForTheRightGpu) {
  const std::string two = "00000000:18:00.0, 1755, 1980\n00000000:2A:00.0, 345 MHz, 1980 MHz\n";
  SmClock c = parseSmiClocks(two, "0000:2a:00.0");  // CUDA's spelling: shorter domain, lower case
  EXPECT_EQ(c.mhz, 345);
  EXPECT_EQ(c.maxMhz, 1980);
  EXPECT_EQ(c.source, "nvidia-smi");
  EXPECT_EQ(describeClock(c), "345 MHz (max 1980 MHz, nvidia-smi)");
  c = parseSmiClocks(two, "0000:18:00.0");
  EXPECT_EQ(c.mhz, 1755);
  // Not listed, several GPUs and no bus id, no number: unknown, with the reason.
  c = parseSmiClocks(two, "0000:99:00.0");
  EXPECT_FALSE(c.known());
  EXPECT_NE(c.error.find("does not list"), std::string::npos) << c.error;
  EXPECT_FALSE(parseSmiClocks(two, "").known());
  c = parseSmiClocks("00000000:18:00.0, [N/A], [N/A]\n", "");
  EXPECT_FALSE(c.known());
  EXPECT_NE(describeClock(c).find("unknown (nvidia-smi gave no SM clock)"), std::string::npos) << describeClock(c);
  EXPECT_EQ(parseSmiClocks("00000000:18:00.0, 1980, 1980\n", "").mhz, 1980);  // one GPU: that one
  EXPECT_FALSE(parseSmiClocks("", "0000:18:00.0").known());
}

TEST(BenchPhoto, TilesOrCropsToTheRowsSize) {
  GrayPhoto photo;
  photo.width = 3;
  photo.height = 2;
  photo.pixels = {1, 2, 3, 4, 5, 6};
  EXPECT_EQ(tilePhoto(photo, 4, 3), (std::vector<std::uint8_t>{1, 2, 3, 1, 4, 5, 6, 4, 1, 2, 3, 1}));
  EXPECT_EQ(tilePhoto(photo, 2, 1), (std::vector<std::uint8_t>{1, 2}));
}

TEST(BenchPhoto, TheLargestSharedPhotoOrAReason) {
  std::string why;
  const GrayPhoto none = loadGrayPhoto((std::filesystem::temp_directory_path() / "kc-no-such-folder").string(), why);
  EXPECT_TRUE(none.pixels.empty());
  EXPECT_NE(why.find("no PNG or JPEG"), std::string::npos) << why;
  ASSERT_FALSE(test::samplePhotos().empty()) << "data/samples is part of the repository";
  why.clear();
  const GrayPhoto photo = loadGrayPhoto(test::samplePhotos().front().parent_path().string(), why);
  if (photo.pixels.empty() && why.find("stb_image") != std::string::npos) GTEST_SKIP() << why;
  ASSERT_FALSE(photo.pixels.empty()) << why;
  EXPECT_EQ(photo.pixels.size(), static_cast<std::size_t>(photo.width) * photo.height);
  EXPECT_EQ(photo.name, "seeding_by_Clements_Engelhardt.jpg");  // 5312 x 2988, the largest
}

// One JSON style across kernelcam's documents (issue 12, item 8): a schema version, snake_case keys,
// the rows' extra columns included.
TEST(BenchReport, JsonHasASchemaAndSnakeCaseKeys) {
  BenchReport r = sampleReport();
  r.rows[0].extra.push_back({"uploadMs", 1.5});
  const std::string json = formatJson(r);
  EXPECT_NE(json.find("\"schema\": \"kernelcam-bench/3\""), std::string::npos) << json;
  for (const char* key : {"l2_bytes",
                          "roofline_gbs",
                          "gb_per_s",
                          "gflop_per_s",
                          "is_baseline",
                          "baseline_name",
                          "baseline_ms",
                          "cpu_baseline_name",
                          "cpu_baseline_ms",
                          "upload_ms",
                          "graph_ms",
                          "graph_reps",
                          "graph_note",
                          "copy_ms",
                          "copy_graph_ms",
                          "percent_of_copy",
                          "percent_of_copy_graph",
                          "buffer_sets",
                          "baseline_graph_ms",
                          "graph_speedup",
                          "graph_launches",
                          "graph_min_reps",
                          "sm_clock_before",
                          "sm_clock_after",
                          "copy_fit",
                          "fixed_us",
                          "graph_gb_per_s"})
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

// A figure the run did not measure, or one that does not apply to the row, is null: 0.0 in the
// JSON is always a measurement (issue 39: the copy row's baseline_ms, speedup and CPU columns were 0).
TEST(BenchReport, FiguresNotMeasuredAreNullNeverZero) {
  BenchReport r = sampleReport();
  r.rooflineGBs = 0;  // a CPU report has none
  const nlohmann::json json = nlohmann::json::parse(formatJson(r));
  const nlohmann::json& copy = json["rows"][0];  // bytes, no flops, no baseline, no CPU columns
  for (const char* key : {"flops", "gflop_per_s", "baseline_ms", "speedup", "cpu_backend_ms", "cpu_baseline_ms",
                          "graph_ms", "copy_ms", "percent_of_copy", "percent"})
    EXPECT_TRUE(copy[key].is_null()) << key << " = " << copy[key];
  EXPECT_EQ(copy["gb_per_s"], 4000);
  const nlohmann::json& gemm = json["rows"][1];
  for (const char* key : {"bytes", "gb_per_s", "cpu_backend_ms"}) EXPECT_TRUE(gemm[key].is_null()) << key;
  EXPECT_EQ(gemm["baseline_ms"], 3);
  for (const char* key : {"roofline_gbs", "l2_bytes"}) EXPECT_TRUE(json[key].is_null()) << key;
  for (const char* key : {"fixed_us", "gb_per_s", "graph_fixed_us", "graph_gb_per_s", "min_bytes", "max_bytes"})
    EXPECT_TRUE(json["copy_fit"][key].is_null()) << "no copies were fitted: " << key;
  // No number anywhere in the document is 0 but the counts (reps, points, graph_reps, buffer_sets).
  const std::string text = formatJson(r);
  for (std::size_t at = text.find(": 0"); at != std::string::npos; at = text.find(": 0", at + 1)) {
    const std::size_t keyEnd = text.rfind('"', at), keyStart = text.rfind('"', keyEnd - 1);
    const std::string key = text.substr(keyStart + 1, keyEnd - keyStart - 1);
    const bool count = key == "warmup" || key == "points" || key == "graph_reps" || key == "buffer_sets" ||
                       key == "graph_launches" || key == "graph_min_reps";
    EXPECT_TRUE(count || text.compare(at, 4, ": 0.") == 0) << key << " is 0";
  }
}

TEST(BenchReport, CpuColumnsAndMethod) {
  BenchReport r = sampleReport();
  BenchRow& copy = r.rows[0];
  copy.cpuBackendMs = 1.25;
  copy.cpuBaselineName = "cv::copyTo";
  copy.cpuBaselineMs = 2.5;
  std::string md = formatMarkdown(r);
  EXPECT_NE(md.find("| CPU backend us | OpenCV CPU us | note |"), std::string::npos) << md;
  EXPECT_NE(md.find("| 1250.00 | 2500.00 |  |"), std::string::npos) << md;
  EXPECT_NE(md.find("method: events: CUDA-event median of 50 runs"), std::string::npos) << md;
  const std::string json = formatJson(r);
  EXPECT_NE(json.find("\"cpu_backend_ms\": 1.25"), std::string::npos) << json;
  const nlohmann::json row = nlohmann::json::parse(json)["rows"][0];
  EXPECT_EQ(row["cpu_baseline_name"], "cv::copyTo") << json;
  EXPECT_EQ(row["cpu_baseline_ms"], 2.5) << json;
  // The CPU rows say how they were timed instead of the CUDA-event method.
  r.method = "steady-clock median";
  md = formatMarkdown(r);
  EXPECT_NE(md.find("method: steady-clock median\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("CUDA-event"), std::string::npos) << md;
  EXPECT_NE(formatJson(r).find("\"method\": \"steady-clock median\""), std::string::npos);
}

}  // namespace
}  // namespace kc::bench
