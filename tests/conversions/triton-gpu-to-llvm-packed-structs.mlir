// convert-triton-gpu-to-llvm's packed-structs option (on by default, as Triton's lowering prints
// its IR): a tensor parameter is one struct, read with llvm.extractvalue where an op uses it; an
// op's result is packed with llvm.mlir.undef + llvm.insertvalue; a view that moves nothing
// (tt.reshape here) forwards its operand's struct; a splat constant is bitcast to its element
// type. CHECK lines from Triton 3.9's own output of the same input. With packed-structs=false
// (the make_llir pipelines) the same kernels lower to plain registers.
// A tensor constant that is not a splat is a constant global read at each register's element,
// in both forms.
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -reconcile-unrealized-casts | FileCheck %s
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s --check-prefix=FLAT

#blocked0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @view_broadcast(%arg0: !llvm.struct<(f32, f32)>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>)
  // CHECK-NEXT: %0 = llvm.extractvalue %arg0[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %1 = llvm.extractvalue %arg0[1] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %2 = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %3 = llvm.insertvalue %0, %2[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %4 = llvm.insertvalue %1, %3[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %5 = llvm.insertvalue %0, %4[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %6 = llvm.insertvalue %1, %5[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %7 = llvm.insertvalue %0, %6[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %8 = llvm.insertvalue %1, %7[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %9 = llvm.insertvalue %0, %8[6] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: %10 = llvm.insertvalue %1, %9[7] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK-NEXT: llvm.return
  // FLAT-LABEL: llvm.func @view_broadcast(%arg0: f32, %arg1: f32, %arg2: !llvm.ptr<1>, %arg3: !llvm.ptr<1>)
  // FLAT-NEXT: llvm.return
  tt.func @view_broadcast(%arg : tensor<256xf32, #blocked0>) {
    %0 = tt.reshape %arg allow_reorder : tensor<256xf32, #blocked0> -> tensor<256x1xf32, #blocked2>
    %1 = tt.broadcast %0 : tensor<256x1xf32, #blocked2> -> tensor<256x4xf32, #blocked2>
    tt.return
  }

  // CHECK-LABEL: llvm.func @splat_constant_add(%arg0: !llvm.struct<(f32, f32)>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>)
  // CHECK-NEXT: %0 = llvm.mlir.constant(2.000000e+00 : f32) : f32
  // CHECK-NEXT: %1 = llvm.bitcast %0 : f32 to f32
  // CHECK-NEXT: %2 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %3 = llvm.insertvalue %1, %2[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %4 = llvm.insertvalue %1, %3[1] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %5 = llvm.extractvalue %arg0[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %6 = llvm.extractvalue %arg0[1] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %7 = llvm.extractvalue %4[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %8 = llvm.extractvalue %4[1] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %9 = llvm.fadd %5, %7 : f32
  // CHECK-NEXT: %10 = llvm.fadd %6, %8 : f32
  // CHECK-NEXT: %11 = llvm.mlir.undef : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %12 = llvm.insertvalue %9, %11[0] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: %13 = llvm.insertvalue %10, %12[1] : !llvm.struct<(f32, f32)>
  // CHECK-NEXT: llvm.return
  // FLAT-LABEL: llvm.func @splat_constant_add(%arg0: f32, %arg1: f32, %arg2: !llvm.ptr<1>, %arg3: !llvm.ptr<1>)
  // FLAT-NEXT: %0 = llvm.mlir.constant(2.000000e+00 : f32) : f32
  // FLAT-NEXT: %1 = llvm.fadd %arg0, %0 : f32
  // FLAT-NEXT: %2 = llvm.fadd %arg1, %0 : f32
  // FLAT-NEXT: llvm.return
  tt.func @splat_constant_add(%arg : tensor<256xf32, #blocked0>) {
    %cst = arith.constant dense<2.000000e+00> : tensor<256xf32, #blocked0>
    %0 = arith.addf %arg, %cst : tensor<256xf32, #blocked0>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  // CHECK: llvm.mlir.global internal constant @tensor_constant_0([0 : i32, 1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, 6 : i32, 7 : i32, 8 : i32, 9 : i32, 10 : i32, 11 : i32, 12 : i32, 13 : i32, 14 : i32, 15 : i32]) {addr_space = 0 : i32} : !llvm.array<16 x i32>
  // CHECK-LABEL: llvm.func @dense_constant
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: [[ADDR:%.*]] = llvm.mlir.addressof @tensor_constant_0 : !llvm.ptr
  // CHECK-NEXT: [[PTR:%.*]] = llvm.getelementptr [[ADDR]][{{%.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  // CHECK-NEXT: [[VALUE:%.*]] = llvm.load [[PTR]] : !llvm.ptr -> i32
  // CHECK-NEXT: [[S:%.*]] = llvm.mlir.undef : !llvm.struct<(i32)>
  // CHECK-NEXT: llvm.insertvalue [[VALUE]], [[S]][0] : !llvm.struct<(i32)>
  // FLAT: llvm.mlir.global internal constant @tensor_constant_0([0 : i32, 1 : i32, 2 : i32, 3 : i32, 4 : i32, 5 : i32, 6 : i32, 7 : i32, 8 : i32, 9 : i32, 10 : i32, 11 : i32, 12 : i32, 13 : i32, 14 : i32, 15 : i32]) {addr_space = 0 : i32} : !llvm.array<16 x i32>
  // FLAT-LABEL: llvm.func @dense_constant
  // FLAT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // FLAT-NEXT: %[[C15:.*]] = llvm.mlir.constant(15 : i32) : i32
  // FLAT-NEXT: %[[LANE:.*]] = llvm.and %[[TID]], %[[C15]] : i32
  // FLAT: %[[IDX:.*]] = llvm.xor %[[LANE]], %{{.*}} : i32
  // FLAT-NEXT: %[[ADDR:.*]] = llvm.mlir.addressof @tensor_constant_0 : !llvm.ptr
  // FLAT-NEXT: %[[PTR:.*]] = llvm.getelementptr %[[ADDR]][%[[IDX]]] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  // FLAT-NEXT: llvm.load %[[PTR]] : !llvm.ptr -> i32
  tt.func @dense_constant() {
    %0 = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi32, #blocked>
    tt.return
  }
}

