#pragma once
// The subcommands of `kernelcam`: one function each, in its own file, found through one table.
#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <vector>

namespace kc::cli {

// Exit codes, the same for every subcommand.
enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,  // a runtime failure (CUDA error, ...)
  kExitUsage = 2,    // bad usage, or an input that cannot be read (one line on stderr says which and why)
  kExitNoCuda = 3,   // --backend cuda without a usable CUDA device, or a build without CUDA
};

struct Command {
  const char* name;
  const char* summary;
  // arguments[0] is "kernelcam NAME"; the rest are the subcommand's own arguments.
  int (*run)(const QStringList& arguments);
};

const std::vector<Command>& commands();
const Command* findCommand(const QString& name);

// The parser's help with its first line made "Usage: <usage>" (Qt prints argv[0] there).
QString helpText(const QString& helpFromParser, const QString& usage);
// -h, --help or --help-all (QCommandLineParser::addHelpOption adds all three). A subcommand runs
// without a GUI application, so Qt has no options of its own to add: --help-all shows the same page.
bool helpAsked(const QCommandLineParser& parser);

// "Did you mean": the candidate nearest `word` (edit distance, adjacent swaps counting one, at most
// a third of the word's length, or a candidate `word` begins), "" when none is that near.
QString closestName(const QString& word, const QStringList& candidates);
// " (did you mean 'process'?)" when closestName finds one, else `otherwise`.
QString didYouMean(const QString& word, const QStringList& candidates, const QString& otherwise = {});
// The long option names `parser` offers (read from its help text: Qt keeps no public list).
QStringList optionNames(const QCommandLineParser& parser);
// parser.errorText() after a failed parse, with "did you mean --source?" for a mistyped option.
QString parseErrorText(const QCommandLineParser& parser);
// The subcommands' names and "help": what `kernelcam WORD` takes.
QStringList commandNames();
// "unknown command 'proces' (did you mean 'process'?)", or "... (try --help)".
QString unknownCommandText(const QString& word);

// "kernelcam: <message>" on stderr; returns `code` for `return fail(...)`.
int fail(int code, const QString& message);

int runProcess(const QStringList& arguments);
int runDevices(const QStringList& arguments);
int runDemo(const QStringList& arguments);
int runBench(const QStringList& arguments);
int runKernel(const QStringList& arguments);
int runExercise(const QStringList& arguments);
int runGrade(const QStringList& arguments);

}  // namespace kc::cli
