#include "ui/demos/reduce_form.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

#include "gpu/core/size_limits.hpp"
#include "gpu/demos/reduce/reduce_versions.hpp"
#include "ui/demos/version_checklist.hpp"

namespace kc {

ReduceForm::ReduceForm(QWidget* parent) : QWidget(parent) {
  op_ = new QComboBox;
  op_->setObjectName(QStringLiteral("reduceOp"));
  for (const char* name : {"sum", "min", "max", "argmax", "mat3min"}) op_->addItem(QString::fromLatin1(name));
  op_->setItemData(4, tr("element-wise minimum of n 3x3 int32 matrices"), Qt::ToolTipRole);
  n_ = new QSpinBox;
  n_->setObjectName(QStringLiteral("reduceN"));
  n_->setRange(1, static_cast<int>(kMaxReduceElements));
  n_->setGroupSeparatorShown(true);
  n_->setToolTip(tr("elements (mat3min: matrices); up to 2^30"));
  type_ = new QComboBox;
  type_->setObjectName(QStringLiteral("reduceType"));
  type_->addItem(QStringLiteral("float"), static_cast<int>(demos::ReduceType::Float32));
  type_->addItem(QStringLiteral("int32"), static_cast<int>(demos::ReduceType::Int32));
  versions_ = new VersionChecklist;
  QStringList names{QStringLiteral("CPU reference (1 thread)")};
  std::vector<bool> gpu{false};
  for (const auto& info : demos::kReduceVersions) {
    names << QString::fromLatin1(info.name);
    gpu.push_back(true);
  }
  versions_->setVersions(names, gpu, false);

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Operation"), op_);
  form->addRow(tr("n"), n_);
  form->addRow(tr("Type"), type_);
  form->addRow(tr("Versions"), versions_);
  connect(op_, &QComboBox::currentIndexChanged, this, &ReduceForm::updateTypeChoice);
  setConfig(demos::ReduceDemoConfig{});
}

void ReduceForm::updateTypeChoice() {
  // The runner rejects mat3min on floats: show that instead of letting the run fail.
  const bool mat3 = op_->currentIndex() == static_cast<int>(demos::ReduceDemoOp::Mat3Min);
  if (mat3) type_->setCurrentIndex(type_->findData(static_cast<int>(demos::ReduceType::Int32)));
  type_->setEnabled(!mat3);
}

demos::ReduceDemoConfig ReduceForm::config(Backend backend) const {
  demos::ReduceDemoConfig config;
  config.op = static_cast<demos::ReduceDemoOp>(op_->currentIndex());
  config.n = static_cast<std::size_t>(n_->value());
  config.type = static_cast<demos::ReduceType>(type_->currentData().toInt());
  config.backend = backend;
  return config;
}

void ReduceForm::setConfig(const demos::ReduceDemoConfig& config) {
  op_->setCurrentIndex(static_cast<int>(config.op));
  n_->setValue(static_cast<int>(std::min(config.n, kMaxReduceElements)));
  type_->setCurrentIndex(type_->findData(static_cast<int>(config.type)));
  updateTypeChoice();
}

void ReduceForm::setBackend(Backend backend) { versions_->setBackend(backend); }

}  // namespace kc
