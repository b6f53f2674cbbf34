#pragma once
// The kernel lab's editor (View > Kernel lab): one .cu file in a code editor with CUDA highlighting
// and line numbers, compiled on a worker thread as soon as the text changes. Errors become red
// markers in the gutter and a list that jumps to LINE:COL; a version that compiles is handed on
// (programReady) for the chain's kernel=PATH stage to run, so the last good kernel keeps running
// while the text does not compile. Below: the kernel's resources (registers, shared and local
// memory, spills, compile time, occupancy), the time from the last edit to the first frame that
// ran the new kernel, and the A/B settings. Files: new (the template), open, the built-in stages'
// kernels as starting points (copied into the lab folder), save, and a reload when another editor
// changes the file on disk (also editors that replace the file rather than write into it).
//
// ui/ includes no CUDA header: the compiler comes in as a lab::LabToolchain from the app.
#include <QFutureWatcher>
#include <QString>
#include <QWidget>
#include <memory>
#include <optional>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/kernel_program.hpp"
#include "ui/files/save_file.hpp"
#include "ui/lab/compile_scheduler.hpp"
#include "ui/lab/lab_toolchain.hpp"

class QCheckBox;
class QComboBox;
class QFileSystemWatcher;
class QGroupBox;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QPushButton;
class QToolButton;

namespace kc {

class CodeEditor;

// What the editor's worker does with a request: the kernel text checked, compiled (or, without
// NVRTC, only analysed) and, when it compiled, its occupancy.
CompileResult compileWith(const lab::LabToolchain& toolchain, const CompileRequest& request);

// How the A/B view shows its two sides.
enum class AbView { Wipe, SideBySide, HeatMap };

class KernelLabPanel : public QWidget {
  Q_OBJECT
 public:
  // `labDirectory` is where "Open built-in" puts its editable copies (created when needed).
  KernelLabPanel(lab::LabToolchain toolchain, QString labDirectory, QWidget* parent = nullptr);
  ~KernelLabPanel() override;

  // Each returns false, with the reason in the status line, when the file cannot be used.
  bool openFile(const QString& path);
  bool newFile(const QString& path);  // the template; an existing file is never replaced
  bool openBuiltIn(const QString& fileName);
  bool save();
  bool saveAs(const QString& path);
  // How save and saveAs write (app/ installs its output guard; the edited file itself may be replaced).
  void setSaveFile(SaveFile save) { saveFile_ = std::move(save); }

  QString path() const { return path_; }
  bool modified() const;
  QString labDirectory() const { return labDirectory_; }
  CodeEditor* editor() const { return editor_; }
  CompileScheduler* scheduler() const { return scheduler_; }
  QListWidget* diagnosticsList() const { return diagnostics_; }
  QString statusText() const;
  QString resourcesText() const;
  QString editToFrameText() const;
  QString runProblemText() const;
  // The last version that compiled (null before one did).
  const std::shared_ptr<const lab::KernelProgram>& lastGood() const { return lastGood_; }

  // A/B on the live stream: two chains (text as --filters; "" is the input itself).
  bool abEnabled() const;
  void setAbEnabled(bool enabled);
  QString abChainA() const;
  QString abChainB() const;
  void setAbChains(const QString& a, const QString& b);
  AbView abView() const;
  void setAbView(AbView view);

  // What the app reports back.
  void showRunProblem(const QString& message);  // "" clears it
  // The per-line profile (the Profile lines button): runs on a worker thread, then colours the
  // gutter; public for tests.
  void profileLines();
  QString profileText() const;
  QPushButton* profileButton() const { return profileButton_; }
  void showEditToFrame(double ms, double compileMs);
  void showAbResult(const QString& text);
  // A/B off, with the reason where its result goes.
  void stopAb(const QString& why);

 signals:
  void programReady(std::shared_ptr<const kc::lab::KernelProgram> program);
  void fileOpened(const QString& path);   // a file is now in the editor (its first good compile follows)
  void fileClosing(const QString& path);  // another file replaces it
  void abChanged();                       // A/B switched, or its chains or view changed

 private:
  void buildUi();
  QLayout* buildFileButtons();
  QWidget* buildReloadBar();
  QLayout* buildProfileRow();
  QWidget* buildAbBox();
  bool load(const QString& path, const QString& text);
  bool writeTo(const QString& path);
  void setPath(const QString& path);
  void onTextChanged();
  void onCompiled(const CompileResult& result);
  void showDiagnostics(const std::vector<lab::Diagnostic>& diagnostics, const QString& text);
  void showResources(const lab::CompiledKernel& kernel, const std::optional<lab::Occupancy>& occupancy, bool current);
  void setStatus(const QString& text, bool problem);
  void showProfile(const lab::LineProfile& profile, const std::string& path, const QString& text);
  void onFileChanged();
  void reloadFromDisk();

  lab::LabToolchain toolchain_;
  QString labDirectory_;
  QString path_;
  SaveFile saveFile_ = unguardedSaveFile();
  bool loading_ = false;
  std::shared_ptr<const lab::KernelProgram> lastGood_;

  CodeEditor* editor_ = nullptr;
  CompileScheduler* scheduler_ = nullptr;
  QFileSystemWatcher* watcher_ = nullptr;
  QLabel* fileLabel_ = nullptr;
  QWidget* reloadBar_ = nullptr;
  QLabel* status_ = nullptr;
  QListWidget* diagnostics_ = nullptr;
  QLabel* resources_ = nullptr;
  QLabel* editToFrame_ = nullptr;
  QLabel* runProblem_ = nullptr;
  QGroupBox* ab_ = nullptr;
  QCheckBox* abOn_ = nullptr;
  QLineEdit* abA_ = nullptr;
  QLineEdit* abB_ = nullptr;
  QComboBox* abView_ = nullptr;
  QLabel* abResult_ = nullptr;
  QPushButton* profileButton_ = nullptr;
  QLabel* profileText_ = nullptr;
  QFutureWatcher<lab::LineProfile>* profileWatcher_ = nullptr;  // a profile in flight
};

}  // namespace kc
