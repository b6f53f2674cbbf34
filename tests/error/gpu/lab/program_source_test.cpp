// Must-fail: a kernel file whose name holds what a string literal cannot (a newline, a control
// character, a quote, a backslash, a trigraph's "??/"): the name goes into the generated source's
// #line directives (gpu/lab/program_source.hpp), where it was pasted with only backslashes and
// quotes escaped, so a newline in it broke the line and the compile failed inside the prelude.
// Each byte is now a proper string literal's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu/lab/program_source.hpp"

namespace {

// The "..." after each #line of `text`, decoded as the compiler reads a string literal.
std::vector<std::string> lineNames(const std::string& text) {
  std::vector<std::string> names;
  for (std::size_t at = text.find("#line "); at != std::string::npos; at = text.find("#line ", at + 1)) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    const std::size_t open = line.find('"');
    if (open == std::string::npos) continue;
    std::string name;
    bool closed = false;
    for (std::size_t i = open + 1; i < line.size(); ++i) {
      if (line[i] == '"') {
        closed = i + 1 == line.size();
        break;
      }
      if (line[i] != '\\') {
        name += line[i];
        continue;
      }
      ++i;
      if (line[i] >= '0' && line[i] <= '7') {  // up to three octal digits
        int value = 0, digits = 0;
        for (; digits < 3 && i < line.size() && line[i] >= '0' && line[i] <= '7'; ++digits, ++i)
          value = value * 8 + (line[i] - '0');
        --i;
        name += static_cast<char>(value);
      } else {
        name += line[i];  // \\ \" \?
      }
    }
    names.push_back(closed ? name : "(the literal does not close on its line: " + line + ")");
  }
  return names;
}

TEST(ProgramSource, AFileNameIsAStringLiteralWhateverItHolds) {
  kc::lab::KernelAnnotations annotations;
  const kc::lab::EntryCandidate entry{"k", 3, 17};
  for (const std::string& path :
       {std::string("new\nline.cu"), std::string("quo\"te.cu"), std::string("back\\slash.cu"),
        std::string("tab\tbell\a\x7f.cu"), std::string("tri?\?/graph.cu"), std::string("dig\0017.cu", 8)}) {
    SCOPED_TRACE(path);
    const std::string text =
        kc::lab::programSource(path, "__global__ void k(KcInput, KcOutput, KcParams) {}\n", annotations, entry);
    const std::vector<std::string> names = lineNames(text);
    ASSERT_EQ(names.size(), 3u) << "the prelude's and two of the file's";
    EXPECT_EQ(names[1], path);
    EXPECT_EQ(names[2], path);
  }
}

}  // namespace
