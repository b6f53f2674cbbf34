// The per-line profile in the editor (ui/lab/line_heat.hpp, KernelLabPanel's Profile lines): the
// figures land on the lines they belong to, the frame accessors' figures on the lines that call
// them, the heat says memory or instruction share, the tooltip gives the figures, an edit clears
// what no longer fits, and a profile without figures says why. A fake toolchain plays the GPU.
#include <gtest/gtest.h>

#include <QPushButton>

#include "gpu/lab/program_source.hpp"
#include "tests/ui/lab/lab_panel_fixture.hpp"
#include "ui/lab/line_heat.hpp"

namespace kc::test {
namespace {

// kGood's figures as a worker would send them: lines 3 and 6 of the kernel, and the prelude's
// in.rgba() (line 10) reading down columns: 32 sectors per request where 4 would do.
std::vector<lab::LineFigures> goodKernelFigures(const std::string& path) {
  return {{path, 3, 100, 0, 0, 0, 0, 0, 0},
          {path, 6, 300, 0, 0, 0, 0, 0, 0},
          {lab::kPreludeName, 10, 200, 10, 320, 40, 0, 0, 0},
          {lab::kPreludeName, 23, 50, 10, 40, 40, 0, 0, 0}};
}

TEST(LineHeat, TheAccessorsFiguresGoToTheLineThatCallsThem) {
  const std::vector<LineHeat> heat = lineHeat(goodKernelFigures("k.cu"), "k.cu", QString::fromStdString(kGood));
  ASSERT_EQ(heat.size(), 2u);
  EXPECT_EQ(heat[0].line, 3);
  EXPECT_FALSE(heat[0].memory);
  EXPECT_EQ(heat[1].line, 6);  // its own 300 instructions, in.rgba() and out.setRgba()
  EXPECT_TRUE(heat[1].memory) << "in.rgba() moves 8x the sectors it needs";
  EXPECT_GT(heat[1].level, heat[0].level);
  EXPECT_TRUE(
      heat[1].text.contains(QStringLiteral("in.rgba(): 30.8% of instructions; global 32.0 sectors/request "
                                           "(ideal 4.0): 8.0x the sectors, uncoalesced")))
      << heat[1].text.toStdString();
  EXPECT_TRUE(heat[1].text.contains(QStringLiteral("out.setRgba(): ")));
}

lab::LabToolchain profilingToolchain(std::function<lab::LineProfile(const std::string& path)> result) {
  lab::LabToolchain toolchain = fakeToolchain();
  toolchain.profile = [result](const lab::KernelSource& source) -> std::function<lab::LineProfile()> {
    return [result, path = source.path] { return result(path); };
  };
  return toolchain;
}

class LabProfile : public LabPanel {
 protected:
  void open(lab::LabToolchain toolchain) {
    panel_ = std::make_unique<KernelLabPanel>(std::move(toolchain), QString::fromStdString(dir_.file("lab")));
    panel_->scheduler()->setDelayMs(30);
    path_ = dir_.file("k.cu");
    writeBytes(path_, kGood);
    ASSERT_TRUE(panel_->openFile(QString::fromStdString(path_)));
    ASSERT_TRUE(settle());
  }
  std::string path_;
};

TEST_F(LabProfile, ProfileLinesColoursTheGutterAndAnEditClearsIt) {
  open(profilingToolchain([](const std::string& path) { return lab::LineProfile{goodKernelFigures(path), {}}; }));
  ASSERT_TRUE(panel_->profileButton()->isEnabled());
  panel_->profileLines();
  ASSERT_TRUE(processEventsUntil([this] { return !panel_->editor()->heat().empty(); }, 5000))
      << panel_->profileText().toStdString();
  EXPECT_TRUE(panel_->profileText().contains(QStringLiteral("far from the ideal on line 6")))
      << panel_->profileText().toStdString();
  ASSERT_NE(panel_->editor()->heatAt(6), nullptr);
  EXPECT_EQ(panel_->editor()->heatAt(5), nullptr);
  panel_->editor()->jumpTo(5, 1);
  type(QStringLiteral(" "));
  EXPECT_TRUE(panel_->editor()->heat().empty()) << "an edit moves lines: the old figures must go";
  EXPECT_TRUE(panel_->profileText().contains(QStringLiteral("profile again")));
}

TEST_F(LabProfile, AProfileWithoutFiguresSaysWhy) {
  open(profilingToolchain([](const std::string&) {
    return lab::LineProfile{
        {}, "the NVIDIA driver lets only administrators profile (NVreg_RestrictProfilingToAdminUsers=1)"};
  }));
  panel_->profileLines();
  ASSERT_TRUE(
      processEventsUntil([this] { return panel_->profileText().startsWith(QStringLiteral("no per-line")); }, 5000));
  EXPECT_EQ(panel_->profileText().toStdString(),
            "no per-line figures: the NVIDIA driver lets only administrators profile "
            "(NVreg_RestrictProfilingToAdminUsers=1)");
  EXPECT_TRUE(panel_->editor()->heat().empty());
}

TEST_F(LabProfile, WithoutADeviceTheButtonIsOffAndSaysWhy) {
  lab::LabToolchain toolchain = fakeToolchain();
  toolchain.cannotRun = "the kernel stage needs CUDA (no CUDA device)";
  open(std::move(toolchain));
  EXPECT_FALSE(panel_->profileButton()->isEnabled());
  EXPECT_TRUE(panel_->profileButton()->toolTip().contains(QStringLiteral("no CUDA device")));
}

}  // namespace
}  // namespace kc::test
