# Installation and the Debian packages: `cmake --install build [--prefix DIR]`; the packages as
# shipped come from scripts/package.sh (every GPU generation, hardening flags, then `cpack -G DEB`).
# Installs the binary, the desktop entry, the hicolor icons, the
# AppStream metainfo, the man page, bash and zsh completion, the copyright file and changelog
# (packaging/), and the project's data: the CG demo's matrices and the samples (data/; the demo
# panel and `demo cg --matrix NAME` find the matrices again: app/demos/app_demo_runners.cpp).
include(GNUInstallDirs)
set(KC_PACKAGING_DIR ${PROJECT_SOURCE_DIR}/packaging)

# Two packages (components): kernelcam, from Debian's archive alone, and kernelcam-cuda, the CUDA
# backend library kernelcam loads where it is installed, with the lab's processes and NVIDIA's
# libraries as dependencies.
set(CMAKE_INSTALL_DEFAULT_COMPONENT_NAME kernelcam)
# A private library, in Debian's /usr/lib/<triplet>/<package>/ (outside ld.so's folders: no ldconfig
# calls in the package's scripts).
if(CMAKE_LIBRARY_ARCHITECTURE)
  set(KC_CUDA_BACKEND_INSTALL_DIR lib/${CMAKE_LIBRARY_ARCHITECTURE}/kernelcam)
else()
  set(KC_CUDA_BACKEND_INSTALL_DIR lib/kernelcam)
