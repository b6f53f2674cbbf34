#include "gpu/lab/kernel_includes.hpp"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <map>
#include <string_view>

#include "gpu/lab/source_scan.hpp"

namespace kc::lab {
namespace {

namespace fs = std::filesystem;

constexpr int kOpenFlags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;

struct Directive {
  int line = 0;
  int column = 0;        // of the name's opening quote or bracket (or of what stands there)
  bool written = false;  // "NAME" or <NAME>; false for a macro (a computed include)
  bool angle = false;
  std::string name;
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

// Every #include (and #include_next) outside comments, with its name as written.
std::vector<Directive> includeDirectives(std::string_view text) {
  const std::string code = scanSource(text).code;  // comments and literals blanked, same offsets
  std::vector<Directive> directives;
  int line = 1;
  for (std::size_t start = 0; start <= code.size(); ++line) {
    std::size_t end = code.find('\n', start);
    if (end == std::string::npos) end = code.size();
    std::size_t i = start;
    while (i < end && isSpace(code[i])) ++i;
    if (i < end && code[i] == '#') {
      ++i;
      while (i < end && isSpace(code[i])) ++i;
      std::size_t word = i;
      while (i < end && (std::isalnum(static_cast<unsigned char>(code[i])) || code[i] == '_')) ++i;
      const std::string_view keyword(code.data() + word, i - word);
      if (keyword == "include" || keyword == "include_next") {
        // The name from the text itself: the scan blanked "NAME" as a string literal.
        while (i < end && isSpace(text[i])) ++i;
        Directive d;
        d.line = line;
        d.column = static_cast<int>(i - start) + 1;
        const char open = i < end ? text[i] : '\0';
        const char close = open == '"' ? '"' : open == '<' ? '>' : '\0';
        const std::size_t closing = close ? text.find(close, i + 1) : std::string_view::npos;
        if (close && closing < end) {
          d.written = true;
          d.angle = open == '<';
          d.name = std::string(text.substr(i + 1, closing - i - 1));
        }
        directives.push_back(std::move(d));
      }
    }
    start = end + 1;
  }
  return directives;
}

// A file inside `root` (a folder descriptor): never above it, also not through a symbolic link.
// Sets errno (EXDEV: the name leads out of the folder).
int openBeneath(int root, const std::string& rootPath, const std::string& relative) {
#ifdef SYS_openat2
  open_how how{};
  how.flags = kOpenFlags;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  const long fd = ::syscall(SYS_openat2, root, relative.c_str(), &how, sizeof how);
  if (fd >= 0 || errno != ENOSYS) return static_cast<int>(fd);
#endif
  // Kernels before 5.6 (or a container that hides openat2): resolve the links and compare.
  char rootReal[PATH_MAX], fileReal[PATH_MAX];
  if (!::realpath(rootPath.c_str(), rootReal)) return -1;
  if (!::realpath((rootPath + "/" + relative).c_str(), fileReal)) return -1;
  const std::string prefix = std::string(rootReal) + (std::string_view(rootReal) == "/" ? "" : "/");
  if (std::string_view(fileReal).substr(0, prefix.size()) != prefix) {
    errno = EXDEV;
    return -1;
  }
  return ::open(fileReal, kOpenFlags);
}

std::string openFailure(int error) {
  switch (error) {
    case ENOENT:
    case ENOTDIR:
      return "no such file in the kernel's folder";
    case EXDEV:
      return "it leads out of the kernel's folder (a symbolic link); the lab includes only files in that folder";
    case ELOOP:
      return "too many levels of symbolic links, or a link the lab does not follow";
    case EACCES:
    case EPERM:
      return "permission denied";
    case EISDIR:
      return "is a directory, not a header";
    default:
      return std::strerror(error);
  }
}

class Resolver {
 public:
  explicit Resolver(const KernelSource& source) : kernelPath_(source.path) {
    const fs::path folder = fs::path(source.path).parent_path();
    folder_ = folder.empty() ? "." : folder.string();
    shownFolder_ = folder.empty() ? std::string() : folder_ + (folder_.back() == '/' ? "" : "/");
    root_ = ::open(folder_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    rootError_ = root_ < 0 ? errno : 0;
  }
  ~Resolver() {
    if (root_ >= 0) ::close(root_);
  }
  Resolver(const Resolver&) = delete;
  Resolver& operator=(const Resolver&) = delete;

  KernelIncludes run(const std::string& text) {
    pending_.push_back({kernelPath_, fs::path(), text});
    while (!pending_.empty()) {
      const File file = std::move(pending_.front());
      pending_.pop_front();
      for (const Directive& d : includeDirectives(file.text)) follow(file, d);
    }
    return std::move(result_);
  }

 private:
  struct File {
    std::string shownPath;  // as diagnostics name it
    fs::path directory;     // inside the kernel's folder ("" for the folder itself)
    std::string text;
  };

  void refuse(const File& file, const Directive& d, const std::string& why) {
    result_.diagnostics.push_back(
        {file.shownPath, d.line, d.column, Severity::Error, "cannot open source file \"" + d.name + "\": " + why});
  }

  void follow(const File& file, const Directive& d) {
    if (!d.written) {
      result_.diagnostics.push_back(
          {file.shownPath, d.line, d.column, Severity::Error,
           "#include without a \"NAME\": the lab includes only headers named in quotes on the #include's line, "
           "from the kernel's folder (no macros)"});
      return;
    }
    if (d.name.empty()) return refuse(file, d, "an empty name");
    if (d.name.front() == '/')
      return refuse(file, d, "an absolute path; the lab includes only files in the kernel's folder");
    const fs::path inside = (file.directory / d.name).lexically_normal();
    const std::string relative = inside.generic_string();
    if (relative.empty() || relative == "." || relative == ".." || relative.rfind("../", 0) == 0)
      return refuse(file, d, "outside the kernel's folder; the lab includes only files in that folder");

    const auto known = byName_.find(d.name);
    if (known != byName_.end()) {
      if (known->second != relative)
        refuse(file, d,
               "another file of this name (" + known->second +
                   ") is included already; headers are found by the "
                   "name written in #include, so give the two different names");
      return;
    }
    if (root_ < 0) return refuse(file, d, "the kernel's folder cannot be opened (" + openFailure(rootError_) + ")");

    const int fd = openBeneath(root_, folder_, relative);
    if (fd < 0) {
      const int error = errno;
      if (d.angle && error == ENOENT) return;  // not the user's: NVRTC says it has no such header
      return refuse(file, d, openFailure(error));
    }
    std::string text;
    std::string why = readRegularSourceFile(fd, kMaxHeaderBytes, "header", text);
    ::close(fd);
    if (why.empty()) why = notTextReason(text);
    if (why.empty() && result_.headers.size() >= kMaxHeaders)
      why = "more than " + std::to_string(kMaxHeaders) + " headers; the lab takes at most that many";
    if (!why.empty()) return refuse(file, d, why);

    byName_.emplace(d.name, relative);
    IncludedHeader header{d.name, shownFolder_ + relative, normalizeKernelText(text)};
    pending_.push_back({header.path, inside.parent_path(), header.text});
    result_.headers.push_back(std::move(header));
  }

  std::string kernelPath_;
  std::string folder_;       // the kernel's folder as given ("." for a bare file name)
  std::string shownFolder_;  // prefix of a header's shown path: "" or "FOLDER/"
  int root_ = -1;
  int rootError_ = 0;
  std::deque<File> pending_;
  std::map<std::string, std::string> byName_;  // name as written -> path inside the folder
  KernelIncludes result_;
};

}  // namespace

KernelIncludes resolveIncludes(const KernelSource& source) { return Resolver(source).run(source.text); }

}  // namespace kc::lab
