// The cache that lets `kernel check` skip CUDA's start-up (app/cli/device_limits_cache.hpp), on a
// made-up /proc/driver/nvidia: the fingerprint names the driver's version line and every GPU in a
// fixed order, and the CUDA variables; the limits come back only for the same fingerprint; a
// damaged file, a missing driver or another GPU give nothing.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/cli/device_limits_cache.hpp"
#include "tests/support/device_limits_fixture.hpp"
#include "tests/support/scoped_environment.hpp"
#include "tests/support/temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

void writeDriver(const fs::path& root, const std::string& version, const std::string& model) {
  fs::create_directories(root / "gpus" / "0000:b4:00.0");
  fs::create_directories(root / "gpus" / "0000:1a:00.0");
  kc::test::writeBytes((root / "version").string(), version + "\nGCC version: 12\n");
  kc::test::writeBytes((root / "gpus" / "0000:b4:00.0" / "information").string(), "Model: " + model + "\n");
  kc::test::writeBytes((root / "gpus" / "0000:1a:00.0" / "information").string(), "Model: " + model + " #0\n");
}

using kc::test::h200Limits;

TEST(DeviceLimitsCache, TheFingerprintDescribesTheDriverAndEveryGpu) {
  kc::test::TempDir dir;
  const fs::path driver = dir.path() / "nvidia";
  EXPECT_EQ(kc::nvidiaDriverFingerprint(driver), "") << "no driver: no fingerprint";
  writeDriver(driver, "NVRM version: 580.159.04", "NVIDIA H200");
  kc::test::ScopedEnvironment visible("CUDA_VISIBLE_DEVICES", "1");
  const std::string fingerprint = kc::nvidiaDriverFingerprint(driver);
  EXPECT_EQ(fingerprint.find('\n'), std::string::npos);
  EXPECT_EQ(fingerprint.rfind("NVRM version: 580.159.04 | 0000:1a:00.0: Model: NVIDIA H200 #0", 0), 0u) << fingerprint;
  EXPECT_NE(fingerprint.find("0000:b4:00.0: Model: NVIDIA H200"), std::string::npos) << fingerprint;
  EXPECT_NE(fingerprint.find("CUDA_VISIBLE_DEVICES=1"), std::string::npos) << fingerprint;
  kc::test::ScopedEnvironment other("CUDA_VISIBLE_DEVICES", "0");
  EXPECT_NE(kc::nvidiaDriverFingerprint(driver), fingerprint) << "another device 0";
}

TEST(DeviceLimitsCache, LimitsComeBackForTheSameFingerprintOnly) {
  kc::test::TempDir dir;
  const fs::path driver = dir.path() / "nvidia";
  writeDriver(driver, "NVRM version: 580.159.04", "NVIDIA H200");
  const std::string fingerprint = kc::nvidiaDriverFingerprint(driver);
  const fs::path file = dir.path() / "cache" / "kernelcam" / "cuda-device-0";
  EXPECT_FALSE(kc::cachedDeviceLimits(file, fingerprint)) << "nothing kept yet";
  ASSERT_TRUE(kc::storeDeviceLimits(file, fingerprint, h200Limits()));
  ASSERT_TRUE(kc::cachedDeviceLimits(file, fingerprint).has_value());
  EXPECT_EQ(*kc::cachedDeviceLimits(file, fingerprint), h200Limits());

  writeDriver(driver, "NVRM version: 590.10", "NVIDIA H200");  // a driver update
  EXPECT_FALSE(kc::cachedDeviceLimits(file, kc::nvidiaDriverFingerprint(driver)));
  EXPECT_FALSE(kc::cachedDeviceLimits(file, "")) << "no driver: never the cache";
  EXPECT_FALSE(kc::storeDeviceLimits(file, "", h200Limits()));

  kc::test::writeBytes(file.string(), fingerprint + "\nsms=12 warp=\n");  // damaged
  EXPECT_FALSE(kc::cachedDeviceLimits(file, fingerprint));
  kc::test::writeBytes(file.string(), fingerprint);  // cut short
  EXPECT_FALSE(kc::cachedDeviceLimits(file, fingerprint));
}

TEST(DeviceLimitsCache, TheFileLivesInTheUsersCacheFolder) {
  kc::test::ScopedEnvironment cache("XDG_CACHE_HOME", "/somewhere/cache");
  EXPECT_EQ(kc::deviceLimitsCacheFile(), fs::path("/somewhere/cache/kernelcam/cuda-device-0"));
}

}  // namespace
