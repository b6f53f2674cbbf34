#pragma once
// The sample photos an image exercise's check uses as one of its hidden inputs: every PNG and JPEG
// of the samples folder, decoded to RGBA. The folder: $KC_SAMPLES_DIR, else the installed
// share/kernelcam/samples, else the checkout's data/samples. None found: the check runs without a
// photo (its random frames remain).
#include <QString>
#include <vector>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

QString samplesDirectory();
// Decoded once per process; a file that does not decode is left out.
const std::vector<HostFrame>& samplePhotos();

}  // namespace kc
