# The hardening Debian builds its own packages with, from dpkg-buildflags (hardening=+all):
# _FORTIFY_SOURCE (checked string and memory calls), the stack protector, format-string checks,
# and RELRO with immediate binding (-z,now). lintian reports a package without them
# (hardening-no-fortify-functions, hardening-no-bindnow). Only the hardening flags are taken:
# -O and -g stay the build type's. C and C++ compiles get them all; the CUDA code's host side the
# compile flags through -Xcompiler; every link the linker flags (libkernelcam-cuda.so then binds
# its symbols when kernelcam loads it, so a missing one is a clear load error, not a crash later).
#
# KC_HARDENING is ON in package builds (scripts/package.sh), OFF by default: a developer's build
# keeps the flags its ccache was filled with. Sanitizer and fuzz builds instrument instead.
# `cmake -P` on this file prints the flags (tests/cmake/hardening_test.sh).

# Sets <prefix>_COMPILE and <prefix>_LINK to the hardening flags dpkg-buildflags gives; empty, and
# <prefix>_MISSING to the reason, where it cannot be asked.
function(kc_hardening_flags prefix)
  find_program(KC_DPKG_BUILDFLAGS dpkg-buildflags)
  if(NOT KC_DPKG_BUILDFLAGS)
    set(${prefix}_COMPILE "" PARENT_SCOPE)
    set(${prefix}_LINK "" PARENT_SCOPE)
    set(${prefix}_MISSING "no dpkg-buildflags (apt-get install dpkg-dev)" PARENT_SCOPE)
    return()
  endif()
  set(flags "")
  foreach(kind CPPFLAGS CXXFLAGS LDFLAGS)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env DEB_BUILD_MAINT_OPTIONS=hardening=+all
                            ${KC_DPKG_BUILDFLAGS} --get ${kind}
                    OUTPUT_VARIABLE value OUTPUT_STRIP_TRAILING_WHITESPACE)
    separate_arguments(value UNIX_COMMAND "${value}")
    set(${kind} ${value})
  endforeach()
  # Not hardening: optimisation, debug information and path maps are the build type's business.
  set(compile ${CPPFLAGS} ${CXXFLAGS})
  list(FILTER compile EXCLUDE REGEX "^-(O|g)|prefix-map=")
  list(REMOVE_DUPLICATES compile)
  set(${prefix}_COMPILE ${compile} PARENT_SCOPE)
  set(${prefix}_LINK ${LDFLAGS} PARENT_SCOPE)
  set(${prefix}_MISSING "" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE)
  kc_hardening_flags(KC_HARDENING)
  message("compile: ${KC_HARDENING_COMPILE}")
  message("link: ${KC_HARDENING_LINK}")
  return()
endif()

if(KC_HARDENING AND NOT KC_SANITIZE AND NOT KC_FUZZ)
  kc_hardening_flags(KC_HARDENING)
  if(KC_HARDENING_MISSING)
    message(WARNING "kernelcam: KC_HARDENING: ${KC_HARDENING_MISSING}: the binaries are built without hardening flags")
  else()
    add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:${KC_HARDENING_COMPILE}>")
    # -D_FORTIFY_SOURCE and -Wformat for the host compiler only: nvcc's device pass has no use for them.
    list(JOIN KC_HARDENING_COMPILE "," host_flags)
    add_compile_options("$<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=${host_flags}>")
    add_link_options(${KC_HARDENING_LINK})
    string(REPLACE ";" " " shown "${KC_HARDENING_COMPILE};${KC_HARDENING_LINK}")
    message(STATUS "kernelcam: hardening flags (dpkg-buildflags): ${shown}")
  endif()
endif()
