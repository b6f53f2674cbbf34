#pragma once
// Whether Qt Multimedia can reach cameras on this machine at all. Qt 6.4 calls qFatal (the
// process aborts) on the first QMediaDevices use when none of its backend plugins loads
// ("QtMultimedia is not currently supported on this platform"): a machine without
// libqt6multimedia6's GStreamer plugin, or with a broken one. Every camera path asks here first.
#include <QString>

namespace kc {

// True when a multimedia backend plugin loads. Otherwise false, with the reason in *why.
// Needs a QCoreApplication (for the plugin paths); the answer is computed once.
bool cameraBackendAvailable(QString* why = nullptr);

}  // namespace kc
