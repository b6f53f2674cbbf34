// Must-fail: `process --out x.mp4|x.avi` where the video cannot be written (issue 23, items 3, 8, 9
// and 12). cv::VideoWriter reported nothing: a full disk exited 0 and replaced a good older file
// with an unplayable one, a symlink to /dev/full was replaced by a regular file, a FIFO got 0 bytes
// and FFmpeg's raw "muxer does not support non seekable output"; a signal left the temporary
// `.x.partial-PID-0.mp4`, whose predictable name was opened without O_EXCL (a planted symlink was
// followed); FFmpeg's own log lines reached stderr. Each case: one line, the exit code, nothing
// lost, nothing left.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QProcess>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/video_read.hpp"

namespace {

namespace fs = std::filesystem;
using kc::test::CliRun;
using kc::test::lines;
using kc::test::q;
using kc::test::readAll;
using kc::test::runKernelcam;
using kc::test::TempDir;

std::vector<std::string> entries(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

QStringList processPattern(const std::string& size, int frames, const std::string& out) {
  return {"process",
          "--source",
          "pattern",
          "--size",
          q(size),
          "--filters",
          "gray=bt601",
          "--backend",
          "cpu",
          "--frames",
          QString::number(frames),
          "--out",
          q(out)};
}

void expectOneLine(const CliRun& run, int exitCode, const std::string& message) {
  EXPECT_EQ(run.exitCode, exitCode) << run.err;
  EXPECT_EQ(lines(run.err), 1) << "one line on stderr: " << run.err;
  EXPECT_EQ(run.err.rfind("kernelcam: ", 0), 0u) << run.err;
  EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find(" @ 0x"), std::string::npos) << "no FFmpeg log line: " << run.err;
}

// Item 3: a disk that fills mid-video. A 64 KiB tmpfs in a private mount namespace (no root
// needed); an older, good file at the target must keep its bytes.
TEST(VideoOutputErrors, AFullDiskIsExitOneAndTheOlderVideoStaysUntouched) {
  TempDir dir;
  for (const std::string name : {"x.mp4", "x.avi"}) {
    SCOPED_TRACE(name);
    const std::string small = dir.file("small_" + name.substr(2));
    fs::create_directories(small);
    const std::string target = small + "/" + name;
    const std::string script = "mount -t tmpfs -o size=64k tmpfs '" + small + "' && head -c 16384 /dev/zero > '" +
                               small + "/fill' && printf 'older video' > '" + target + "' && '" + KC_KERNELCAM_BINARY +
                               "' " + processPattern("640x480", 60, target).join(' ').toStdString() +
                               "; status=$?; ls -A '" + small + "' >&2; cat '" + target + "' >&2; exit $status";
    const CliRun shell =
        kc::test::runProgram("unshare", {"--user", "--map-root-user", "--mount", "sh", "-c", q(script)});
    if (shell.err.find("fill") == std::string::npos)
      GTEST_SKIP() << "no private tmpfs here (unshare/mount unavailable): " << shell.err;
    EXPECT_EQ(shell.exitCode, 1) << shell.err;
    EXPECT_EQ(shell.err.rfind(
                  "kernelcam: --out '" + target + "': cannot write (no space left on the device (disk full))\n", 0),
              0u)
        << shell.err;
    // Then `ls -A`: the filler and the older file, no temporary; then the older file's bytes.
    EXPECT_NE(shell.err.find("\nfill\n" + name + "\nolder video"), std::string::npos) << shell.err;
  }
}

// Item 3: a symlink to /dev/full. An MP4 cannot be written to a device (its index is written by
// seeking back): refused up front, exit 2. An AVI streams to it as every output writes a device:
// the first write fails, exit 1. Either way the link stays a link.
TEST(VideoOutputErrors, ASymlinkToDevFullStaysALinkAndTheFailureIsOneLine) {
  TempDir dir;
  const std::string mp4 = dir.file("full.mp4"), avi = dir.file("full.avi");
  fs::create_symlink("/dev/full", mp4);
  fs::create_symlink("/dev/full", avi);
  expectOneLine(runKernelcam(processPattern("64x48", 5, mp4)), 2,
                "--out '" + mp4 + "': cannot write ('/dev/full' is a character device; an MP4 needs a regular file");
  expectOneLine(runKernelcam(processPattern("64x48", 5, avi)), 1,
                "--out '" + avi + "': cannot write (no space left on the device (disk full))");
  for (const std::string& link : {mp4, avi}) {
    EXPECT_TRUE(fs::is_symlink(link)) << link << " was replaced";
    EXPECT_EQ(fs::read_symlink(link), "/dev/full");
  }
  EXPECT_EQ(entries(dir.path()), (std::vector<std::string>{"full.avi", "full.mp4"})) << "no temporary left";
}

// Item 3: a FIFO cannot take an MP4 (FFmpeg: "muxer does not support non seekable output", exit 0
// with 0 bytes): refused before any work, one line of kernelcam's own.
TEST(VideoOutputErrors, AFifoIsRefusedForMp4BeforeAnyWork) {
  TempDir dir;
  const std::string fifo = dir.file("pipe.mp4");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  expectOneLine(runKernelcam(processPattern("64x48", 5, fifo), 20000), 2,
                "--out '" + fifo + "': cannot write (it is a FIFO (named pipe); an MP4 needs a regular file");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15)) << "never waits for a reader";
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"pipe.mp4"});
}

