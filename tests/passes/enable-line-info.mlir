// enable-line-info: every llvm.func gets a #llvm.di_subprogram fused with its
// location (a definition also a line-tables-only compile unit), and each frame
// of an inlined op's call-site location a lexical block of its own file, so
// the LLVM IR translation attaches !dbg lines (CHECK lines from Triton 3.9's
// own pass, `passes.llvmir.add_di_scope`, on the same input; its printer
// names %x after the NameLoc, the only difference). A second run changes
// nothing.
// RUN: tritium-opt %s --split-input-file --enable-line-info -mlir-print-debuginfo | FileCheck %s
// RUN: tritium-opt %s --split-input-file --enable-line-info --enable-line-info -mlir-print-debuginfo | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --pass-pipeline='builtin.module(enable-line-info)' -mlir-print-debuginfo | FileCheck %s

#loc = loc("/src/proj/kernels.py":10:1)
#loc1 = loc("/src/proj/kernels.py":12:7)
#loc2 = loc("/src/lib/helpers.py":40:11)
#loc3 = loc("/src/lib/inner.py":5:3)
#loc4 = loc("/src/proj/kernels.py":13:9)
#loc5 = loc("kernels.py":20:1)
module {
  llvm.func @__nv_expf(f32) -> f32 loc(#loc)
  llvm.func @helper(%a: f16 loc(#loc4), %b: bf16 loc(#loc4), %c: i1 loc(#loc4), %d: i64 loc(#loc4), %e: f64 loc(#loc4), %f: vector<4xf32> loc(#loc4), %g: !llvm.ptr<3> loc(#loc4), %h: !llvm.ptr<1> {tt.pointee_type = f16} loc(#loc4)) -> f32 {
    %0 = llvm.mlir.constant(1.0 : f32) : f32 loc(#loc1)
    llvm.return %0 : f32 loc(#loc1)
  } loc(#loc4)
  llvm.func @kernel(%p: !llvm.ptr<1> {tt.pointee_type = f32} loc("p"(#loc)), %q: !llvm.ptr<1> loc("q"(#loc)), %n: i32 loc("n"(#loc))) {
    %0 = llvm.mlir.constant(1.0 : f32) : f32 loc(#loc1)
    %1 = llvm.call @__nv_expf(%0) : (f32) -> f32 loc(callsite(#loc2 at #loc1))
    %2 = llvm.fadd %1, %1 : f32 loc(callsite(callsite(#loc3 at #loc2) at #loc4))
    %3 = llvm.fadd %2, %1 : f32 loc("x"(callsite(#loc3 at #loc4)))
    %4 = llvm.fadd %3, %1 : f32 loc(fused[#loc3, #loc4])
    llvm.store %4, %p : f32, !llvm.ptr<1> loc(#loc1)
    llvm.return loc(#loc1)
  } loc(#loc)
  llvm.func @relative() {
    llvm.return loc(#loc5)
  } loc(#loc5)
} loc(#loc)

// CHECK-LABEL: #loc = loc("/src/proj/kernels.py":10:1)
// CHECK:      llvm.func @__nv_expf(f32) -> f32 loc(#loc12)
// CHECK:      llvm.func @helper(
// CHECK:        llvm.return %0 : f32 loc(#loc2)
// CHECK-NEXT: } loc(#loc14)
// CHECK:      llvm.func @kernel(
// CHECK-NEXT:   llvm.mlir.constant(1.000000e+00 : f32) : f32 loc(#loc2)
// CHECK-NEXT:   %1 = llvm.call @__nv_expf(%0) : (f32) -> f32 loc(#loc20)
// CHECK-NEXT:   %2 = llvm.fadd %1, %1 : f32 loc(#loc22)
// CHECK-NEXT:   %3 = llvm.fadd %2, %1 : f32 loc(#loc11)
// CHECK-NEXT:   %4 = llvm.fadd %3, %1 : f32 loc(#loc10)
// CHECK-NEXT:   llvm.store %4, %arg0 : f32, !llvm.ptr<1> loc(#loc2)
// CHECK-NEXT:   llvm.return loc(#loc2)
// CHECK-NEXT: } loc(#loc15)
// CHECK:      llvm.func @relative() {
// CHECK-NEXT:   llvm.return loc(#loc5)
// CHECK-NEXT: } loc(#loc13)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "float", sizeInBits = 32, encoding = DW_ATE_float>
// CHECK-NEXT: #di_basic_type1 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "half", sizeInBits = 16, encoding = DW_ATE_float>
// CHECK-NEXT: #di_basic_type2 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "unknown_type", encoding = DW_ATE_signed>
// CHECK-NEXT: #di_basic_type3 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "bool", sizeInBits = 1, encoding = DW_ATE_boolean>
// CHECK-NEXT: #di_basic_type4 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 64, encoding = DW_ATE_signed>
// CHECK-NEXT: #di_basic_type5 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "double", sizeInBits = 64, encoding = DW_ATE_float>
// CHECK-NEXT: #di_basic_type6 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "vector", sizeInBits = 128, encoding = DW_ATE_float>
// CHECK-NEXT: #di_basic_type7 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
// CHECK-NEXT: #di_file = #llvm.di_file<"kernels.py" in "/src/proj">
// CHECK-NEXT: #di_file1 = #llvm.di_file<"helpers.py" in "/src/lib">
// CHECK-NEXT: #di_file2 = #llvm.di_file<"inner.py" in "/src/lib">
// CHECK-NEXT: #di_file3 = #llvm.di_file<"kernels.py" in "">
// CHECK-NEXT: #di_null_type = #llvm.di_null_type
// CHECK-NEXT: #loc2 = loc("/src/proj/kernels.py":12:7)
// CHECK-NEXT: #loc3 = loc("/src/lib/helpers.py":40:11)
// CHECK-NEXT: #loc4 = loc("/src/lib/inner.py":5:3)
// CHECK-NEXT: #loc5 = loc("kernels.py":20:1)
// CHECK-NEXT: #di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-NEXT: #di_compile_unit1 = #llvm.di_compile_unit<id = distinct[1]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-NEXT: #di_compile_unit2 = #llvm.di_compile_unit<id = distinct[2]<>, sourceLanguage = DW_LANG_C, file = #di_file3, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-NEXT: #di_derived_type = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "pointer", baseType = #di_basic_type2, sizeInBits = 64, dwarfAddressSpace = 3>
// CHECK-NEXT: #di_derived_type1 = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "pointer", baseType = #di_basic_type1, sizeInBits = 64, dwarfAddressSpace = 1>
// CHECK-NEXT: #di_derived_type2 = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "pointer", baseType = #di_basic_type, sizeInBits = 64, dwarfAddressSpace = 1>
// CHECK-NEXT: #di_derived_type3 = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "pointer", baseType = #di_basic_type2, sizeInBits = 64, dwarfAddressSpace = 1>
// CHECK-NEXT: #di_subroutine_type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_basic_type, #di_basic_type>
// CHECK-NEXT: #di_subroutine_type1 = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_null_type>
// CHECK-NEXT: #loc9 = loc(callsite(#loc4 at #loc1))
// CHECK-NEXT: #loc10 = loc(fused[#loc4, #loc1])
// CHECK-NEXT: #di_subprogram = #llvm.di_subprogram<id = distinct[3]<>, scope = #di_file, name = "__nv_expf", linkageName = "__nv_expf", file = #di_file, line = 10, scopeLine = 10, subprogramFlags = Optimized, type = #di_subroutine_type>
// CHECK-NEXT: #di_subprogram1 = #llvm.di_subprogram<recId = distinct[2]<>, id = distinct[4]<>, compileUnit = #di_compile_unit2, scope = #di_file3, name = "relative", linkageName = "relative", file = #di_file3, line = 20, scopeLine = 20, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type1>
// CHECK-NEXT: #di_subroutine_type2 = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_basic_type, #di_basic_type1, #di_basic_type2, #di_basic_type3, #di_basic_type4, #di_basic_type5, #di_basic_type6, #di_derived_type, #di_derived_type1>
// CHECK-NEXT: #di_subroutine_type3 = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_null_type, #di_derived_type2, #di_derived_type3, #di_basic_type7>
// CHECK-NEXT: #loc11 = loc("x"(#loc9))
// CHECK-NEXT: #di_subprogram2 = #llvm.di_subprogram<recId = distinct[0]<>, id = distinct[5]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "helper", linkageName = "helper", file = #di_file, line = 13, scopeLine = 13, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type2>
// CHECK-NEXT: #di_subprogram3 = #llvm.di_subprogram<recId = distinct[1]<>, id = distinct[6]<>, compileUnit = #di_compile_unit1, scope = #di_file, name = "kernel", linkageName = "kernel", file = #di_file, line = 10, scopeLine = 10, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type3>
// CHECK-NEXT: #loc12 = loc(fused<#di_subprogram>[#loc])
// CHECK-NEXT: #loc13 = loc(fused<#di_subprogram1>[#loc5])
// CHECK-NEXT: #di_lexical_block_file = #llvm.di_lexical_block_file<scope = #di_subprogram3, file = #di_file1, discriminator = 0>
// CHECK-NEXT: #di_lexical_block_file1 = #llvm.di_lexical_block_file<scope = #di_subprogram3, file = #di_file, discriminator = 0>
// CHECK-NEXT: #di_lexical_block_file2 = #llvm.di_lexical_block_file<scope = #di_subprogram3, file = #di_file2, discriminator = 0>
// CHECK-NEXT: #loc14 = loc(fused<#di_subprogram2>[#loc1])
// CHECK-NEXT: #loc15 = loc(fused<#di_subprogram3>[#loc])
// CHECK-NEXT: #loc16 = loc(fused<#di_lexical_block_file>[#loc3])
// CHECK-NEXT: #loc17 = loc(fused<#di_lexical_block_file1>[#loc2])
// CHECK-NEXT: #loc18 = loc(fused<#di_lexical_block_file2>[#loc4])
// CHECK-NEXT: #loc19 = loc(fused<#di_lexical_block_file1>[#loc1])
// CHECK-NEXT: #loc20 = loc(callsite(#loc16 at #loc17))
// CHECK-NEXT: #loc21 = loc(callsite(#loc18 at #loc16))
// CHECK-NEXT: #loc22 = loc(callsite(#loc21 at #loc19))

// -----

// Without file locations, Triton still scopes the function, in the file
// "<unknown>" at line 0 (printed without a line); the ops' unknown
// locations stay unknown, so the translation gives them no line.
module {
  llvm.func @kernel(%p: !llvm.ptr<1> loc(unknown), %n: i32 loc(unknown)) {
    %0 = llvm.mlir.constant(1.0 : f32) : f32 loc(unknown)
    llvm.store %0, %p : f32, !llvm.ptr<1> loc(unknown)
    llvm.return loc(unknown)
  } loc(unknown)
} loc(unknown)

// CHECK-LABEL: #loc = loc(unknown)
// CHECK-NEXT:  module {
// CHECK-NEXT:    llvm.func @kernel(%arg0: !llvm.ptr<1> loc(unknown), %arg1: i32 loc(unknown)) {
// CHECK-NEXT:      %0 = llvm.mlir.constant(1.000000e+00 : f32) : f32 loc(#loc)
// CHECK-NEXT:      llvm.store %0, %arg0 : f32, !llvm.ptr<1> loc(#loc)
// CHECK-NEXT:      llvm.return loc(#loc)
// CHECK-NEXT:    } loc(#loc1)
// CHECK-NEXT:  } loc(#loc)
// CHECK-NEXT:  #di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "unknown_type", encoding = DW_ATE_signed>
// CHECK-NEXT:  #di_basic_type1 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
// CHECK-NEXT:  #di_file = #llvm.di_file<"<unknown>" in "">
// CHECK-NEXT:  #di_null_type = #llvm.di_null_type
// CHECK-NEXT:  #di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// CHECK-NEXT:  #di_derived_type = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "pointer", baseType = #di_basic_type, sizeInBits = 64, dwarfAddressSpace = 1>
// CHECK-NEXT:  #di_subroutine_type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_null_type, #di_derived_type, #di_basic_type1>
// CHECK-NEXT:  #di_subprogram = #llvm.di_subprogram<recId = distinct[0]<>, id = distinct[1]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "kernel", linkageName = "kernel", file = #di_file, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>
// CHECK-NEXT:  #loc1 = loc(fused<#di_subprogram>[#loc])

// -----

// A module without functions is left as it was.
module {
  llvm.mlir.global external @g() {addr_space = 3 : i32} : !llvm.array<0 x i8> loc("k.py":1:1)
} loc("k.py":1:1)

// CHECK-LABEL: llvm.mlir.global external @g() {addr_space = 3 : i32} : !llvm.array<0 x i8> loc(#loc)
// CHECK-NEXT:  } loc(#loc)
// CHECK-NEXT:  #loc = loc("k.py":1:1)
// CHECK-NOT:   di_
