# ODS -> generated C++ of Tritium's core dialects (tt, ttg), callable both for
# the default library (dialects/CMakeLists.txt) and for a backend whose spec
# overrides a core .td file (cmake/TritiumBackend.cmake).
#
# Needs MLIR's TableGen/AddMLIR modules and TRITIUM_SOURCE_DIR.

# The core dialects: <dir> <ops td> <enums td> <generated-file prefix> <target suffix>.
# The enums live in a file of their own where the dialect has one, since the
# enum generators emit every enum they see.
set(TRITIUM_CORE_DIALECTS
  "tt TritonOps.td TritonOps.td Triton TT"
  "ttg TritonGPUOps.td TritonGPUEnums.td TritonGPU TTG")
# The core translation units that include the generated dialect headers: a
# backend that overrides a core .td file recompiles these (and only these)
# against its own generated headers.
set(TRITIUM_DIALECT_SOURCES
  ${TRITIUM_SOURCE_DIR}/dialects/tt/TritonDialect.cpp
  ${TRITIUM_SOURCE_DIR}/dialects/ttg/TritonGPUDialect.cpp
  ${TRITIUM_SOURCE_DIR}/dialects/ttg/TritonGPUEncodings.cpp
  ${TRITIUM_SOURCE_DIR}/capi/CAPI.cpp)

# One mlir-tblgen run: <td> (absolute) -> <out> (absolute, under
# CMAKE_CURRENT_BINARY_DIR, as LLVM's tablegen() requires), the directories
# <includes> searched first, then the core's dialects/.
function(tritium_tablegen td out includes)
  set(LLVM_TARGET_DEFINITIONS ${td})
  file(RELATIVE_PATH rel ${CMAKE_CURRENT_BINARY_DIR} ${out})
  set(include_flags)
  foreach(dir IN LISTS includes)
    list(APPEND include_flags -I ${dir})
  endforeach()
  mlir_tablegen(${rel} ${ARGN} ${include_flags} -I ${TRITIUM_SOURCE_DIR}/dialects)
  set(TABLEGEN_OUTPUT ${TABLEGEN_OUTPUT} PARENT_SCOPE)
endfunction()

# Every generator of one dialect <ns>: dialect, ops, types and attributes from
# <main_td>, enums from <enums_td>, into <out_prefix>{Dialect,Ops,Types,Attrs,
# Enums}.{h,cpp}.inc. Appends to the caller's TABLEGEN_OUTPUT.
function(tritium_dialect_generators main_td enums_td out_prefix includes ns)
  set(o ${out_prefix})
  tritium_tablegen(${main_td} ${o}Dialect.h.inc "${includes}" -gen-dialect-decls -dialect=${ns})
  tritium_tablegen(${main_td} ${o}Dialect.cpp.inc "${includes}" -gen-dialect-defs -dialect=${ns})
  tritium_tablegen(${main_td} ${o}Ops.h.inc "${includes}" -gen-op-decls)
  tritium_tablegen(${main_td} ${o}Ops.cpp.inc "${includes}" -gen-op-defs)
  tritium_tablegen(${main_td} ${o}Types.h.inc "${includes}" -gen-typedef-decls -typedefs-dialect=${ns})
  tritium_tablegen(${main_td} ${o}Types.cpp.inc "${includes}" -gen-typedef-defs -typedefs-dialect=${ns})
  tritium_tablegen(${main_td} ${o}Attrs.h.inc "${includes}" -gen-attrdef-decls -attrdefs-dialect=${ns})
  tritium_tablegen(${main_td} ${o}Attrs.cpp.inc "${includes}" -gen-attrdef-defs -attrdefs-dialect=${ns})
  tritium_tablegen(${enums_td} ${o}Enums.h.inc "${includes}" -gen-enum-decls)
  tritium_tablegen(${enums_td} ${o}Enums.cpp.inc "${includes}" -gen-enum-defs)
  set(TABLEGEN_OUTPUT ${TABLEGEN_OUTPUT} PARENT_SCOPE)
endfunction()

# All generated code of one dialect (dialect, ops, types, attributes from
# <ops_td>, enums from <enums_td>) into <output_dir>/<dir>/<prefix>*.inc, as
# target <target>. A .td file under an OVERRIDE_ROOT (a directory laid out
# like dialects/) wins over the core's, both as the main file and as an
# include.
function(tritium_dialect_tablegen dir ops_td enums_td prefix target)
  cmake_parse_arguments(ARG "" "OUTPUT_DIR;OVERRIDE_ROOT" "" ${ARGN})
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  file(MAKE_DIRECTORY ${ARG_OUTPUT_DIR}/${dir})
  set(includes)
  set(main ${TRITIUM_SOURCE_DIR}/dialects/${dir}/${ops_td})
  set(enums ${TRITIUM_SOURCE_DIR}/dialects/${dir}/${enums_td})
  if(ARG_OVERRIDE_ROOT)
    set(includes ${ARG_OVERRIDE_ROOT})
    if(EXISTS ${ARG_OVERRIDE_ROOT}/${dir}/${ops_td})
      set(main ${ARG_OVERRIDE_ROOT}/${dir}/${ops_td})
    endif()
    if(EXISTS ${ARG_OVERRIDE_ROOT}/${dir}/${enums_td})
      set(enums ${ARG_OVERRIDE_ROOT}/${dir}/${enums_td})
    endif()
  endif()
  set(TABLEGEN_OUTPUT)
  tritium_dialect_generators(${main} ${enums} ${ARG_OUTPUT_DIR}/${dir}/${prefix} "${includes}" ${dir})
  add_public_tablegen_target(${target})
