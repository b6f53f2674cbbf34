# Which GPUs the CUDA code is compiled for (CMAKE_CUDA_ARCHITECTURES), chosen before CUDA is enabled
# unless given (-DCMAKE_CUDA_ARCHITECTURES=86, or KC_CMAKE_ARGS for the scripts). Each architecture
# costs a full nvcc pass over every .cu file, most of a first build's time (README, "Build times"):
#   - KC_CUDA_ALL_ARCHITECTURES=ON (packages: scripts/package.sh): every generation kernelcam
#     supports, Turing to Hopper, machine code for each and PTX for the newest, which the driver
#     compiles for a newer GPU when it loads;
#   - otherwise this machine's GPUs, as `nvidia-smi --query-gpu=compute_cap` names them ("9.0" -> 90):
#     a build for the GPU it runs on;
#   - no GPU (nvcc but no driver: CI, a build machine): 90 alone. The CUDA code still builds, so a
#     change that breaks it fails here, and `kernel check` (NVRTC, no GPU needed) works; its PTX runs
#     on Hopper and newer, an older GPU needs a build on its machine or a package.
# The choice is cached: delete CMAKE_CUDA_ARCHITECTURES from the cache (or the build folder) to
# choose again. Sets KC_CUDA_ARCHITECTURES_WHY for the configure summary and the scripts.
# `cmake -P` on this file prints the choice (tests/cmake/cuda_architectures_test.sh).
set(KC_CUDA_ALL_ARCHITECTURES_LIST 75-real 80-real 86-real 89-real 90)
set(KC_CUDA_FALLBACK_ARCHITECTURE 90)

function(kc_choose_cuda_architectures out why)
  if(KC_CUDA_ALL_ARCHITECTURES)
    set(${out} ${KC_CUDA_ALL_ARCHITECTURES_LIST} PARENT_SCOPE)
    set(${why} "every supported generation (KC_CUDA_ALL_ARCHITECTURES)" PARENT_SCOPE)
    return()
  endif()
  find_program(KC_NVIDIA_SMI nvidia-smi)  # -DKC_NVIDIA_SMI=PATH names another (the test's stand-in)
  set(found "")
  if(KC_NVIDIA_SMI AND EXISTS "${KC_NVIDIA_SMI}")
    execute_process(COMMAND ${KC_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader TIMEOUT 30
                    OUTPUT_VARIABLE caps RESULT_VARIABLE status ERROR_QUIET)
    if(status EQUAL 0)
      string(REGEX MATCHALL "[0-9]+\\.[0-9]+" caps "${caps}")
      foreach(cap IN LISTS caps)
        string(REPLACE "." "" arch "${cap}")
        list(APPEND found ${arch})
      endforeach()
      list(REMOVE_DUPLICATES found)
    endif()
  endif()
  if(found)
    set(${out} ${found} PARENT_SCOPE)
    string(REPLACE ";" ", sm_" shown "${found}")
    set(${why} "this machine's GPU (nvidia-smi: sm_${shown})" PARENT_SCOPE)
  else()
    set(${out} ${KC_CUDA_FALLBACK_ARCHITECTURE} PARENT_SCOPE)
    set(${why} "no GPU found here: sm_${KC_CUDA_FALLBACK_ARCHITECTURE} alone, so that the CUDA code builds" PARENT_SCOPE)
  endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE)
  kc_choose_cuda_architectures(archs why)
  message("${archs}|${why}")
  return()
endif()

if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  kc_choose_cuda_architectures(archs KC_CUDA_ARCHITECTURES_WHY)
  set(CMAKE_CUDA_ARCHITECTURES ${archs} CACHE STRING "CUDA architectures to build for (cmake/KernelcamCudaArchitectures.cmake)")
  set(KC_CUDA_ARCHITECTURES_WHY "${KC_CUDA_ARCHITECTURES_WHY}" CACHE INTERNAL "why these CUDA architectures")
elseif(NOT DEFINED KC_CUDA_ARCHITECTURES_WHY)
  set(KC_CUDA_ARCHITECTURES_WHY "given" CACHE INTERNAL "why these CUDA architectures")
endif()
