#pragma once
// A start-up fallback (no camera, no usable GPU, ...) said once at the top of the window without
// blocking it: what happened, "Why?" for the notice's explanation (a dialog that is not modal), "Don't
// show again" and a close button. The notice itself stays in the status bar either way.
#include <QFrame>

#include "ui/window/notice_area.hpp"

namespace kc {

class NoticeBanner : public QFrame {
  Q_OBJECT
 public:
  NoticeBanner(const Notice& notice, QWidget* parent);

 signals:
  void whyClicked();
  void dontShowAgainClicked();
  void closeClicked();
};

}  // namespace kc
