# Backend specialization without forking (docs/backends.md).
#
#   tritium_add_backend(<name> [SPEC_DIR <dir>])
#
# builds, from the core's objects plus the spec in <dir> (default:
# <tritium>/spec/<name>):
#   lib/libtritium_<name>.so   the plugin + C API, exports as libtritium.so
#   bin/tritium-opt-<name>     tools/tritium-opt linked to that library
# and runs `tritium-opt-<name> --spec-check` (the drift guard: a manifest
# naming a missing slot, or a replaced slot left unimplemented, fails the
# build and removes the library and its tritium-opt). Works inside Tritium's build and from an outside project through
# find_package(Tritium) (build/TritiumConfig.cmake).
#
# Expects: TRITIUM_SOURCE_DIR, TRITIUM_CARGO_TARGET_DIR, CARGO,
# TRITIUM_DIALECT_OBJECT_LIBS / TRITIUM_CORE_OBJECT_LIBS (object libraries,
# built or imported), TRITIUM_BACKEND_OUTPUT_DIR (lib/ and bin/ go there),
# TRITIUM_MLIR_SHARED, LLVM_LIBRARY_DIR, and cmake/TritiumDialects.cmake.

# The link of a Tritium library (default or backend): <objects>, the whole
# MLIR C API, the Rust staticlib <rust_lib>, the shared MLIR/LLVM, with the
# export list and no undefined symbols.
function(tritium_link_library target rust_lib)
  file(GLOB capi_archives ${LLVM_LIBRARY_DIR}/libMLIRCAPI*.a)
  add_library(${target} SHARED ${ARGN})
  set(exports ${TRITIUM_SOURCE_DIR}/capi/exports.map)
  target_link_options(${target} PRIVATE
    -Wl,--no-undefined
    -Wl,--gc-sections
    -Wl,-z,now
    -Wl,--version-script=${exports})
  set_target_properties(${target} PROPERTIES LINK_DEPENDS ${exports} LINKER_LANGUAGE CXX)
  target_link_libraries(${target} PRIVATE
    -Wl,--whole-archive ${capi_archives} -Wl,--no-whole-archive
    ${rust_lib}
    ${TRITIUM_MLIR_SHARED}
    pthread dl m)
endfunction()

# The crate name (as a Rust identifier) of the Cargo.toml at <manifest>:
# [lib] name if given, else [package] name with '-' -> '_'.
function(_tritium_crate_ident manifest out_package out_ident)
  file(READ ${manifest} text)
  string(REGEX MATCH "\\[package\\][^[]*" package "${text}")
  string(REGEX MATCH "(^|\n)[ \t]*name[ \t]*=[ \t]*\"([^\"]+)\"" _ "${package}")
  set(name "${CMAKE_MATCH_2}")
  if(name STREQUAL "")
    message(FATAL_ERROR "tritium_add_backend: no [package] name in ${manifest}")
  endif()
  set(ident "${name}")
  string(REGEX MATCH "\\[lib\\][^[]*" lib "${text}")
  string(REGEX MATCH "(^|\n)[ \t]*name[ \t]*=[ \t]*\"([^\"]+)\"" _ "${lib}")
  if(NOT "${CMAKE_MATCH_2}" STREQUAL "")
    set(ident "${CMAKE_MATCH_2}")
  endif()
  string(REPLACE "-" "_" ident "${ident}")
  set(${out_package} "${name}" PARENT_SCOPE)
  set(${out_ident} "${ident}" PARENT_SCOPE)
endfunction()

