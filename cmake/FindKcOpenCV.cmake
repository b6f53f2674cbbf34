# Debian's split OpenCV packages (libopencv-core-dev, -imgproc-dev, ...) ship no CMake config or
# pkg-config file (those come only with the full libopencv-dev), so find the few modules we use
# by hand and make one imported target per module: KcOpenCV::core, KcOpenCV::imgproc, ...
# The targets are GLOBAL: gpu/ links them into kernelcam_ref (the CPU fast paths) and every
# directory that finds the module again sees the same targets.
find_path(KcOpenCV_INCLUDE_DIR opencv2/core.hpp PATH_SUFFIXES opencv4)
set(KcOpenCV_FOUND TRUE)
foreach(module IN LISTS KcOpenCV_FIND_COMPONENTS)
  find_library(KcOpenCV_${module}_LIBRARY opencv_${module})
  if(KcOpenCV_${module}_LIBRARY AND KcOpenCV_INCLUDE_DIR)
    if(NOT TARGET KcOpenCV::${module})
      add_library(KcOpenCV::${module} UNKNOWN IMPORTED GLOBAL)
      set_target_properties(KcOpenCV::${module} PROPERTIES IMPORTED_LOCATION "${KcOpenCV_${module}_LIBRARY}"
                                                           INTERFACE_INCLUDE_DIRECTORIES "${KcOpenCV_INCLUDE_DIR}")
    endif()
  else()
    set(KcOpenCV_FOUND FALSE)
    message(STATUS "OpenCV module ${module} not found (install libopencv-${module}-dev)")
  endif()
endforeach()
if(KcOpenCV_FIND_REQUIRED AND NOT KcOpenCV_FOUND)
  message(FATAL_ERROR "OpenCV modules missing: run scripts/setup.sh")
endif()
