// The lab's starting points are found, not listed (ui/CMakeLists.txt compiles in every
// resources/lab/*.cu); builtInKernels() gives each its title and counterpart. A file added without
// its entry would never be offered, and an entry without its file would open nothing: both fail here.
#include <gtest/gtest.h>

#include <QDir>

#include "tests/support/qt_test_app.hpp"
#include "ui/lab/builtin_kernels.hpp"

namespace kc {
namespace {

TEST(BuiltInKernels, EveryEmbeddedFileIsOfferedAndEveryOfferHasItsFile) {
  test::testApplication();
  ASSERT_FALSE(builtInKernelText(QStringLiteral("grey.cu")).isEmpty());  // the resources registered
  QStringList embedded = QDir(QStringLiteral(":/lab")).entryList(QDir::Files);
  QStringList offered;
  for (const BuiltInKernel& kernel : builtInKernels()) {
    offered << kernel.fileName;
    EXPECT_FALSE(builtInKernelText(kernel.fileName).isEmpty()) << kernel.fileName.toStdString();
    EXPECT_FALSE(kernel.title.isEmpty()) << kernel.fileName.toStdString();
  }
  embedded.sort();
  offered.sort();
  EXPECT_EQ(embedded, offered);
  EXPECT_TRUE(builtInKernelText(QStringLiteral("missing.cu")).isEmpty());
}

}  // namespace
}  // namespace kc
