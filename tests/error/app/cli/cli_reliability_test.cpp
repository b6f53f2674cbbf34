// The inputs that once crashed, ran out of memory, hung or gave a silent wrong answer (issue 15),
// each run as a user would run it: one line on stderr naming the real reason, the right exit code,
// and quickly (no run is allowed to start allocating what cannot fit).
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <sys/stat.h>

#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/damaged_png.hpp"
#include "gpu/core/memory_budget.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using kc::test::CliRun;
using kc::test::lines;
using kc::test::q;
using kc::test::runKernelcam;
using kc::test::TempDir;

// Exit 2, one line on stderr holding every `needle`.
void expectRefused(const CliRun& run, std::initializer_list<std::string> needles) {
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_EQ(lines(run.err), 1) << "one line on stderr: " << run.err;
  for (const std::string& needle : needles) EXPECT_NE(run.err.find(needle), std::string::npos) << run.err;
}

// Runs `command` under `sh -c`, for ulimit.
CliRun runShell(const std::string& command) { return kc::test::runProgram("/bin/sh", {"-c", q(command)}); }

const std::string kBinary = KC_KERNELCAM_BINARY;

// ---- 15.1 memory admission ------------------------------------------------------------------

void skipWhenMemoryExceeds(double bytes) {
  const auto available = kc::hostMemoryAvailable();
  if (!available) GTEST_SKIP() << "no /proc/meminfo: no admission on this system";
  if (*available > bytes) GTEST_SKIP() << "this machine has " << *available / 1e9 << " GB available: the request fits";
}

TEST(MemoryAdmission, PoissonGridThatCannotFitIsRefusedBeforeAllocating) {
  skipWhenMemoryExceeds(70e9);  // N = 20000 needs about 77 GB
  const auto start = std::chrono::steady_clock::now();
  const CliRun run = runKernelcam({"demo", "cg", "--poisson", "20000", "--backend", "cpu", "--max-iter", "2"});
  expectRefused(run, {"not enough host memory for CG on poisson2D n=20000 (400000000 rows): needs about ",
                      "available (MemAvailable)"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20)) << "allocated before refusing";
}

TEST(MemoryAdmission, MatrixMarketSizeLineThatCannotFitIsRefusedAtThatLine) {
  skipWhenMemoryExceeds(120e9);  // a 10^9-row CG needs about 132 GB
  TempDir dir;
  const std::string path = dir.file("huge.mtx");
  kc::test::writeBytes(path, "%%MatrixMarket matrix coordinate real general\n1000000000 1000000000 1\n1 1 1\n");
  const CliRun run = runKernelcam({"demo", "cg", "--matrix", q(path), "--backend", "cpu"});
  expectRefused(run, {path + ":2: not enough host memory for CG on a 1000000000 x 1000000000 matrix"});
}

TEST(MemoryAdmission, AFailedAllocationIsReportedTheSameWay) {
  // Under a 3 GB address-space limit a 4000^2 grid (about 3 GB) passes the MemAvailable admission
  // and its allocation fails: std::bad_alloc must become the same kind of line, not an abort.
  const CliRun run =
      runShell("ulimit -v 3000000 && exec '" + kBinary + "' demo cg --poisson 4000 --backend cpu --max-iter 2");
  if (run.exitCode == 0) GTEST_SKIP() << "the grid fitted under the limit here";
  expectRefused(run, {"out of host memory while running", "std::bad_alloc", "ulimit -v"});
}

// ---- 15.2 inputs ------------------------------------------------------------------------------

TEST(InputChecks, MatrixMustBeARegularFileAndReasonsAreReal) {
  TempDir dir;
  fs::create_directories(dir.file("folder.mtx"));
  ASSERT_EQ(::mkfifo(dir.file("fifo.mtx").c_str(), 0600), 0);
  fs::create_symlink(dir.file("loop_b"), dir.file("loop_a"));
  fs::create_symlink(dir.file("loop_a"), dir.file("loop_b"));
  const std::pair<std::string, std::string> cases[] = {
      {dir.file("folder.mtx"), "is a directory, not a file"},
      {dir.file("fifo.mtx"), "is a FIFO (named pipe), not a regular file"},
      {"/dev/zero", "is a character device, not a regular file"},
      {dir.file("loop_a"), "too many levels of symbolic links"},
  };
  for (const auto& [path, reason] : cases) {
    SCOPED_TRACE(path);
    const auto start = std::chrono::steady_clock::now();
    expectRefused(runKernelcam({"demo", "cg", "--matrix", q(path), "--backend", "cpu"}, 20000), {path, reason});
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << "read before refusing";
  }
}

