#include "gpu/lab/kernel_program.hpp"

#include <filesystem>
#include <map>
#include <mutex>

namespace kc::lab {
namespace {

// Published programs and the last program read from each file, by path key. The editor's
// worker publishes while the render thread's chain reads: one mutex.
struct Programs {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const KernelProgram>> published;
  std::map<std::string, std::shared_ptr<const KernelProgram>> lastRead;
};

Programs& programs() {
  static Programs instance;
  return instance;
}

std::atomic<std::uint64_t> nextRevision{1};

}  // namespace

std::shared_ptr<KernelProgram> makeKernelProgram(KernelSource source) {
  auto program = std::make_shared<KernelProgram>();
  program->analysis = analyzeKernel(source);
  program->source = std::move(source);
  program->revision = nextRevision++;
  return program;
}

std::string kernelPathKey(const std::string& path) {
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  if (error) return path;
  const std::filesystem::path normal = std::filesystem::weakly_canonical(absolute, error);
  return (error ? absolute.lexically_normal() : normal).string();
}

void publishKernelProgram(std::shared_ptr<const KernelProgram> program) {
  const std::string key = kernelPathKey(program->source.path);
  Programs& p = programs();
  const std::lock_guard lock(p.mutex);
  p.lastRead[key] = program;  // once saved, the file's text is this program: no second compile
  p.published[key] = std::move(program);
}

void withdrawKernelProgram(const std::string& path) {
  Programs& p = programs();
  const std::lock_guard lock(p.mutex);
  p.published.erase(kernelPathKey(path));
}

std::shared_ptr<const KernelProgram> publishedKernelProgram(const std::string& path) {
  Programs& p = programs();
  const std::lock_guard lock(p.mutex);
  const auto found = p.published.find(kernelPathKey(path));
  return found == p.published.end() ? nullptr : found->second;
}

std::shared_ptr<const KernelProgram> kernelProgramFor(const std::string& path) {
  const std::string key = kernelPathKey(path);
  Programs& p = programs();
  {
    const std::lock_guard lock(p.mutex);
    if (const auto found = p.published.find(key); found != p.published.end()) return found->second;
  }
  KernelSource source = readKernelSource(path);  // outside the lock: file I/O
  const std::lock_guard lock(p.mutex);
  std::shared_ptr<const KernelProgram>& last = p.lastRead[key];
  if (!last || last->source.text != source.text) last = makeKernelProgram(std::move(source));
  return last;
}

}  // namespace kc::lab
