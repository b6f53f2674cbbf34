#include "tests/support/gpu_graphics_health.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/cli_run.hpp"

namespace kc::test {

std::vector<std::string> mmuFaultRecords(const std::string& kernelLog) {
  std::vector<std::string> records;
  std::istringstream lines(kernelLog);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t xid = line.find("NVRM: Xid (");
    if (xid == std::string::npos) continue;
    const std::size_t close = line.find("): ", xid);
    if (close != std::string::npos && line.compare(close + 3, 3, "31,") == 0) records.push_back(line.substr(xid));
  }
  return records;
}

std::string readKernelLog() {
  // Each read() of /dev/kmsg is one record; EAGAIN: no more; EPIPE: records were overwritten while
  // reading (go on with the next one).
  const int fd = ::open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return {};
  std::string log;
  char record[8192];
  for (int records = 0; records < 200000; ++records) {
    const ssize_t n = ::read(fd, record, sizeof record);
    if (n < 0 && errno == EPIPE) continue;
    if (n <= 0) break;
    log.append(record, static_cast<std::size_t>(n));
    if (log.back() != '\n') log += '\n';
  }
  ::close(fd);
  return log;
}

namespace {

std::string bootId() {
  std::ifstream in("/proc/sys/kernel/random/boot_id");
  std::string id;
  std::getline(in, id);
  return id;
}

// `kernelcam process --view`: the headless view, through interop where the GL context has it. ""
// when it ends within the limit (whatever its exit: a machine without interop is not stalled).
std::string probeInterop(double limitSeconds) {
  const QTemporaryDir folder;
  QElapsedTimer clock;
  clock.start();
  const CliRun run = runProgram(QStringLiteral(KC_KERNELCAM_BINARY),
                                {"process", "--backend", "cuda", "--source", "pattern", "--frames", "2", "--quiet",
                                 "--view", folder.filePath(QStringLiteral("probe.png"))},
                                static_cast<int>(limitSeconds * 1000));
  // runProgram says -1 for a timeout and for a program that did not start (at once): only the first stalled.
  if (run.exitCode != -1 || clock.elapsed() < static_cast<qint64>(limitSeconds * 1000)) return {};
  return "did not finish within " + std::to_string(static_cast<int>(limitSeconds)) + " s";
}

}  // namespace

std::string stalledInteropReason(double limitSeconds) {
  const std::vector<std::string> faults = mmuFaultRecords(readKernelLog());
  if (faults.empty()) return {};
  const std::filesystem::path verdictFile =
      std::filesystem::temp_directory_path() /
      ("kc-gpu-graphics-health-" + bootId() + "-" + std::to_string(faults.size()) + ".txt");
  {
    std::ifstream cached(verdictFile);
    std::string verdict;
    if (cached && std::getline(cached, verdict)) return verdict == "ok" ? std::string() : verdict;
  }
  const std::string stalled = probeInterop(limitSeconds);
  const std::string verdict =
      stalled.empty() ? std::string()
                      : "this GPU had an MMU fault since the machine started (" + faults.front().substr(0, 160) +
                            ") and CUDA-GL interop now stalls: `kernelcam process --backend cuda --view` " + stalled +
                            ". On NVIDIA's driver this lasts until the machine restarts, in every new process "
                            "(docs/HARDENING.md, round 4, 14): restart it before the window's GPU tests";
  // Written whole, then renamed into place: test processes that run at once read it whole or not at all.
  const std::filesystem::path written = verdictFile.string() + "." + std::to_string(::getpid());
  std::ofstream(written) << (verdict.empty() ? "ok" : verdict) << '\n';
  std::error_code ignored;
  std::filesystem::rename(written, verdictFile, ignored);
  return verdict;
}

}  // namespace kc::test
