#pragma once
// kernelcam's icon: the installed theme's copy when there is one, else the one compiled in.
#include <QIcon>

namespace kc {

QIcon kernelcamIcon();

}  // namespace kc
