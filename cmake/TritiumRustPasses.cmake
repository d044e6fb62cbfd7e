# The C++ classes of the Rust passes of one `.td` file, generated at build
# time from its records (so no hand-kept list of passes remains in C++).
#
#   cmake -DTBLGEN=<llvm-tblgen> -DTD=<Passes.td> -DINCLUDES=<dir|dir>
#         -DHEADER=<the -gen-pass-decls output, as #included>
#         -DOUT=<generated .inc> -P TritiumRustPasses.cmake
#
# reads the records with `llvm-tblgen --dump-json` and writes, for the
# passes `TD` itself declares (not those of files it includes):
#   #define GEN_PASS_DECL and one GEN_PASS_DEF_<NAME> per pass, then
#   #include "<HEADER>"  (the pass base classes, mlir-tblgen -gen-pass-decls)
#   struct <Name> : tritium::RustPass<Name, impl::<Name>Base> with an
#   options() that hands every option of the record to Rust as text
#   (bool: true/false, std::string: itself, numbers: std::to_string)
# for every pass but those that also derive from a class `CppPass` (declared
# in the `.td` as `class CppPass;`): a pass whose C++ class is written by
# hand, after the #include of the generated file. The file is #included inside the namespace the `.td`'s
# classes live in (passes/Passes.cpp, spec/<backend>/passes/Passes.cpp).

foreach(var TBLGEN TD HEADER OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "TritiumRustPasses.cmake: -D${var}=... is required")
  endif()
endforeach()

string(REPLACE "|" ";" INCLUDES "${INCLUDES}")
set(include_flags)
foreach(dir IN LISTS INCLUDES)
  list(APPEND include_flags -I ${dir})
endforeach()
execute_process(COMMAND ${TBLGEN} --dump-json ${include_flags} ${TD}
                OUTPUT_VARIABLE json ERROR_VARIABLE error RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "llvm-tblgen --dump-json ${TD} failed:\n${error}")
endif()

get_filename_component(td_name ${TD} NAME)
string(JSON count LENGTH "${json}" "!instanceof" "Pass")
set(defines "")
set(classes "")
set(names)
if(count GREATER 0)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON name GET "${json}" "!instanceof" "Pass" ${i})
    # Only the records of this file: `!locs` is "<file>:<line>".
    string(JSON loc GET "${json}" "${name}" "!locs" 0)
    if(NOT loc MATCHES "^(.*/)?${td_name}:[0-9]+$")
      continue()
    endif()
    list(APPEND names ${name})
  endforeach()
endif()
list(SORT names)

foreach(name IN LISTS names)
  string(TOUPPER "${name}" upper)
  string(APPEND defines "#define GEN_PASS_DEF_${upper}\n")
  string(JSON supers GET "${json}" "${name}" "!superclasses")
  if(supers MATCHES "\"CppPass\"")
    continue()
  endif()
  set(adds "")
  string(JSON nopt LENGTH "${json}" "${name}" "options")
  if(nopt GREATER 0)
    math(EXPR lastopt "${nopt} - 1")
    foreach(j RANGE ${lastopt})
      string(JSON option GET "${json}" "${name}" "options" ${j} "def")
      string(JSON kinds GET "${json}" "${option}" "!superclasses")
      string(JSON cpp GET "${json}" "${option}" "cppName")
      string(JSON argument GET "${json}" "${option}" "argument")
      string(JSON type GET "${json}" "${option}" "type")
      if(kinds MATCHES "\"ListOption\"")
        message(FATAL_ERROR "${TD}: ${name}: list option ${argument} has no text form for Rust yet")
      elseif(type STREQUAL "bool")
        set(value "${cpp} ? \"true\" : \"false\"")
      elseif(type STREQUAL "std::string")
        set(value "${cpp}")
      else()
        set(value "std::to_string(${cpp})")
      endif()
      string(APPEND adds "    list.add(\"${argument}\", ${value});\n")
    endforeach()
  endif()
  if(adds STREQUAL "")
    string(APPEND classes "struct ${name} : ::tritium::RustPass<${name}, impl::${name}Base> {};\n")
  else()
    string(APPEND classes
"struct ${name} : ::tritium::RustPass<${name}, impl::${name}Base> {
  using RustPass::RustPass;
  ::tritium::OptionList options() const {
    ::tritium::OptionList list;
${adds}    return list;
  }
};
")
  endif()
endforeach()

file(WRITE ${OUT}.tmp
"// Generated from ${td_name} by cmake/TritiumRustPasses.cmake. Do not edit.
#define GEN_PASS_DECL
${defines}#include \"${HEADER}\"

namespace {
${classes}} // namespace
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.tmp ${OUT})
file(REMOVE ${OUT}.tmp)
