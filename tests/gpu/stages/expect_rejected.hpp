// The check of a refused --filters text, shared by the chain's tests and its must-fail tests
// (tests/error/gpu/stages/filter_chain_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/filter_chain.hpp"

namespace kc::test {

// Expects parseFilterChain(text) to throw kc::InvalidArgument whose message contains every fragment.
inline void expectRejected(const std::string& text, std::initializer_list<const char*> fragments) {
  SCOPED_TRACE("--filters " + text);
  try {
    (void)kc::parseFilterChain(text);
    FAIL() << "accepted";
  } catch (const kc::InvalidArgument& e) {
    const std::string message = e.what();
    for (const char* fragment : fragments)
      EXPECT_NE(message.find(fragment), std::string::npos) << "message: " << message << "\nmissing: " << fragment;
  }
}

}  // namespace kc::test
