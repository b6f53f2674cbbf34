// The lab's order page is a SharedPage: what one side writes the other reads, the name can be
// opened only until the creator unlinks it, and a name that exists is not created twice.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/lab/worker/shared_page.hpp"

namespace {

using kc::lab::SharedPage;

std::string testName(const char* what) { return "/kernelcam-test-" + std::to_string(::getpid()) + "-" + what; }

TEST(LabSharedPage, BothSidesSeeOneZeroFilledPage) {
  SharedPage created(testName("both"), 4096, SharedPage::Mode::Create);
  SharedPage opened(created.name(), 4096, SharedPage::Mode::Open);
  auto* words = static_cast<std::uint64_t*>(created.data());
  auto* seen = static_cast<std::uint64_t*>(opened.data());
  EXPECT_EQ(seen[8], 0u);
  __atomic_store_n(&words[8], 41u, __ATOMIC_SEQ_CST);
  EXPECT_EQ(__atomic_load_n(&seen[8], __ATOMIC_SEQ_CST), 41u);
  EXPECT_NE(created.data(), opened.data()) << "two mappings of one page";
}

TEST(LabSharedPage, TheNameIsGoneOnceUnlinkedAndIsNotCreatedTwice) {
  SharedPage created(testName("unlink"), 4096, SharedPage::Mode::Create);
  EXPECT_THROW(SharedPage(created.name(), 4096, SharedPage::Mode::Create), kc::Error);
  created.unlinkName();
  try {
    SharedPage late(created.name(), 4096, SharedPage::Mode::Open);
    ADD_FAILURE() << "opened an unlinked name";
  } catch (const kc::Error& error) {
    EXPECT_EQ(error.call(), "shm_open");
    EXPECT_NE(error.message().find("No such file or directory"), std::string::npos) << error.message();
  }
}

}  // namespace
