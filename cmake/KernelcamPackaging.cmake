# Installation and the Debian package: `cmake --install build [--prefix DIR]`, `cpack -G DEB`
# (run in the build directory). Installs the binary, the desktop entry, the hicolor icons and the
# demo matrices the demo panel lists (found again relative to the binary: app_demo_runners.cpp).
include(GNUInstallDirs)

install(TARGETS kernelcam RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The kernel lab's processes, found beside kernelcam (gpu/lab/worker/worker_location.hpp).
if(TARGET kernelcam-lab-compiler)
  install(TARGETS kernelcam-lab-worker kernelcam-lab-compiler RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(FILES ${PROJECT_SOURCE_DIR}/resources/kernelcam.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/icons/hicolor DESTINATION ${CMAKE_INSTALL_DATADIR}/icons)

# The matrices live beside the checkout (../shared/data), not in it: installed when present.
set(KC_MATRIX_SOURCE_DIR "${PROJECT_SOURCE_DIR}/../shared/data/matrices" CACHE PATH
    "Matrix Market files to install for the CG demo (skipped when the folder is absent)")
set(KC_MATRIX_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/kernelcam/matrices)
if(IS_DIRECTORY "${KC_MATRIX_SOURCE_DIR}")
  install(DIRECTORY "${KC_MATRIX_SOURCE_DIR}/" DESTINATION ${KC_MATRIX_INSTALL_DIR}
          FILES_MATCHING PATTERN "*.mtx" PATTERN "README.md")
else()
  message(STATUS "kernelcam: no ${KC_MATRIX_SOURCE_DIR}: the installed CG demo offers Poisson and Open file only")
endif()
# Where the installed binary looks for them, relative to itself (a --prefix anywhere works).
file(RELATIVE_PATH KC_MATRICES_FROM_BINARY "/${CMAKE_INSTALL_BINDIR}" "/${KC_MATRIX_INSTALL_DIR}")
target_compile_definitions(kernelcam_app PRIVATE KC_INSTALLED_MATRICES="${KC_MATRICES_FROM_BINARY}")

set(CPACK_PACKAGE_NAME kernelcam)
set(CPACK_PACKAGE_VENDOR kernelcam)
set(CPACK_PACKAGE_CONTACT "kernelcam maintainers <kernelcam@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "live GPU image filtering and a GPU programming lab")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "Filters a webcam, a video, an image or a test pattern through CUDA kernels you can read (grayscale, "
       "histogram, convolution, transpose) and shows the original beside the result with each kernel's timing; "
       "classroom demos (reduction, matrix multiplication, conjugate gradient) compare GPU versions with the CPU "
       "and NVIDIA's libraries. Runs on the CPU where no NVIDIA GPU is usable.")
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
# Qt, OpenCV, GLEW, ... from the binary's shared libraries (dpkg-shlibdeps). Libraries no Debian
# package owns (a CUDA Toolkit from NVIDIA's installer) are skipped by it: see below.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Cameras: Qt Multimedia's GStreamer backend reads them through v4l2src.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gstreamer1.0-plugins-good")
if(KC_HAVE_CUDA)
  # cudart is linked statically; cuBLAS and cuSPARSE are not, so the binary needs them to start.
  # NVIDIA's CUDA repository names them per toolkit version (libcublas-13-0).
  set(KC_CUDA_PACKAGE_SUFFIX "${CUDAToolkit_VERSION_MAJOR}-${CUDAToolkit_VERSION_MINOR}")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libcublas-${KC_CUDA_PACKAGE_SUFFIX}, libcusparse-${KC_CUDA_PACKAGE_SUFFIX}")
endif()
include(CPack)