// Item 8: SIGINT, SIGTERM or SIGHUP while the video is written: the temporary goes, the older file
// stays, and the process still ends by that signal.
TEST(VideoOutputSignals, ASignalDuringVideoOutputLeavesNoTemporary) {
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    SCOPED_TRACE(::strsignal(signal));
    struct sigaction inherited {};
    if (::sigaction(signal, nullptr, &inherited) == 0 && inherited.sa_handler == SIG_IGN) {
      std::printf("note: %s is ignored by this process, so by kernelcam too (nohup): not tried\n", ::strsignal(signal));
      continue;
    }
    TempDir dir;
    const std::string target = dir.file("x.mp4");
    kc::test::writeBytes(target, "older video");
    QProcess process;
    process.start(QStringLiteral(KC_KERNELCAM_BINARY), processPattern("320x240", 100000, target));
    ASSERT_TRUE(process.waitForStarted());
    // Until the temporary holds frames: the run is in its loop.
    bool writing = false;
    for (int i = 0; i < 600 && !writing; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      for (const std::string& name : entries(dir.path())) {
        std::error_code ec;
        writing = writing || (name.rfind(".x.partial-", 0) == 0 && fs::file_size(dir.file(name), ec) > 0 && !ec);
      }
    }
    ASSERT_TRUE(writing) << "no temporary appeared: " << process.readAllStandardError().toStdString();
    ::kill(static_cast<pid_t>(process.processId()), signal);
    ASSERT_TRUE(process.waitForFinished(20000));
    EXPECT_EQ(process.exitStatus(), QProcess::CrashExit) << "ended by the signal";
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"x.mp4"}) << "the temporary is removed";
    EXPECT_EQ(readAll(target), "older video");
  }
}

// Item 9: the temporary's name was `.x.partial-PID-0.mp4`, opened with O_TRUNC and no O_EXCL: a
// link planted under that name (the PID is the one `exec` keeps) made kernelcam write the link's
// target, then rename the attacker's link over the output. Now the name is random, the open
// O_EXCL|O_NOFOLLOW: the planted link and its target stay untouched.
TEST(VideoOutputTemporary, APlantedSymlinkAtThePredictableNameIsNeverFollowed) {
  TempDir dir;
  const std::string victim = dir.file("victim.txt"), target = dir.file("x.mp4");
  kc::test::writeBytes(victim, "someone else's file");
  const std::string script = "cd '" + dir.path().string() + "' && ln -s victim.txt .x.partial-$$-0.mp4 && exec '" +
                             KC_KERNELCAM_BINARY + "' " + processPattern("64x48", 10, target).join(' ').toStdString();
  const CliRun run = kc::test::runProgram("sh", {"-c", q(script)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(readAll(victim), "someone else's file");
  EXPECT_FALSE(fs::is_symlink(target)) << "the output is kernelcam's file, not the planted link";
  cv::Size size;
  EXPECT_EQ(kc::test::countVideoFrames(target, &size), 10);
  const std::vector<std::string> names = entries(dir.path());
  ASSERT_EQ(names.size(), 3u) << "the output, the victim and the planted link; no temporary";
  EXPECT_TRUE(std::regex_match(names[0], std::regex(R"(\.x\.partial-[0-9]+-0\.mp4)"))) << names[0];
  EXPECT_TRUE(fs::is_symlink(dir.file(names[0])));
}

// Item 12: a damaged H.264 stream. FFmpeg's decoder logs "[h264 @ 0x...] ..." as it meets the
// damage; that goes through FFmpeg's log hook to stderr with --verbose only, and the user sees
// kernelcam's one line naming the frame.
TEST(VideoOutputErrors, FfmpegsOwnLogLinesReachStderrOnlyWithVerbose) {
  TempDir dir;
  const std::string video = dir.file("v.mp4"), damaged = dir.file("damaged.mp4");
  ASSERT_EQ(runKernelcam(processPattern("320x240", 60, video)).exitCode, 0);
  std::string bytes = readAll(video);
  const std::size_t media = bytes.find("mdat");
  ASSERT_NE(media, std::string::npos);
  for (std::size_t i = media + bytes.size() / 3; i < media + bytes.size() / 3 + 400 && i < bytes.size(); ++i)
    bytes[i] = static_cast<char>((i * 37) & 255);
  kc::test::writeBytes(damaged, bytes);
  const QStringList command = {"process", "--source", q("video:" + damaged), "--backend", "cpu", "--frames",
                               "60",      "--out",    q(dir.file("out.mp4"))};
  const CliRun quiet = runKernelcam(command);
  expectOneLine(quiet, 2, "video:" + damaged + ": the video fails at frame");
  const CliRun verbose = runKernelcam(QStringList(command) << "--verbose");
  EXPECT_EQ(verbose.exitCode, 2) << verbose.err;
  EXPECT_NE(verbose.err.find("[h264 @ 0x"), std::string::npos) << "--verbose shows FFmpeg's lines: " << verbose.err;
  EXPECT_FALSE(fs::exists(dir.file("out.mp4")));
}

}  // namespace
