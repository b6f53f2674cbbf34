// The helpers shared by tests/app/cli/cli_demo_test.cpp and its must-fail tests
// (tests/error/app/cli/cli_demo_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::test {

inline QJsonObject readJson(const std::string& path) {
  QFile file(QString::fromStdString(path));
  if (!file.open(QIODevice::ReadOnly)) {
    ADD_FAILURE() << "cannot open " << path;
    return {};
  }
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
  EXPECT_EQ(error.error, QJsonParseError::NoError) << path << ": " << error.errorString().toStdString();
  EXPECT_TRUE(doc.isObject()) << path;
  return doc.object();
}

}  // namespace kc::test
