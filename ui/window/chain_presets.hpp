#pragma once
// Named filter chains the user saved (Filters > Save chain as preset), kept in QSettings under
// presets/NAME as --filters text: readable, in the CLI's syntax, and the one store that the window's
// Presets menu and the command line's --preset NAME both read. A preset keeps the whole list as the
// dock holds it (FilterDock::savedForm): every stage, a kernel= stage and one switched off included;
// the indices of the stages switched off ("1,3") are under presetsOff/NAME, absent when none is.
#include <QString>
#include <QStringList>
#include <optional>

namespace kc {

QStringList presetNames();                                    // sorted
std::optional<QString> presetChainText(const QString& name);  // its --filters text; nullopt: no such preset
QString presetOffText(const QString& name);                   // its stages switched off: "1,3", "" for none
// The stages that run: the preset's text without the stages switched off (which need not parse).
std::optional<QString> presetRunningText(const QString& name);
// "" when `name` can name a preset, else why not (empty, or a '/' or '\' that QSettings would split).
QString presetNameProblem(const QString& name);
// Replaces one of that name (the window asks first: presetChainText(name) tells whether one exists).
void storePreset(const QString& name, const QString& chainText, const QString& offText = {});
bool removePreset(const QString& name);  // false: there was none
// False (nothing changed) when `from` does not exist or `to` is taken or not a valid name.
bool renamePreset(const QString& from, const QString& to);

}  // namespace kc
