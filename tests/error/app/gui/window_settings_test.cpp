// Must-fail cases of the window's settings, chains and sources (issue 23, items 10, 11, 13 and
// 14): a saved chain is never lost or silently replaced (a stage that cannot run stays in the
// chain, off, with the reason in the notice area, and the saved text stays as it was until the
// user changes the chain); a 10,000-stage chain keeps its overlay (no GL error); a source whose
// frames cannot fit is refused before they exist, as `process` refuses it. The whole window as
// `kernelcam` builds it (GuiSession), CPU backend, under Xvfb; settings in a fresh folder per test.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QSettings>
#include <unistd.h>
#include <QToolButton>

#include "app/backend/frame_admission.hpp"
#include "app/gui/gui_launcher.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "gpu/core/message_text.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {
namespace {

const QString kImage = QStringLiteral(KC_TEST_FIXTURES_DIR "/images/grey_alpha_4x3.png");

const std::string kLevelsKernel =
    "// @param levels int 1..8 = 2   grey levels\n"
    "__global__ void posterize(KcInput in, KcOutput out, KcParams params) {\n"
    "  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
    "  if (x < out.width && y < out.height) out.setRgba(x, y, in.rgba(x, y));\n"
    "}\n";

class WindowSettings : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir_.path().string()));
  }
  static void remember(const char* key, const QString& value) { QSettings().setValue(key, value); }
  static QString setting(const char* key) { return QSettings().value(key).toString(); }
  // `kernelcam` on the CPU backend with what the settings hold, started.
  std::unique_ptr<GuiSession> start(const std::function<void(GuiSession&)>& beforeStart = {}) {
    GuiOptions options;
    options.backend = Backend::Cpu;
    auto session = std::make_unique<GuiSession>(options);
    if (beforeStart) beforeStart(*session);
    session->start();
    return session;
  }
  static bool framesShown(GuiSession& session, int count) {
    const GlRenderer& renderer = session.window().view()->renderer();
    return test::processEventsUntil([&] { return renderer.framesPresented() >= count; }, 60000);
  }
  static const Notice* notice(GuiSession& session, const char* id) {
    return session.window().notices()->find(QString::fromLatin1(id));
  }

  test::TempDir dir_;
};

// Item 10: `chain="gray=lab,kernel=k.cu:levels=4,hist=256"` was saved back as `gray=lab,hist=256`
// on a machine without CUDA. The kernel stage stays in the chain, off, the notice says why, and
// the saved chain keeps it.
TEST_F(WindowSettings, AKernelStageThatCannotRunHereStaysInTheChainOffAndIsSaved) {
  const std::string kernel = dir_.file("k.cu");
  test::writeBytes(kernel, kLevelsKernel);
  const QString saved = QString::fromStdString("gray=lab,kernel=" + kernel + ":levels=4,hist=256");
  remember("filters/chain", saved);
  remember("source/spec", QStringLiteral("pattern"));
  {
    auto session = start();
    FilterDock& dock = *session->window().filterDock();
    ASSERT_TRUE(test::processEventsUntil([&] { return !dock.stageProblem(1).isEmpty(); }, 60000))
        << "the CPU backend cannot run the kernel stage: it is switched off";
    ASSERT_EQ(dock.stageCount(), 3);
    EXPECT_EQ(dock.stageText(1).toStdString(), "kernel=" + kernel + ":levels=4");
    EXPECT_FALSE(dock.stageEnabled(1));
    EXPECT_TRUE(dock.stageProblem(1).contains(QStringLiteral("needs CUDA"))) << dock.stageProblem(1).toStdString();
    EXPECT_EQ(formatFilterChain(dock.chain()), "gray=lab,hist=256") << "the other stages run";
    const Notice* lab = notice(*session, "kernel-lab");
    ASSERT_NE(lab, nullptr);
    EXPECT_TRUE(lab->summary.contains(QStringLiteral("needs CUDA"))) << lab->summary.toStdString();
    EXPECT_TRUE(framesShown(*session, 3));
    session->window().close();  // quitting writes the settings
  }
  EXPECT_EQ(setting("filters/chain"), saved);

  // The user changes the chain (switches the histogram off): the kernel stage is saved with it, on.
  {
    auto session = start();
    FilterDock& dock = *session->window().filterDock();
    ASSERT_EQ(dock.stageCount(), 3);
    dock.setStageEnabled(2, false);
    session->window().close();
  }
  EXPECT_EQ(setting("filters/chain"), saved);
  EXPECT_EQ(setting("filters/off"), QStringLiteral("2"));
  auto session = start();
  FilterDock& dock = *session->window().filterDock();
  ASSERT_EQ(dock.stageCount(), 3);
  EXPECT_FALSE(dock.stageEnabled(2)) << "the user's choice came back";
  EXPECT_EQ(dock.stageText(1).toStdString(), "kernel=" + kernel + ":levels=4");
}

