#pragma once
// The CG demo's parameters: the matrix (a Matrix Market file of the shared set, one opened from
// disk, or the 2D Poisson matrix of an N x N grid), precision, preconditioner, tolerance,
// iteration cap, and which versions to run (the CG runner lets us choose).
#include <QWidget>

#include "gpu/demos/cg/cg_demo.hpp"

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace kc {

class VersionChecklist;

class CgForm : public QWidget {
  Q_OBJECT
 public:
  // matrixDirectory: its *.mtx files are offered by name ("" or missing: Poisson and "Open file..." only).
  explicit CgForm(const QString& matrixDirectory, QWidget* parent = nullptr);

  // Throws kc::InvalidArgument for a tolerance that is not a number.
  cg::CgDemoConfig config(Backend backend) const;
  void setConfig(const cg::CgDemoConfig& config);
  void setBackend(Backend backend);

  QStringList matrixChoices() const;  // the matrix combo's texts

 private:
  void matrixChosen(int index);
  int addMatrixFile(const QString& path);

  QComboBox* matrix_ = nullptr;
  QSpinBox* poissonN_ = nullptr;
  QComboBox* precision_ = nullptr;
  QComboBox* preconditioner_ = nullptr;
  QLineEdit* tolerance_ = nullptr;
  QSpinBox* maxIterations_ = nullptr;
  VersionChecklist* versions_ = nullptr;
  int lastMatrixIndex_ = 0;
};

}  // namespace kc
