// Must-fail (issue 40, class 12): the lab's order page lives in /dev/shm, which every user shares,
// from its creation until the worker has mapped it. Its name was /kernelcam-lab-<pid>-<n>: another
// user could guess it and make it first, and a kernelcam killed at the wrong moment left it there.
// A new page's name is now unpredictable and created with O_EXCL (a taken one is passed over), the
// side that opens it takes only this user's page of the size asked, and the pages of processes
// that are gone are swept. The page's normal work is in tests/gpu/lab/worker/shared_page_test.cpp;
// the order page itself (CUDA) in tests/error/gpu/lab/cuda/runner_ordered_gpu_test.cpp.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/lab/worker/shared_page.hpp"

namespace {

using kc::lab::SharedPage;

// A prefix of this test process's own, so that parallel runs never see each other's pages.
std::string testPrefix(const char* what) { return "/kctest-" + std::to_string(::getpid()) + "-" + what + "-"; }

bool inDevShm(const std::string& name) { return std::filesystem::exists("/dev/shm" + name); }

// A page object made the raw way, left in /dev/shm as a killed process leaves it.
void leavePage(const std::string& name) {
  const int fd = ::shm_open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0) << name;
  ASSERT_EQ(::ftruncate(fd, 4096), 0);
  ::close(fd);
}

// A pid that was a process of ours and is gone (reaped).
pid_t deadPid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

TEST(LabSharedPage, ANewPagesNameCannotBeGuessed) {
  const std::string prefix = testPrefix("name");
  const SharedPage a(SharedPage::UniqueName{prefix, {}}, 4096), b(SharedPage::UniqueName{prefix, {}}, 4096);
  const std::regex form(prefix + std::to_string(::getpid()) + "-[0-9a-f]{16}");
  EXPECT_TRUE(std::regex_match(a.name(), form)) << a.name();
  EXPECT_TRUE(std::regex_match(b.name(), form)) << b.name();
  EXPECT_NE(a.name(), b.name());
  EXPECT_TRUE(inDevShm(a.name()));
}

TEST(LabSharedPage, ANameSomeoneMadeFirstIsPassedOverNeverOpened) {
  const std::string prefix = testPrefix("taken");
  const std::string stem = prefix + std::to_string(::getpid()) + "-";
  SharedPage planted(stem + "planted", 4096, SharedPage::Mode::Create);
  static_cast<unsigned char*>(planted.data())[0] = 0x5a;  // what the planter wrote
  int calls = 0;
  const SharedPage page(SharedPage::UniqueName{prefix, [&] { return ++calls == 1 ? "planted" : "mine"; }}, 4096);
  EXPECT_EQ(page.name(), stem + "mine");
  EXPECT_EQ(static_cast<const unsigned char*>(page.data())[0], 0) << "a fresh page, not the planted one";

  // Every name taken: one line, after a bounded number of tries.
  try {
    const SharedPage never(SharedPage::UniqueName{prefix, [] { return "planted"; }}, 4096);
    ADD_FAILURE() << "created over a name that exists";
  } catch (const kc::Error& error) {
    EXPECT_NE(error.message().find("every name tried is taken"), std::string::npos) << error.message();
  }
}

TEST(LabSharedPage, TheOpeningSideTakesOnlyAPageOfTheSizeAsked) {
  const std::string name = testPrefix("small") + "page";
  SharedPage small(name, 64, SharedPage::Mode::Create);
  try {
    const SharedPage opened(name, 4096, SharedPage::Mode::Open);
    ADD_FAILURE() << "mapped 4096 bytes of a 64-byte object";
  } catch (const kc::Error& error) {
    EXPECT_NE(error.message().find("it is smaller than 4096 bytes"), std::string::npos) << error.message();
  }
}

TEST(LabSharedPage, PagesOfProcessesThatAreGoneAreSwept) {
  const std::string prefix = testPrefix("sweep");
  const std::string dead = prefix + std::to_string(deadPid()) + "-0123456789abcdef";
  const std::string alive = prefix + std::to_string(::getpid()) + "-fedcba9876543210";
  const std::string odd = prefix + "nopid-0123";
  leavePage(dead);
  leavePage(alive);
  leavePage(odd);
  EXPECT_EQ(kc::lab::sweepStaleSharedPages(prefix), 1);
  EXPECT_FALSE(inDevShm(dead)) << "a dead process's page stayed";
  EXPECT_TRUE(inDevShm(alive)) << "a live process's page is its own";
  EXPECT_TRUE(inDevShm(odd)) << "a name not of the lab's form is nobody's to remove";
  ::shm_unlink(alive.c_str());
  ::shm_unlink(odd.c_str());
}

}  // namespace
