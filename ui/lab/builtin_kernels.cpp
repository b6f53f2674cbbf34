#include "ui/lab/builtin_kernels.hpp"

#include <QFile>

// Q_INIT_RESOURCE declares a function of the global namespace: call it from there.
static void initLabResources() { Q_INIT_RESOURCE(lab); }

namespace kc {

const std::vector<BuiltInKernel>& builtInKernels() {
  // The histogram stage produces no image and the transpose stage changes the frame's shape: their
  // lab versions (tile equalisation, tile transpose) are compared with the input itself.
  static const std::vector<BuiltInKernel> kernels{
      {QStringLiteral("grey.cu"), QStringLiteral("Grayscale"), QStringLiteral("gray=lab")},
      // The lesson pairs: the same output as their neighbour above, a different memory pattern.
      {QStringLiteral("grey_strided.cu"), QStringLiteral("Grayscale, strided reads (uncoalesced)"),
       QStringLiteral("gray=lab")},
      {QStringLiteral("convolution.cu"), QStringLiteral("Convolution (Gaussian 5x5, shared tile)"),
       QStringLiteral("conv=gauss:5:clamp")},
      {QStringLiteral("histogram.cu"), QStringLiteral("Histogram (shared-memory counts, tile equalisation)"),
       QString()},
      {QStringLiteral("transpose.cu"), QStringLiteral("Transpose (padded shared tile)"), QString()},
      {QStringLiteral("transpose_unpadded.cu"), QStringLiteral("Transpose, unpadded tile (bank conflicts)"), QString()},
      {QStringLiteral("flip.cu"), QStringLiteral("Flip"), QStringLiteral("flip=h")},
  };
  return kernels;
}

const BuiltInKernel* findBuiltInKernel(const QString& fileName) {
  for (const BuiltInKernel& kernel : builtInKernels())
    if (kernel.fileName == fileName) return &kernel;
  return nullptr;
}

QString builtInKernelText(const QString& fileName) {
  initLabResources();
  QFile file(QStringLiteral(":/lab/") + fileName);
  if (!findBuiltInKernel(fileName) || !file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

}  // namespace kc
