#include <gtest/gtest.h>

#include "gpu/core/error.hpp"

TEST(Error, CarriesFileLineCallAndMessage) {
  try {
    KC_FAIL("glGenBuffers", "GL_OUT_OF_MEMORY");
    FAIL();
  } catch (const kc::Error& e) {
    EXPECT_EQ(e.call(), "glGenBuffers");
    EXPECT_EQ(e.message(), "GL_OUT_OF_MEMORY");
    EXPECT_NE(e.file().find("error_test.cpp"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("glGenBuffers failed: GL_OUT_OF_MEMORY"), std::string::npos);
  }
}
