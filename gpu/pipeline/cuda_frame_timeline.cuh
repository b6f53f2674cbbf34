#pragma once
// One frame's timing rows on the CUDA pipeline, in execution order: the upload, the entry
// conversion, each stage, the readbacks, the download and the interop copy. A timed row is
// bracketed by a pair of CUDA events on the stream that runs it; the events are read only after
// the frame's own completion event (never a device-wide sync). The events are kept from frame to
// frame: a slot's timeline creates them once.
#include <string>
#include <utility>
#include <vector>

#include "gpu/core/stream.cuh"
#include "gpu/pipeline/frame_stats.hpp"

namespace kc {

class FrameTimeline {
 public:
  // A new frame: no rows yet.
  void clear() { ops_.clear(); }

  // Adds a row; a timed one gets the next pair of events. Returns the row, for start/stop.
  int add(std::string name, bool isCopy, double bytes, bool timed) {
    TimedOp op{std::move(name), isCopy, bytes, -1};
    if (timed) {
      op.mark = 0;
      for (const auto& o : ops_)
        if (o.mark >= 0) op.mark += 2;
      while (marks_.size() < static_cast<std::size_t>(op.mark + 2)) marks_.emplace_back();
    }
    ops_.push_back(std::move(op));
    return static_cast<int>(ops_.size()) - 1;
  }
  // Inside a CUDA graph's capture they are recorded as external events: each becomes an
  // event-record node, so a graph's launch records them as a stream's run would.
  void start(int row, cudaStream_t stream) { record(marks_[ops_[row].mark], stream); }
  void stop(int row, cudaStream_t stream) { record(marks_[ops_[row].mark + 1], stream); }
  // The row's own time (a stage's StageLaunchReport, the interop writes'), shown instead of the
  // events'; negative: none.
  void setMeasured(int row, double ms) { ops_[row].measuredMs = ms; }
  // Takes the last row back when it is `name` (a display write that failed half-way).
  void dropLast(const std::string& name) {
    if (!ops_.empty() && ops_.back().name == name) ops_.pop_back();
  }

  // For a CUDA graph's replay (CudaStageExecutor): the rows added from `first` on, and the same rows
  // added again on a later frame. Added after the same rows before them, they get the same events,
  // which the graph's event-record nodes record.
  struct Row {
    std::string name;
    bool isCopy = false;
    double bytes = 0;
    bool timed = false;
  };
  using Rows = std::vector<Row>;
  std::size_t size() const { return ops_.size(); }
  // The events the next timed row gets: a replay's rows must start at the same ones.
  int nextMark() const {
    int mark = 0;
    for (const auto& o : ops_)
      if (o.mark >= 0) mark += 2;
    return mark;
  }
  Rows rowsFrom(std::size_t first) const {
    Rows rows;
    for (std::size_t i = first; i < ops_.size(); ++i)
      rows.push_back({ops_[i].name, ops_[i].isCopy, ops_[i].bytes, ops_[i].mark >= 0});
    return rows;
  }
  void addRows(const Rows& rows) {
    for (const Row& row : rows) add(row.name, row.isCopy, row.bytes, row.timed);
  }
  void truncate(std::size_t size) {
    if (ops_.size() > size) ops_.resize(size);
  }

  // The rows as stats; waits for nothing: call after the frame's completion event.
  std::vector<StageTiming> timings() const {
    std::vector<StageTiming> rows;
    for (const TimedOp& op : ops_) {
      StageTiming t;
      t.name = op.name;
      t.isCopy = op.isCopy;
      t.bytes = op.bytes;
      if (op.measuredMs >= 0) {
        t.ms = op.measuredMs;
      } else if (op.mark >= 0) {
        float ms = 0;
        KC_CUDA_CHECK(cudaEventElapsedTime(&ms, marks_[op.mark], marks_[op.mark + 1]));
        t.ms = ms;
      }
      rows.push_back(std::move(t));
    }
    return rows;
  }

 private:
  // The external flag is refused outside a capture (cudaErrorIllegalState, found on the H200).
  static void record(const Event& event, cudaStream_t stream) {
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    KC_CUDA_CHECK(cudaStreamIsCapturing(stream, &capture));
    KC_CUDA_CHECK(cudaEventRecordWithFlags(
        event, stream, capture == cudaStreamCaptureStatusActive ? cudaEventRecordExternal : cudaEventRecordDefault));
  }

  struct TimedOp {
    std::string name;
    bool isCopy = false;
    double bytes = 0;
    int mark = -1;           // its start event in marks_ (stop = mark + 1); -1: not timed (a no-op)
    double measuredMs = -1;  // >= 0: timed by other means, the events are not read
  };
  std::vector<Event> marks_;
  std::vector<TimedOp> ops_;
};

}  // namespace kc