endif()
install(TARGETS kernelcam RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The kernel lab's processes, found beside kernelcam (gpu/lab/worker/worker_location.hpp).
if(TARGET kernelcam-lab-compiler)
  install(TARGETS kernelcam_cuda_backend LIBRARY DESTINATION ${KC_CUDA_BACKEND_INSTALL_DIR} COMPONENT cuda)
  install(TARGETS kernelcam-lab-worker kernelcam-lab-compiler RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cuda)
  # Their one man page, under both names (Debian wants one for every program in /usr/bin).
  foreach(helper kernelcam-lab-worker kernelcam-lab-compiler)
    set(page ${CMAKE_BINARY_DIR}/packaging/${helper}.1)
    add_custom_command(OUTPUT ${page}.gz
                       COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/packaging/kernelcam-lab-helper.1 ${page}
                       COMMAND gzip -9n -f ${page}
                       DEPENDS ${PROJECT_SOURCE_DIR}/packaging/kernelcam-lab-helper.1 VERBATIM)
    list(APPEND KC_HELPER_PAGES ${page}.gz)
  endforeach()
  add_custom_target(kernelcam_lab_man ALL DEPENDS ${KC_HELPER_PAGES})
  install(FILES ${KC_HELPER_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT cuda)
endif()
# Named by the AppStream id (packaging/io.github.kernelcam.kernelcam.metainfo.xml), as software centres
# and Wayland's app id (gui_launcher.cpp's desktop file name) expect.
install(FILES ${PROJECT_SOURCE_DIR}/resources/io.github.kernelcam.kernelcam.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/icons/hicolor DESTINATION ${CMAKE_INSTALL_DATADIR}/icons)
install(FILES ${KC_PACKAGING_DIR}/io.github.kernelcam.kernelcam.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${KC_PACKAGING_DIR}/completions/kernelcam.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME kernelcam)
install(FILES ${KC_PACKAGING_DIR}/completions/_kernelcam DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

# /usr/share/doc/kernelcam: the machine-readable copyright file and the Debian changelog, which
# Debian wants compressed with gzip -9n (no name, no time stamp: reproducible).
install(FILES ${KC_PACKAGING_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The documentation Help > Documentation opens (app/gui/documentation.cpp): the README and the docs it
# links to (text only: the screenshots stay in the repository).
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB KC_DOC_PAGES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${KC_DOC_PAGES} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
# lintian's initial-upload-closes-no-bugs concerns uploads to Debian's archive, which this package is not.
install(FILES ${KC_PACKAGING_DIR}/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME kernelcam)
set(KC_CHANGELOG_GZ ${CMAKE_BINARY_DIR}/packaging/changelog.Debian.gz)
add_custom_command(OUTPUT ${KC_CHANGELOG_GZ}
                   COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/packaging
                   COMMAND ${CMAKE_COMMAND} -E copy ${KC_PACKAGING_DIR}/changelog ${CMAKE_BINARY_DIR}/packaging/changelog.Debian
                   COMMAND gzip -9n -f ${CMAKE_BINARY_DIR}/packaging/changelog.Debian
                   DEPENDS ${KC_PACKAGING_DIR}/changelog VERBATIM)
add_custom_target(kernelcam_changelog ALL DEPENDS ${KC_CHANGELOG_GZ})
install(FILES ${KC_CHANGELOG_GZ} DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(STRINGS ${KC_PACKAGING_DIR}/changelog KC_CHANGELOG_TOP LIMIT_COUNT 1)
if(NOT KC_CHANGELOG_TOP MATCHES "^kernelcam \\(${PROJECT_VERSION}-")
  message(WARNING "kernelcam: packaging/changelog's first entry (${KC_CHANGELOG_TOP}) is not version ${PROJECT_VERSION}")
endif()

# The man page, from the help text (help2man; packaging/kernelcam.h2m gives its NAME line and
# its examples, environment and files sections).
find_program(KC_HELP2MAN help2man)
if(KC_HELP2MAN)
  set(KC_MAN_PAGE ${CMAKE_BINARY_DIR}/packaging/kernelcam.1)
  add_custom_command(OUTPUT ${KC_MAN_PAGE}.gz
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/packaging
                     # A sanitizer build's binary runs here too: its leak report must not fail the build.
                     COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0 QT_QPA_PLATFORM=offscreen
                             ${KC_HELP2MAN} --no-info --section=1 --include=${KC_PACKAGING_DIR}/kernelcam.h2m
                             --output=${KC_MAN_PAGE} $<TARGET_FILE:kernelcam>
                     COMMAND gzip -9n -f ${KC_MAN_PAGE}
                     DEPENDS kernelcam ${KC_PACKAGING_DIR}/kernelcam.h2m VERBATIM)
  add_custom_target(kernelcam_man ALL DEPENDS ${KC_MAN_PAGE}.gz)
  install(FILES ${KC_MAN_PAGE}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "kernelcam: no help2man: the install has no man page (apt-get install help2man)")
endif()

# The project's data (data/): the CG demo's seven matrices (gzip-compressed, data/matrices/README.md
# names their sources) and the sample photos and video (data/samples/README.md), each folder with its
# README; packaging/copyright has their licences.
set(KC_DATA_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/kernelcam)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/data/matrices ${PROJECT_SOURCE_DIR}/data/samples DESTINATION ${KC_DATA_INSTALL_DIR})
# Where the installed binary looks for them, relative to itself (a --prefix anywhere works;
# app/demos/app_demo_runners.cpp).
file(RELATIVE_PATH KC_DATA_FROM_BINARY "/${CMAKE_INSTALL_BINDIR}" "/${KC_DATA_INSTALL_DIR}")
set_property(SOURCE ${PROJECT_SOURCE_DIR}/app/demos/app_demo_runners.cpp TARGET_DIRECTORY kernelcam_app APPEND PROPERTY
             COMPILE_DEFINITIONS KC_INSTALLED_DATA="${KC_DATA_FROM_BINARY}")
# And for the CUDA backend (gpu/plugin/cuda_backend_loader.cpp), installed by the cuda component.
file(RELATIVE_PATH KC_CUDA_BACKEND_FROM_BINARY "/${CMAKE_INSTALL_BINDIR}" "/${KC_CUDA_BACKEND_INSTALL_DIR}/libkernelcam-cuda.so")
target_compile_definitions(kernelcam_cuda_loader PRIVATE KC_CUDA_BACKEND_FROM_BINARY="${KC_CUDA_BACKEND_FROM_BINARY}")

set(CPACK_PACKAGE_NAME kernelcam)
set(CPACK_PACKAGE_VENDOR kernelcam)
set(CPACK_PACKAGE_CONTACT "kernelcam maintainers <kernelcam@users.noreply.github.com>")
# Each component's description starts with its own synopsis line. CPACK_PACKAGE_DESCRIPTION_SUMMARY
# stays unset: CPackDeb would put that one line before every component's description.
set(KC_PACKAGE_SUMMARY "live GPU image filtering and a GPU programming lab")
# Lines under 80 characters: dpkg shows the description as written (lintian: extended-description-line-too-long).
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "Filters a webcam, a video, an image or a test pattern through CUDA kernels\n"
       "you can read (grayscale, histogram, convolution, transpose) and shows the\n"
       "original beside the result with each kernel's timing; classroom demos\n"
       "(reduction, matrix multiplication, conjugate gradient) compare GPU versions\n"
       "with the CPU and NVIDIA's libraries. Runs on the CPU where no NVIDIA GPU is\n"
       "usable.")
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# A Debian revision (0.1.0-1): the package is not Debian-native, so its changelog is changelog.Debian.gz.
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
# Qt, OpenCV, GLEW, ... from the binary's shared libraries (dpkg-shlibdeps). Libraries no Debian
# package owns (a CUDA Toolkit from NVIDIA's installer) are skipped by it: see below.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Cameras: Qt Multimedia's GStreamer backend reads them through v4l2src.
set(CPACK_DEBIAN_KERNELCAM_PACKAGE_RECOMMENDS "gstreamer1.0-plugins-good")

# One .deb per component: kernelcam (Debian's archive alone) and, in CUDA builds, kernelcam-cuda.
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING IGNORE)
set(CPACK_DEBIAN_KERNELCAM_PACKAGE_NAME kernelcam)
set(CPACK_DEBIAN_KERNELCAM_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_KERNELCAM_DESCRIPTION "${KC_PACKAGE_SUMMARY}\n${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_COMPONENTS_ALL kernelcam)
if(KC_HAVE_CUDA)
  list(APPEND CPACK_COMPONENTS_ALL cuda)
  set(CPACK_DEBIAN_CUDA_PACKAGE_NAME kernelcam-cuda)
  set(CPACK_DEBIAN_CUDA_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_CUDA_PACKAGE_SECTION contrib/graphics)  # depends on NVIDIA's non-free libraries
  string(CONCAT CPACK_DEBIAN_CUDA_DESCRIPTION
         "CUDA backend for kernelcam (live GPU image filtering)\n"
         "The library kernelcam loads to filter and run its demos on an NVIDIA GPU,\n"
         "and the kernel lab's compiler (NVRTC) and worker processes. Without it\n"
         "kernelcam runs on the CPU.")
  # cudart is linked statically into the library; cuBLAS, cuSPARSE and NVRTC come from NVIDIA's
  # CUDA repository, which names them per toolkit version (libcublas-13-0, cuda-nvrtc-13-0).
  set(KC_CUDA_PACKAGE_SUFFIX "${CUDAToolkit_VERSION_MAJOR}-${CUDAToolkit_VERSION_MINOR}")
  # The NVIDIA driver (libcuda.so.1) runs what the package holds: Debian's non-free metapackage or
  # NVIDIA's repository's. Recommended, not required: `kernel check` compiles without it.
  set(CPACK_DEBIAN_CUDA_PACKAGE_RECOMMENDS "nvidia-driver | cuda-drivers")
  set(CPACK_DEBIAN_CUDA_PACKAGE_DEPENDS
      "kernelcam (= ${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}), libcublas-${KC_CUDA_PACKAGE_SUFFIX}, libcusparse-${KC_CUDA_PACKAGE_SUFFIX}, cuda-nvrtc-${KC_CUDA_PACKAGE_SUFFIX}")
  # Debian wants the copyright file and changelog in every package's own doc folder.
  install(FILES ${KC_PACKAGING_DIR}/copyright ${KC_CHANGELOG_GZ} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/kernelcam-cuda
          COMPONENT cuda)
  install(FILES ${KC_PACKAGING_DIR}/lintian-overrides-cuda DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
          RENAME kernelcam-cuda COMPONENT cuda)
endif()
include(CPack)
