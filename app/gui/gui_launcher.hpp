#pragma once
// The `kernelcam` window (no subcommand): QApplication, the main window with everything app/
// adds (demo dock, source menu, live controller, notices, About versions), resume, the live loop.
#include <QString>

#include <memory>
#include <string>
#include <vector>

#include "app/io/output_file.hpp"
#include "app/options/run_options.hpp"

namespace kc {

class DemoPanel;
class KernelLabPanel;
class LabController;
class LiveController;
class MainWindow;
class RecordController;
class VcamControl;
class WindowOutputs;
class RunOverrides;
class SourceMenu;

// What the command line asks of the window, parsed (main.cpp reads it once). Empty fields of
// RunOptions: what the user chose last time (QSettings), else the defaults (the source: the first
// camera). What is given here holds for this run only (run_overrides.hpp). --backend cuda without a
// device: the CPU with a notice (IfNoCuda::UseCpu).
struct GuiOptions : RunOptions {
  bool verbose = false;       // notices' details and library warnings on stderr
  double measureSeconds = 0;  // --measure: the window's figures over this long as JSON on stdout, then quit
};

// The window, wired and resumed; needs a QApplication. Tests build one without runGui's loop.
class GuiSession {
 public:
  explicit GuiSession(const GuiOptions& options);
  ~GuiSession();
  GuiSession(const GuiSession&) = delete;
  GuiSession& operator=(const GuiSession&) = delete;

  MainWindow& window() { return *window_; }
  LiveController& controller() { return *controller_; }
  SourceMenu& sources() { return *sources_; }
  RecordController& recorder() { return *recorder_; }
  LabController& lab() { return *lab_; }
  VcamControl& vcam() { return *vcam_; }  // Source > Send to virtual camera, --vcam
  DemoPanel& demoPanel() { return *demoPanel_; }
  KernelLabPanel& labPanel() { return *labPanel_; }

  // Opens the source and shows the window.
  void start();
  // Writes the settings (closing the window does it too). Options from the command line do
  // not become the new defaults unless the user changed them in the window.
  void saveSettings();
  // File > Open matrix and a dropped .mtx: the CG demo with that matrix, ready to run.
  void openMatrix(const QString& path);

 private:
  void buildWindowAndPanels();
  SourceOptions applyCommandLine(const GuiOptions& options);
  void startLiveLoop(const GuiOptions& options, const SourceOptions& sourceOptions);
  void openDroppedAndOpenedFiles();
  void attachOutputs(const GuiOptions& options);
  std::vector<std::string> filesRead() const;
  std::vector<io::OutputFile> filesWritten() const;

  std::unique_ptr<WindowOutputs> outputs_;  // before the window: its panels hold its SaveFile
  std::unique_ptr<MainWindow> window_;
  std::unique_ptr<LiveController> controller_;
  std::unique_ptr<RecordController> recorder_;  // File > Record; listens to the controller's frames
  std::unique_ptr<VcamControl> vcam_;
  SourceMenu* sources_ = nullptr;       // owned by the window
  DemoPanel* demoPanel_ = nullptr;      // owned by the window
  KernelLabPanel* labPanel_ = nullptr;  // owned by the window
  std::unique_ptr<LabController> lab_;
  std::unique_ptr<RunOverrides> overrides_;
  QString startSpec_;
};

int runGui(int argc, char** argv, const GuiOptions& options);

}  // namespace kc
