// Every version's sourceAnchor must lead to code in the embedded sources: a renamed kernel
// fails here rather than leaving the panel's source view blank in class.
#include <gtest/gtest.h>

#include "gpu/demos/demo_registry.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/demos/kernel_source_lookup.hpp"

namespace kc {
namespace {

void expectDefinition(const QString& demo, const QString& anchor) {
  SCOPED_TRACE(anchor.toStdString());
  const SourceSpan span = findAnchor(anchor, kernelSourceFiles(demo));
  ASSERT_TRUE(span.found());
  const QStringList lines = readKernelSource(span.resourcePath).split(QLatin1Char('\n'));
  ASSERT_LT(span.lastLine, lines.size());
  EXPECT_TRUE(lines[span.definitionLine].contains(anchor)) << lines[span.definitionLine].toStdString();
  EXPECT_LE(span.firstLine, span.definitionLine);
  EXPECT_GT(span.lastLine, span.definitionLine) << "a definition has a body";
  EXPECT_TRUE(lines[span.lastLine].trimmed().startsWith(QLatin1Char('}')));
}

TEST(DemoKernelSources, EveryVersionOfEveryDemoIsFound) {
  test::testApplication();
  const std::vector<std::string> ids = demos::demoRegistry().ids();
  ASSERT_EQ(ids, (std::vector<std::string>{"reduce", "matmul", "cg"}));
  for (const std::string& id : ids) {
    const QString demo = QString::fromStdString(id);
    for (const demos::DemoVersion& version : demos::demoRegistry().find(id)->versions) {
      const QString anchor = QString::fromStdString(version.sourceAnchor);
      if (version.anchorIsCall)  // the library: its call site
        EXPECT_TRUE(findAnchor(anchor, kernelSourceFiles(demo)).found()) << version.sourceAnchor;
      else expectDefinition(demo, anchor);
    }
  }
  // mat3min's rows, which the version list (the common reductions') does not name.
  for (const char* anchor : {"mat3MinReference", "mat3MinPartials"})
    expectDefinition(QStringLiteral("reduce"), QString::fromLatin1(anchor));
}

// The build compiles in each demo's folder (ui/CMakeLists.txt); each file a record names is there.
TEST(DemoKernelSources, EveryFileARecordNamesIsEmbedded) {
  test::testApplication();
  for (const demos::DemoDefinition* demo : demos::demoRegistry().all()) {
    const QStringList files = kernelSourceFiles(QString::fromStdString(demo->id));
    EXPECT_EQ(static_cast<std::size_t>(files.size()), demo->sourceFiles.size()) << demo->id;
    EXPECT_FALSE(files.isEmpty()) << demo->id << " shows its code";
    for (const QString& file : files) EXPECT_FALSE(readKernelSource(file).isEmpty()) << file.toStdString();
  }
  EXPECT_TRUE(kernelSourceFiles(QStringLiteral("nothing")).isEmpty());
}

TEST(DemoKernelSources, CallsDeclarationsAndCommentsAreNotDefinitions) {
  const QString text = QStringLiteral(
      "int kernel(int x);\n"                                                            // 0 declaration
      "// kernel(x) { is described here\n"                                              // 1 comment
      "void user() { gpu::kernel<<<1, 1>>>(2); kernel(3); run([] { kernel(4); }); }\n"  // 2 calls
      "void more() { check(\"kernel {\"); apply(kernel, [] { return 1; }); }\n"         // 3 string, argument
      "void launch() { kernel<float><<<1, 1>>>(2); }\n"                                 // 4 launch
      "// Explains the kernel.\n"                                                       // 5
      "template <class T>\n"                                                            // 6
      "__global__ void kernel(T x) {\n"                                                 // 7 the definition
      "  if (x) { x = 0; }\n"                                                           // 8
      "}\n");                                                                           // 9
  const SourceSpan span = findAnchorInText(QStringLiteral("kernel"), text, false);
  ASSERT_TRUE(span.found());
  EXPECT_EQ(span.definitionLine, 7);
  EXPECT_EQ(span.firstLine, 5);
  EXPECT_EQ(span.lastLine, 9);
  EXPECT_FALSE(findAnchorInText(QStringLiteral("missing"), text, true).found());
}

}  // namespace
}  // namespace kc
