#include "app/live/display_check.hpp"

#include <dlfcn.h>

namespace kc {
namespace {

// The value of Qt's option `name` (-name VALUE, --name VALUE, -name=VALUE), or "".
QString qtOptionValue(const QStringList& arguments, const QString& name) {
  for (qsizetype i = 1; i < arguments.size(); ++i) {
    QString argument = arguments[i];
    if (!argument.startsWith(QLatin1Char('-'))) continue;
    while (argument.startsWith(QLatin1Char('-'))) argument.remove(0, 1);
    if (argument == name && i + 1 < arguments.size()) return arguments[i + 1];
    if (argument.startsWith(name + QLatin1Char('='))) return argument.mid(name.size() + 1);
  }
  return {};
}

// Connects to the X server `display` names ("" = $DISPLAY) and hangs up; true when it answered.
// When libxcb cannot be loaded, only whether a display is named at all.
bool xDisplayAnswers(const QString& display) {
  using Connect = void* (*)(const char*, int*);
  using HasError = int (*)(void*);
  using Disconnect = void (*)(void*);
  void* xcb = dlopen("libxcb.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!xcb) return !display.isEmpty() || !qEnvironmentVariableIsEmpty("DISPLAY");
  const auto connect = reinterpret_cast<Connect>(dlsym(xcb, "xcb_connect"));
  const auto hasError = reinterpret_cast<HasError>(dlsym(xcb, "xcb_connection_has_error"));
  const auto disconnect = reinterpret_cast<Disconnect>(dlsym(xcb, "xcb_disconnect"));
  bool answers = !display.isEmpty() || !qEnvironmentVariableIsEmpty("DISPLAY");
  if (connect && hasError && disconnect) {
    const QByteArray name = display.toLocal8Bit();
    void* connection = connect(display.isEmpty() ? nullptr : name.constData(), nullptr);
    answers = connection && hasError(connection) == 0;
    if (connection) disconnect(connection);  // xcb_connect returns an error object to free even on failure
  }
  dlclose(xcb);
  return answers;
}

}  // namespace

QString requestedQtPlatform(const QStringList& arguments) {
  const QString fromArguments = qtOptionValue(arguments, QStringLiteral("platform"));
  return fromArguments.isEmpty() ? qEnvironmentVariable("QT_QPA_PLATFORM") : fromArguments;
}

QString displayProblem(const QStringList& arguments) {
  const QString platform = requestedQtPlatform(arguments);
  // Qt tries a list ("wayland;xcb") in order; only xcb and wayland are ours to check.
  QStringList tried = platform.isEmpty() ? QStringList{QStringLiteral("wayland"), QStringLiteral("xcb")}
                                         : platform.split(QLatin1Char(';'), Qt::SkipEmptyParts);
  for (QString& name : tried) name = name.section(QLatin1Char(':'), 0, 0);  // "xcb:option"
  for (const QString& name : tried)
    if (name != QLatin1String("xcb") && name != QLatin1String("wayland")) return {};
  const QString display = qtOptionValue(arguments, QStringLiteral("display"));
  for (const QString& name : tried) {
    if (name == QLatin1String("wayland") && !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) return {};
    if (name == QLatin1String("xcb") && xDisplayAnswers(display)) return {};
  }
  if (display.isEmpty() && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
    return QStringLiteral("neither DISPLAY nor WAYLAND_DISPLAY is set");
  return QStringLiteral("cannot connect to display '%1'")
      .arg(display.isEmpty() ? qEnvironmentVariable("DISPLAY", qEnvironmentVariable("WAYLAND_DISPLAY")) : display);
}

}  // namespace kc
