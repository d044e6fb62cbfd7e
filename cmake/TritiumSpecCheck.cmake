# The drift guard's build step (cmake -P; cmake/TritiumBackend.cmake and the
# top-level CMakeLists.txt run it): `<OPT> --spec-check`, and when it fails,
# the library it guards and the tool linked to it are removed, so that no
# library whose spec was refused stays behind to be loaded without the
# backend's changes (the next build relinks them and checks again).
#
#   cmake -DOPT=<tritium-opt> -DGUARDED=<lib>|<tool> -DSTAMP=<stamp> -DWHAT=<text> -P TritiumSpecCheck.cmake
foreach(var OPT GUARDED STAMP WHAT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "TritiumSpecCheck.cmake: -D${var}=... is missing")
  endif()
endforeach()
string(REPLACE "|" ";" GUARDED "${GUARDED}")
execute_process(COMMAND ${OPT} --spec-check RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${GUARDED} ${STAMP})
  string(REPLACE ";" ", " removed "${GUARDED}")
  # NOTICE: one unwrapped line on stderr.
  message(NOTICE "spec check of ${WHAT} failed (${OPT} --spec-check exited with ${rc}): "
                 "removed ${removed}")
  message(FATAL_ERROR "spec check of ${WHAT} failed")
endif()
file(TOUCH ${STAMP})
