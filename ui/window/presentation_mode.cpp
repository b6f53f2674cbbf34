#include "ui/window/presentation_mode.hpp"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QStyle>
#include <QStyleFactory>
#include <QMenu>
#include <QSettings>
#include <QSignalBlocker>
#include <algorithm>

#include "ui/window/gl_view.hpp"
#include "ui/window/scaled_style.hpp"

namespace kc {

namespace {
const QString kScaleKey = QStringLiteral("view/presentationScale");

// The platform's zoom keys are often the same as ours (Ctrl++, Ctrl+-): listed once, so the
// shortcuts table does not read "Ctrl+=, Ctrl++, Ctrl++".
QList<QKeySequence> withoutRepeats(const QList<QKeySequence>& keys) {
  QList<QKeySequence> unique;
  for (const QKeySequence& key : keys)
    if (!key.isEmpty() && !unique.contains(key)) unique << key;
  return unique;
}
}  // namespace

PresentationMode::PresentationMode(GlView* view, QMenu* viewMenu, QObject* parent)
    : QObject(parent), view_(view), baseFont_(QApplication::font()) {
  const auto* scaled = dynamic_cast<const ScaledStyle*>(QApplication::style());
  baseStyleName_ = scaled ? scaled->baseStyle()->name() : QApplication::style()->name();
  if (baseStyleName_.isEmpty()) baseStyleName_ = QStringLiteral("Fusion");
  const double remembered = QSettings().value(kScaleKey, kDefaultScale).toDouble();
  presentationScale_ = remembered > kMinScale && remembered <= kMaxScale ? remembered : kDefaultScale;

  toggle_ = viewMenu->addAction(tr("&Presentation (projector)"));
  toggle_->setObjectName(QStringLiteral("presentationAction"));
  toggle_->setCheckable(true);
  toggle_->setShortcut(QKeySequence(Qt::Key_F5));
  connect(toggle_, &QAction::toggled, this, &PresentationMode::setActive);
  // Ctrl+= is the key people press for "larger" (no Shift); Ctrl++ and the platform's zoom keys too.
  QAction* larger = viewMenu->addAction(tr("Larger text and overlay"));
  larger->setShortcuts(withoutRepeats({QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus),
                                       QKeySequence(QKeySequence::ZoomIn)}));
  connect(larger, &QAction::triggered, this, &PresentationMode::zoomIn);
  QAction* smaller = viewMenu->addAction(tr("Smaller text and overlay"));
  smaller->setShortcuts(withoutRepeats({QKeySequence(Qt::CTRL | Qt::Key_Minus), QKeySequence(QKeySequence::ZoomOut)}));
  connect(smaller, &QAction::triggered, this, &PresentationMode::zoomOut);
  QAction* actual = viewMenu->addAction(tr("Actual size"));
  actual->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  connect(actual, &QAction::triggered, this, &PresentationMode::reset);
}

PresentationMode::~PresentationMode() {
  if (!active()) return;
  QApplication::setFont(baseFont_);
  QApplication::setStyle(QStyleFactory::create(baseStyleName_));
}

void PresentationMode::setActive(bool on) { setScale(on ? presentationScale_ : kMinScale); }

void PresentationMode::zoomIn() { setScale(scale_ + kStep); }

void PresentationMode::zoomOut() { setScale(scale_ - kStep); }

void PresentationMode::reset() { setScale(kMinScale); }

void PresentationMode::setScale(double scale) {
  scale = std::clamp(scale, kMinScale, kMaxScale);
  {
    const QSignalBlocker block(toggle_);
    toggle_->setChecked(scale > kMinScale);
  }
  if (scale == scale_) return;
  scale_ = scale;
  if (active()) {
    presentationScale_ = scale_;
    QSettings().setValue(kScaleKey, presentationScale_);
  }
  QFont font = baseFont_;
  if (baseFont_.pointSizeF() > 0) font.setPointSizeF(baseFont_.pointSizeF() * scale_);
  else font.setPixelSize(static_cast<int>(baseFont_.pixelSize() * scale_ + 0.5));
  QApplication::setFont(font);
  // Setting a style repolishes every widget: only when the scale changes (a key press), never per frame.
  QApplication::setStyle(scale_ > kMinScale ? new ScaledStyle(baseStyleName_, scale_)
                                            : QStyleFactory::create(baseStyleName_));
  scaleDockTitles();
  view_->renderer().setOverlayScale(scale_);
  view_->update();
  emit scaleChanged(scale_);
}

// QDockWidget draws its title with the title font it took when it was made (the platform theme's),
// whenever its own font equals the application's QDockWidget font, as it does after
// QApplication::setFont. A font of its own (differing in a style hint nobody sees) makes it draw the
// title in that font; at 1x the dock goes back to inheriting.
void PresentationMode::scaleDockTitles() {
  QWidget* window = view_->window();
  if (!window) return;
  for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
    if (scale_ <= kMinScale) {
      dock->setFont(QFont());
      dock->setAttribute(Qt::WA_SetFont, false);
      continue;
    }
    QFont titleFont = QApplication::font();
    titleFont.setStyleStrategy(QFont::PreferQuality);
    dock->setFont(titleFont);
  }
}

}  // namespace kc
