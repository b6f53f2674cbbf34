#include "ui/window/scaled_style.hpp"

#include <QStyleFactory>
#include <cmath>

namespace kc {

ScaledStyle::ScaledStyle(const QString& baseStyleName, double scale)
    : QProxyStyle(QStyleFactory::create(baseStyleName)), scale_(scale) {}

int ScaledStyle::pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const {
  const int size = QProxyStyle::pixelMetric(metric, option, widget);
  switch (metric) {
    // What a user reads or clicks beside the text: indicators, icons, handles, title bars.
    case PM_IndicatorWidth:
    case PM_IndicatorHeight:
    case PM_ExclusiveIndicatorWidth:
    case PM_ExclusiveIndicatorHeight:
    case PM_SmallIconSize:
    case PM_ButtonIconSize:
    case PM_ListViewIconSize:
    case PM_ToolBarIconSize:
    case PM_MenuButtonIndicator:
    case PM_ScrollBarExtent:
    case PM_SliderThickness:
    case PM_SliderLength:
    case PM_SliderControlThickness:
    case PM_DockWidgetTitleMargin:
    case PM_DockWidgetTitleBarButtonMargin:
    case PM_TitleBarHeight:
      return static_cast<int>(std::lround(size * scale_));
    default:
      return size;
  }
}

}  // namespace kc
