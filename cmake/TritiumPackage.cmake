# The body of Tritium's CMake package, included by both TritiumConfig.cmake
# files (the build tree's, build/TritiumConfig.cmake, and the installed one,
# <prefix>/lib/cmake/Tritium/TritiumConfig.cmake). They set TRITIUM_SOURCE_DIR,
# TRITIUM_BINARY_DIR, TRITIUM_LIBRARY, TRITIUM_MLIR_DIR, the object library
# lists and their IMPORTED targets first. The project using it must compile
# with clang-22, like Tritium (set CMAKE_CXX_COMPILER before project()).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(WARNING "Tritium backends must be compiled with clang-22 (found ${CMAKE_CXX_COMPILER_ID})")
endif()
set(TRITIUM_DIALECTS_CRATE_DIR "${TRITIUM_SOURCE_DIR}/dialects")
find_program(CARGO cargo HINTS $ENV{HOME}/.cargo/bin REQUIRED)
# The cargo target dir of the backend's Rust build: the project's own by
# default. Pointing it at Tritium's (<tritium>/target) reuses the compiled
# crates of a build tree: a backend then builds in seconds.
set(TRITIUM_CARGO_TARGET_DIR "${CMAKE_BINARY_DIR}/cargo" CACHE PATH
    "cargo target dir of the backends' Rust builds")
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
find_program(CCACHE_PROGRAM ccache)
if(CCACHE_PROGRAM)
  set(CMAKE_C_COMPILER_LAUNCHER ${CCACHE_PROGRAM})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CCACHE_PROGRAM})
endif()
find_program(MOLD_PROGRAM mold)
if(MOLD_PROGRAM)
  add_link_options(-fuse-ld=mold)
endif()
set(MLIR_DIR "${TRITIUM_MLIR_DIR}" CACHE PATH "MLIR's CMake package")
find_package(MLIR REQUIRED CONFIG)
list(APPEND CMAKE_MODULE_PATH ${MLIR_CMAKE_DIR} ${LLVM_CMAKE_DIR})
include(TableGen)
include(AddLLVM)
include(AddMLIR)
include(HandleLLVMOptions)
include_directories(SYSTEM ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
include_directories(${TRITIUM_SOURCE_DIR}/include ${TRITIUM_BINARY_DIR}/dialects)
link_directories(${LLVM_LIBRARY_DIR})
set(TRITIUM_MLIR_SHARED ${LLVM_LIBRARY_DIR}/libMLIR.so ${LLVM_LIBRARY_DIR}/libLLVM.so)
if(NOT DEFINED TRITIUM_BACKEND_OUTPUT_DIR)
  set(TRITIUM_BACKEND_OUTPUT_DIR ${CMAKE_BINARY_DIR})
endif()
include(${TRITIUM_SOURCE_DIR}/cmake/TritiumDialects.cmake)
include(${TRITIUM_SOURCE_DIR}/cmake/TritiumBackend.cmake)
set(Tritium_FOUND TRUE)
