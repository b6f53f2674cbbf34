#include "ui/demos/demo_form.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <algorithm>
#include <climits>
#include <exception>

#include "gpu/demos/demo_registry.hpp"
#include "ui/demos/file_choice_box.hpp"
#include "ui/demos/version_checklist.hpp"

namespace kc {

namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

// "reduce" + "max-iter" -> "reduceMaxIter"
QString camelName(const std::string& demo, const std::string& param) {
  QString name = text(demo);
  bool upper = true;
  for (char c : param) {
    if (c == '-' || c == '_') {
      upper = true;
      continue;
    }
    name += upper ? QChar(QLatin1Char(c)).toUpper() : QChar(QLatin1Char(c));
    upper = false;
  }
  return name;
}

int clampedInt(long long value) { return static_cast<int>(std::clamp<long long>(value, INT_MIN, INT_MAX)); }

QSpinBox* spinFor(const demos::DemoParam& param) {
  auto* spin = new QSpinBox;
  const int low = clampedInt(param.formMin.value_or(param.descriptor.minValue));
  const int high = clampedInt(param.formMax.value_or(param.descriptor.maxValue));
  spin->setRange(low, high);
  spin->setGroupSeparatorShown(high >= 100000);  // 16,777,216 elements reads at a glance
  if (!param.formSpecialValueText.empty()) spin->setSpecialValueText(text(param.formSpecialValueText));
  return spin;
}

QComboBox* comboFor(const demos::DemoParam& param) {
  auto* combo = new QComboBox;
  for (const std::string& choice : param.descriptor.choices) {
    combo->addItem(text(choice), text(choice));
    if (const auto tip = param.choiceTips.find(choice); tip != param.choiceTips.end())
      combo->setItemData(combo->count() - 1, text(tip->second), Qt::ToolTipRole);
  }
  return combo;
}

}  // namespace

DemoForm::DemoForm(const demos::DemoDefinition& demo, const QString& dataDirectory, QWidget* parent)
    : QWidget(parent), demo_(demo) {
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  for (const demos::DemoParam& param : demo_.params) {
    if (!param.inForm()) continue;
    QWidget* control = nullptr;
    if (param.fileChoice) {
      auto* files = new FileChoiceBox(*param.fileChoice, text(param.descriptor.fileFilter), dataDirectory);
      connect(files, &QComboBox::currentIndexChanged, this, &DemoForm::applyRules);
      control = files;
    } else {
      control = makeControl(param);
    }
    control->setObjectName(camelName(demo_.id, param.id()));
    control->setToolTip(text(param.formTip.empty() ? param.descriptor.help : param.formTip));
    controls_[param.id()] = control;
    form->addRow(text(param.descriptor.displayName), control);
    const std::string initial = param.formDefault.empty() ? param.descriptor.defaultValue : param.formDefault;
    if (!initial.empty()) setValue(text(param.id()), text(initial));
  }
  if (demo_.formNote) {
    note_ = new QLabel;
    note_->setWordWrap(true);
    form->addRow(note_);
  }
  versions_ = new VersionChecklist;
  QStringList names;
  std::vector<bool> gpu;
  for (const demos::DemoVersion& version : demo_.versions) {
    names << text(version.name);
    gpu.push_back(version.needsCuda);
  }
  versions_->setVersions(names, gpu, demo_.choosableVersions);
  form->addRow(tr("Versions"), versions_);
  applyRules();
}

QWidget* DemoForm::makeControl(const demos::DemoParam& param) {
  switch (param.descriptor.type) {
    case ParamType::Choice: {
      QComboBox* combo = comboFor(param);
      connect(combo, &QComboBox::currentIndexChanged, this, &DemoForm::applyRules);
      return combo;
    }
    case ParamType::Int: {
      QSpinBox* spin = spinFor(param);
      connect(spin, &QSpinBox::valueChanged, this, &DemoForm::applyRules);
      return spin;
    }
    default: {  // Float, Text: the record reads the text (CG's tolerance: 1e-06)
      auto* edit = new QLineEdit;
      connect(edit, &QLineEdit::textChanged, this, &DemoForm::applyRules);
      return edit;
    }
  }
}

