#include "gpu/lab/cuda/compiler/sandbox.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <vector>
#include <cstdint>

namespace kc::lab {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
#else
#error "the compiler's sandbox knows x86-64 and AArch64"
#endif

constexpr std::uint32_t kDeny = SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA);

sock_filter statement(std::uint16_t code, std::uint32_t k) { return BPF_STMT(code, k); }
sock_filter jump(std::uint16_t code, std::uint32_t k, std::uint8_t ifTrue, std::uint8_t ifFalse) {
  return BPF_JUMP(code, k, ifTrue, ifFalse);
}

void loadNr(std::vector<sock_filter>& f) {
  f.push_back(statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
}

// nr == `call` -> EACCES.
void deny(std::vector<sock_filter>& f, long call) {
  f.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 1));
  f.push_back(statement(BPF_RET | BPF_K, kDeny));
}

// nr == `call` with `flagsArg` lacking AT_EMPTY_PATH -> EACCES: fstat on a descriptor stays
// (glibc makes it newfstatat(fd, "", AT_EMPTY_PATH)), a look-up by name does not. Another call
// jumps past the argument load, so nr is still loaded for the next test; this call always returns.
void denyUnlessEmptyPath(std::vector<sock_filter>& f, long call, int flagsArg) {
  f.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 4));
  f.push_back(statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, args) + 8 * flagsArg));
  f.push_back(jump(BPF_JMP | BPF_JSET | BPF_K, AT_EMPTY_PATH, 1, 0));
  f.push_back(statement(BPF_RET | BPF_K, kDeny));
  f.push_back(statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
}

}  // namespace

std::string forbidFileAccess() {
  std::vector<sock_filter> f;
  f.push_back(statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
  f.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, kAuditArch, 1, 0));
  f.push_back(statement(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));  // another ABI: nothing of ours
  loadNr(f);
#if defined(__x86_64__)
  // The x32 ABI's numbers (bit 30) reach the same calls under other names.
  f.push_back(jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
  f.push_back(statement(BPF_RET | BPF_K, kDeny));
#endif
  for (long call : {
#ifdef SYS_open
           static_cast<long>(SYS_open),
#endif
#ifdef SYS_creat
           static_cast<long>(SYS_creat),
#endif
#ifdef SYS_stat
           static_cast<long>(SYS_stat),
#endif
#ifdef SYS_lstat
           static_cast<long>(SYS_lstat),
#endif
#ifdef SYS_access
           static_cast<long>(SYS_access),
#endif
#ifdef SYS_readlink
           static_cast<long>(SYS_readlink),
#endif
           static_cast<long>(SYS_openat), static_cast<long>(SYS_openat2), static_cast<long>(SYS_open_by_handle_at),
           static_cast<long>(SYS_name_to_handle_at), static_cast<long>(SYS_faccessat),
           static_cast<long>(SYS_faccessat2), static_cast<long>(SYS_readlinkat), static_cast<long>(SYS_execve),
           static_cast<long>(SYS_execveat)})
    deny(f, call);
  denyUnlessEmptyPath(f, SYS_newfstatat, 3);
  denyUnlessEmptyPath(f, SYS_statx, 2);
  f.push_back(statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));

  const sock_fprog program{static_cast<unsigned short>(f.size()), f.data()};
  // No new privileges: required for an unprivileged filter, and right for a compiler anyway.
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return std::string("PR_SET_NO_NEW_PRIVS: ") + std::strerror(errno);
  if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0)
    return std::string("seccomp: ") + std::strerror(errno);
  return {};
}

std::string limitMemory(std::uint64_t mib) {
  const rlimit none{0, 0};
  if (::setrlimit(RLIMIT_CORE, &none) != 0) return std::string("RLIMIT_CORE: ") + std::strerror(errno);
  const rlim_t bytes = static_cast<rlim_t>(mib) << 20;
  const rlimit space{bytes, bytes};
  if (::setrlimit(RLIMIT_AS, &space) != 0) return std::string("RLIMIT_AS: ") + std::strerror(errno);
  return {};
}

}  // namespace kc::lab
