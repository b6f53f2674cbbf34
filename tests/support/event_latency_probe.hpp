#pragma once
// How long the GUI thread takes to get to a posted event: a helper thread posts a call to the GUI
// thread every few milliseconds (as input events arrive, whatever the GUI thread is doing) and the
// call notes how long it waited. Run the event loop while the probe is alive.
#include <QCoreApplication>
#include <QObject>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace kc::test {

class EventLatencyProbe {
 public:
  explicit EventLatencyProbe(std::chrono::milliseconds interval = std::chrono::milliseconds(7))
      : poster_([this, interval] {
          while (!stop_.load()) {
            const auto posted = std::chrono::steady_clock::now();
            QMetaObject::invokeMethod(
                &receiver_,
                [this, posted] {
                  latenciesMs_.push_back(
                      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - posted).count());
                },
                Qt::QueuedConnection);
            std::this_thread::sleep_for(interval);
          }
        }) {}
  ~EventLatencyProbe() { stopPosting(); }
  EventLatencyProbe(const EventLatencyProbe&) = delete;
  EventLatencyProbe& operator=(const EventLatencyProbe&) = delete;

  void stopPosting() {
    stop_ = true;
    if (poster_.joinable()) poster_.join();
  }
  // GUI thread: the latencies seen so far, sorted; `q` in 0..1.
  double quantileMs(double q) const {
    if (latenciesMs_.empty()) return -1;
    std::vector<double> sorted = latenciesMs_;
    std::sort(sorted.begin(), sorted.end());
    return sorted[static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5)];
  }
  std::size_t count() const { return latenciesMs_.size(); }

 private:
  QObject receiver_;  // lives on the GUI thread: the posted calls run there
  std::vector<double> latenciesMs_;
  std::atomic<bool> stop_{false};
  std::thread poster_;
};

}  // namespace kc::test
