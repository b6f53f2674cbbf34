#include "app/sources/image_sequence.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <utility>

#include "app/sources/frame_source.hpp"
#include "gpu/core/input_file.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {

namespace {

namespace fs = std::filesystem;

// A pattern split at its number directive, as libavformat's av_get_frame_filename2 reads it.
struct NumberedName {
  std::string before, after;  // literal text ('%%' already a '%')
  int width = 0;              // %0Nd / %Nd: at least N digits, zero-padded
};

// Empty when the pattern has no (or no valid) number directive: then it names one file.
std::optional<NumberedName> splitAtNumber(const std::string& pattern) {
  NumberedName name;
  bool numbered = false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      (numbered ? name.after : name.before) += pattern[i];
      continue;
    }
    int width = 0;
    std::size_t j = i + 1;
    while (j < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[j])))
      width = std::min(width * 10 + (pattern[j++] - '0'), 1000);
    if (j < pattern.size() && pattern[j] == '%') {
      (numbered ? name.after : name.before) += '%';
    } else if (j < pattern.size() && pattern[j] == 'd' && !numbered) {
      numbered = true;
      name.width = width;
    } else {
      return std::nullopt;  // FFmpeg takes such a path as it is
    }
    i = j;
  }
  if (!numbered) return std::nullopt;
  return name;
}

std::string numberText(long long number, int width) {
  char text[64];
  std::snprintf(text, sizeof text, "%0*lld", std::min(width, 40), number);
  return text;
}

}  // namespace

std::vector<std::string> sequenceFrameFiles(const std::string& pattern) {
  const std::optional<NumberedName> name = splitAtNumber(pattern);
  std::error_code ec;
  if (!name) {
    if (fs::exists(pattern, ec)) return {pattern};
    return {};
  }
  if (name->after.find('/') != std::string::npos)
    throw SourceError("sequence:" + pattern +
                      ": the number must be in the file name (frames/frame_%04d.png), not in a folder");
  const std::size_t slash = name->before.rfind('/');
  const std::string folder = slash == std::string::npos ? std::string() : name->before.substr(0, slash + 1);
  const std::string prefix = name->before.substr(folder.size());
  std::vector<std::pair<long long, std::string>> frames;
  for (fs::directory_iterator entry(folder.empty() ? fs::path(".") : fs::path(folder), ec), end; !ec && entry != end;
       entry.increment(ec)) {
    const std::string file = entry->path().filename().string();
    if (file.size() <= prefix.size() + name->after.size() || file.compare(0, prefix.size(), prefix) != 0 ||
        file.compare(file.size() - name->after.size(), name->after.size(), name->after) != 0)
      continue;
    const std::string digits = file.substr(prefix.size(), file.size() - prefix.size() - name->after.size());
    if (digits.size() > 18 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    const long long number = std::stoll(digits);
    if (numberText(number, name->width) == digits)
      frames.emplace_back(number, folder + file);  // the pattern's spelling
  }
  std::sort(frames.begin(), frames.end());
  std::vector<std::string> files;
  files.reserve(frames.size());
  for (auto& frame : frames) files.push_back(std::move(frame.second));
  return files;
}

void requireReadableSequence(const std::string& pattern) {
  const std::string what = "sequence:" + pattern;
  const std::vector<std::string> frames = sequenceFrameFiles(pattern);
  if (frames.empty()) throw SourceError(what + ": no file matches the pattern");
  for (const std::string& frame : frames)
    if (const std::string why = unreadableInputReason(frame); !why.empty())
      throw SourceError(what + ": frame " + quotedText(frame, 120) + ": " + why);
}

}  // namespace kc
