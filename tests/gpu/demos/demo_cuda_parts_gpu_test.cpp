// Each demo's CUDA part, registered from its NAME_record.cu, is in the registry and of the type its
// record's run takes (demo_registry.hpp's cudaPartAs): a part of another type would leave the CUDA
// backend's runs without their GPU versions ("backend cuda needs the demo's CUDA versions"). No
// device needed: the parts are only looked at, not run.
#include <gtest/gtest.h>

#include <typeinfo>

#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"

namespace kc::demos {
namespace {

TEST(DemoCudaParts, EveryDemoHasItsCudaPartOfTheTypeItsRunTakes) {
  EXPECT_EQ(demoRegistry().cudaPart("reduce").type(), typeid(ReduceGpuRowsFn));
  EXPECT_EQ(demoRegistry().cudaPart("matmul").type(), typeid(MatmulGpuRowsFn));
  EXPECT_EQ(demoRegistry().cudaPart("cg").type(), typeid(cg::CgGpuSolverFn));
  for (const std::string& id : demoRegistry().ids()) EXPECT_TRUE(demoRegistry().cudaPart(id).has_value()) << id;
  EXPECT_FALSE(cudaPartAs<ReduceGpuRowsFn>(demoRegistry().cudaPart("reduce")) == nullptr);
  EXPECT_TRUE(cudaPartAs<ReduceGpuRowsFn>(demoRegistry().cudaPart("matmul")) == nullptr) << "another demo's part";
}

}  // namespace
}  // namespace kc::demos
