// --preset NAME runs a chain the window saved (Filters > Save chain as preset), in `process` and the
// window alike; an unknown name, or --preset with --filters, is one line and exit 2.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/app/cli/preset_fixture.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST_F(CliPreset, ProcessRunsTheSavedChain) {
  const QString json = QString::fromStdString(dir_.file("run.json"));
  const test::CliRun run =
      process({QStringLiteral("--preset"), QStringLiteral("grey 709"), QStringLiteral("--json"), json});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  QFile file(json);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  EXPECT_EQ(QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("filters")).toString(),
            QStringLiteral("gray=bt709,hist=64"));
}

}  // namespace
}  // namespace kc
