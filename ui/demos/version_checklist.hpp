#pragma once
// The versions a demo run compares, as a checkable list. Where the runner always runs every
// version (reduce, matmul) the list only shows them, ticked and not clickable; versions the
// chosen backend cannot run are greyed with a tooltip saying why.
#include <QListWidget>
#include <vector>

#include "gpu/core/backend.hpp"

namespace kc {

class VersionChecklist : public QListWidget {
  Q_OBJECT
 public:
  explicit VersionChecklist(QWidget* parent = nullptr);

  // gpu[i]: version i needs the CUDA backend.
  void setVersions(const QStringList& names, const std::vector<bool>& gpu, bool choosable);
  void setBackend(Backend backend);  // Cuda or Cpu: the versions that backend runs are enabled

  std::vector<int> checkedRows() const;
  void setCheckedRows(const std::vector<int>& rows);

 private:
  std::vector<bool> gpu_;
  bool choosable_ = false;
  Backend backend_ = Backend::Cuda;
};

}  // namespace kc