TEST(InputChecks, NumbersOutOfRangeAreNotCalledNotANumber) {
  TempDir dir;
  const std::string big = dir.file("big.mtx");
  kc::test::writeBytes(big, "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 1e309\n");
  expectRefused(runKernelcam({"demo", "cg", "--matrix", q(big), "--backend", "cpu"}),
                {":3: value '1e309' is out of range"});
  expectRefused(
      runKernelcam({"process", "--source", "pattern", "--frames", "2147483648", "--out", q(dir.file("x.png"))}),
      {"--frames '2147483648' is out of range (1..2147483647)"});
  expectRefused(runKernelcam({"process", "--source", "pattern", "--frames", "ten", "--out", q(dir.file("x.png"))}),
                {"--frames 'ten' is not a whole number"});
  expectRefused(runKernelcam({"demo", "reduce", "--n", "99999999999999999999", "--backend", "cpu"}),
                {"--n '99999999999999999999': out of range"});
}

TEST(InputChecks, LongValuesAreCutInMessages) {
  TempDir dir;
  const std::string path = dir.file("long.mtx");
  kc::test::writeBytes(path,
                       "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 " + std::string(60000, '1') + "x\n");
  CliRun run = runKernelcam({"demo", "cg", "--matrix", q(path), "--backend", "cpu"});
  expectRefused(run, {"... (60005 bytes): value is not a number"});
  EXPECT_LT(run.err.size(), 400u);
  run = runKernelcam(
      {"process", "--source", "pattern", "--frames", q(std::string(100000, '7')), "--out", q(dir.file("x.png"))});
  expectRefused(run, {"is out of range"});
  EXPECT_LT(run.err.size(), 400u);
}

TEST(InputChecks, AsymmetryIsQuotedWithEnoughDigits) {
  TempDir dir;
  const std::string path = dir.file("asym.mtx");
  kc::test::writeBytes(
      path, "%%MatrixMarket matrix coordinate real general\n2 2 4\n1 1 2\n1 2 1\n2 1 1.00000000001\n2 2 2\n");
  expectRefused(runKernelcam({"demo", "cg", "--matrix", q(path), "--backend", "cpu"}),
                {"A(1, 2) = 1 but A(2, 1) = 1.00000000001"});
}

std::vector<unsigned char> baselineJpeg() {
  cv::Mat picture(240, 320, CV_8UC3);
  cv::randu(picture, 0, 255);
  std::vector<unsigned char> jpeg;
  cv::imencode(".jpg", picture, jpeg, {cv::IMWRITE_JPEG_PROGRESSIVE, 0});
  return jpeg;
}

TEST(InputChecks, JpegCutWithAnEndMarkerIsAnErrorUnlessLenient) {
  TempDir dir;
  const std::vector<unsigned char> jpeg = baselineJpeg();
  const std::string cut = dir.file("cut.jpg"), out = dir.file("out.png");
  kc::test::writeBytes(cut, std::string(jpeg.begin(), jpeg.begin() + jpeg.size() / 2) + "\xFF\xD9");
  expectRefused(runKernelcam({"process", "--source", q("image:" + cut), "--backend", "cpu", "--out", q(out)}),
                {cut, "corrupt JPEG data", "premature end of data segment", "--lenient"});
  EXPECT_FALSE(fs::exists(out));
  const CliRun lenient = runKernelcam({"process", "--source", q("image:" + cut), "--filters", "gray", "--backend",
                                       "cpu", "--lenient", "--out", q(out)});
  EXPECT_EQ(lenient.exitCode, 0) << lenient.err;
  EXPECT_EQ(cv::imread(out).cols, 320);
}

