#pragma once
// The options the window and `process` share, declared once: --source, --filters (or --preset,
// a chain the window saved), --backend, --size, --pattern-format, --lenient, --vcam and --stage-timings in both,
// --camera-format and --view-mode in the window. Each command adds the group to its own QCommandLineParser beside its
// other options and, after parsing, reads it once into RunOptions. A value that does not parse is one line naming the
// option, the same in the window and in `process`.
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <vector>

#include "app/options/run_options.hpp"

namespace kc {

enum class OptionsFor { Window, Process };

class RunOptionGroup {
 public:
  explicit RunOptionGroup(OptionsFor command);

  void addTo(QCommandLineParser& parser) const;
  // The values `parser` holds after parse(); throws kc::InvalidArgument, or kc::SourceError for
  // --source, with one line that names the option.
  RunOptions read(const QCommandLineParser& parser) const;

  const QCommandLineOption& source() const { return source_; }

 private:
  OptionsFor command_;
  QCommandLineOption source_, filters_, preset_, backend_, size_, patternFormat_, lenient_, vcam_, cameraFormat_,
      viewMode_, stageTimings_;
};

}  // namespace kc
