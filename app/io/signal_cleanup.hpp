#pragma once
// Temporaries that must not outlive a run stopped by SIGINT (Ctrl+C), SIGTERM or SIGHUP (the
// terminal closed): the handler unlinks every registered path (unlink is async-signal-safe), puts
// back the signal's previous disposition and lets the signal end the process as it would have
// (the exit status still says which signal). A signal the process ignores (nohup's SIGHUP) stays
// ignored. SIGKILL cannot be caught: what it leaves is the next start's to clean up
// (recording_recovery.hpp for the window's recordings).
#include <string>

namespace kc::io {

// Registers `path` (copied); the handlers are installed with the first registration. Returns a
// slot for unregisterTemporary, or -1 when the table is full (then the file is not removed on a
// signal; nothing else changes).
int registerTemporary(const std::string& path);
// The same for a temporary folder: its entries are removed, then the folder (a folder of frames
// written whole or not at all: pending_folder.hpp). It holds files only.
int registerTemporaryFolder(const std::string& path);
void unregisterTemporary(int slot);

// The paths registered now (tests).
int registeredTemporaries();

}  // namespace kc::io
