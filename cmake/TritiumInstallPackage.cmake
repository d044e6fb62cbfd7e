# Run by `cmake --install` (tritium_install_package, cmake/TritiumBackend.cmake):
# copies the core's object files into <prefix>/<share>/build/objects/<lib>/
# (numbered, since several share a name such as Passes.cpp.o) and writes the
# relocatable package <prefix>/lib/cmake/Tritium/TritiumConfig.cmake that
# imports them. Expects TRITIUM_INSTALL_SHARE, TRITIUM_INSTALL_MLIR_DIR,
# TRITIUM_INSTALL_{DIALECT,CORE}_OBJECT_LIBS and TRITIUM_INSTALL_OBJECTS_<lib>.
set(_share "${CMAKE_INSTALL_PREFIX}/${TRITIUM_INSTALL_SHARE}")
set(_imports "")
foreach(_lib IN LISTS TRITIUM_INSTALL_DIALECT_OBJECT_LIBS TRITIUM_INSTALL_CORE_OBJECT_LIBS)
  set(_dir "${_share}/build/objects/${_lib}")
  file(REMOVE_RECURSE "${_dir}")
  set(_installed "")
  set(_n 0)
  foreach(_object IN LISTS TRITIUM_INSTALL_OBJECTS_${_lib})
    math(EXPR _n "${_n} + 1")
    get_filename_component(_base "${_object}" NAME)
    file(INSTALL "${_object}" DESTINATION "${_dir}" RENAME "${_n}-${_base}")
    list(APPEND _installed "\${TRITIUM_BINARY_DIR}/objects/${_lib}/${_n}-${_base}")
  endforeach()
  string(APPEND _imports
    "if(NOT TARGET ${_lib})\n"
    "  add_library(${_lib} OBJECT IMPORTED)\n"
    "  set_target_properties(${_lib} PROPERTIES IMPORTED_OBJECTS \"${_installed}\")\n"
    "endif()\n")
endforeach()

set(_config "${CMAKE_INSTALL_PREFIX}/lib/cmake/Tritium/TritiumConfig.cmake")
message(STATUS "Installing: ${_config}")
file(WRITE "${_config}"
"# Tritium's installed CMake package (written by `cmake --install`; docs/backends.md).
# Relocatable: every path is taken from this file's directory.
get_filename_component(_tritium_prefix \"\${CMAKE_CURRENT_LIST_DIR}/../../..\" ABSOLUTE)
set(TRITIUM_SOURCE_DIR \"\${_tritium_prefix}/${TRITIUM_INSTALL_SHARE}\")
set(TRITIUM_BINARY_DIR \"\${_tritium_prefix}/${TRITIUM_INSTALL_SHARE}/build\")
set(TRITIUM_LIBRARY \"\${_tritium_prefix}/lib/libtritium.so\")
set(TRITIUM_MLIR_DIR \"${TRITIUM_INSTALL_MLIR_DIR}\")
set(TRITIUM_DIALECT_OBJECT_LIBS ${TRITIUM_INSTALL_DIALECT_OBJECT_LIBS})
set(TRITIUM_CORE_OBJECT_LIBS ${TRITIUM_INSTALL_CORE_OBJECT_LIBS})
${_imports}include(\"\${TRITIUM_SOURCE_DIR}/cmake/TritiumPackage.cmake\")
")
