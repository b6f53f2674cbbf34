#pragma once
// Where Help > Documentation points: the README of the checkout this binary was built from, else
// the installed one (PREFIX/share/doc/kernelcam/README.md, with docs/ beside it), else the
// project's page. Found as the data is (app/demos/app_demo_runners.hpp's DataSearch).
#include <QUrl>

#include "app/demos/app_demo_runners.hpp"

namespace kc {

inline constexpr const char* kProjectPage = "https://github.com/kernelcam/kernelcam#readme";

QUrl documentationUrl(const DataSearch& where);

}  // namespace kc
