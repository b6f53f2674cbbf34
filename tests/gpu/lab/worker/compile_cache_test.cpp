// The compile cache on its own (no compiler): what it keeps, what it never keeps, and its bound.
#include "gpu/lab/worker/compile_cache.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using kc::lab::CompileCache;
using kc::lab::NvrtcReply;
using kc::lab::NvrtcRequest;

NvrtcRequest request(const std::string& text) {
  NvrtcRequest r;
  r.programName = "k.cu";
  r.text = text;
  r.options = {"-arch=sm_90", "-minimal"};
  r.nameExpression = "k";
  return r;
}

NvrtcReply success(std::size_t cubinBytes) {
  NvrtcReply reply;
  reply.result = 0;
  reply.cubin = std::string(cubinBytes, 'c');
  reply.loweredName = "_Z1kv";
  reply.compileMs = 40;
  reply.compileCpuMs = 39;
  return reply;
}

TEST(CompileCache, AnIdenticalRequestFindsItsReplyWithNoCompileTime) {
  CompileCache cache(1 << 20);
  cache.store(request("a"), success(100));
  const std::optional<NvrtcReply> found = cache.find(request("a"));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->cubin, std::string(100, 'c'));
  EXPECT_EQ(found->loweredName, "_Z1kv");
  EXPECT_EQ(found->compileMs, 0);
  EXPECT_EQ(found->compileCpuMs, 0);
}

TEST(CompileCache, AnyDifferenceInTheRequestMisses) {
  CompileCache cache(1 << 20);
  cache.store(request("a"), success(100));
  EXPECT_FALSE(cache.find(request("b")));
  NvrtcRequest other = request("a");
  other.options.push_back("-lineinfo");
  EXPECT_FALSE(cache.find(other));
  other = request("a");
  other.programName = "j.cu";
  EXPECT_FALSE(cache.find(other));
  other = request("a");
  other.headerNames = {"h.cuh"};
  other.headerTexts = {"#define X 1"};
  EXPECT_FALSE(cache.find(other));
  other = request("a");
  other.keepPtx = true;
  EXPECT_FALSE(cache.find(other));
}

TEST(CompileCache, KeepsSuccessesAndTheKernelsOwnErrorsOnly) {
  CompileCache cache(1 << 20);
  NvrtcReply errors;
  errors.result = 6;  // NVRTC_ERROR_COMPILATION
  errors.log = "k.cu(3): error: expected an expression";
  cache.store(request("broken"), errors);
  ASSERT_TRUE(cache.find(request("broken")));
  EXPECT_EQ(cache.find(request("broken"))->log, errors.log);
  NvrtcReply outOfMemory;
  outOfMemory.result = 5;  // NVRTC_ERROR_OUT_OF_MEMORY: the limit, not the kernel
  cache.store(request("big"), outOfMemory);
  EXPECT_FALSE(cache.find(request("big")));
  EXPECT_EQ(cache.entries(), 1u);
}

TEST(CompileCache, TheLeastRecentlyUsedGoFirstPastTheBound) {
  CompileCache cache(3000);
  cache.store(request("a"), success(1000));
  cache.store(request("b"), success(1000));
  ASSERT_TRUE(cache.find(request("a")));     // a used after b
  cache.store(request("c"), success(1000));  // past 3000 bytes: b goes
  EXPECT_TRUE(cache.find(request("a")));
  EXPECT_FALSE(cache.find(request("b")));
  EXPECT_TRUE(cache.find(request("c")));
  EXPECT_LE(cache.bytes(), 3000u);
  cache.store(request("huge"), success(5000));  // larger than the whole cache: not kept, nothing evicted
  EXPECT_FALSE(cache.find(request("huge")));
  EXPECT_EQ(cache.entries(), 2u);
}

TEST(CompileCache, StoringTheSameRequestAgainReplacesIt) {
  CompileCache cache(1 << 20);
  cache.store(request("a"), success(100));
  cache.store(request("a"), success(200));
  EXPECT_EQ(cache.entries(), 1u);
  EXPECT_EQ(cache.find(request("a"))->cubin.size(), 200u);
}

}  // namespace
