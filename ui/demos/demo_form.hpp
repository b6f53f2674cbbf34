#pragma once
// A demo's parameters as the panel shows them, generated from its record's descriptors
// (demos::DemoDefinition::params, as the filter dock's StageEditor is from a stage's): Choice ->
// combo box, Int -> spin box (the form's range and default where the record gives them), Float and
// Text -> line edit, an input file -> a FileChoiceBox; then the record's note, kept up to date, and
// the versions as a checklist (choosable where the record lets the form pick them). Each control
// is named after the demo and its parameter ("reduceOp", "cgMaxIter").
#include <QWidget>
#include <map>
#include <vector>

#include "gpu/demos/demo_definition.hpp"

class QLabel;

namespace kc {

class VersionChecklist;

class DemoForm : public QWidget {
  Q_OBJECT
 public:
  // dataDirectory: where an input file's matching files are offered from ("" or missing: none).
  DemoForm(const demos::DemoDefinition& demo, const QString& dataDirectory, QWidget* parent = nullptr);

  const demos::DemoDefinition& demo() const { return demo_; }
  // What the form says, for `backend`: each of its parameters' text (but those greyed by their
  // onlyWhen rule), and the versions ticked where the form picks them. The record checks it.
  demos::DemoRequest request(Backend backend) const;

  // A parameter's text as the form holds it ("" for a parameter it does not show).
  QString value(const QString& param) const;
  // Shows `text` in the parameter's control (a file not offered yet is added); false when the
  // control cannot show it (not one of a Choice's items, not a whole number in the spin box's range).
  bool setValue(const QString& param, const QString& text);
  // The versions ticked, as indices into the record's versions (where the form picks them).
  void setVersions(const std::vector<int>& indices);
  void setBackend(Backend backend);

  QStringList choices(const QString& param) const;  // a Choice's or an input file's entries, as shown
  QStringList inputFiles() const;                   // the input files the form names now

 private:
  QWidget* makeControl(const demos::DemoParam& param);
  void applyRules();  // onlyWhen greys, fixedWhen fixes, the note follows
  bool inUse(const demos::DemoParam& param) const;

  const demos::DemoDefinition& demo_;
  std::map<std::string, QWidget*> controls_;  // parameter id -> its control
  QLabel* note_ = nullptr;
  VersionChecklist* versions_ = nullptr;
};

}  // namespace kc
