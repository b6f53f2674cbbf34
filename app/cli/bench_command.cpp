// `kernelcam bench`: the gpu/bench library (same options as kc_bench) plus OpenCV on the CPU as a
// second baseline for the image rows (kc_bench has no OpenCV). Prints the markdown table and
// writes --json / --md where asked.
#include <QStringList>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/backend/pipeline_factory.hpp"
#include "app/cli/commands.hpp"
#include "app/io/output_file.hpp"
#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"
#include "gpu/core/error.hpp"
#include "gpu/image/convolution.hpp"
#ifdef KC_HAVE_CUDA
#include "gpu/bench/bench_runner.hpp"
#endif

namespace kc {

namespace {

constexpr int kCpuReps = 10;  // OpenCV at 4K takes 1-50 ms a call: a median of 10 is plenty

template <class F>
double cpuMedianMs(F&& work) {
  work();  // warm-up (allocations, thread pool start)
  std::vector<double> ms;
  for (int i = 0; i < kCpuReps; ++i) {
    const auto start = std::chrono::steady_clock::now();
    work();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  return 0.5 * (ms[(kCpuReps - 1) / 2] + ms[kCpuReps / 2]);
}

std::vector<std::string> splitKey(const std::string& key) {
  std::vector<std::string> parts;
  std::stringstream in(key);
  for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
  return parts;
}

cv::Mat randomMat(const std::string& size, int type) {
  int w = 0, h = 0;
  std::sscanf(size.c_str(), "%dx%d", &w, &h);
  cv::Mat m(h, w, type);
  cv::randu(m, cv::Scalar::all(0), cv::Scalar::all(256));
  return m;
}

// Fills cpuBaseline* of the image rows from their key (see BenchRow::key).
void addOpenCvBaseline(bench::BenchRow& row) {
  const std::vector<std::string> k = splitKey(row.key);
  if (k.empty()) return;
  cv::Mat dst;
  if (k[0] == "gray" && k.size() == 2) {
    cv::Mat src = randomMat(k[1], CV_8UC4);
    row.cpuBaselineName = "cv::cvtColor RGBA2GRAY";
    row.cpuBaselineMs = cpuMedianMs([&] { cv::cvtColor(src, dst, cv::COLOR_RGBA2GRAY); });
  } else if (k[0] == "hist" && k.size() == 2) {
    cv::Mat src = randomMat(k[1], CV_8UC1);
    const int channels[] = {0}, bins[] = {256};
    const float range[] = {0.f, 256.f};
    const float* ranges[] = {range};
    row.cpuBaselineName = "cv::calcHist 256";
    row.cpuBaselineMs = cpuMedianMs([&] { cv::calcHist(&src, 1, channels, cv::Mat(), dst, 1, bins, ranges); });
  } else if (k[0] == "conv" && k.size() == 5) {
    cv::Mat src = randomMat(k[4], k[2] == "gray" ? CV_8UC1 : CV_8UC4);
    const ConvKernel kernel = makePresetKernel(ConvPreset::Gaussian, std::stoi(k[3]));
    if (k[1] == "separable") {
      const auto parts = separateKernel(kernel);
      if (!parts) return;
      cv::Mat row1(1, kernel.size, CV_32F, const_cast<float*>(parts->row.data()));
      cv::Mat col1(kernel.size, 1, CV_32F, const_cast<float*>(parts->column.data()));
      row.cpuBaselineName = "cv::sepFilter2D";
      row.cpuBaselineMs = cpuMedianMs(
          [&] { cv::sepFilter2D(src, dst, -1, row1, col1, cv::Point(-1, -1), 0, cv::BORDER_REPLICATE); });
    } else {
      cv::Mat k2(kernel.size, kernel.size, CV_32F, const_cast<float*>(kernel.weights.data()));
      row.cpuBaselineName = "cv::filter2D";
      row.cpuBaselineMs =
          cpuMedianMs([&] { cv::filter2D(src, dst, -1, k2, cv::Point(-1, -1), 0, cv::BORDER_REPLICATE); });
    }
  } else if (k[0] == "transpose" && k.size() == 3) {
    cv::Mat src = randomMat(k[2], k[1] == "1" ? CV_8UC1 : CV_8UC4);
    row.cpuBaselineName = "cv::transpose";
    row.cpuBaselineMs = cpuMedianMs([&] { cv::transpose(src, dst); });
  }
}

// Takes --backend NAME out of the bench's own options: auto (the default) and cuda run the bench on
// the GPU; cpu has nothing to run (the bench times CUDA kernels; OpenCV is only its baseline).
Backend takeBackendOption(std::vector<std::string>& args) {
  Backend backend = Backend::Auto;
  for (auto it = args.begin(); it != args.end();) {
    if (*it != "--backend") {
      ++it;
      continue;
    }
    if (it + 1 == args.end()) throw InvalidArgument("--backend: missing value");
    backend = parseBackend(*(it + 1));
    it = args.erase(it, it + 2);
  }
  if (backend == Backend::Cpu) throw InvalidArgument("--backend cpu: the bench times the CUDA kernels; it has no CPU run");
  return backend;
}

io::OutputFile jsonFile(const bench::BenchOptions& o) { return {"--json", o.jsonPath, true, false}; }
io::OutputFile markdownFile(const bench::BenchOptions& o) { return {"--md", o.markdownPath, true, false}; }

void writeIfAsked(const io::OutputFile& file, const std::string& text) {
  if (!file.path.empty()) io::writeOutput(file, QByteArray::fromStdString(text));
}

}  // namespace

int runBenchCommand(const QStringList& args) {
  try {
    std::vector<std::string> list;
    for (const QString& a : args) list.push_back(a.toStdString());  // the options alone (runBench took the name)
    if (!list.empty() && (list[0] == "--help" || list[0] == "-h" || list[0] == "--help-all")) {
      std::cout << bench::benchUsage() << "  --backend: " << kBackendOptionHelp
                << "\n            The bench times CUDA kernels: cpu is refused, and auto needs a device too.\n";
      return 0;
    }
    const Backend backend = takeBackendOption(list);
    const bench::BenchOptions options = bench::parseBenchOptions(list);
    // Before minutes of measuring: unwritable outputs, or two on one path, are exit 2 now.
    std::vector<io::OutputFile> outputs;
    for (const io::OutputFile& file : {jsonFile(options), markdownFile(options)})
      if (!file.path.empty()) outputs.push_back(file);
    io::checkOutputs(outputs, {});
    if (chooseBackend(backend).backend != Backend::Cuda) {
      std::cerr << "kernelcam bench: " << cudaUnavailableReason() << "; the bench needs a CUDA device\n";
      return 1;
    }
#ifdef KC_HAVE_CUDA
    bench::BenchReport report = bench::runBench(options, [](const bench::BenchRow& row) {
      std::fprintf(stderr, "  %-58s %10.4f ms\n", row.name.c_str(), row.ms);
    });
    std::fprintf(stderr, "OpenCV CPU baselines (%d threads)...\n", cv::getNumThreads());
    for (bench::BenchRow& row : report.rows) addOpenCvBaseline(row);
    const std::string table = bench::formatMarkdown(report);
    writeIfAsked(markdownFile(options), table);
    writeIfAsked(jsonFile(options), bench::formatJson(report));
    if (!io::writesToStdout(jsonFile(options)) && !io::writesToStdout(markdownFile(options))) std::cout << table;
    return 0;
#else
    return 1;  // unreachable: chooseBackend never picks CUDA in a build without it
#endif
  } catch (const NoCudaError& e) {
    std::cerr << "kernelcam bench: " << e.what() << "\n";
    return cli::kExitNoCuda;
  } catch (const io::OutputError& e) {
    std::cerr << "kernelcam bench: " << e.what() << "\n";
    return e.kind() == io::OutputError::Kind::Usage ? 2 : 1;
  } catch (const InvalidArgument& e) {
    std::cerr << "kernelcam bench: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "kernelcam bench: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace kc

namespace kc::cli {

// arguments[0] is "kernelcam bench" (commands.hpp): the options follow it.
int runBench(const QStringList& arguments) { return kc::runBenchCommand(arguments.mid(1)); }

}  // namespace kc::cli
