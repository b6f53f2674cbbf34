// The dock holds the real chain: any order, repeats, add / remove / reorder / enable, each stage's
// controls generated from its registry parameters. A chain put in comes back out unchanged, custom
// kernels included; an invalid edit is refused where it is typed and the last valid chain stays.
#include <gtest/gtest.h>

#include <QAction>
#include <filesystem>
#include <fstream>
#include <QComboBox>
#include <QSpinBox>
#include <QTableWidget>

#include "gpu/lab/kernel_template.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/stage_editor.hpp"
#include "tests/ui/window/filter_dock_cells.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST(FilterDock, RoundTripsAnyChainInItsOrder) {
  test::testApplication();
  for (const char* chainText :
       {"gray=bt601,conv=box:3:clamp,transpose,conv=box:5:reflect,flip=h,hist=64",
        "hist=16,conv=custom:3:0 -1 0 -1 5 -1 0 -1 0:zero,gray=lab,gray=lab", "flip=v,flip=v", "transpose"}) {
    SCOPED_TRACE(chainText);
    FilterDock dock;
    FilterChain received;
    QObject::connect(&dock, &FilterDock::chainChanged, [&](const FilterChain& chain) { received = chain; });
    dock.setChain(parseFilterChain(chainText));
    EXPECT_EQ(text(dock.chain()), text(parseFilterChain(chainText)));
    EXPECT_EQ(text(received), text(parseFilterChain(chainText)));
    // Selecting each stage builds its editor from the registry and changes nothing.
    for (int i = 0; i < dock.stageCount(); ++i) {
      dock.selectStage(i);
      ASSERT_NE(dock.editor(), nullptr);
      EXPECT_EQ(formatStage(dock.editor()->stage()), formatStage(dock.chain()[static_cast<std::size_t>(i)]));
    }
    EXPECT_EQ(text(dock.chain()), text(parseFilterChain(chainText)));
  }
}

TEST(FilterDock, StartsWithTheDefaultChainAndEditsTheList) {
  test::testApplication();
  FilterDock dock;
  EXPECT_EQ(text(dock.chain()), text(defaultFilterChain()));
  dock.setChain(parseFilterChain("gray,hist=8"));
  dock.addStage(parseStage("flip=h"), 0);
  EXPECT_EQ(text(dock.chain()), "flip=h,gray=lab,hist=8");
  dock.moveStage(0, 2);
  EXPECT_EQ(text(dock.chain()), "gray=lab,hist=8,flip=h");
  dock.setStageEnabled(0, false);
  EXPECT_FALSE(dock.stageEnabled(0));
  EXPECT_EQ(text(dock.chain()), "hist=8,flip=h");
  dock.setStageEnabled(0, true);
  dock.removeStage(1);
  EXPECT_EQ(text(dock.chain()), "gray=lab,flip=h");
  dock.addStage(parseStage("gray=bt709"));  // repeats are fine
  EXPECT_EQ(text(dock.chain()), "gray=lab,flip=h,gray=bt709");
}

TEST(FilterDock, EditorControlsChangeTheSelectedStage) {
  test::testApplication();
  FilterDock dock;
  dock.setChain(parseFilterChain("gray,conv=gauss:5,conv=box:3"));
  dock.selectStage(2);
  auto* size = qobject_cast<QSpinBox*>(dock.editor()->control("size"));
  auto* border = qobject_cast<QComboBox*>(dock.editor()->control("border"));
  ASSERT_TRUE(size && border);
  size->setValue(7);
  border->setCurrentText(QStringLiteral("reflect"));
  EXPECT_EQ(text(dock.chain()), "gray=lab,conv=gauss:5:clamp,conv=box:7:reflect");
  // The weights grid shows only for the custom preset.
  EXPECT_FALSE(dock.editor()->control("custom")->isVisibleTo(dock.editor()));
  qobject_cast<QComboBox*>(dock.editor()->control("preset"))->setCurrentText(QStringLiteral("custom"));
  EXPECT_TRUE(dock.editor()->control("custom")->isVisibleTo(dock.editor()));
  // It starts as the identity at the current size.
  EXPECT_EQ(formatStage(dock.chain()[2]),
            "conv=custom:7:0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 "
            "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0:reflect");
}

