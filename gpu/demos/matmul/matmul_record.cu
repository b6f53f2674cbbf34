// The matmul demo's CUDA versions, handed to its record's run (matmul_record.cpp).
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/matmul/matmul_demo_cuda.cuh"

KC_REGISTER_CUDA_DEMO(matmul, kc::demos::cudaMatmulRows());
