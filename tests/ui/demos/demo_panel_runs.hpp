// The helpers shared by tests/ui/demos/demo_panel_test.cpp and its must-fail tests
// (tests/error/ui/demos/demo_panel_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QChart>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/support/test_data.hpp"
#include "gpu/core/error.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"
#include "ui/demos/kernel_source_view.hpp"

namespace kc::test {

inline const QString kMatrixDir = QString::fromStdString(test::projectData("matrices").string());

inline bool waitForRun(const DemoPanel& panel) {
  return test::processEventsUntil([&] { return !panel.running(); }, 30000);
}

inline QPushButton* runButton(const DemoPanel& panel) {
  return panel.findChild<QPushButton*>(QStringLiteral("demoRun"));
}

}  // namespace kc::test
