#pragma once
// The tests of permission errors (a file no one may read, a folder no one may search) run as a
// user the permissions apply to. Root reads everything, and CI runs as root: there the check runs
// in a child process that has dropped to the unprivileged user nobody (uid and gid 65534) and hands
// its answer back through a pipe; as any other user it runs here. The same for the kernelcam binary:
// runKernelcamUnprivileged (tests/support/cli_run.hpp).
#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <exception>
#include <functional>
#include <string>

namespace kc::test {

inline constexpr unsigned kNobody = 65534;

// What `check` returns, computed without root's privileges.
inline std::string asUnprivilegedUser(const std::function<std::string()>& check) {
  if (::geteuid() != 0) return check();
  int pipeEnds[2];
  if (::pipe(pipeEnds) != 0) return "<no pipe to the unprivileged child>";
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipeEnds[0]);
    ::close(pipeEnds[1]);
    return "<could not fork>";
  }
  if (child == 0) {
    ::close(pipeEnds[0]);
    std::string answer;
    if (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0) {
      answer = "<could not become nobody>";
    } else {
      try {
        answer = check();
      } catch (const std::exception& e) {
        answer = std::string("<threw: ") + e.what() + ">";
      }
    }
    for (std::size_t at = 0; at < answer.size();) {
      const ssize_t written = ::write(pipeEnds[1], answer.data() + at, answer.size() - at);
      if (written <= 0) break;
      at += static_cast<std::size_t>(written);
    }
    ::_exit(0);
  }
  ::close(pipeEnds[1]);
  std::string answer;
  char buffer[4096];
  for (ssize_t got; (got = ::read(pipeEnds[0], buffer, sizeof buffer)) > 0;)
    answer.append(buffer, static_cast<std::size_t>(got));
  ::close(pipeEnds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  return answer;
}

}  // namespace kc::test