// A parameter greyed by its onlyWhen rule is no part of the run (CG's grid size beside a matrix file).
bool DemoForm::inUse(const demos::DemoParam& param) const {
  return param.descriptor.onlyWhenParam.empty() ||
         value(text(param.descriptor.onlyWhenParam)) == text(param.descriptor.onlyWhenValue);
}

QString DemoForm::value(const QString& param) const {
  const auto found = controls_.find(param.toStdString());
  if (found == controls_.end()) return {};
  if (auto* files = qobject_cast<FileChoiceBox*>(found->second)) return files->path();
  if (auto* combo = qobject_cast<QComboBox*>(found->second)) return combo->currentData().toString();
  if (auto* spin = qobject_cast<QSpinBox*>(found->second)) return QString::number(spin->value());
  if (auto* edit = qobject_cast<QLineEdit*>(found->second)) return edit->text();
  return {};
}

bool DemoForm::setValue(const QString& param, const QString& shown) {
  const auto found = controls_.find(param.toStdString());
  if (found == controls_.end()) return false;
  if (auto* files = qobject_cast<FileChoiceBox*>(found->second)) {
    files->setPath(shown);
    return true;
  }
  if (auto* combo = qobject_cast<QComboBox*>(found->second)) {
    const int index = combo->findData(shown);
    if (index >= 0) combo->setCurrentIndex(index);
    return index >= 0;
  }
  if (auto* spin = qobject_cast<QSpinBox*>(found->second)) {
    bool ok = false;
    const int number = shown.toInt(&ok);
    if (!ok || number < spin->minimum() || number > spin->maximum()) return false;
    spin->setValue(number);
    return true;
  }
  if (auto* edit = qobject_cast<QLineEdit*>(found->second)) {
    edit->setText(shown);
    return true;
  }
  return false;
}

demos::DemoRequest DemoForm::request(Backend backend) const {
  demos::DemoRequest request = demos::requestFor(demo_, backend);
  for (const demos::DemoParam& param : demo_.params) {
    if (!controls_.count(param.id()) || !inUse(param)) continue;
    request.values[param.id()] = value(text(param.id())).toStdString();
  }
  if (demo_.choosableVersions && versions_) request.versions = versions_->checkedRows();
  return request;
}

void DemoForm::applyRules() {
  for (const demos::DemoParam& param : demo_.params) {
    const auto found = controls_.find(param.id());
    if (found == controls_.end()) continue;
    bool enabled = inUse(param);
    if (!param.fixedWhenParam.empty() && value(text(param.fixedWhenParam)) == text(param.fixedWhenValue)) {
      // The runner would refuse anything else (mat3min on floats): show that instead of a failed run.
      const QSignalBlocker quiet(found->second);
      setValue(text(param.id()), text(param.fixedValue));
      enabled = false;
    }
    found->second->setEnabled(enabled);
  }
  if (note_) {
    try {
      note_->setText(text(demo_.formNote(request(Backend::Cpu))));
    } catch (const std::exception&) {
      note_->clear();  // a value the record refuses: the run says why
    }
  }
}

void DemoForm::setVersions(const std::vector<int>& indices) { versions_->setCheckedRows(indices); }

void DemoForm::setBackend(Backend backend) { versions_->setBackend(backend); }

QStringList DemoForm::choices(const QString& param) const {
  const auto found = controls_.find(param.toStdString());
  if (found == controls_.end()) return {};
  if (auto* files = qobject_cast<FileChoiceBox*>(found->second)) return files->texts();
  QStringList shown;
  if (auto* combo = qobject_cast<QComboBox*>(found->second))
    for (int i = 0; i < combo->count(); ++i) shown << combo->itemText(i);
  return shown;
}

QStringList DemoForm::inputFiles() const {
  QStringList files;
  for (const demos::DemoParam& param : demo_.params)
    if (param.file == demos::DemoFile::Input && !value(text(param.id())).isEmpty()) files << value(text(param.id()));
  return files;
}

}  // namespace kc