TEST(InputChecks, ProgressiveJpegWithZeroedDataIsAnError) {
  const auto photo = kc::test::projectData("samples/Picture_1A_by_freespace.jpg");
  ASSERT_TRUE(fs::exists(photo)) << photo << " (data/samples is part of the repository)";
  std::ifstream in(photo, std::ios::binary);
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  ASSERT_NE(bytes.find("\xFF\xC2"), std::string::npos) << "expected a progressive JPEG";
  bytes.replace(bytes.size() / 2, 200000, std::string(200000, '\0'));
  TempDir dir;
  const std::string damaged = dir.file("zeroed.jpg");
  kc::test::writeBytes(damaged, bytes);
  expectRefused(
      runKernelcam({"process", "--source", q("image:" + damaged), "--backend", "cpu", "--out", q(dir.file("out.png"))}),
      {damaged, "corrupt JPEG data"});
}

// PNG damage: OpenCV decoded a chunk with a bad CRC with only libpng's own warning on stderr, and
// refused cut or corrupt image data without a reason (plus libpng's "libpng error:" line).
// `damaged` is refused in one line holding every needle; --lenient decodes it with one line.
void expectPngRefusedUnlessLenient(const std::string& damaged, std::initializer_list<std::string> needles) {
  TempDir dir;
  const std::string path = dir.file("damaged.png"), out = dir.file("out.png");
  kc::test::writeBytes(path, damaged);
  const CliRun strict = runKernelcam({"process", "--source", q("image:" + path), "--backend", "cpu", "--out", q(out)});
  expectRefused(strict, needles);
  EXPECT_NE(strict.err.find(path), std::string::npos) << strict.err;
  EXPECT_FALSE(fs::exists(out));
  const CliRun lenient = runKernelcam({"process", "--source", q("image:" + path), "--backend", "cpu", "--lenient",
                                       "--filters", "gray", "--out", q(out)});
  EXPECT_EQ(lenient.exitCode, 0) << lenient.err;
  EXPECT_EQ(lines(lenient.err), 1) << "one warning line: " << lenient.err;
  EXPECT_NE(lenient.err.find("decoded anyway (--lenient)"), std::string::npos) << lenient.err;
  EXPECT_EQ(cv::imread(out).cols, 64);
  for (const CliRun* run : {&strict, &lenient})
    EXPECT_EQ(run->err.find("libpng warning"), std::string::npos) << "libpng's own lines: " << run->err;
}

TEST(InputChecks, PngWithAChunkThatFailsItsCrcIsAnErrorUnlessLenient) {
  const std::string png = kc::test::soundPng(kc::test::randomPicture());
  expectPngRefusedUnlessLenient(kc::test::withBadCrcTextChunk(png),
                                {"corrupt PNG data (libpng: \"tEXt: CRC error\"", "--lenient decodes it anyway"});
}

TEST(InputChecks, PngWithCorruptImageDataIsAnErrorUnlessLenient) {
  const std::string png = kc::test::soundPng(kc::test::randomPicture());
  for (const bool fixCrc : {false, true}) {
    SCOPED_TRACE(fixCrc ? "CRC recomputed" : "CRC stale");
    expectPngRefusedUnlessLenient(kc::test::withFlippedImageByte(png, fixCrc),
                                  {"corrupt PNG data (libpng: ", "--lenient decodes it anyway"});
  }
}

TEST(InputChecks, TruncatedPngIsAnErrorUnlessLenient) {
  const std::string png = kc::test::soundPng(kc::test::randomPicture());
  expectPngRefusedUnlessLenient(kc::test::cutInSecondImageChunk(png),
                                {"truncated PNG (the file ends before the image does; rows ", " of 64 are missing)",
                                 "--lenient decodes what is there"});
  expectPngRefusedUnlessLenient(kc::test::withoutEnd(png), {"truncated PNG", "every row was decoded"});
}

TEST(InputChecks, LibpngRemarksReachStderrOnlyWithVerbose) {
  // A gAMA chunk of 0 does not touch the pixels: libpng ignores it with a remark.
  TempDir dir;
  const std::string png = kc::test::soundPng(kc::test::randomPicture(8, 4));
  const std::size_t idat = kc::test::pngChunksOfType(png, "IDAT").front().at;
  const std::string path = dir.file("remark.png");
  kc::test::writeBytes(path, png.substr(0, idat) + kc::test::makeChunk("gAMA", kc::test::be32(0)) + png.substr(idat));
  const QStringList args{"process", "--source", q("image:" + path), "--backend", "cpu", "--out", q(dir.file("o.png"))};
  const CliRun quiet = runKernelcam(args);
  EXPECT_EQ(quiet.exitCode, 0) << quiet.err;
  EXPECT_EQ(quiet.err.find("libpng"), std::string::npos) << quiet.err;
  const CliRun verbose = runKernelcam(QStringList(args) << "--verbose");
  EXPECT_EQ(verbose.exitCode, 0) << verbose.err;
  EXPECT_NE(verbose.err.find("libpng warning: gAMA: gamma value out of range"), std::string::npos) << verbose.err;
}