// -----

// A 2-D constant: each register's element is read at row * 4 + column.
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // FLAT: llvm.mlir.global internal constant @tensor_constant_0([1.000000e+00 : f16, 2.000000e+00 : f16, 3.000000e+00 : f16, 4.000000e+00 : f16, 5.000000e+00 : f16, 6.000000e+00 : f16, 7.000000e+00 : f16, 8.000000e+00 : f16]) {addr_space = 0 : i32} : !llvm.array<8 x f16>
  // FLAT-LABEL: llvm.func @dense_constant_2d
  // FLAT-COUNT-2: llvm.load %{{.*}} : !llvm.ptr -> f16
  tt.func @dense_constant_2d(%p: !tt.ptr<f16>) {
    %0 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf16, #blocked1>
    %1 = tt.splat %p : !tt.ptr<f16> -> tensor<2x4x!tt.ptr<f16>, #blocked1>
    tt.store %1, %0 : tensor<2x4x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

// ttg.memdesc_reinterpret: the source view's first element is the base of a buffer of the result
// type with zero offsets (here the view starts at row 2 of 4x64 i64: 128 elements in).
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 1, order = [1, 0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: @memdesc_reinterpret
  // CHECK: [[BASE_PTR:%.*]] = llvm.extractvalue %arg0[0]
  // CHECK: [[C0:%.*]] = llvm.mlir.constant(0 : i32)
  // CHECK: [[PTR:%.*]] = llvm.getelementptr [[BASE_PTR]][[[C0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
  // CHECK: [[C0:%.*]] = llvm.mlir.constant(0 : i32)
  // CHECK: [[S0:%.*]] = llvm.mlir.undef
  // CHECK: [[S1:%.*]] = llvm.insertvalue [[PTR]], [[S0]][0]
  // CHECK: [[S2:%.*]] = llvm.insertvalue [[C0]], [[S1]][1]
  // CHECK: [[S3:%.*]] = llvm.insertvalue [[C0]], [[S2]][2]
  // CHECK: [[S4:%.*]] = llvm.insertvalue [[C0]], [[S3]][3]
  tt.func private @memdesc_reinterpret(%arg0: !ttg.memdesc<4x1024xi64, #shared0, #smem, mutable>) {
    ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<4x1024xi64, #shared0, #smem, mutable> -> !ttg.memdesc<4x1x2048xi32, #shared1, #smem, mutable>
    tt.return
  }

  // FLAT-LABEL: @reinterpret_subslice
  // FLAT: [[BASE:%.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  // FLAT: [[C128:%.*]] = llvm.mlir.constant(128 : i32) : i32
  // FLAT-NEXT: llvm.getelementptr [[BASE]][[[C128]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
  tt.func @reinterpret_subslice() {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<4x64xi64, #shared0, #smem, mutable>
    %1 = ttg.memdesc_subslice %0 [2, 0] : !ttg.memdesc<4x64xi64, #shared0, #smem, mutable> -> !ttg.memdesc<2x64xi64, #shared0, #smem, mutable, 4x64>
    %2 = ttg.memdesc_reinterpret %1 : !ttg.memdesc<2x64xi64, #shared0, #smem, mutable, 4x64> -> !ttg.memdesc<256xi32, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

// tt.elementwise_inline_asm with packed_element: each group travels in 32-bit registers of
// min(32 / bits, packed) elements (Triton's packOperands and result types): four i8 are one
// vector<4xi8>, four bf16 results two vector<2xbf16> each, four f16 operands two vector<2xf16>,
// f32 operands one register per element.
#blocked = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: @inline_asm_pack
  // CHECK: llvm.inline_asm asm_dialect {{.*}} (vector<4xi8>) -> !llvm.struct<(vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, vector<2xbf16>)>
  tt.func public @inline_asm_pack(%80: tensor<64x64xi8, #blocked>) {
    %83:2 = tt.elementwise_inline_asm "" {constraints = "=r,=r,=r,=r,r", packed_element = 4 : i32, pure = true} %80 : tensor<64x64xi8, #blocked> -> tensor<64x64xbf16, #blocked>, tensor<64x64xbf16, #blocked>
    tt.return
  }

  // FLAT-LABEL: @inline_asm_pack_f16
  // FLAT: llvm.inline_asm asm_dialect = att "", "=r,r,r,r,r,r,r" {{.*}} : (vector<2xf16>, vector<2xf16>, f32, f32, f32, f32) -> vector<4xi8>
  tt.func @inline_asm_pack_f16(%a: tensor<512xf16, #blocked1>, %b: tensor<512xf32, #blocked1>) {
    %0 = tt.elementwise_inline_asm "" {constraints = "=r,r,r,r,r,r,r", packed_element = 4 : i32, pure = true} %a, %b : tensor<512xf16, #blocked1>, tensor<512xf32, #blocked1> -> tensor<512xi8, #blocked1>
    tt.return
  }
}
