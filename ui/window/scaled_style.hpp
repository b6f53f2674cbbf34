#pragma once
// The application's style with its sizes scaled (presentation mode): a larger font alone leaves
// check boxes, radio buttons, small icons, scroll bars and dock title buttons at their 1x pixel
// sizes, unreadable on a projector beside text 1.5-3x larger.
#include <QProxyStyle>

namespace kc {

class ScaledStyle : public QProxyStyle {
 public:
  // `baseStyleName` as QStyleFactory knows it ("Fusion"); `scale` >= 1.
  ScaledStyle(const QString& baseStyleName, double scale);
  double scale() const { return scale_; }
  int pixelMetric(PixelMetric metric, const QStyleOption* option = nullptr,
                  const QWidget* widget = nullptr) const override;

 private:
  double scale_;
};

}  // namespace kc
