#include "ui/demos/cg_form.hpp"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>
#include <algorithm>

#include "gpu/core/error.hpp"
#include "ui/demos/version_checklist.hpp"

namespace kc {

namespace {

// The matrix combo's item data: "" for Poisson, a path for a file, this for the dialog entry.
const QString kOpenFileEntry = QStringLiteral("<open-file>");
constexpr cg::CgVersion kVersions[] = {cg::CgVersion::Cpu, cg::CgVersion::ScalarCsr, cg::CgVersion::VectorCsr,
                                       cg::CgVersion::CuSparse};

}  // namespace

CgForm::CgForm(const QString& matrixDirectory, QWidget* parent) : QWidget(parent) {
  matrix_ = new QComboBox;
  matrix_->setObjectName(QStringLiteral("cgMatrix"));
  matrix_->addItem(tr("Poisson 2D (N x N grid)"), QString());
  if (!matrixDirectory.isEmpty()) {
    const QDir dir(matrixDirectory);
    for (const QFileInfo& file : dir.entryInfoList({QStringLiteral("*.mtx")}, QDir::Files, QDir::Name))
      matrix_->addItem(file.fileName(), file.absoluteFilePath());
  }
  matrix_->addItem(tr("Open file..."), kOpenFileEntry);
  poissonN_ = new QSpinBox;
  poissonN_->setObjectName(QStringLiteral("cgPoissonN"));
  poissonN_->setRange(2, 4096);
  poissonN_->setToolTip(tr("grid side: the matrix has N^2 rows (5-point Laplacian)"));
  precision_ = new QComboBox;
  precision_->addItem(QStringLiteral("double"), static_cast<int>(cg::Precision::Double));
  precision_->addItem(QStringLiteral("float"), static_cast<int>(cg::Precision::Float));
  preconditioner_ = new QComboBox;
  preconditioner_->addItem(QStringLiteral("none"), static_cast<int>(cg::Preconditioner::None));
  preconditioner_->addItem(QStringLiteral("jacobi"), static_cast<int>(cg::Preconditioner::Jacobi));
  tolerance_ = new QLineEdit;
  tolerance_->setObjectName(QStringLiteral("cgTolerance"));
  tolerance_->setToolTip(tr("relative: stop at ||r_k|| <= tolerance ||r_0||"));
  maxIterations_ = new QSpinBox;
  maxIterations_->setObjectName(QStringLiteral("cgMaxIterations"));
  maxIterations_->setRange(0, 100000000);
  maxIterations_->setGroupSeparatorShown(true);
  maxIterations_->setSpecialValueText(tr("default: max(10 n, 10^6)"));
  versions_ = new VersionChecklist;
  QStringList names;
  std::vector<bool> gpu;
  for (cg::CgVersion version : kVersions) {
    names << QString::fromLatin1(cg::toString(version));
    gpu.push_back(version != cg::CgVersion::Cpu);
  }
  versions_->setVersions(names, gpu, true);

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Matrix"), matrix_);
  form->addRow(tr("Poisson N"), poissonN_);
  form->addRow(tr("Precision"), precision_);
  form->addRow(tr("Preconditioner"), preconditioner_);
  form->addRow(tr("Tolerance"), tolerance_);
  form->addRow(tr("Max iterations"), maxIterations_);
  form->addRow(tr("Versions"), versions_);
  connect(matrix_, &QComboBox::activated, this, &CgForm::matrixChosen);
  connect(matrix_, &QComboBox::currentIndexChanged, this,
          [this](int) { poissonN_->setEnabled(matrix_->currentData().toString().isEmpty()); });

  cg::CgDemoConfig defaults;
  defaults.poissonN = 64;  // 4096 unknowns: converges in a blink on the CPU too
  defaults.versions.insert(defaults.versions.begin(), cg::CgVersion::Cpu);
  setConfig(defaults);
}

QStringList CgForm::matrixChoices() const {
  QStringList texts;
  for (int i = 0; i < matrix_->count(); ++i) texts << matrix_->itemText(i);
  return texts;
}

int CgForm::addMatrixFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  const int existing = matrix_->findData(absolute);
  if (existing >= 0) return existing;
  const int at = matrix_->count() - 1;  // "Open file..." stays last
  matrix_->insertItem(at, QFileInfo(path).fileName(), absolute);
  matrix_->setItemData(at, absolute, Qt::ToolTipRole);
  return at;
}

void CgForm::matrixChosen(int index) {
  if (matrix_->itemData(index).toString() != kOpenFileEntry) {
    lastMatrixIndex_ = index;
    return;
  }
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a Matrix Market file"), QString(),
                                                    tr("Matrix Market (*.mtx);;All files (*)"));
  lastMatrixIndex_ = path.isEmpty() ? lastMatrixIndex_ : addMatrixFile(path);
  matrix_->setCurrentIndex(lastMatrixIndex_);
}

cg::CgDemoConfig CgForm::config(Backend backend) const {
  cg::CgDemoConfig config;
  const QString path = matrix_->currentData().toString();
  config.matrixPath = path == kOpenFileEntry ? std::string() : path.toStdString();
  config.poissonN = poissonN_->value();
  config.precision = static_cast<cg::Precision>(precision_->currentData().toInt());
  config.preconditioner = static_cast<cg::Preconditioner>(preconditioner_->currentData().toInt());
  bool ok = false;
  config.tolerance = tolerance_->text().trimmed().toDouble(&ok);
  if (!ok || !(config.tolerance > 0))
    throw InvalidArgument("tolerance '" + tolerance_->text().toStdString() + "': expected a positive number such as 1e-6");
  config.maxIterations = maxIterations_->value();
  config.backend = backend;
  config.versions.clear();
  for (int row : versions_->checkedRows()) config.versions.push_back(kVersions[row]);
  return config;
}

void CgForm::setConfig(const cg::CgDemoConfig& config) {
  lastMatrixIndex_ = config.matrixPath.empty() ? 0 : addMatrixFile(QString::fromStdString(config.matrixPath));
  matrix_->setCurrentIndex(lastMatrixIndex_);
  poissonN_->setEnabled(config.matrixPath.empty());
  if (config.poissonN > 0) poissonN_->setValue(config.poissonN);
  precision_->setCurrentIndex(precision_->findData(static_cast<int>(config.precision)));
  preconditioner_->setCurrentIndex(preconditioner_->findData(static_cast<int>(config.preconditioner)));
  tolerance_->setText(QString::number(config.tolerance, 'g', 3));
  maxIterations_->setValue(static_cast<int>(std::min<long long>(config.maxIterations, maxIterations_->maximum())));
  std::vector<int> rows;
  for (int row = 0; row < 4; ++row)
    if (std::find(config.versions.begin(), config.versions.end(), kVersions[row]) != config.versions.end())
      rows.push_back(row);
  versions_->setCheckedRows(rows);
}

void CgForm::setBackend(Backend backend) { versions_->setBackend(backend); }

}  // namespace kc