endfunction()

# Every core dialect into <output_dir>, as targets <target_prefix>TTIncGen,
# <target_prefix>TTGIncGen (each depending on the previous one);
# <target_prefix>DialectsIncGen depends on all of them.
function(tritium_core_dialects_tablegen target_prefix)
  cmake_parse_arguments(ARG "" "OUTPUT_DIR;OVERRIDE_ROOT" "" ${ARGN})
  set(previous)
  set(all)
  foreach(entry IN LISTS TRITIUM_CORE_DIALECTS)
    separate_arguments(entry UNIX_COMMAND "${entry}")
    list(GET entry 0 dir)
    list(GET entry 1 ops_td)
    list(GET entry 2 enums_td)
    list(GET entry 3 prefix)
    list(GET entry 4 suffix)
    set(target ${target_prefix}${suffix}IncGen)
    tritium_dialect_tablegen(${dir} ${ops_td} ${enums_td} ${prefix} ${target}
      OUTPUT_DIR "${ARG_OUTPUT_DIR}" OVERRIDE_ROOT "${ARG_OVERRIDE_ROOT}")
    if(previous)
      add_dependencies(${target} ${previous})
    endif()
    set(previous ${target})
    list(APPEND all ${target})
  endforeach()
  add_custom_target(${target_prefix}DialectsIncGen DEPENDS ${all})
endfunction()

# --- In-tree backends' own dialects (docs/backends.md) ------------------------
#
# spec/<backend>/dialect/ of an in-tree backend (a spec directory whose
# spec.toml says `builtin = true`, or that has none; other spec directories
# are built into their own library by tritium_add_backend) is compiled into
# the default library:
#   - every <Name>.td there that defines a Dialect (`let name = "<ns>"`) gives
#     <Name>{Dialect,Ops,Types,Attrs,Enums}.{h,cpp}.inc in
#     <binary dir>/spec_<backend>/dialect/; the enums come from <Name>Enums.td
#     when that file exists (the enum generators emit every enum they see, the
#     core's included ones too), else from <Name>.td;
#   - the *.cpp files there join the core dialect TUs (TRITIUM_DIALECT_SOURCES),
#     with spec_<backend>/dialect/ and spec/<backend>/dialect/ on the include
#     path, and one of them defines
#         void tritium_<backend>_register_dialects(mlir::DialectRegistry &);
#     which the core calls wherever it registers its dialects (a generated TU,
#     <binary dir>/spec_dialects/SpecDialects.cpp, defines
#     tritium::registerSpecDialects, called by capi/CAPI.cpp).
# A directory without a .cpp file is skipped.
if(NOT DEFINED TRITIUM_BINARY_DIR)
  set(TRITIUM_BINARY_DIR ${PROJECT_BINARY_DIR})
endif()

# Sets <out> to TRUE when the spec directory <dir> is built into the default
# library: its spec.toml says `builtin = true` (the in-tree backends), or it
# has no spec.toml.
function(tritium_spec_is_builtin dir out)
  set(result TRUE)
  if(EXISTS ${dir}/spec.toml)
    file(READ ${dir}/spec.toml text)
    if(NOT text MATCHES "(^|\n)[ \t]*builtin[ \t]*=[ \t]*true")
      set(result FALSE)
    endif()
  endif()
  set(${out} ${result} PARENT_SCOPE)
