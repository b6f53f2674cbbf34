// Must-fail: --filters text that names no valid chain (an unknown stage or choice, a bad size, bin
// count or weight, a parameter too many). Each is refused with kc::InvalidArgument whose one line
// names the stage text and what is wrong; the valid chains are in tests/gpu/stages/filter_chain_test.cpp.
#include <gtest/gtest.h>

#include "tests/gpu/stages/expect_rejected.hpp"

namespace {

using kc::test::expectRejected;

TEST(FilterChain, RejectsUnknownStageListingTheKnownOnes) {
  expectRejected("gray,blur=3", {"unknown stage 'blur'", "gray", "conv", "hist", "transpose", "flip"});
}

TEST(FilterChain, RejectsEmptyListAndEmptyStages) {
  expectRejected("", {"empty filter list"});
  expectRejected("   ", {"empty filter list"});
  expectRejected("gray,,hist", {"empty stage"});
  expectRejected("gray,", {"empty stage"});
}

TEST(FilterChain, RejectsBadKernelSizes) {
  expectRejected("conv=box:4", {"conv size 4 is even"});
  expectRejected("conv=box:0", {"out of range", "1..31"});
  expectRejected("conv=box:33", {"33", "out of range"});
  expectRejected("conv=box:-3", {"out of range"});
  expectRejected("conv=box:five", {"'five' is not an integer"});
  expectRejected("conv=box:3x", {"not an integer"});
  expectRejected("conv=custom:2:1 2 3 4", {"even"});
}

TEST(FilterChain, RejectsPresetSizesWithoutAKernel) {
  // Found by fuzz_filter_chain (tests/fuzz/corpus/filter_chain/crash-2072b205...): parsed, then
  // failed only when the pipeline built the kernel.
  expectRejected("conv=laplacian:1", {"'conv=laplacian:1'", "laplacian needs size >= 3"});
  expectRejected("gray,conv=sobelx:1:zero", {"'conv=sobelx:1:zero'", "size >= 3"});
}

TEST(FilterChain, RejectsUnknownChoices) {
  expectRejected("conv=blur:3", {"unknown conv preset 'blur'", "gauss", "sobelx", "custom"});
  expectRejected("conv=box:3:wrap", {"unknown conv border 'wrap'", "clamp", "zero", "reflect"});
  expectRejected("gray=bt2020", {"unknown gray weights 'bt2020'", "lab", "bt601", "bt709"});
}

TEST(FilterChain, RejectsBadBins) {
  expectRejected("hist=0", {"hist bins 0 is out of range", "1..256"});
  expectRejected("hist=257", {"257", "out of range"});
  expectRejected("hist=many", {"not an integer"});
  expectRejected("hist=", {"not an integer"});
}

TEST(FilterChain, RejectsBadCustomWeights) {
  expectRejected("conv=custom:3:1 1 1 1 nan 1 1 1 1", {"not finite"});
  expectRejected("conv=custom:3:1 1 1 1 inf 1 1 1 1", {"not finite"});
  expectRejected("conv=custom:3:1 1 1 1 -inf 1 1 1 1", {"not finite"});
  expectRejected("conv=custom:3:1 1 1 1 x 1 1 1 1", {"'x' is not a number"});
  expectRejected("conv=custom:3:1 1 1 1 1e308 1 1 1 1", {"'1e308' is out of range"});
  expectRejected("conv=custom:3:1 1 1 1 1e-320 1 1 1 1", {"'1e-320' is out of range"});
  expectRejected("conv=custom:3:1 2 3", {"needs 9 weights", "got 3"});
  expectRejected("conv=custom:3:1 2 3 4 5 6 7 8 9 10", {"needs 9 weights", "got 10"});
  expectRejected("conv=custom:3", {"custom needs a size and weights"});
  expectRejected("conv=custom", {"custom needs a size and weights"});
}

TEST(FilterChain, RejectsSurplusParameters) {
  expectRejected("transpose=1", {"transpose takes no parameters"});
  expectRejected("gray=lab:bt601", {"too many parameters", "gray=lab|bt601|bt709"});
  expectRejected("hist=16:2", {"too many parameters"});
  expectRejected("conv=box:3:clamp:7", {"too many parameters"});
  expectRejected("conv=custom:1:1:clamp:7", {"too many parameters"});
}

}  // namespace
