#pragma once
// File > Record...: where to write the video and what to record (the filtered image, or the view
// with its overlays as on screen). Remembers the folder and the choice (QSettings record/...).
#include <QDialog>

class QLineEdit;
class QRadioButton;

namespace kc {

enum class RecordContent { Filtered, View };

class RecordDialog : public QDialog {
  Q_OBJECT
 public:
  // `viewSize`: the view's size in pixels, shown beside the choice.
  RecordDialog(QSize viewSize, QWidget* parent = nullptr);

  QString path() const;
  RecordContent content() const;
  // Stores the folder and the choice for next time.
  void remember() const;

 private:
  void browse();

  QLineEdit* path_ = nullptr;
  QRadioButton* filtered_ = nullptr;
  QRadioButton* view_ = nullptr;
};

}  // namespace kc
