#pragma once
// One still image (PNG, JPEG, ... image_decode.hpp), delivered as every frame. Grey, 16-bit and
// alpha images become RGBA8. Unreadable or damaged files fail at construction with the reason
// (damaged ones load with a warning when lenient).
#include "app/sources/frame_source.hpp"
#include "app/sources/image_decode.hpp"

namespace kc {

class ImageSource final : public FrameSource {
 public:
  explicit ImageSource(const std::string& path, const DecodeOptions& options = {});
  std::string name() const override { return "image:" + path_; }
  HostFrame next() override;
  int width() const override { return image_.width(); }
  int height() const override { return image_.height(); }
  std::string warning() const override { return warning_; }
  // Moves the picture into the new pool's memory, once: every frame then shares it (no copies).
  void setFramePool(std::shared_ptr<FramePool> pool) override;

 private:
  std::string path_;
  HostFrame image_;
  std::string warning_;
  std::int64_t next_ = 0;
};

// Checks that `path` names a readable, non-empty regular file (gpu/core/input_file.hpp); throws
// SourceError naming `what` ("image:/x.png") and the reason otherwise. Shared by the image and
// video sources.
void requireReadableFile(const std::string& path, const std::string& what);

}  // namespace kc
