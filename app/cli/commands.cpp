#include "app/cli/commands.hpp"

#include <QRegularExpression>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "gpu/core/message_text.hpp"

namespace kc::cli {

namespace {
// A word the user typed, quoted for a message: safe for the terminal, cut when long.
QString quotedWord(const QString& word) { return QString::fromStdString(quotedText(word.toStdString(), 60)); }
// The longest message kernelcam prints as one line: each quoted part is cut shorter already.
constexpr std::size_t kMessageBytes = 4096;
}  // namespace

const std::vector<Command>& commands() {
  static const std::vector<Command> table{
      {"process", "run a filter chain headless on an image, video or the pattern; write PNG/JSON", runProcess},
      {"devices", "list CUDA devices and cameras", runDevices},
      {"demo", "run a teaching demo (gpu/demos)", runDemo},
      {"bench", "benchmark the kernels against the copy roofline", runBench},
      {"kernel", "the kernel lab: write a CUDA kernel (new), compile it (check), profile its lines (profile)",
       runKernel},
      {"exercise", "the course: start an exercise, check a kernel against its goals, get hints", runExercise},
      {"grade", "grade a class's kernels for an exercise (CSV/JSON results; --shard for a cluster)", runGrade},
  };
  return table;
}

const Command* findCommand(const QString& name) {
  for (const auto& command : commands())
    if (name == QLatin1String(command.name)) return &command;
  return nullptr;
}

QString helpText(const QString& helpFromParser, const QString& usage) {
  const qsizetype firstLineEnd = helpFromParser.indexOf(QLatin1Char('\n'));
  return QStringLiteral("Usage: ") + usage + (firstLineEnd < 0 ? QString() : helpFromParser.mid(firstLineEnd));
}

bool helpAsked(const QCommandLineParser& parser) {
  return parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"));
}

namespace {

// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
int editDistance(const QString& a, const QString& b) {
  const qsizetype n = a.size(), m = b.size();
  std::vector<std::vector<int>> d(static_cast<std::size_t>(n + 1), std::vector<int>(static_cast<std::size_t>(m + 1)));
  for (qsizetype i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (qsizetype j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (qsizetype i = 1; i <= n; ++i)
    for (qsizetype j = 1; j <= m; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[n][m];
}

}  // namespace

QString closestName(const QString& word, const QStringList& candidates) {
  if (word.size() < 2) return {};
  const QString lower = word.toLower();
  QString best;
  int bestDistance = std::max<int>(1, static_cast<int>(word.size()) / 3) + 1;
  for (const QString& candidate : candidates) {
    if (candidate == word) continue;
    int distance = editDistance(lower, candidate.toLower());
    if (word.size() >= 3 && candidate.startsWith(lower)) distance = std::min(distance, 1);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return best;
}

QString didYouMean(const QString& word, const QStringList& candidates, const QString& otherwise) {
  const QString near = closestName(word, candidates);
  return near.isEmpty() ? otherwise : QStringLiteral(" (did you mean '%1'?)").arg(near);
}

QStringList optionNames(const QCommandLineParser& parser) {
  // The option column of Qt's help: "  -s, --source <SOURCE>   ...", "  --view-mode <MODE>  ..." or,
  // for a one-letter name, "  -n <N>".
  static const QRegularExpression optionLine(QStringLiteral("^  (?:-\\w, )?--?([\\w-]+)"),
                                             QRegularExpression::MultilineOption);
  QStringList names;
  for (auto match = optionLine.globalMatch(parser.helpText()); match.hasNext();) names << match.next().captured(1);
  return names;
}

QString parseErrorText(const QCommandLineParser& parser) {
  const QStringList unknown = parser.unknownOptionNames();
  if (unknown.isEmpty()) return parser.errorText();
  // Qt's own text quotes the word raw: the user's word goes through the sanitiser here.
  const QString text = QStringLiteral("Unknown option %1").arg(quotedWord(unknown.first()));
  const QString near = closestName(unknown.first(), optionNames(parser));
  if (near.isEmpty()) return text + QLatin1Char('.');
  return text + QStringLiteral(" (did you mean --%1?)").arg(near);  // demo's --n too, as its help writes it
}

QStringList commandNames() {
  QStringList names;
  for (const auto& command : commands()) names << QString::fromLatin1(command.name);
  names << QStringLiteral("help");
  return names;
}

QString unknownCommandText(const QString& word) {
  return QStringLiteral("unknown command %1").arg(quotedWord(word)) +
         didYouMean(word, commandNames(), QStringLiteral(" (try --help)"));
}

int fail(int code, const QString& message) {
  // A message may quote what a user, a file, a library or a compiler wrote: whatever a part that
  // quotes it left raw, the line that reaches the terminal is one line that cannot drive it.
  std::fprintf(stderr, "kernelcam: %s\n", printableText(message.toStdString(), kMessageBytes).c_str());
  return code;
}

}  // namespace kc::cli
