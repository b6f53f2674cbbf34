#include "ui/window/help_dialogs.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/window/app_icon.hpp"

namespace kc {

namespace {

QString plainText(QString menuText) { return menuText.remove(QLatin1Char('&')).remove(QStringLiteral("...")); }

void collect(const QMenu* menu, const QString& path, QList<QPair<QString, QString>>* out) {
  for (const QAction* action : menu->actions()) {
    if (action->isSeparator()) continue;
    const QString name = path + QStringLiteral(" > ") + plainText(action->text());
    if (action->menu()) {
      collect(action->menu(), name, out);
      continue;
    }
    QStringList keys;
    for (const QKeySequence& key : action->shortcuts()) keys << key.toString(QKeySequence::NativeText);
    if (!keys.isEmpty()) out->append({name, keys.join(QStringLiteral(", "))});
  }
}

}  // namespace

QList<QPair<QString, QString>> menuShortcuts(const QMenuBar* menuBar) {
  QList<QPair<QString, QString>> shortcuts;
  for (const QAction* top : menuBar->actions())
    if (top->menu()) collect(top->menu(), plainText(top->text()), &shortcuts);
  return shortcuts;
}

QDialog* showShortcutsDialog(QWidget* parent, const QMenuBar* menuBar) {
  const auto shortcuts = menuShortcuts(menuBar);
  auto* dialog = new QDialog(parent);
  dialog->setObjectName(QStringLiteral("shortcutsDialog"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(QObject::tr("Keyboard shortcuts"));
  auto* table = new QTableWidget(static_cast<int>(shortcuts.size()), 2);
  table->setHorizontalHeaderLabels({QObject::tr("Action"), QObject::tr("Shortcut")});
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionMode(QAbstractItemView::NoSelection);
  for (int row = 0; row < shortcuts.size(); ++row) {
    table->setItem(row, 0, new QTableWidgetItem(shortcuts[row].first));
    table->setItem(row, 1, new QTableWidgetItem(shortcuts[row].second));
  }
  table->resizeColumnsToContents();
  table->horizontalHeader()->setStretchLastSection(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
  auto* layout = new QVBoxLayout(dialog);
  layout->addWidget(table);
  layout->addWidget(buttons);
  dialog->resize(540, 640);
  dialog->show();
  return dialog;
}

QString aboutText(const QString& componentVersions) {
  QString text = QObject::tr(
                     "<h3>kernelcam %1</h3>"
                     "<p>Live GPU image filtering, and a GPU programming lab: CUDA kernels you can read, "
                     "timed against the CPU and NVIDIA's libraries.</p>")
                     .arg(QCoreApplication::applicationVersion().toHtmlEscaped());
  text += QStringLiteral("<table>");
  for (const QString& line : componentVersions.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
    const qsizetype colon = line.indexOf(QLatin1Char(':'));
    text += QStringLiteral("<tr><td><b>%1</b>&nbsp;&nbsp;</td><td>%2</td></tr>")
                .arg(line.left(colon).toHtmlEscaped(), line.mid(colon + 1).trimmed().toHtmlEscaped());
  }
  return text + QStringLiteral("</table>");
}

QMessageBox* showAboutDialog(QWidget* parent, const QString& componentVersions) {
  auto* box = new QMessageBox(parent);
  box->setObjectName(QStringLiteral("aboutDialog"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setWindowTitle(QObject::tr("About kernelcam"));
  box->setIconPixmap(kernelcamIcon().pixmap(64, 64));
  box->setTextFormat(Qt::RichText);
  box->setText(aboutText(componentVersions));
  box->setStandardButtons(QMessageBox::Ok);
  box->open();
  return box;
}

}  // namespace kc
