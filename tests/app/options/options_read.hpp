// The helpers shared by tests/app/options/run_options_test.cpp and its must-fail tests
// (tests/error/app/options/run_options_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QCommandLineParser>

#include "app/cli/commands.hpp"
#include "app/options/run_option_group.hpp"
#include "gpu/core/error.hpp"

namespace kc::test {

// The group's values for `arguments` (after the program's name), or the error's text.
struct Read {
  RunOptions options;
  std::string error;
};

inline Read readWith(OptionsFor command, const QStringList& arguments) {
  const RunOptionGroup group(command);
  QCommandLineParser parser;
  group.addTo(parser);
  EXPECT_TRUE(parser.parse(QStringList{"kernelcam"} + arguments)) << parser.errorText().toStdString();
  Read read;
  try {
    read.options = group.read(parser);
  } catch (const std::exception& e) {
    read.error = e.what();
  }
  return read;
}

}  // namespace kc::test