TEST(FilterDock, ResizingTheGridKeepsTheKernelCentred) {
  test::testApplication();
  FilterDock dock;
  dock.setChain(parseFilterChain("conv=custom:3:0 0 0 0 1 0 0 0 0:clamp"));
  auto* size = qobject_cast<QSpinBox*>(dock.editor()->control("size"));
  size->setValue(5);  // identity stays identity: a ring of zeros around it
  EXPECT_EQ(text(dock.chain()), "conv=custom:5:0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0:clamp");
  size->setValue(1);  // back to the centre's weight alone
  EXPECT_EQ(text(dock.chain()), "conv=custom:1:1:clamp");
  qobject_cast<QTableWidget*>(dock.editor()->control("custom"))->item(0, 0)->setText(QStringLiteral("0.5"));
  size->setValue(3);  // a new ring is 0, the centre keeps its weight
  EXPECT_EQ(text(dock.chain()), "conv=custom:3:0 0 0 0 0.5 0 0 0 0:clamp");
  size->setValue(4);  // even: refused where it is typed, the 3x3 keeps running
  EXPECT_EQ(text(dock.chain()), "conv=custom:3:0 0 0 0 0.5 0 0 0 0:clamp");
  EXPECT_TRUE(dock.errorText().contains(QStringLiteral("even")));
}

TEST(FilterDock, AddMenuListsEveryRegisteredStage) {
  test::testApplication();
  FilterDock dock;
  for (const StageDefinition* definition : stageRegistry().all()) {
    if (definition->id == "kernel") continue;  // needs a file: below
    const int before = dock.stageCount();
    dock.addStage(makeStage(definition->id));
    EXPECT_EQ(dock.stageCount(), before + 1) << definition->id;
  }
  // The kernel stage needs a file: Add asks for it; cancelled, nothing is added and nothing is wrong.
  QAction* addKernel = nullptr;
  for (QAction* action : dock.findChildren<QAction*>())
    if (action->data().toString() == QStringLiteral("kernel")) addKernel = action;
  ASSERT_NE(addKernel, nullptr);
  QString askedFilter;
  dock.setFileChooser([&](const QString&, const QString& filter) {
    askedFilter = filter;
    return QString();
  });
  const int before = dock.stageCount();
  addKernel->trigger();
  EXPECT_TRUE(askedFilter.contains(QStringLiteral("*.cu"))) << askedFilter.toStdString();
  EXPECT_EQ(dock.stageCount(), before);
  EXPECT_TRUE(dock.errorText().isEmpty()) << dock.errorText().toStdString();
}

TEST(FilterDock, AddingTheKernelStageAsksForItsFile) {
  test::testApplication();
  test::TempDir dir;
  const std::filesystem::path kernel = dir.path() / "mine.cu";
  std::ofstream(kernel) << lab::kernelTemplate();
  const std::filesystem::path notAKernel = dir.path() / "notes.cu";
  std::ofstream(notAKernel) << "this is not CUDA\n";

  FilterDock dock;
  const int before = dock.stageCount();
  dock.setFileChooser([&](const QString&, const QString&) { return QString::fromStdString(notAKernel.string()); });
  EXPECT_FALSE(dock.addRegisteredStage("kernel"));
  EXPECT_EQ(dock.stageCount(), before);
  EXPECT_FALSE(dock.errorText().isEmpty()) << "a file that is not a kernel: the dock says why";

  dock.setFileChooser([&](const QString&, const QString&) { return QString::fromStdString(kernel.string()); });
  ASSERT_TRUE(dock.addRegisteredStage("kernel")) << dock.errorText().toStdString();
  ASSERT_EQ(dock.stageCount(), before + 1);
  EXPECT_EQ(dock.stageText(before).toStdString(), "kernel=" + kernel.string());
}

}  // namespace
}  // namespace kc
