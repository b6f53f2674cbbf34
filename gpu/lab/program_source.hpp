#pragma once
// The text NVRTC compiles: the prelude (the contract's types, KcParams from the annotations),
// then `#line 1 "PATH"` and the user's file unchanged, then a check of the entry's signature
// placed by `#line` at the entry itself. Every diagnostic therefore names the user's own
// file and line, whatever the prelude's length.
#include <string>

#include "gpu/lab/entry_contract.hpp"
#include "gpu/lab/kernel_annotations.hpp"
#include "gpu/lab/kernel_entry.hpp"

namespace kc::lab {

// The file name NVRTC reports for lines of the prelude (a message there is a kernelcam bug).
inline constexpr const char* kPreludeName = "kernelcam-prelude.cuh";
// The text of the signature check's static_assert; the compiler wrapper turns a failure of it
// into "kernel 'NAME' does not have the lab's signature: ...".
inline constexpr const char* kSignatureCheckTag = "kernelcam-entry-signature";

// The prelude alone (the contract's types; KcParams with one field per parameter; the contract's
// extras).
std::string preludeText(const KernelAnnotations& annotations, const EntryContract& contract = imageContract());

std::string programSource(const std::string& path, const std::string& userText, const KernelAnnotations& annotations,
                          const EntryCandidate& entry, const EntryContract& contract = imageContract());

// The prelude's frame accessor that line `line` of kPreludeName belongs to, as a kernel calls it
// ("in.rgba()", "out.setGray()"), or "" for a line outside them. A per-line profile names the
// accessor for the instructions of a user's frame reads and writes: inlined, they keep the
// prelude's line.
std::string preludeAccessorAt(int line);

}  // namespace kc::lab