// A damaged image of a format OpenCV decodes (not PNG or JPEG, which kernelcam reads through libpng
// and libjpeg): OpenCV's own lines (its log, and what its imdecode writes to std::cerr) stay off
// stderr unless --verbose, so the user reads kernelcam's one line.
TEST(InputChecks, ADamagedImageOfAnotherFormatIsOneLineWithOpenCvsTextOnlyWithVerbose) {
  TempDir dir;
  cv::Mat picture(37, 53, CV_8UC3, cv::Scalar(10, 200, 90));
  for (const char* suffix : {".bmp", ".ppm", ".jp2"}) {
    SCOPED_TRACE(suffix);
    std::vector<unsigned char> bytes;
    if (!cv::imencode(suffix, picture, bytes)) continue;  // an OpenCV built without that codec
    bytes.resize(bytes.size() / 2);
    const std::string path = dir.file(std::string("half") + suffix);
    kc::test::writeBytes(path, std::string(bytes.begin(), bytes.end()));
    const QStringList args{"process", "--source", q("image:" + path),  "--backend",
                           "cpu",     "--out",    q(dir.file("o.png"))};
    expectRefused(runKernelcam(args), {"kernelcam: image:" + path + ": "});
    const CliRun verbose = runKernelcam(QStringList(args) << "--verbose");
    EXPECT_EQ(verbose.exitCode, 2) << verbose.err;
    EXPECT_GT(lines(verbose.err), 1) << "OpenCV's own text with --verbose: " << verbose.err;
  }
}

TEST(InputChecks, DeclaredImageSizeIsCheckedBeforeDecoding) {
  TempDir dir;
  std::vector<unsigned char> png;
  ASSERT_TRUE(cv::imencode(".png", cv::Mat(4, 4, CV_8UC3, cv::Scalar::all(9)), png));
  std::string bytes(png.begin(), png.end());
  for (int i = 0; i < 2; ++i) {  // IHDR width and height: 100000 (0x000186A0) each
    bytes[16 + 4 * i] = 0;
    bytes[17 + 4 * i] = 0x01;
    bytes[18 + 4 * i] = static_cast<char>(0x86);
    bytes[19 + 4 * i] = static_cast<char>(0xA0);
  }
  const std::string path = dir.file("huge.png");
  kc::test::writeBytes(path, bytes);
  const CliRun run = runKernelcam({"process", "--source", q("image:" + path), "--out", q(dir.file("out.png"))});
  expectRefused(run, {"100000x100000 is outside the supported frame size (1x1 .. 16384x16384)"});
  EXPECT_EQ(run.err.find("OpenCV("), std::string::npos) << run.err;
}

// ---- 15.7 demo semantics ----------------------------------------------------------------------

TEST(DemoSemantics, ToleranceOfOneOrMoreIsRefused) {
  for (const char* tolerance : {"1", "2", "1e308"}) {
    SCOPED_TRACE(tolerance);
    expectRefused(runKernelcam({"demo", "cg", "--poisson", "4", "--tol", tolerance, "--backend", "cpu"}),
                  {"--tol", "is out of range", "1 or more would stop before the first iteration"});
  }
  const CliRun ok = runKernelcam({"demo", "cg", "--poisson", "4", "--tol", "0.5", "--backend", "cpu"});
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
}

TEST(DemoSemantics, MatmulWhoseEveryVersionWouldBeSkippedIsRefusedUpFront) {
  const auto start = std::chrono::steady_clock::now();
  expectRefused(runKernelcam({"demo", "matmul", "--m", "32768", "--n", "32768", "--k", "32768", "--backend", "cpu"}),
                {"every version would be skipped", "--backend cuda"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << "allocated A and B first";
  // At the limit the CPU rows still run.
  const CliRun ok = runKernelcam({"demo", "matmul", "--m", "64", "--n", "64", "--k", "64", "--backend", "cpu"});
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
}

}  // namespace
