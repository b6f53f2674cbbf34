#pragma once
// Named filter chains the user saved (Filters > Save chain as preset), kept in QSettings under
// presets/NAME as --filters text: readable, in the CLI's syntax, and the one store that the window's
// Presets menu and the command line's --preset NAME both read.
#include <QString>
#include <QStringList>
#include <optional>

namespace kc {

QStringList presetNames();                                  // sorted
std::optional<QString> presetChainText(const QString& name);  // its --filters text; nullopt: no such preset
// "" when `name` can name a preset, else why not (empty, or a '/' or '\' that QSettings would split).
QString presetNameProblem(const QString& name);
void storePreset(const QString& name, const QString& chainText);  // replaces one of that name
bool removePreset(const QString& name);                           // false: there was none
// False (nothing changed) when `from` does not exist or `to` is taken or not a valid name.
bool renamePreset(const QString& from, const QString& to);

}  // namespace kc
