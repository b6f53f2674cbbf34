// The reduction demo's CUDA versions, handed to its record's run (reduce_record.cpp).
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/reduce/reduce_demo_cuda.cuh"

KC_REGISTER_CUDA_DEMO(reduce, kc::demos::cudaReduceRows());