# The spec directories built into every Tritium library, found as a vendor's
# is: each <tritium>/spec/<dir>/ whose spec.toml says `builtin = true`
# (tritium_spec_is_builtin, cmake/TritiumDialects.cmake), in name order.
# Adding one is adding its directory: no core file names it.
function(tritium_builtin_spec_dirs out)
  file(GLOB manifests CONFIGURE_DEPENDS ${TRITIUM_SOURCE_DIR}/spec/*/spec.toml)
  list(SORT manifests)
  set(dirs)
  foreach(manifest IN LISTS manifests)
    get_filename_component(dir ${manifest} DIRECTORY)
    tritium_spec_is_builtin(${dir} builtin)
    if(builtin)
      list(APPEND dirs ${dir})
    endif()
  endforeach()
  set(${out} ${dirs} PARENT_SCOPE)
endfunction()

# Writes the Rust staticlib crate <dir> (package <package>, library <lib>):
# (an optional last argument is appended after the dependencies: a [patch] section)
# tritium-capi, every built-in spec (tritium_builtin_spec_dirs) and the
# dependency lines <extra_deps>; its src/lib.rs is <extra_code> after the
# built-in backends' list, which it hands to tritium-capi as
# `tritium_builtin_backends()` (capi/src/passes.rs): each as its spec.toml
# and its crate's register(), exactly as a vendor's backend is installed.
function(_tritium_write_rust_crate dir package lib extra_deps extra_code)
  tritium_builtin_spec_dirs(builtin_dirs)
  set(builtin_deps "")
  set(entries "")
  foreach(spec_dir IN LISTS builtin_dirs)
    _tritium_crate_ident(${spec_dir}/Cargo.toml spec_package spec_ident)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spec_dir}/Cargo.toml ${spec_dir}/spec.toml)
    file(RELATIVE_PATH manifest_path ${TRITIUM_SOURCE_DIR} ${spec_dir}/spec.toml)
    string(APPEND builtin_deps "${spec_package} = { path = \"${spec_dir}\" }\n")
    string(APPEND entries
      "    tritium_capi::spec::BuiltinBackend {\n"
      "        manifest: include_str!(\"${spec_dir}/spec.toml\"),\n"
      "        manifest_path: \"${manifest_path}\",\n"
      "        register: ${spec_ident}::register,\n"
      "    },\n")
  endforeach()
  list(LENGTH builtin_dirs count)
  file(READ ${TRITIUM_SOURCE_DIR}/Cargo.toml root_manifest)
  # The workspace's profiles, so that the shared target dir's artifacts of
  # the core crates (same profile, same Cargo.lock) are reused.
  string(FIND "${root_manifest}" "[profile." at)
  set(profiles "")
  if(at GREATER -1)
    string(SUBSTRING "${root_manifest}" ${at} -1 profiles)
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${TRITIUM_SOURCE_DIR}/Cargo.toml)
  file(CONFIGURE OUTPUT ${dir}/Cargo.toml @ONLY CONTENT
"# Generated by Tritium's CMake (cmake/TritiumBackend.cmake): do not edit.
[package]
name = \"${package}\"
version = \"0.1.0\"
edition = \"2021\"
publish = false

[lib]
name = \"${lib}\"
path = \"src/lib.rs\"
crate-type = [\"staticlib\"]

[dependencies]
tritium_capi = { package = \"tritium-capi\", path = \"${TRITIUM_SOURCE_DIR}/capi\" }
${builtin_deps}${extra_deps}${ARGN}
[workspace]

${profiles}")
  file(CONFIGURE OUTPUT ${dir}/src/lib.rs @ONLY CONTENT
"// Generated by Tritium's CMake (cmake/TritiumBackend.cmake): do not edit.
pub use tritium_capi;

/// The backends built into this library: every spec/*/ of Tritium whose
/// spec.toml says `builtin = true`.
static BACKENDS: [tritium_capi::spec::BuiltinBackend; ${count}] = [
${entries}];

/// Asked by tritium-capi for the built-in backends (capi/src/passes.rs).
#[no_mangle]
pub fn tritium_builtin_backends() -> &'static [tritium_capi::spec::BuiltinBackend] {
    &BACKENDS
}
${extra_code}")
  configure_file(${TRITIUM_SOURCE_DIR}/Cargo.lock ${dir}/Cargo.lock COPYONLY)
