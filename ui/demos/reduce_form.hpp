#pragma once
// The reduction demo's parameters: operation, element count, element type.
#include <QWidget>

#include "gpu/demos/reduce/reduce_demo.hpp"

class QComboBox;
class QSpinBox;

namespace kc {

class VersionChecklist;

class ReduceForm : public QWidget {
  Q_OBJECT
 public:
  explicit ReduceForm(QWidget* parent = nullptr);

  demos::ReduceDemoConfig config(Backend backend) const;
  void setConfig(const demos::ReduceDemoConfig& config);
  void setBackend(Backend backend);

 private:
  void updateTypeChoice();

  QComboBox* op_ = nullptr;
  QSpinBox* n_ = nullptr;
  QComboBox* type_ = nullptr;
  VersionChecklist* versions_ = nullptr;
};

}  // namespace kc
