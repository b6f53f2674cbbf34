#pragma once
// A class's submissions for the grader: each argument is a student's `.cu` file or folder (the
// student's name is the file's name without `.cu`, or the folder's), or a class folder holding
// such files and folders (a folder with no `.cu` file of its own). A student's folder holds one
// `.cu` file, the kernel, and any headers it includes. Names are kept as they are (spaces, unicode,
// a newline): the results quote them; what prints them escapes them.
#include <string>
#include <vector>

namespace kc {

struct Submission {
  std::string student;
  std::string path;        // as found (the file, or the student's folder)
  std::string kernelPath;  // the kernel to check; "" when there is none (problem says why)
  std::string problem;     // one line: why it cannot be graded ("no .cu file in the folder", ...)
};

// Sorted by student; a name given twice keeps its first submission, the others get a problem.
std::vector<Submission> findSubmissions(const std::vector<std::string>& arguments);

// The stable shard of a student (`index` 1..count): the same student is in the same part on every
// machine and run (FNV-1a of the name's bytes).
int shardOf(const std::string& student, int count);

// The submission's content as a hash (hex): the kernel's bytes and every other regular file of a
// student's folder, by name, with `salt` (the exercise and its version, the grading options).
std::string submissionHash(const Submission& submission, const std::string& salt);

}  // namespace kc
