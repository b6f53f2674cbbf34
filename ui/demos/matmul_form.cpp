#include "ui/demos/matmul_form.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include "gpu/core/size_limits.hpp"
#include "gpu/demos/matmul/matmul_versions.hpp"
#include "ui/demos/version_checklist.hpp"

namespace kc {

namespace {

QSpinBox* sizeSpin(const QString& objectName) {
  auto* spin = new QSpinBox;
  spin->setObjectName(objectName);
  spin->setRange(1, kMaxMatmulSide);
  return spin;
}

}  // namespace

MatmulForm::MatmulForm(QWidget* parent) : QWidget(parent) {
  m_ = sizeSpin(QStringLiteral("matmulM"));
  n_ = sizeSpin(QStringLiteral("matmulN"));
  k_ = sizeSpin(QStringLiteral("matmulK"));
  type_ = new QComboBox;
  type_->setObjectName(QStringLiteral("matmulType"));
  type_->addItem(QStringLiteral("float"), static_cast<int>(demos::MatmulType::Float32));
  type_->addItem(QStringLiteral("int32"), static_cast<int>(demos::MatmulType::Int32));
  cpuNote_ = new QLabel;
  cpuNote_->setWordWrap(true);
  versions_ = new VersionChecklist;
  QStringList names{QStringLiteral("CPU triple loop (reference)"), QStringLiteral("CPU transposed B, blocked rows")};
  std::vector<bool> gpu{false, false};
  for (const auto& info : demos::kMatmulVersions) {
    names << QString::fromLatin1(info.name);
    gpu.push_back(true);
  }
  versions_->setVersions(names, gpu, false);

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("M (rows of C)"), m_);
  form->addRow(tr("N (columns of C)"), n_);
  form->addRow(tr("K (inner)"), k_);
  form->addRow(tr("Type"), type_);
  form->addRow(cpuNote_);
  form->addRow(tr("Versions"), versions_);
  for (QSpinBox* spin : {m_, n_, k_}) connect(spin, &QSpinBox::valueChanged, this, &MatmulForm::updateCpuNote);
  setConfig(demos::MatmulDemoConfig{});
}

void MatmulForm::updateCpuNote() {
  // Says up front what the runner will do, rather than leaving blank CPU rows unexplained.
  const demos::MatmulDemoConfig c = config(Backend::Cpu);
  const double flops = demos::matmulFlops(c);
  cpuNote_->setText(flops > c.cpuFlopLimit
                        ? tr("2MNK = %1 GFLOP: the CPU rows are skipped (too slow single-threaded).")
                              .arg(flops / 1e9, 0, 'f', 1)
                        : tr("2MNK = %1 GFLOP").arg(flops / 1e9, 0, 'g', 3));
}

demos::MatmulDemoConfig MatmulForm::config(Backend backend) const {
  demos::MatmulDemoConfig config;
  config.M = m_->value();
  config.N = n_->value();
  config.K = k_->value();
  config.type = static_cast<demos::MatmulType>(type_->currentData().toInt());
  config.backend = backend;
  return config;
}

void MatmulForm::setConfig(const demos::MatmulDemoConfig& config) {
  m_->setValue(config.M);
  n_->setValue(config.N);
  k_->setValue(config.K);
  type_->setCurrentIndex(type_->findData(static_cast<int>(config.type)));
  updateCpuNote();
}

void MatmulForm::setBackend(Backend backend) { versions_->setBackend(backend); }

}  // namespace kc