endfunction()
set(TRITIUM_SPEC_DIALECT_BACKENDS)
set(TRITIUM_SPEC_DIALECT_SOURCES)
set(TRITIUM_SPEC_DIALECT_INCLUDE_DIRS)
file(GLOB _tritium_spec_dirs LIST_DIRECTORIES true ${TRITIUM_SOURCE_DIR}/spec/*)
list(SORT _tritium_spec_dirs)
foreach(_dir IN LISTS _tritium_spec_dirs)
  get_filename_component(_backend ${_dir} NAME)
  file(GLOB _cpps ${_dir}/dialect/*.cpp)
  tritium_spec_is_builtin(${_dir} _builtin)
  if(NOT IS_DIRECTORY ${_dir} OR NOT _builtin OR NOT _cpps)
    continue()
  endif()
  list(SORT _cpps)
  list(APPEND TRITIUM_SPEC_DIALECT_BACKENDS ${_backend})
  list(APPEND TRITIUM_SPEC_DIALECT_SOURCES ${_cpps})
  list(APPEND TRITIUM_SPEC_DIALECT_INCLUDE_DIRS
    ${TRITIUM_BINARY_DIR}/spec_${_backend}/dialect ${_dir}/dialect)
endforeach()
if(TRITIUM_SPEC_DIALECT_BACKENDS)
  list(APPEND TRITIUM_DIALECT_SOURCES ${TRITIUM_SPEC_DIALECT_SOURCES})
endif()
set(TRITIUM_SPEC_DIALECTS_REGISTRATION ${TRITIUM_BINARY_DIR}/spec_dialects/SpecDialects.cpp)
list(APPEND TRITIUM_DIALECT_SOURCES ${TRITIUM_SPEC_DIALECTS_REGISTRATION})

# The tablegen targets of the in-tree backends' dialects (as
# <target_prefix>Spec<backend>IncGen, all under <target_prefix>SpecIncGen)
# and the registration TU. Called once, from the top-level CMakeLists.txt
# (mlir_tablegen writes under CMAKE_CURRENT_BINARY_DIR = the binary dir).
function(tritium_spec_dialects_tablegen target_prefix)
  set(all)
  set(declarations "")
  set(calls "")
  foreach(backend IN LISTS TRITIUM_SPEC_DIALECT_BACKENDS)
    set(dir ${TRITIUM_SOURCE_DIR}/spec/${backend}/dialect)
    set(out ${TRITIUM_BINARY_DIR}/spec_${backend}/dialect)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${dir})
    file(MAKE_DIRECTORY ${out})
    file(GLOB tds ${dir}/*.td)
    list(SORT tds)
    set(TABLEGEN_OUTPUT)
    foreach(td IN LISTS tds)
      file(READ ${td} text)
      if(NOT text MATCHES "def[ \t\n]+[A-Za-z0-9_]+[ \t\n]*:[ \t\n]*Dialect[ \t\n]*{")
        continue()
      endif()
      string(REGEX MATCH "let[ \t\n]+name[ \t\n]*=[ \t\n]*\"([A-Za-z0-9_]+)\"" _ "${text}")
      set(ns "${CMAKE_MATCH_1}")
      if(ns STREQUAL "")
        message(FATAL_ERROR "${td}: a Dialect without `let name = \"...\"`")
      endif()
      get_filename_component(stem ${td} NAME_WE)
      set(enums ${td})
      if(EXISTS ${dir}/${stem}Enums.td)
        set(enums ${dir}/${stem}Enums.td)
      endif()
      tritium_dialect_generators(${td} ${enums} ${out}/${stem} "${dir}" ${ns})
    endforeach()
    if(TABLEGEN_OUTPUT)
      add_public_tablegen_target(${target_prefix}Spec${backend}IncGen)
      list(APPEND all ${target_prefix}Spec${backend}IncGen)
    endif()
    string(APPEND declarations "void tritium_${backend}_register_dialects(mlir::DialectRegistry &);\n")
    string(APPEND calls "  tritium_${backend}_register_dialects(registry);\n")
  endforeach()
  add_custom_target(${target_prefix}SpecIncGen DEPENDS ${all})
  file(CONFIGURE OUTPUT ${TRITIUM_SPEC_DIALECTS_REGISTRATION} @ONLY CONTENT
"// Generated by cmake/TritiumDialects.cmake: the registration of the in-tree
// backends' own dialects (spec/<backend>/dialect/). Do not edit.
namespace mlir {
class DialectRegistry;
} // namespace mlir

${declarations}
namespace tritium {
void registerSpecDialects(mlir::DialectRegistry &registry) {
  (void)registry;
${calls}}
} // namespace tritium
")
endfunction()

# The C++ classes of the Rust passes a pass `.td` declares, generated at build
# time from its records (cmake/TritiumRustPasses.cmake): <out> defines every
# GEN_PASS_DEF_<NAME> of <td>, includes <header> (its -gen-pass-decls output,
# as the translation unit #includes it) and defines one tritium::RustPass per
# pass not marked `CppPass`; #include it inside the namespace of <td>'s classes.
function(tritium_rust_pass_classes td header out)
  find_program(TRITIUM_LLVM_TBLGEN llvm-tblgen HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
  string(REPLACE ";" "|" includes "${MLIR_INCLUDE_DIRS}")
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DTBLGEN=${TRITIUM_LLVM_TBLGEN} -DTD=${td} -DINCLUDES=${includes}
            -DHEADER=${header} -DOUT=${out} -P ${TRITIUM_SOURCE_DIR}/cmake/TritiumRustPasses.cmake
    DEPENDS ${td} ${TRITIUM_SOURCE_DIR}/cmake/TritiumRustPasses.cmake
    COMMENT "Generating the Rust pass classes of ${td}"
    VERBATIM)
endfunction()
