#include "ui/render/image_buffers.hpp"

#include <GL/glew.h>

#include "gpu/core/error.hpp"
#include "ui/render/display_rows.hpp"
#include "ui/render/gl_check.hpp"

namespace kc {

void setTextureDefaults() {
  KC_GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR));
  KC_GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
  KC_GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
  KC_GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
}

UnpackAlignmentScope::UnpackAlignmentScope() {
  GLint saved = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &saved);
  saved_ = saved;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
}

UnpackAlignmentScope::~UnpackAlignmentScope() { glPixelStorei(GL_UNPACK_ALIGNMENT, saved_); }

namespace {

GlBuffer makePixelBuffer(std::size_t bytes) {
  GlBuffer pbo = makeBuffer();
  KC_GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo.get()));
  KC_GL_CHECK(glBufferData(GL_PIXEL_UNPACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_DRAW));
  KC_GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
  return pbo;
}

void writePixelBuffer(unsigned pbo, const std::uint8_t* pixels, std::size_t pitch, int rowBytes, int rows) {
  KC_REQUIRE(pbo != 0, "pixel buffer: write before prepare()");
  KC_REQUIRE(pixels != nullptr && pitch >= static_cast<std::size_t>(rowBytes), "pixel buffer: bad host frame");
  KC_GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo));
  if (pitch == static_cast<std::size_t>(rowBytes)) {
    KC_GL_CHECK(glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, static_cast<GLsizeiptr>(pitch) * rows, pixels));
  } else {
    for (int y = 0; y < rows; ++y)
      glBufferSubData(GL_PIXEL_UNPACK_BUFFER, static_cast<GLintptr>(y) * rowBytes, rowBytes, pixels + y * pitch);
    checkGlError(__FILE__, __LINE__, "glBufferSubData (row by row)");
  }
  KC_GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
}

}  // namespace

bool DisplayPixelBuffers::prepare(const DisplayLayout& layout) {
  if (layout == layout_ && ready()) return false;
  original_ = makePixelBuffer(originalRowBytes(layout) * static_cast<std::size_t>(layout.originalHeight));
  filtered_ = makePixelBuffer(filteredRowBytes(layout) * static_cast<std::size_t>(layout.filteredHeight));
  layout_ = layout;
  return true;
}

void DisplayPixelBuffers::writeOriginal(const std::uint8_t* pixels, std::size_t pitch) {
  writePixelBuffer(original_.get(), pixels, pitch, static_cast<int>(originalRowBytes(layout_)), layout_.originalHeight);
}

void DisplayPixelBuffers::writeFiltered(const std::uint8_t* pixels, std::size_t pitch) {
  writePixelBuffer(filtered_.get(), pixels, pitch, static_cast<int>(filteredRowBytes(layout_)), layout_.filteredHeight);
}

void DisplayPixelBuffers::reset() {
  original_.reset();
  filtered_.reset();
  layout_ = {};
}

ImageTextures makeImageTextures(const DisplayLayout& layout) {
  auto makeImageTexture = [](int width, int height, bool greyTexture) {
    GlTexture texture = makeTexture();
    KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, texture.get()));
    setTextureDefaults();
    KC_GL_CHECK(glTexImage2D(GL_TEXTURE_2D, 0, greyTexture ? GL_R8 : GL_RGBA8, width, height, 0,
                             greyTexture ? GL_RED : GL_RGBA, GL_UNSIGNED_BYTE, nullptr));
    if (greyTexture) {
      // One byte per pixel on the GPU, read back as (g, g, g, 1) by any shader.
      const GLint swizzle[4] = {GL_RED, GL_RED, GL_RED, GL_ONE};
      KC_GL_CHECK(glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle));
    }
    KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, 0));
    return texture;
  };
  ImageTextures textures;
  textures.original = makeImageTexture(layout.originalWidth, layout.originalHeight, false);
  textures.filtered =
      makeImageTexture(layout.filteredWidth, layout.filteredHeight, layout.filteredFormat == PixelFormat::Gray8);
  return textures;
}

void copyBuffersToTextures(unsigned originalPbo, unsigned filteredPbo, const ImageTextures& textures,
                           const DisplayLayout& layout) {
  KC_REQUIRE(originalPbo != 0 && filteredPbo != 0 && textures.original && textures.filtered,
             "copyBuffersToTextures before prepare()");
  UnpackAlignmentScope alignment;
  // With a GL_PIXEL_UNPACK_BUFFER bound the data pointer is an offset into it: the copy stays
  // on the GPU (buffer -> texture), whether CUDA or the host filled the buffer.
  KC_GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, originalPbo));
  KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, textures.original.get()));
  KC_GL_CHECK(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, layout.originalWidth, layout.originalHeight, GL_RGBA,
                              GL_UNSIGNED_BYTE, nullptr));
  const bool grey = layout.filteredFormat == PixelFormat::Gray8;
  KC_GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, filteredPbo));
  KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, textures.filtered.get()));
  KC_GL_CHECK(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, layout.filteredWidth, layout.filteredHeight,
                              grey ? GL_RED : GL_RGBA, GL_UNSIGNED_BYTE, nullptr));
  KC_GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
  KC_GL_CHECK(glBindTexture(GL_TEXTURE_2D, 0));
}

}  // namespace kc
