#include "app/live/window_outputs.hpp"

#include <algorithm>

#include "app/io/output_file.hpp"
#include "app/sources/frame_source.hpp"
#include "app/sources/source_factory.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {

WindowOutputs::WindowOutputs(Files reading, Outputs writing)
    : reading_(std::move(reading)), writing_(std::move(writing)) {}

void WindowOutputs::check(const std::string& what, const std::string& path, const std::string& edited) const {
  std::vector<std::string> inputs = reading_();
  if (!edited.empty())
    inputs.erase(std::remove_if(inputs.begin(), inputs.end(),
                                [&](const std::string& input) { return io::sameFile(input, edited); }),
                 inputs.end());
  const io::OutputFile output{what, path};
  io::checkOutputs({output}, inputs);
  for (const io::OutputFile& other : writing_())
    if (io::sameFile(path, other.path))
      throw io::OutputError(io::OutputError::Kind::Usage, what + " " + quotedText(path, 120) + ": " + other.option +
                                                              " is writing that file now: choose another name");
}

void WindowOutputs::write(const std::string& what, const std::string& path, const QByteArray& bytes,
                          const std::string& edited) const {
  check(what, path, edited);
  io::writeOutput({what, path}, bytes);
}

SaveFile WindowOutputs::saveFile(std::function<QString()> edited) const {
  return [this, edited = std::move(edited)](const QString& what, const QString& path, const QByteArray& bytes) {
    write(what.toStdString(), path.toStdString(), bytes, edited ? edited().toStdString() : std::string());
  };
}

void WindowOutputs::checkSource(const std::string& spec) const {
  const std::vector<io::OutputFile> writing = writing_();
  if (writing.empty()) return;
  for (const std::string& input : sourceInputFiles(parseSourceSpec(spec)))
    for (const io::OutputFile& output : writing)
      if (io::sameFile(input, output.path))
        throw SourceError(quotedText(input, 120) + ": " + output.option +
                          " is writing that file; it would replace what is shown: choose another source");
}

}  // namespace kc
