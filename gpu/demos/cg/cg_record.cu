// The CG demo's CUDA solvers, handed to its record's run (cg_record.cpp).
#include "gpu/demos/cg/cg_demo_cuda.cuh"
#include "gpu/demos/demo_registry.hpp"

KC_REGISTER_CUDA_DEMO(cg, kc::cg::cudaCgSolvers());
