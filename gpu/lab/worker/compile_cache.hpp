#pragma once
// The replies of compiles already done in this process, by their whole request (text, headers,
// options, program name): an undo, a redo, a text typed back or an exercise's starting code
// checked again is a repeat, and its cubin is there without a trip to the compiler (NVRTC's own
// cache dies with the compiler process, and a code edit is never a repeat of the last program).
// Only deterministic answers are kept: a success or the kernel's own errors, never a compile the
// compiler process did not finish (a limit, a cancel, a crash). Bounded by bytes, least recently
// used first out; safe from several threads (the grader compiles in parallel).
#include <cstddef>
#include <list>
#include <mutex>
#include <optional>

#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {

class CompileCache {
 public:
  explicit CompileCache(std::size_t maxBytes) : maxBytes_(maxBytes) {}

  std::optional<NvrtcReply> find(const NvrtcRequest& request);
  void store(const NvrtcRequest& request, const NvrtcReply& reply);
  std::size_t bytes() const;
  std::size_t entries() const;

  // The one every compileKernel uses (32 MiB: a few hundred typical kernels).
  static CompileCache& shared();

 private:
  struct Entry {
    std::size_t key;  // a hash of the request, compared before the request itself
    NvrtcRequest request;
    NvrtcReply reply;
    std::size_t bytes;
  };
  const std::size_t maxBytes_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::size_t bytes_ = 0;
};

}  // namespace kc::lab
