#pragma once
// The matmul demo's parameters: C (MxN) = A (MxK) B (KxN), element type.
#include <QWidget>

#include "gpu/demos/matmul/matmul_demo.hpp"

class QComboBox;
class QLabel;
class QSpinBox;

namespace kc {

class VersionChecklist;

class MatmulForm : public QWidget {
  Q_OBJECT
 public:
  explicit MatmulForm(QWidget* parent = nullptr);

  demos::MatmulDemoConfig config(Backend backend) const;
  void setConfig(const demos::MatmulDemoConfig& config);
  void setBackend(Backend backend);

 private:
  void updateCpuNote();

  QSpinBox* m_ = nullptr;
  QSpinBox* n_ = nullptr;
  QSpinBox* k_ = nullptr;
  QComboBox* type_ = nullptr;
  QLabel* cpuNote_ = nullptr;
  VersionChecklist* versions_ = nullptr;
};

}  // namespace kc
