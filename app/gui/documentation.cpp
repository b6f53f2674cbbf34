#include "app/gui/documentation.hpp"

#include <QFileInfo>

namespace kc {

QUrl documentationUrl(const DataSearch& where) {
  QStringList candidates;
  // SOURCE/data -> SOURCE/README.md; PREFIX/share/kernelcam -> PREFIX/share/doc/kernelcam/README.md.
  if (!where.buildTreeData.isEmpty()) candidates << where.buildTreeData + QStringLiteral("/../README.md");
  if (!where.installedBesideBinary.isEmpty())
    candidates << where.installedBesideBinary + QStringLiteral("/../doc/kernelcam/README.md");
  for (const QString& dataDir : where.dataDirs) candidates << dataDir + QStringLiteral("/doc/kernelcam/README.md");
  for (const QString& candidate : candidates)
    if (QFileInfo(candidate).isFile()) return QUrl::fromLocalFile(QFileInfo(candidate).canonicalFilePath());
  return QUrl(QString::fromLatin1(kProjectPage));
}

}  // namespace kc
