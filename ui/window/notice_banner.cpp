#include "ui/window/notice_banner.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace kc {

NoticeBanner::NoticeBanner(const Notice& notice, QWidget* parent) : QFrame(parent) {
  setObjectName(QStringLiteral("noticeBanner-") + notice.id);
  setFrameShape(QFrame::StyledPanel);
  setAutoFillBackground(true);
  // The palette's tooltip colours: a light "information" band in light and dark themes alike.
  QPalette colours = palette();
  colours.setColor(QPalette::Window, colours.color(QPalette::ToolTipBase));
  colours.setColor(QPalette::WindowText, colours.color(QPalette::ToolTipText));
  setPalette(colours);

  auto* icon = new QLabel(this);
  const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
  icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
  auto* text = new QLabel(notice.summary, this);
  text->setObjectName(QStringLiteral("noticeBannerText"));
  text->setWordWrap(true);
  text->setToolTip(notice.explanation);
  auto* why = new QPushButton(tr("Why?"), this);
  why->setObjectName(QStringLiteral("noticeWhy"));
  auto* dontShow = new QPushButton(tr("Don't show again"), this);
  dontShow->setObjectName(QStringLiteral("noticeDontShow"));
  auto* close = new QToolButton(this);
  close->setObjectName(QStringLiteral("noticeClose"));
  close->setAutoRaise(true);
  close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  close->setToolTip(tr("Hide until the next start"));
  // Buttons that take no keyboard focus: the view keeps it, and with it the window's shortcuts.
  for (QWidget* button : {static_cast<QWidget*>(why), static_cast<QWidget*>(dontShow), static_cast<QWidget*>(close)})
    button->setFocusPolicy(Qt::NoFocus);

  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(8, 4, 4, 4);
  row->addWidget(icon);
  row->addWidget(text, 1);
  row->addWidget(why);
  row->addWidget(dontShow);
  row->addWidget(close);
  connect(why, &QPushButton::clicked, this, &NoticeBanner::whyClicked);
  connect(dontShow, &QPushButton::clicked, this, &NoticeBanner::dontShowAgainClicked);
  connect(close, &QToolButton::clicked, this, &NoticeBanner::closeClicked);
}

}  // namespace kc
