#include "ui/lab/line_heat.hpp"

#include <QRegularExpression>
#include <QStringList>
#include <algorithm>
#include <map>

namespace kc {
namespace {

// 32x the ideal (a warp's 32 lanes in one bank, or one sector each) is as hot as it gets.
constexpr double kWorstExcess = 32.0;

}  // namespace

std::vector<LineHeat> lineHeat(const std::vector<lab::LineFigures>& lines, const std::string& path,
                               const QString& text) {
  const std::uint64_t total = lab::totalInstructions(lines);
  std::map<int, LineHeat> heat;
  const auto heatOf = [&](int line, const lab::LineFigures& figures, const QString& label) {
    LineHeat& h = heat[line];
    h.line = line;
    const double excess = lab::memoryExcess(figures);
    const double memoryLevel = excess > 1.5 ? std::min(1.0, (excess - 1) / (kWorstExcess - 1)) * 0.7 + 0.3 : 0.0;
    const double share = total ? static_cast<double>(figures.instructions) / static_cast<double>(total) : 0.0;
    const double shareLevel = std::min(1.0, share * 4);  // a quarter of the kernel's instructions: hot
    if (memoryLevel > 0) h.memory = true;  // a memory problem colours the line, whatever else is hot there
    h.level = std::max({h.level, memoryLevel, shareLevel});
    if (!h.text.isEmpty()) h.text += QLatin1Char('\n');
    h.text += label + QString::fromStdString(lab::describeLine(figures, total));
  };
  for (const lab::LineFigures& line : lab::linesOfFile(lines, path)) heatOf(static_cast<int>(line.line), line, {});

  // The accessors' figures, summed per accessor, at every line of the kernel that calls it.
  const QStringList textLines = text.split(QLatin1Char('\n'));
  for (const auto& [name, figures] : lab::accessorFigures(lines)) {
    // "in.rgba()" is called as in.rgba( or, through another KcInput, as x.rgba(.
    const QString method = QString::fromStdString(name.substr(name.find('.') + 1, name.size() - name.find('.') - 3));
    const QRegularExpression call(QStringLiteral("\\.%1\\s*\\(").arg(QRegularExpression::escape(method)));
    std::vector<int> callers;
    for (int i = 0; i < textLines.size(); ++i)
      if (call.match(textLines[i]).hasMatch()) callers.push_back(i + 1);
    const QString label = callers.size() == 1
                              ? QString::fromStdString(name) + QStringLiteral(": ")
                              : QString::fromStdString(name) + QStringLiteral(" (every call in this kernel): ");
    for (int line : callers) heatOf(line, figures, label);
  }
  std::vector<LineHeat> result;
  for (auto& [line, h] : heat) result.push_back(std::move(h));
  return result;
}

}  // namespace kc
