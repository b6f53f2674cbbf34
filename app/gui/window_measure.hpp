#pragma once
// `kernelcam --measure SECONDS` (issue 20: the window's own figures on the GPU): once the window
// shows frames, a 2 s warm-up, then SECONDS of WindowFigures (ui/window/window_figures.hpp); the
// figures go to stdout as one JSON object and the window quits (exit 0; exit 1 when no frame
// reached the screen). The source is replayed unpaced (replay_source.hpp).
namespace kc {

class GuiSession;

void measureWindow(GuiSession& session, double seconds);

}  // namespace kc
