#pragma once
// `kernelcam --measure SECONDS` (issue 20: the window's own figures on the GPU): once the window
// shows frames, a 2 s warm-up, then SECONDS of WindowFigures (ui/window/window_figures.hpp); the
// figures go to stdout as one JSON object and the window quits (exit 0). Exit 1 with one line when
// no frame reached the screen (in the first minute, or in the time measured); exit 2 with one
// line when the source asked for could not be shown (the window stood the pattern in for it:
// its figures would be another source's). The source is replayed unpaced (replay_source.hpp),
// a still image too.
namespace kc {

class GuiSession;

void measureWindow(GuiSession& session, double seconds);

}  // namespace kc