// Item 10, the file that cannot be read or analysed: the stage cannot even be parsed. It stays in
// the list in its saved text, off, with the reason; ticking it once the file is there parses it.
TEST_F(WindowSettings, AKernelStageWhoseFileCannotBeReadIsKeptOffWithTheReason) {
  const std::string kernel = dir_.file("later.cu");
  const QString saved = QString::fromStdString("gray=lab,kernel=" + kernel + ":levels=4,hist=256");
  remember("filters/chain", saved);
  remember("source/spec", QStringLiteral("pattern"));
  {
    auto session = start();
    FilterDock& dock = *session->window().filterDock();
    ASSERT_EQ(dock.stageCount(), 3);
    EXPECT_FALSE(dock.stageUsable(1));
    EXPECT_FALSE(dock.stageEnabled(1));
    EXPECT_TRUE(dock.stageProblem(1).contains(QStringLiteral("no such file"))) << dock.stageProblem(1).toStdString();
    EXPECT_EQ(formatFilterChain(dock.chain()), "gray=lab,hist=256");
    const Notice* chain = notice(*session, "chain");
    ASSERT_NE(chain, nullptr) << "reported in the notice area";
    EXPECT_TRUE(chain->summary.contains(QStringLiteral("no such file"))) << chain->summary.toStdString();
    EXPECT_TRUE(framesShown(*session, 2));

    test::writeBytes(kernel, kLevelsKernel);  // the file is back: ticking the stage tries it again
    dock.setStageEnabled(1, true);
    EXPECT_TRUE(dock.stageUsable(1));
    EXPECT_EQ(dock.stageText(1).toStdString(), "kernel=" + kernel + ":levels=4");
    session->window().close();
  }
  EXPECT_EQ(setting("filters/chain"), saved);
}

// Item 11: an invalid saved chain (`hist=999`, `conv=custom:3:abc`, an unknown stage) was replaced
// by the default, with a status message nobody saw, and the default overwrote it on quit. Now it
// is kept untouched and reported in the notice area with its reason.
TEST_F(WindowSettings, AnInvalidSavedChainIsKeptUntouchedAndReported) {
  const struct {
    QString chain;
    int badIndex;
    QString reason;
  } cases[] = {
      {QStringLiteral("hist=999"), 0, QStringLiteral("999")},
      {QStringLiteral("conv=custom:3:abc"), 0, QStringLiteral("abc")},
      {QStringLiteral("gray=lab, sharpen=2 ,hist=64"), 1, QStringLiteral("unknown stage 'sharpen'")},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.chain.toStdString());
    QSettings().clear();
    remember("filters/chain", c.chain);
    remember("source/spec", QStringLiteral("pattern"));
    {
      auto session = start();
      FilterDock& dock = *session->window().filterDock();
      ASSERT_GT(dock.stageCount(), c.badIndex);
      EXPECT_FALSE(dock.stageUsable(c.badIndex));
      EXPECT_FALSE(dock.stageEnabled(c.badIndex));
      const Notice* chain = notice(*session, "chain");
      ASSERT_NE(chain, nullptr) << "reported in the notice area";
      EXPECT_TRUE(chain->summary.contains(c.reason)) << chain->summary.toStdString();
      EXPECT_TRUE(framesShown(*session, 2));
      QToolButton* shown = session->window().notices()->widget(QStringLiteral("chain"));
      ASSERT_NE(shown, nullptr);
      EXPECT_TRUE(shown->isVisible()) << "a notice that stays, not a passing message";
      session->window().close();
    }
    EXPECT_EQ(setting("filters/chain"), c.chain) << "not overwritten on quit";
    EXPECT_FALSE(QSettings().contains("filters/off"));
  }
  // The user changes the chain: the stage that cannot be used keeps its place and its text.
  {
    auto session = start();
    FilterDock& dock = *session->window().filterDock();
    dock.addStage(parseStage("flip=h"), 0);
    session->window().close();
  }
  EXPECT_EQ(setting("filters/chain"), QStringLiteral("flip=h,gray=lab, sharpen=2 ,hist=64"));
}

