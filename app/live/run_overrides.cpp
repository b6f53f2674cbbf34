#include "app/live/run_overrides.hpp"

#include <algorithm>

namespace kc {

void RunOverrides::pin(const QSettings& settings, const QString& key, const QVariant& commandLineValue) {
  pins_.push_back({key, commandLineValue, settings.value(key), settings.contains(key)});
}

void RunOverrides::restore(QSettings& settings) const {
  for (const Pin& pin : pins_) {
    if (settings.value(pin.key) != pin.commandLineValue) continue;  // changed in the window: keep it
    if (pin.hadValue) settings.setValue(pin.key, pin.remembered);
    else settings.remove(pin.key);
  }
}

bool RunOverrides::pinned(const QString& key) const {
  return std::any_of(pins_.begin(), pins_.end(), [&](const Pin& pin) { return pin.key == key; });
}

}  // namespace kc
