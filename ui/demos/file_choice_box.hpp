#pragma once
// A demo's input file as the form offers it (demos::DemoFileChoice, CG's matrix): an entry for no
// file (the other parameters describe the input then: "Poisson 2D (N x N grid)"), the matching
// files of a data folder by name, files opened before, and "Open file..." last, which asks for one.
#include <QComboBox>

#include "gpu/demos/demo_definition.hpp"

namespace kc {

class FileChoiceBox : public QComboBox {
  Q_OBJECT
 public:
  // folder: its files matching the choice's pattern are offered ("" or missing: none); the dialog
  // shows the files `dialogFilter` names (a parameter's fileFilter).
  FileChoiceBox(const demos::DemoFileChoice& choice, const QString& dialogFilter, const QString& folder,
                QWidget* parent = nullptr);

  QString path() const;  // "" for no file
  // "" chooses no file; a file not offered yet is added (before "Open file...") and chosen.
  void setPath(const QString& path);
  QStringList texts() const;  // the entries as shown

 private:
  void chosen(int index);
  int addFile(const QString& path);

  demos::DemoFileChoice choice_;
  QString dialogFilter_;
  int lastIndex_ = 0;  // the entry chosen before "Open file..."
};

}  // namespace kc
