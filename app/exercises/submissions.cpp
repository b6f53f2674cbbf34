#include "app/exercises/submissions.hpp"

#include <sys/stat.h>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <set>

#include "gpu/lab/kernel_source.hpp"

namespace kc {
namespace {

QString q(const std::string& text) { return QString::fromStdString(text); }

bool isDirectory(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

// The folder's entries (not following links into other folders), sorted.
QFileInfoList entriesOf(const std::string& folder) {
  return QDir(q(folder)).entryInfoList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot,
                                       QDir::Name);
}

bool isKernelFile(const QFileInfo& entry) { return entry.fileName().endsWith(QStringLiteral(".cu")) && !entry.isDir(); }

Submission studentFolder(const std::string& path, const std::string& name) {
  Submission s{name, path, "", ""};
  std::vector<std::string> kernels;
  for (const QFileInfo& entry : entriesOf(path))
    if (isKernelFile(entry)) kernels.push_back(entry.fileName().toStdString());
  if (kernels.empty()) {
    s.problem = "no .cu file in the folder";
  } else if (kernels.size() > 1) {
    s.problem = std::to_string(kernels.size()) + " .cu files in the folder (" + kernels[0] + ", " + kernels[1] +
                (kernels.size() > 2 ? ", ..." : "") + "): a submission has one kernel";
  } else {
    s.kernelPath = (QDir(q(path)).filePath(q(kernels[0]))).toStdString();
  }
  return s;
}

Submission studentFile(const std::string& path, const std::string& name) {
  std::string student = name;
  if (student.size() > 3 && student.compare(student.size() - 3, 3, ".cu") == 0) student.resize(student.size() - 3);
  return {student, path, path, ""};
}

std::string baseName(const std::string& path) {
  std::string trimmed = path;
  while (trimmed.size() > 1 && trimmed.back() == '/') trimmed.pop_back();
  const std::size_t slash = trimmed.rfind('/');
  return slash == std::string::npos ? trimmed : trimmed.substr(slash + 1);
}

}  // namespace

std::vector<Submission> findSubmissions(const std::vector<std::string>& arguments) {
  std::vector<Submission> found;
  const auto add = [&found](const std::string& path) {
    const std::string name = baseName(path);
    found.push_back(isDirectory(path) ? studentFolder(path, name) : studentFile(path, name));
  };
  for (const std::string& argument : arguments) {
    if (!isDirectory(argument)) {
      add(argument);
      continue;
    }
    // A class folder holds students' folders or several .cu files; a student's folder one .cu file
    // (its kernel) and the headers it includes.
    const QFileInfoList entries = entriesOf(argument);
    const auto kernels = std::count_if(entries.begin(), entries.end(), isKernelFile);
    const bool classFolder =
        kernels > 1 || std::any_of(entries.begin(), entries.end(), [](const QFileInfo& e) { return e.isDir(); });
    if (!classFolder) {
      add(argument);
      continue;
    }
    for (const QFileInfo& entry : entries) {
      const QString name = entry.fileName();
      // A class folder's submissions: the students' folders and .cu files; its other files (a
      // roster, a README) are not submissions.
      if (entry.isDir() || name.endsWith(QStringLiteral(".cu")) || !entry.isFile())
        add(QDir(q(argument)).filePath(name).toStdString());
    }
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const Submission& a, const Submission& b) { return a.student < b.student; });
  std::set<std::string> seen;
  for (Submission& s : found)
    if (!seen.insert(s.student).second) {
      s.problem = "another submission has the same student name (" + s.student + ")";
      s.kernelPath.clear();
    }
  return found;
}

int shardOf(const std::string& student, int count) {
  std::uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : student) hash = (hash ^ c) * 1099511628211ull;
  return static_cast<int>(hash % static_cast<std::uint64_t>(std::max(count, 1))) + 1;
}

std::string submissionHash(const Submission& submission, const std::string& salt) {
  QCryptographicHash hash(QCryptographicHash::Sha256);
  hash.addData(QByteArray::fromStdString(salt));
  const auto addFile = [&hash](const QString& path) {
    QFile file(path);
    hash.addData(path.section(QLatin1Char('/'), -1).toUtf8());
    // Regular files only, at most the lab's own limit each: a FIFO or a huge file is the check's to refuse.
    if (QFileInfo(path).isFile() && file.open(QIODevice::ReadOnly))
      hash.addData(file.read(static_cast<qint64>(lab::kMaxKernelSourceBytes) + 1));
  };
  if (isDirectory(submission.path)) {
    for (const QFileInfo& entry : entriesOf(submission.path))
      if (entry.isFile()) addFile(entry.filePath());
  } else {
    addFile(q(submission.path));
  }
  return hash.result().toHex().toStdString();
}

}  // namespace kc
