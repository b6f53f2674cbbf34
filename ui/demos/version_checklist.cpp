#include "ui/demos/version_checklist.hpp"

#include <algorithm>

namespace kc {

VersionChecklist::VersionChecklist(QWidget* parent) : QListWidget(parent) {
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
}

void VersionChecklist::setVersions(const QStringList& names, const std::vector<bool>& gpu, bool choosable) {
  clear();
  gpu_ = gpu;
  choosable_ = choosable;
  for (const QString& name : names) {
    auto* item = new QListWidgetItem(name, this);
    item->setFlags(choosable ? Qt::ItemIsEnabled | Qt::ItemIsUserCheckable : Qt::ItemIsEnabled);
    item->setCheckState(Qt::Checked);
  }
  if (!choosable) setToolTip(tr("This runner always runs every version."));
  // Short lists: no scroll bar, no wasted height.
  setFixedHeight(sizeHintForRow(0) * std::max<qsizetype>(1, names.size()) + 2 * frameWidth() + 2);
}

void VersionChecklist::setBackend(Backend backend) {
  backend_ = backend;
  const bool cuda = backend == Backend::Cuda;
  for (int row = 0; row < count(); ++row) {
    QListWidgetItem* entry = item(row);
    if (row >= static_cast<int>(gpu_.size()) || !gpu_[static_cast<std::size_t>(row)]) {
      // On the CPU backend the CPU versions are all that runs: shown ticked, not clickable.
      if (!cuda) entry->setCheckState(Qt::Checked);
      entry->setFlags(choosable_ && cuda ? Qt::ItemIsEnabled | Qt::ItemIsUserCheckable : Qt::ItemIsEnabled);
      continue;
    }
    Qt::ItemFlags flags = choosable_ ? Qt::ItemIsUserCheckable : Qt::NoItemFlags;
    if (cuda) flags |= Qt::ItemIsEnabled;
    entry->setFlags(flags);
    entry->setToolTip(cuda ? QString() : tr("needs the CUDA backend"));
  }
}

std::vector<int> VersionChecklist::checkedRows() const {
  std::vector<int> rows;
  for (int row = 0; row < count(); ++row)
    if (item(row)->checkState() == Qt::Checked) rows.push_back(row);
  return rows;
}

void VersionChecklist::setCheckedRows(const std::vector<int>& rows) {
  for (int row = 0; row < count(); ++row)
    item(row)->setCheckState(std::find(rows.begin(), rows.end(), row) != rows.end() ? Qt::Checked : Qt::Unchecked);
  setBackend(backend_);
}

}  // namespace kc
