// Every version's sourceAnchor must lead to code in the embedded sources: a renamed kernel
// fails here rather than leaving the panel's source view blank in class.
#include <gtest/gtest.h>

#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/matmul/matmul_versions.hpp"
#include "gpu/demos/reduce/reduce_versions.hpp"
#include "qt_test_app.hpp"
#include "ui/demos/cg_version_notes.hpp"
#include "ui/demos/kernel_source_lookup.hpp"

namespace kc {
namespace {

void expectDefinition(DemoKind kind, const QString& anchor) {
  SCOPED_TRACE(anchor.toStdString());
  const SourceSpan span = findAnchor(anchor, kernelSourceFiles(kind));
  ASSERT_TRUE(span.found());
  const QStringList lines = readKernelSource(span.resourcePath).split(QLatin1Char('\n'));
  ASSERT_LT(span.lastLine, lines.size());
  EXPECT_TRUE(lines[span.definitionLine].contains(anchor)) << lines[span.definitionLine].toStdString();
  EXPECT_LE(span.firstLine, span.definitionLine);
  EXPECT_GT(span.lastLine, span.definitionLine) << "a definition has a body";
  EXPECT_TRUE(lines[span.lastLine].trimmed().startsWith(QLatin1Char('}')));
}

TEST(DemoKernelSources, EveryReduceAndMatmulAnchorIsFound) {
  test::testApplication();
  for (const auto& info : demos::kReduceVersions) {
    const QString anchor = QString::fromLatin1(info.sourceAnchor);
    if (anchor.contains(QStringLiteral("::"))) {  // the library: its call site
      EXPECT_TRUE(findAnchor(anchor, kernelSourceFiles(DemoKind::Reduce)).found()) << info.sourceAnchor;
      continue;
    }
    expectDefinition(DemoKind::Reduce, anchor);
  }
  for (const char* cpu : {"referenceLoop", "mat3MinReference"}) expectDefinition(DemoKind::Reduce, QString::fromLatin1(cpu));
  for (const auto& info : demos::kMatmulVersions) {
    if (info.version == demos::MatmulVersion::Cublas) {
      EXPECT_TRUE(findAnchor(QString::fromLatin1(info.sourceAnchor), kernelSourceFiles(DemoKind::Matmul)).found());
      continue;
    }
    expectDefinition(DemoKind::Matmul, QString::fromLatin1(info.sourceAnchor));
  }
  for (const char* cpu : {"matmulReference", "transposedLoop"}) expectDefinition(DemoKind::Matmul, QString::fromLatin1(cpu));
}

TEST(DemoKernelSources, EveryCgVersionNoteIsFound) {
  test::testApplication();
  for (cg::CgVersion version : {cg::CgVersion::Cpu, cg::CgVersion::ScalarCsr, cg::CgVersion::VectorCsr, cg::CgVersion::CuSparse})
    expectDefinition(DemoKind::Cg, QString::fromLatin1(cgVersionNote(version).anchor));
}

TEST(DemoKernelSources, CallsDeclarationsAndCommentsAreNotDefinitions) {
  const QString text = QStringLiteral(
      "int kernel(int x);\n"                       // 0 declaration
      "// kernel(x) { is described here\n"         // 1 comment
      "void user() { gpu::kernel<<<1, 1>>>(2); kernel(3); run([] { kernel(4); }); }\n"  // 2 calls
      "// Explains the kernel.\n"                  // 3
      "template <class T>\n"                       // 4
      "__global__ void kernel(T x) {\n"            // 5 the definition
      "  if (x) { x = 0; }\n"                      // 6
      "}\n");                                      // 7
  const SourceSpan span = findAnchorInText(QStringLiteral("kernel"), text, false);
  ASSERT_TRUE(span.found());
  EXPECT_EQ(span.definitionLine, 5);
  EXPECT_EQ(span.firstLine, 3);
  EXPECT_EQ(span.lastLine, 7);
  EXPECT_FALSE(findAnchorInText(QStringLiteral("missing"), text, true).found());
}

}  // namespace
}  // namespace kc
