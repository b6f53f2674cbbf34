#pragma once
// The charts of a run, each a new QChart for a QChartView (which takes ownership):
// throughput per version as horizontal bars (reduce: GB/s per step, matmul: GFLOP/s), and the
// CG residual against the iteration on a log axis, one line per version.
#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/demo_report.hpp"

class QChart;
class QString;

namespace kc {

QChart* throughputBarChart(const demos::DemoReport& report);
QChart* residualChart(const cg::CgDemoReport& report);
QChart* emptyDemoChart(const QString& hint);

}  // namespace kc