// Item 13: a 10,000-stage chain showed "Display problem: GL_INVALID_VALUE" and lost its overlay:
// the timing table was painted one row per stage, 180,000 pixels high, beyond GL_MAX_TEXTURE_SIZE.
TEST_F(WindowSettings, ATenThousandStageChainKeepsItsOverlay) {
  QStringList stages;
  for (int i = 0; i < 10000; ++i) stages << QStringLiteral("flip=h");
  remember("filters/chain", stages.join(QLatin1Char(',')));
  remember("source/spec", QStringLiteral("image:") + kImage);
  auto session = start();
  ASSERT_TRUE(framesShown(*session, 1));
  const GlRenderer& renderer = session->window().view()->renderer();
  session->window().view()->update();
  ASSERT_TRUE(test::processEventsUntil([&] { return renderer.timingOverlayHeight() > 0; }, 20000))
      << "no timing overlay";
  test::processEventsUntil([] { return false; }, 500);  // a few more repaints
  EXPECT_EQ(notice(*session, "render"), nullptr) << notice(*session, "render")->summary.toStdString();
  EXPECT_EQ(renderer.lastStats().stages.size() >= 10000, true);
  EXPECT_LT(renderer.timingOverlayHeight(), 1000) << "a table of the first rows and '... and K more stages'";
  EXPECT_EQ(session->window().filterDock()->stageCount(), 10000);
}

// Item 14: the window took a 16384x16384 pattern with no memory check, where `process` admits
// frames first. The same admission now: on a machine where those frames cannot fit, the pattern
// is refused before a frame exists, with the notice, and shows at its default size instead.
TEST_F(WindowSettings, ASourceWhoseFramesCannotFitIsRefusedAsProcessRefusesIt) {
  constexpr double kBudget = 4.0 * 1024 * 1024 * 1024;  // a machine with 4 GiB available
  std::vector<std::string> asked;
  MemoryNeed largest;
  GuiOptions options;
  options.backend = Backend::Cpu;
  options.source = parseSourceSpec("pattern");
  options.patternSize = RunOptions::Size{16384, 16384};
  auto session = std::make_unique<GuiSession>(options);
  session->controller().setMemoryCheck([&](const std::string& what, const MemoryNeed& need, Backend backend) {
    asked.push_back(what);
    if (need.hostBytes > largest.hostBytes) largest = need;
    if (need.hostBytes > kBudget)
      throw OutOfMemory("not enough host memory for " + what + ": needs about " + formatBytes(need.hostBytes) + ", " +
                        formatBytes(kBudget) + " available (test)");
    EXPECT_EQ(backend, Backend::Cpu);
  });
  session->start();
  ASSERT_FALSE(asked.empty()) << "the window asked for memory before making frames";
  EXPECT_EQ(asked.front(), "16384x16384 frames on the cpu backend");
  EXPECT_EQ(largest.hostBytes, frameMemoryNeed(16384, 16384, Backend::Cpu).hostBytes) << "process's estimate";
  const Notice* source = notice(*session, "source");
  ASSERT_NE(source, nullptr);
  EXPECT_TRUE(source->summary.contains(QStringLiteral("16384x16384"))) << source->summary.toStdString();
  EXPECT_TRUE(source->explanation.contains(QStringLiteral("not enough host memory")))
      << source->explanation.toStdString();
  ASSERT_TRUE(framesShown(*session, 2));
  EXPECT_EQ(session->window().view()->renderer().layout().originalWidth, 1280) << "the pattern at its default size";
}

// Issue 40, class 10: settings that cannot be written (the file a folder, or read-only for the
// user): QSettings kept the run's changes in memory and dropped them at exit without a word. The
// window says so once, at its start, naming the file and why; it runs as usual.
TEST_F(WindowSettings, SettingsThatCannotBeWrittenAreSaidOnce) {
  const QString file = QSettings().fileName();
  ASSERT_TRUE(QDir().mkpath(file)) << "the settings file's path is a folder";
  {
    auto session = start();
    EXPECT_TRUE(framesShown(*session, 1));
    const Notice* said = notice(*session, "settings");
    ASSERT_NE(said, nullptr) << "said in the window";
    EXPECT_TRUE(said->summary.contains(QStringLiteral("Settings cannot be saved"))) << said->summary.toStdString();
    EXPECT_EQ(said->details, file + QStringLiteral(" is a folder, not a file"));
  }
  ASSERT_TRUE(QDir(file).removeRecursively());
  if (::geteuid() == 0) return;  // permissions do not stop root: the read-only case is for users
  remember("view/split", QStringLiteral("0.5"));
  QSettings().sync();
  ASSERT_TRUE(QFile::setPermissions(file, QFileDevice::ReadOwner));
  {
    auto session = start();
    const Notice* said = notice(*session, "settings");
    ASSERT_NE(said, nullptr);
    EXPECT_EQ(said->details, file + QStringLiteral(" is read-only for you"));
  }
  QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
  // Writable again: nothing said.
  auto session = start();
  EXPECT_EQ(notice(*session, "settings"), nullptr);
}

}  // namespace
}  // namespace kc
