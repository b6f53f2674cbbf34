#pragma once
// The window's notices when it falls back (ui/window/notice_area.hpp): a camera that is missing
// or lost -> the test pattern; CUDA that is unusable -> the CPU backend; a file that cannot be
// opened -> the test pattern. Summaries and explanations are for people (what happened, what to
// install or do); the error text with its source location goes to the details only. Pure
// functions of the situation, so every wording is tested without a camera or a GPU.
#include <QString>

#include "app/diagnostics/cuda_runtime_info.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {

inline const QString kSourceNoticeId = QStringLiteral("source");
inline const QString kBackendNoticeId = QStringLiteral("backend");

struct CameraSituation {
  bool backendAvailable = true;  // Qt Multimedia can reach cameras (camera_backend.hpp)
  QString backendProblem;        // why not
  int cameraCount = 0;
};
CameraSituation currentCameraSituation();

// `spec` asked for a camera (camera[:N]) and could not have it; `error` is the source's message.
// `lost`: it was running and went away (unplugged, failed) rather than never opening.
Notice cameraFallbackNotice(const QString& spec, const QString& error, const CameraSituation& situation, bool lost);
// An image or video (or anything not a camera) that cannot be opened.
Notice fileFallbackNotice(const QString& spec, const QString& error);

// CUDA was wanted (auto or --backend cuda) and the CPU runs the chain instead. `error`: what the
// CUDA pipeline said (for people), `details`: the full text. `midRun`: the GPU failed while running.
Notice cudaFallbackNotice(const CudaRuntimeInfo& cuda, const QString& error, const QString& details, bool midRun);

}  // namespace kc
