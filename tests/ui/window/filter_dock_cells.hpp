// The helpers shared by tests/ui/window/filter_dock_test.cpp and its must-fail tests
// (tests/error/ui/window/filter_dock_test.cpp).
#pragma once

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

namespace kc::test {

inline std::string text(const FilterChain& chain) { return formatFilterChain(chain); }

}  // namespace kc::test
