#include "gpu/lab/worker/compile_cache.hpp"

#include <functional>
#include <string>

namespace kc::lab {
namespace {

constexpr int kNvrtcSuccess = 0;
constexpr int kNvrtcCompilationError = 6;  // NVRTC_ERROR_COMPILATION: the kernel's own errors

std::size_t keyOf(const NvrtcRequest& request) {
  const std::hash<std::string> hash;
  std::size_t key = hash(request.text);
  const auto mix = [&key](std::size_t value) { key ^= value + 0x9e3779b97f4a7c15ULL + (key << 6) + (key >> 2); };
  mix(hash(request.programName));
  mix(hash(request.nameExpression));
  mix(request.keepPtx ? 1 : 0);
  for (const std::string& option : request.options) mix(hash(option));
  for (const std::string& name : request.headerNames) mix(hash(name));
  for (const std::string& text : request.headerTexts) mix(hash(text));
  return key;
}

std::size_t bytesOf(const NvrtcRequest& request, const NvrtcReply& reply) {
  std::size_t bytes = request.text.size() + request.programName.size() + reply.log.size() + reply.cubin.size() +
                      reply.ptx.size() + reply.loweredName.size() + reply.resultText.size();
  for (const std::string& text : request.headerTexts) bytes += text.size();
  return bytes;
}

}  // namespace

std::optional<NvrtcReply> CompileCache::find(const NvrtcRequest& request) {
  const std::size_t key = keyOf(request);
  const std::lock_guard lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->key != key || !(it->request == request)) continue;
    entries_.splice(entries_.begin(), entries_, it);  // the most recently used now
    NvrtcReply reply = it->reply;
    reply.compileMs = 0;  // nothing was compiled for this answer
    reply.compileCpuMs = 0;
    return reply;
  }
  return std::nullopt;
}

void CompileCache::store(const NvrtcRequest& request, const NvrtcReply& reply) {
  if (reply.result != kNvrtcSuccess && reply.result != kNvrtcCompilationError) return;
  const std::size_t bytes = bytesOf(request, reply);
  if (bytes > maxBytes_) return;
  const std::size_t key = keyOf(request);
  const std::lock_guard lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end(); ++it)
    if (it->key == key && it->request == request) {
      bytes_ -= it->bytes;
      entries_.erase(it);
      break;
    }
  entries_.push_front({key, request, reply, bytes});
  bytes_ += bytes;
  while (bytes_ > maxBytes_) {
    bytes_ -= entries_.back().bytes;
    entries_.pop_back();
  }
}

std::size_t CompileCache::bytes() const {
  const std::lock_guard lock(mutex_);
  return bytes_;
}

std::size_t CompileCache::entries() const {
  const std::lock_guard lock(mutex_);
  return entries_.size();
}

CompileCache& CompileCache::shared() {
  static CompileCache* const cache =
      new CompileCache(std::size_t{32} << 20);  // never destroyed: compiles may run at exit
  return *cache;
}

}  // namespace kc::lab
