// Matrix Market text read from a string, shared by the reader's tests and its must-fail tests
// (tests/error/gpu/demos/cg/matrix_market_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "gpu/demos/cg/matrix_market.hpp"

namespace kc::cg::test {

inline const char* const kHeader = "%%MatrixMarket matrix coordinate real general\n";

inline CsrMatrix parse(const std::string& text, MatrixMarketOptions options = {}) {
  std::istringstream in(text);
  return readMatrixMarket(in, "<test>", options);
}

// Expects a MatrixMarketError whose message contains `needle` and names line `line`.
inline void expectRejected(const std::string& text, const std::string& needle, int line) {
  SCOPED_TRACE("input:\n" + text);
  try {
    parse(text);
    FAIL() << "accepted malformed input, expected an error containing '" << needle << "'";
  } catch (const MatrixMarketError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << "message: " << e.what();
    EXPECT_EQ(e.line(), line) << "message: " << e.what();
    if (line > 0) {
      EXPECT_NE(std::string(e.what()).find("<test>:" + std::to_string(line) + ":"), std::string::npos) << e.what();
    }
  }
}

}  // namespace kc::cg::test