endfunction()

function(tritium_add_backend name)
  cmake_parse_arguments(ARG "" "SPEC_DIR" "" ${ARGN})
  if(NOT name MATCHES "^[A-Za-z][A-Za-z0-9_]*$")
    message(FATAL_ERROR "tritium_add_backend: backend name '${name}' must be an identifier")
  endif()
  if(NOT ARG_SPEC_DIR)
    set(ARG_SPEC_DIR ${TRITIUM_SOURCE_DIR}/spec/${name})
  endif()
  get_filename_component(spec ${ARG_SPEC_DIR} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  foreach(required spec.toml Cargo.toml src/lib.rs)
    if(NOT EXISTS ${spec}/${required})
      message(FATAL_ERROR "tritium_add_backend(${name}): ${spec}/${required} is missing")
    endif()
  endforeach()
  set(bin ${CMAKE_CURRENT_BINARY_DIR}/tritium_backend_${name})
  set(out ${TRITIUM_BACKEND_OUTPUT_DIR})

  # --- Rust: a generated staticlib crate = the core's C API + the spec. ---
  _tritium_crate_ident(${spec}/Cargo.toml spec_package spec_ident)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spec}/Cargo.toml)
  set(crate ${bin}/rust)
  set(crate_lib tritium_backend_${name})
  # The core crates the spec names are taken from the Tritium this build
  # uses (its checkout or its installed kit), whatever the spec's Cargo.toml
  # says: a spec writes `tritium-dialects = "0.1"`, with no path. The
  # generated crate is the workspace root, so its [patch] applies.
  file(READ ${spec}/Cargo.toml spec_manifest)
  set(patches "")
  foreach(core dialects passes conversions capi build-support)
    if(spec_manifest MATCHES "(^|\n)[ \t]*tritium-${core}[ \t]*=")
      string(APPEND patches "tritium-${core} = { path = \"${TRITIUM_SOURCE_DIR}/${core}\" }\n")
    endif()
  endforeach()
  if(patches)
    set(patches "\n[patch.crates-io]\n${patches}")
  endif()
  _tritium_write_rust_crate(${crate} tritium-backend-${name} ${crate_lib}
    "${spec_package} = { path = \"${spec}\" }\n"
"
/// Called by the core at load time (a weak reference): installs the spec.
#[no_mangle]
pub extern \"C\" fn tritium_backend_install() -> bool {
    tritium_capi::spec::install_backend(
        include_str!(\"${spec}/spec.toml\"),
        \"${spec}/spec.toml\",
        ${spec_ident}::register,
    )
}
" "${patches}")
  set(rust_lib ${TRITIUM_CARGO_TARGET_DIR}/release/lib${crate_lib}.a)
  add_custom_target(tritium_${name}_rs ALL
    # Resolve the lock file offline when the crates are at hand (a spec
    # naming only Tritium's crates needs no registry), online otherwise.
    COMMAND sh -c "\"$0\" metadata --offline --format-version 1 --manifest-path \"$1\" >/dev/null 2>&1 || \"$0\" metadata --format-version 1 --manifest-path \"$1\" >/dev/null"
            ${CARGO} ${crate}/Cargo.toml
    COMMAND ${CARGO} build --release --manifest-path ${crate}/Cargo.toml
            --target-dir ${TRITIUM_CARGO_TARGET_DIR}
    # Tritium's .cargo/config.toml (the MLIR prefix melior's ODS bindings
    # need) applies by the working directory: the same environment, so the
    # core crates' artifacts in the shared target dir are reused as they are.
    WORKING_DIRECTORY ${TRITIUM_SOURCE_DIR}
    BYPRODUCTS ${rust_lib}
    USES_TERMINAL
    VERBATIM
    COMMENT "cargo build (backend ${name}: tritium-capi + ${spec_package})")
  if(TARGET tritium_rs)
    # One cargo at a time on the shared target dir; the core's first.
    add_dependencies(tritium_${name}_rs tritium_rs)
  endif()

  # --- C++: the core's objects, or, where the spec overrides a core .td,
  # the dialect TUs recompiled against the backend's regenerated headers. ---
  set(objects)
  file(GLOB_RECURSE overrides RELATIVE ${spec}/override ${spec}/override/*)
  set(dialect_overrides)
  foreach(file IN LISTS overrides)
    if(file MATCHES "^dialects/(tt|ttg)/[^/]+\\.td$")
      list(APPEND dialect_overrides ${file})
    else()
      message(FATAL_ERROR "tritium_add_backend(${name}): override/${file}: only the core "
                          "dialects' .td files (override/dialects/{tt,ttg}/*.td) can be overridden")
    endif()
  endforeach()
  set(core_incgen)
  if(TARGET TritiumTTGIncGen)
    set(core_incgen TritiumTTIncGen TritiumTTGIncGen)
  endif()
  if(dialect_overrides)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spec}/override)
    tritium_core_dialects_tablegen(tritium_${name}_
      OUTPUT_DIR ${bin}/dialects OVERRIDE_ROOT ${spec}/override/dialects)
    add_library(tritium_${name}_core_dialects OBJECT ${TRITIUM_DIALECT_SOURCES})
    target_include_directories(tritium_${name}_core_dialects BEFORE PRIVATE ${bin}/dialects)
    # The in-tree backends' dialect TUs are among them (cmake/TritiumDialects.cmake).
    target_include_directories(tritium_${name}_core_dialects PRIVATE ${TRITIUM_SPEC_DIALECT_INCLUDE_DIRS})
    add_dependencies(tritium_${name}_core_dialects tritium_${name}_DialectsIncGen ${core_incgen})
    if(TARGET TritiumSpecIncGen)
      add_dependencies(tritium_${name}_core_dialects TritiumSpecIncGen)
    endif()
    list(APPEND objects $<TARGET_OBJECTS:tritium_${name}_core_dialects>)
  else()
    foreach(lib IN LISTS TRITIUM_DIALECT_OBJECT_LIBS)
      list(APPEND objects $<TARGET_OBJECTS:${lib}>)
    endforeach()
  endif()
  foreach(lib IN LISTS TRITIUM_CORE_OBJECT_LIBS)
    list(APPEND objects $<TARGET_OBJECTS:${lib}>)
  endforeach()

  # The spec's own dialects: dialect/<Name>.td -> <Name>{Dialect,Ops,Types,
  # Attrs,Enums}.{h,cpp}.inc in <bin>/dialect, and dialect/*.cpp compiled
  # with that directory (and dialect/) on the include path.
  file(GLOB spec_tds ${spec}/dialect/*.td)
  file(GLOB spec_cpps ${spec}/dialect/*.cpp)
  if(spec_tds OR spec_cpps)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spec}/dialect)
    file(MAKE_DIRECTORY ${bin}/dialect)
    set(TABLEGEN_OUTPUT)
    foreach(td IN LISTS spec_tds)
      get_filename_component(stem ${td} NAME_WE)
      file(READ ${td} td_text)
      string(REGEX MATCH "let[ \t\n]+name[ \t\n]*=[ \t\n]*\"([A-Za-z0-9_]+)\"" _ "${td_text}")
      set(ns "${CMAKE_MATCH_1}")
      if(ns STREQUAL "")
        message(FATAL_ERROR "tritium_add_backend(${name}): ${td} defines no Dialect (let name = \"...\")")
      endif()
      tritium_dialect_generators(${td} ${td} ${bin}/dialect/${stem} "${spec}/dialect" ${ns})
    endforeach()
    if(TABLEGEN_OUTPUT)
      add_public_tablegen_target(tritium_${name}_SpecIncGen)
    endif()
    if(spec_cpps)
      add_library(tritium_${name}_spec_dialects OBJECT ${spec_cpps})
      target_include_directories(tritium_${name}_spec_dialects BEFORE PRIVATE ${bin}/dialect ${spec}/dialect)
      if(dialect_overrides)
        target_include_directories(tritium_${name}_spec_dialects BEFORE PRIVATE ${bin}/dialects)
        add_dependencies(tritium_${name}_spec_dialects tritium_${name}_DialectsIncGen)
      endif()
      if(TABLEGEN_OUTPUT)
        add_dependencies(tritium_${name}_spec_dialects tritium_${name}_SpecIncGen)
      endif()
      if(core_incgen)
        add_dependencies(tritium_${name}_spec_dialects ${core_incgen})
      endif()
      list(APPEND objects $<TARGET_OBJECTS:tritium_${name}_spec_dialects>)
    endif()
  endif()

  # The spec's own passes: passes/Passes.td -> the pass bases (mlir-tblgen)
  # and the C++ class of each of its Rust passes (tritium_rust_pass_classes,
  # cmake/TritiumDialects.cmake), in a generated TU that defines
  # tritium_backend_register_passes(), which the core calls (a weak
  # reference) where it registers its own passes. The Rust bodies are the
  # crate's `impl Pass for` items (its build.rs: tritium-build-support),
  # which its register() hands to SpecBuilder::add_pass.
  if(EXISTS ${spec}/passes/Passes.td)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${spec}/passes/Passes.td)
    set(pass_dir ${bin}/backend_passes)
    file(MAKE_DIRECTORY ${pass_dir})
    set(LLVM_TARGET_DEFINITIONS ${spec}/passes/Passes.td)
    set(TABLEGEN_OUTPUT)
    file(RELATIVE_PATH pass_decls ${CMAKE_CURRENT_BINARY_DIR} ${pass_dir}/Passes.h.inc)
    mlir_tablegen(${pass_decls} -gen-pass-decls -name TritiumBackend)
    add_public_tablegen_target(tritium_${name}_PassesIncGen)
    tritium_rust_pass_classes(${spec}/passes/Passes.td backend_passes/Passes.h.inc
      ${pass_dir}/RustPasses.inc)
    file(CONFIGURE OUTPUT ${pass_dir}/BackendPasses.cpp @ONLY CONTENT
"// Generated by tritium_add_backend (cmake/TritiumBackend.cmake): the C++
// side of the passes of ${spec}/passes/Passes.td. Do not edit.
#include \"tritium/RustPass.h\"

#include <string>

namespace tritium_backend_passes {
#include \"backend_passes/RustPasses.inc\"
#define GEN_PASS_REGISTRATION
#include \"backend_passes/Passes.h.inc\"
} // namespace tritium_backend_passes

/// Called by the core (a weak reference) where it registers its passes.
extern \"C\" void tritium_backend_register_passes() {
  tritium_backend_passes::registerTritiumBackendPasses();
}
")
    add_library(tritium_${name}_passes OBJECT ${pass_dir}/BackendPasses.cpp ${pass_dir}/RustPasses.inc)
    set_source_files_properties(${pass_dir}/RustPasses.inc PROPERTIES HEADER_FILE_ONLY TRUE)
    target_include_directories(tritium_${name}_passes PRIVATE ${bin} ${TRITIUM_SOURCE_DIR}/include)
    add_dependencies(tritium_${name}_passes tritium_${name}_PassesIncGen)
    list(APPEND objects $<TARGET_OBJECTS:tritium_${name}_passes>)
  endif()

  # --- The library and its tritium-opt. ---
  tritium_link_library(tritium_${name} ${rust_lib} ${objects})
  set_target_properties(tritium_${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${out}/lib)
  # The install hook is only referenced weakly by the core, which would not
  # pull it out of the archive: ask for it.
  target_link_options(tritium_${name} PRIVATE -Wl,--undefined=tritium_backend_install)
  add_dependencies(tritium_${name} tritium_${name}_rs)

  add_executable(tritium-opt-${name} ${TRITIUM_SOURCE_DIR}/tools/tritium-opt/tritium-opt.cpp)
  target_link_libraries(tritium-opt-${name} PRIVATE tritium_${name} ${TRITIUM_MLIR_SHARED})
  set_target_properties(tritium-opt-${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${out}/bin
    BUILD_RPATH "${out}/lib")

  # --- The drift guard: the manifest against the slots of this build. ---
  set(stamp ${bin}/spec-check.stamp)
  # A failed check removes the library and its tritium-opt (TritiumSpecCheck.cmake):
  # nothing is left for mlir-opt to load without the backend's changes.
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DOPT=$<TARGET_FILE:tritium-opt-${name}>
            "-DGUARDED=$<TARGET_FILE:tritium_${name}>|$<TARGET_FILE:tritium-opt-${name}>"
            -DSTAMP=${stamp} "-DWHAT=backend ${name}"
            -P ${TRITIUM_SOURCE_DIR}/cmake/TritiumSpecCheck.cmake
    DEPENDS tritium-opt-${name} ${spec}/spec.toml ${TRITIUM_SOURCE_DIR}/cmake/TritiumSpecCheck.cmake
    VERBATIM
    COMMENT "spec check of backend ${name} (tritium-opt-${name} --spec-check)")
  add_custom_target(tritium_${name}_spec_check ALL DEPENDS ${stamp})
endfunction()

# Writes <file>, the CMake package of this build tree: an outside project does
#   set(Tritium_DIR <tritium>/build) ; find_package(Tritium REQUIRED)
#   tritium_add_backend(<name> SPEC_DIR <dir>)
# and links the objects built here (build Tritium first). The installed
# package (`cmake --install`, tritium_install_package below) is the same
# file with the installed paths. Both end in cmake/TritiumPackage.cmake.
function(tritium_write_package_config file)
  set(imports "")
  foreach(lib IN LISTS TRITIUM_DIALECT_OBJECT_LIBS TRITIUM_CORE_OBJECT_LIBS)
    string(APPEND imports
      "if(NOT TARGET ${lib})\n"
      "  add_library(${lib} OBJECT IMPORTED)\n"
      "  set_target_properties(${lib} PROPERTIES IMPORTED_OBJECTS \"$<TARGET_OBJECTS:${lib}>\")\n"
      "endif()\n")
  endforeach()
  file(GENERATE OUTPUT ${file} CONTENT
"# Tritium's CMake package for its build tree ${PROJECT_BINARY_DIR}
# (written by Tritium's build; docs/backends.md).
set(TRITIUM_SOURCE_DIR \"${TRITIUM_SOURCE_DIR}\")
set(TRITIUM_BINARY_DIR \"${PROJECT_BINARY_DIR}\")
set(TRITIUM_LIBRARY \"${PROJECT_BINARY_DIR}/lib/libtritium.so\")
set(TRITIUM_MLIR_DIR \"${MLIR_DIR}\")
set(TRITIUM_DIALECT_OBJECT_LIBS ${TRITIUM_DIALECT_OBJECT_LIBS})
set(TRITIUM_CORE_OBJECT_LIBS ${TRITIUM_CORE_OBJECT_LIBS})
${imports}include(\${TRITIUM_SOURCE_DIR}/cmake/TritiumPackage.cmake)
")
endfunction()

# `cmake --install <build> --prefix <p>`: the library, the tools and the C
# headers, and the kit a vendor builds a backend with (find_package(Tritium)
# with Tritium_DIR=<p>/lib/cmake/Tritium):
#   <p>/share/tritium/         the core's crates, .td files, C++ sources the
#                              backend build reuses, cmake/ and tools/tritium-opt
#   <p>/share/tritium/build/   the generated headers and the core's objects
#   <p>/lib/cmake/Tritium/TritiumConfig.cmake   the package, written at install
#                              time (the objects' names are known only then).
# The package is relocatable: its paths are relative to its own directory.
function(tritium_install_package)
  set(share share/tritium)
  # Installed, the tools find the library beside them and both find Debian's
  # libMLIR.so/libLLVM.so where they were linked from.
  set_target_properties(tritium PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
  set_target_properties(tritium-opt tritium-compile tritium-run PROPERTIES
    INSTALL_RPATH "$ORIGIN/../lib;${LLVM_LIBRARY_DIR}")
  install(TARGETS tritium LIBRARY DESTINATION lib)
  install(TARGETS tritium-opt tritium-compile tritium-run RUNTIME DESTINATION bin)
  install(DIRECTORY ${TRITIUM_SOURCE_DIR}/include/ DESTINATION include)
  install(FILES ${TRITIUM_SOURCE_DIR}/Cargo.toml ${TRITIUM_SOURCE_DIR}/Cargo.lock DESTINATION ${share})
  install(DIRECTORY ${TRITIUM_SOURCE_DIR}/.cargo ${TRITIUM_SOURCE_DIR}/cmake ${TRITIUM_SOURCE_DIR}/include
                    ${TRITIUM_SOURCE_DIR}/build-support
          DESTINATION ${share})
  # The crates and the sources a backend build compiles again; tests and
  # Python files stay in the checkout.
  foreach(dir dialects passes conversions capi spec)
    install(DIRECTORY ${TRITIUM_SOURCE_DIR}/${dir} DESTINATION ${share}
            PATTERN tests EXCLUDE PATTERN __pycache__ EXCLUDE PATTERN "*.py" EXCLUDE
            PATTERN CMakeLists.txt EXCLUDE)
  endforeach()
  install(DIRECTORY ${TRITIUM_SOURCE_DIR}/tools/tritium-opt DESTINATION ${share}/tools)
  # The generated headers the core's and the backends' C++ include.
  install(DIRECTORY ${PROJECT_BINARY_DIR}/dialects/ DESTINATION ${share}/build/dialects
          FILES_MATCHING PATTERN "*.inc" PATTERN "*.h")
  foreach(backend IN LISTS TRITIUM_SPEC_DIALECT_BACKENDS)
    install(DIRECTORY ${PROJECT_BINARY_DIR}/spec_${backend}/dialect/
            DESTINATION ${share}/build/spec_${backend}/dialect FILES_MATCHING PATTERN "*.inc")
  endforeach()
  install(FILES ${TRITIUM_SPEC_DIALECTS_REGISTRATION} DESTINATION ${share}/build/spec_dialects)
  # The objects and the package, at install time (cmake/TritiumInstallPackage.cmake).
  set(code "set(TRITIUM_INSTALL_SHARE \"${share}\")\n")
  string(APPEND code "set(TRITIUM_INSTALL_MLIR_DIR \"${MLIR_DIR}\")\n")
  string(APPEND code "set(TRITIUM_INSTALL_DIALECT_OBJECT_LIBS \"${TRITIUM_DIALECT_OBJECT_LIBS}\")\n")
  string(APPEND code "set(TRITIUM_INSTALL_CORE_OBJECT_LIBS \"${TRITIUM_CORE_OBJECT_LIBS}\")\n")
  foreach(lib IN LISTS TRITIUM_DIALECT_OBJECT_LIBS TRITIUM_CORE_OBJECT_LIBS)
    string(APPEND code "set(TRITIUM_INSTALL_OBJECTS_${lib} \"$<TARGET_OBJECTS:${lib}>\")\n")
  endforeach()
  string(APPEND code "include(\"${TRITIUM_SOURCE_DIR}/cmake/TritiumInstallPackage.cmake\")\n")
  install(CODE "${code}")
endfunction()
