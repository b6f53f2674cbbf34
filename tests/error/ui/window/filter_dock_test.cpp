// Must-fail: a stage's cell edited into a value the stage cannot take: refused with the reason, and the
// last valid chain stays. The dock's editing is in tests/ui/window/filter_dock_test.cpp.
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

TEST(FilterDock, AnInvalidCellIsRefusedAndTheLastValidChainStays) {
  test::testApplication();
  FilterDock dock;
  dock.setChain(parseFilterChain("conv=custom:3:0 0 0 0 1 0 0 0 0:clamp"));
  const std::string valid = text(dock.chain());
  auto* grid = qobject_cast<QTableWidget*>(dock.editor()->control("custom"));
  ASSERT_NE(grid, nullptr);
  grid->item(0, 1)->setText(QStringLiteral("abc"));  // what a user types
  EXPECT_EQ(text(dock.chain()), valid);              // chain() never throws and keeps the valid one
  EXPECT_TRUE(dock.errorText().contains(QStringLiteral("'abc'"))) << dock.errorText().toStdString();
  EXPECT_EQ(grid->item(0, 1)->background().color(), QColor(255, 150, 150));
  grid->item(0, 1)->setText(QStringLiteral("2"));
  EXPECT_TRUE(dock.errorText().isEmpty());
  EXPECT_EQ(text(dock.chain()), "conv=custom:3:0 2 0 0 1 0 0 0 0:clamp");
}

}  // namespace
}  // namespace kc
