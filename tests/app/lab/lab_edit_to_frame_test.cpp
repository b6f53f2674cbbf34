// Issue 22: from the last keystroke to the first frame that ran the new kernel, in the window as
// `kernelcam` builds it, on CUDA (a `kernel=` stage runs only there): 20 edits of the lab's
// template (its levels changed, as a student would), each timed by the lab's own clock
// (LabController::editToFrameMeasured). Issue 22's targets are p50 <= 80 ms, p95 <= 150 ms; the
// H200 machines give p50 51-80, p95 58-86 ms (2026-11-28, seventh session; with the old 300 ms
// debounce 361-387), all but ~5.5 ms of it NVRTC at the speed of whichever vCPU it gets: the test
// holds the line at what is reached (p50 <= 150, p95 <= 250: a fixed wait coming back fails it)
// and prints both.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QSettings>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "app/backend/pipeline_factory.hpp"
#include "app/lab/lab_controller.hpp"
#include "tests/support/started_session.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"

namespace kc {
namespace {

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5)];
}

TEST(LabEditToFrame, TwentyEditsOfTheTemplateReachTheScreenWithinTheTargets) {
  test::TempDir dir;
  std::string skip;
  auto session = test::startedLabSession(dir.path(), &skip);
  if (!session) GTEST_SKIP() << skip;
  KernelLabPanel& lab = session->labPanel();
  ASSERT_TRUE(lab.newFile(QString::fromStdString(dir.file("edit.cu")))) << lab.statusText().toStdString();

  std::vector<double> measured;
  QObject::connect(&session->lab(), &LabController::editToFrameMeasured, [&](double ms) { measured.push_back(ms); });
  ASSERT_TRUE(test::processEventsUntil([&] { return !measured.empty(); }, 30000)) << "the new file never ran";
  const QString base = lab.editor()->toPlainText();
  ASSERT_TRUE(base.contains(QStringLiteral("int 2..32 = 6")));
  // Each timed edit is a text not compiled before in this process (levels firstLevel, firstLevel + 1,
  // ...; never the template's 6): a repeat would be answered by the compile cache, not timed.
  auto timeEdits = [&](int count, int firstLevel) {
    std::vector<double> edits;
    for (int edit = 0; edit < count; ++edit) {
      measured.clear();
      QString text = base;
      text.replace(QStringLiteral("int 2..32 = 6"), QStringLiteral("int 2..32 = %1").arg(firstLevel + edit));
      lab.editor()->setPlainText(text);
      if (!test::processEventsUntil([&] { return !measured.empty(); }, 10000)) {
        ADD_FAILURE() << "edit " << edit << " never ran";
        break;
      }
      edits.push_back(measured.back());
    }
    return edits;
  };
  // The old fixed wait first, for the record (issue 22's 312 ms): the same edits, 300 ms debounce.
  const int defaultDelay = lab.scheduler()->delayMs();
  lab.scheduler()->setDelayMs(300);
  const std::vector<double> debounced = timeEdits(5, 7);
  lab.scheduler()->setDelayMs(defaultDelay);
  if (!debounced.empty())
    std::printf("[ lab ] with the old 300 ms debounce: p50 %.1f ms over %zu edits\n", percentile(debounced, 0.5),
                debounced.size());
  constexpr int kEdits = 20;
  const std::vector<double> edits = timeEdits(kEdits, 12);  // levels 12..31
  ASSERT_EQ(edits.size(), static_cast<std::size_t>(kEdits));
  // An undo or a text typed back: five of those texts again, from the compile cache.
  const std::vector<double> revisits = timeEdits(5, 12);
  if (!revisits.empty())
    std::printf("[ lab ] a revisited text -> frame: p50 %.1f ms over %zu (no compile)\n", percentile(revisits, 0.5),
                revisits.size());
  RecordProperty("revisit_to_frame_p50_ms", revisits.empty() ? "" : std::to_string(percentile(revisits, 0.5)));
  const double p50 = percentile(edits, 0.5), p95 = percentile(edits, 0.95);
  std::printf("[ lab ] edit -> frame over %d edits: p50 %.1f ms, p95 %.1f ms, min %.1f, max %.1f\n", kEdits, p50, p95,
              *std::min_element(edits.begin(), edits.end()), *std::max_element(edits.begin(), edits.end()));
  RecordProperty("edit_to_frame_p50_ms", std::to_string(p50));
  RecordProperty("edit_to_frame_p95_ms", std::to_string(p95));
  EXPECT_LE(p50, 150) << "issue 22 wants 80";
  EXPECT_LE(p95, 250) << "issue 22 wants 150";
}

}  // namespace
}  // namespace kc
