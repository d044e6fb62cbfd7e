// tritongpu-remove-layout-conversions on cuda:90 scaled-dot shapes (issue 27): the cost of hoisting a
// conversion above an extension counts the elements the extension and the ops after it compute in
// the conversion's layout beyond those of their own (a layout that replicates data makes them
// compute copies), and a reshape with efficient_layout anchors its layout. CHECK lines: Triton
// 3.9's own pass on each input.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

// i8 -> i16 extension converted to a layout that holds the 64x2 tensor twice (warps broadcast along
// dim 1): hoisting the conversion above the extui would make the extui itself compute every element
// twice, which Triton 3.9 counts against the conversion it saves (the byte costs of the two
// conversions tie, both floored at 32 bits), so the conversion stays after the extui.
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func public @ext_into_broadcast_layout
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: tt.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.extui %{{[a-z0-9_#]+}} : tensor<64x2xi8, #blocked> to tensor<64x2xi16, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x2xi16, #blocked> -> tensor<64x2xi16, #blocked1>
// CHECK-NEXT: tt.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i16>, #blocked1>
// CHECK-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedY = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ext_into_broadcast_layout(%p: tensor<64x2x!tt.ptr<i8>, #blocked>, %q: tensor<64x2x!tt.ptr<i16>, #blockedY>) {
    %91 = tt.load %p : tensor<64x2x!tt.ptr<i8>, #blocked>
    tt.store %p, %91 : tensor<64x2x!tt.ptr<i8>, #blocked>
    %103 = arith.extui %91 : tensor<64x2xi8, #blocked> to tensor<64x2xi16, #blocked>
    %108 = ttg.convert_layout %103 : tensor<64x2xi16, #blocked> -> tensor<64x2xi16, #blockedY>
    tt.store %q, %108 : tensor<64x2x!tt.ptr<i16>, #blockedY>
    tt.return
  }
}

// -----

// The same extension converted to a layout without broadcast copies: nothing is recomputed more than
// before, so the conversion moves above the extui (to the narrower i8 value).
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
// CHECK-LABEL: tt.func public @ext_into_exact_layout
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: tt.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x2xi8, #blocked> -> tensor<64x2xi8, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.extui %{{[a-z0-9_#]+}} : tensor<64x2xi8, #blocked1> to tensor<64x2xi16, #blocked1>
// CHECK-NEXT: tt.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i16>, #blocked1>
// CHECK-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedY = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ext_into_exact_layout(%p: tensor<64x2x!tt.ptr<i8>, #blocked>, %q: tensor<64x2x!tt.ptr<i16>, #blockedY>) {
    %91 = tt.load %p : tensor<64x2x!tt.ptr<i8>, #blocked>
    tt.store %p, %91 : tensor<64x2x!tt.ptr<i8>, #blocked>
    %103 = arith.extui %91 : tensor<64x2xi8, #blocked> to tensor<64x2xi16, #blocked>
    %108 = ttg.convert_layout %103 : tensor<64x2xi16, #blocked> -> tensor<64x2xi16, #blockedY>
    tt.store %q, %108 : tensor<64x2x!tt.ptr<i16>, #blockedY>
    tt.return
  }
}

// -----

// i32 -> i64: the conversion of the i32 value costs half that of the i64 one, more than the extsi
// computed twice in the broadcast layout, so the conversion is hoisted although the layout duplicates
// data.
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func public @wide_ext_into_broadcast_layout
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: tt.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x2xi32, #blocked> -> tensor<64x2xi32, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.extui %{{[a-z0-9_#]+}} : tensor<64x2xi32, #blocked1> to tensor<64x2xi64, #blocked1>
// CHECK-NEXT: tt.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i64>, #blocked1>
// CHECK-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedY = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wide_ext_into_broadcast_layout(%p: tensor<64x2x!tt.ptr<i32>, #blocked>, %q: tensor<64x2x!tt.ptr<i64>, #blockedY>) {
    %91 = tt.load %p : tensor<64x2x!tt.ptr<i32>, #blocked>
    tt.store %p, %91 : tensor<64x2x!tt.ptr<i32>, #blocked>
    %103 = arith.extui %91 : tensor<64x2xi32, #blocked> to tensor<64x2xi64, #blocked>
    %108 = ttg.convert_layout %103 : tensor<64x2xi64, #blocked> -> tensor<64x2xi64, #blockedY>
    tt.store %q, %108 : tensor<64x2x!tt.ptr<i64>, #blockedY>
    tt.return
  }
}

// -----

// Reduced from x_dot_scaled (cuda:90): the scale chain of a scaled dot (i8 scales -> bf16 -> broadcast
// to the operand shape) ends in a dot operand. Its conversion to the 3-d slice layout is not hoisted
// above the extui (the slice layout replicates the 64x2 scales in every lane); the dot-operand hoist
// then moves it next to the load, where Triton 3.9 puts it.
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #linear = #ttg.linear<{register = {{\[\[}}8, 0], [0, 1]], lane = {{\[\[}}0, 0], [0, 0], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0]], block = []}>
// CHECK-DAG: #linear1 = #ttg.linear<{register = {{\[\[}}0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 0, 16], [0, 1, 0]], lane = {{\[\[}}0, 0, 2], [0, 0, 4], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = {{\[\[}}16, 0, 0], [32, 0, 0]], block = []}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @dot_scale_chain
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 0 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 1 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x2xbf16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<64> : tensor<64x2xi16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<7> : tensor<64x2xi16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = scf.for %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}} to %{{[a-z0-9_#]+}} step %{{[a-z0-9_#]+}} iter_args(%{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x2xi8, #blocked> -> tensor<64x2xi8, #linear>
// CHECK-NEXT: tt.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.extui %{{[a-z0-9_#]+}} : tensor<64x2xi8, #linear> to tensor<64x2xi16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.shli %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xi16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.maxui %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xi16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.bitcast %{{[a-z0-9_#]+}} : tensor<64x2xi16, #linear> -> tensor<64x2xbf16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = math.fma %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xbf16, #linear>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} efficient_layout : tensor<64x2xbf16, #linear> -> tensor<64x2x1xbf16, #linear1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.broadcast %{{[a-z0-9_#]+}} : tensor<64x2x1xbf16, #linear1> -> tensor<64x2x32xbf16, #linear1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} : tensor<64x2x32xbf16, #linear1> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xbf16, #shared, #smem> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_scale_chain(%p: tensor<64x2x!tt.ptr<i8>, #blocked>, %b: !ttg.memdesc<64x64xbf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<64x2xbf16, #blocked>
    %cst_4 = arith.constant dense<64> : tensor<64x2xi16, #blocked>
    %cst_5 = arith.constant dense<7> : tensor<64x2xi16, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %91 = tt.load %p : tensor<64x2x!tt.ptr<i8>, #blocked>
      tt.store %p, %91 : tensor<64x2x!tt.ptr<i8>, #blocked>
      %103 = arith.extui %91 : tensor<64x2xi8, #blocked> to tensor<64x2xi16, #blocked>
      %104 = arith.shli %103, %cst_5 : tensor<64x2xi16, #blocked>
      %105 = arith.maxui %104, %cst_4 : tensor<64x2xi16, #blocked>
      %106 = tt.bitcast %105 : tensor<64x2xi16, #blocked> -> tensor<64x2xbf16, #blocked>
      %107 = math.fma %106, %cst_3, %106 : tensor<64x2xbf16, #blocked>
      %108 = ttg.convert_layout %107 : tensor<64x2xbf16, #blocked> -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #blocked5}>>
      %109 = tt.reshape %108 efficient_layout : tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #blocked5}>> -> tensor<64x2x1xbf16, #blocked5>
      %110 = tt.broadcast %109 : tensor<64x2x1xbf16, #blocked5> -> tensor<64x2x32xbf16, #blocked5>
      %111 = tt.reshape %110 : tensor<64x2x32xbf16, #blocked5> -> tensor<64x64xbf16, #blocked4>
      %127 = ttg.convert_layout %111 : tensor<64x64xbf16, #blocked4> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %128 = ttng.warp_group_dot %127, %b, %acc : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xbf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %128 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A reshape with efficient_layout (from the scaled-dot decomposition) is a layout anchor: its result
// keeps its layout and seeds propagation. The addf sees that layout before the one of the function
// argument and keeps it; the argument is converted.
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-DAG: #blocked2 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @efficient_reshape_anchor
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<2x64xbf16, #blocked> -> tensor<2x64xbf16, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} efficient_layout : tensor<2x64xbf16, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<2x1x64xbf16, #blocked2>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.broadcast %{{[a-z0-9_#]+}} : tensor<2x1x64xbf16, #blocked2> -> tensor<2x32x64xbf16, #blocked2>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<2x32x64xbf16, #blocked1> -> tensor<2x32x64xbf16, #blocked2>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.addf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<2x32x64xbf16, #blocked2>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<2x32x64xbf16, #blocked2>) -> !ttg.memdesc<2x32x64xbf16, #shared, #smem>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : !ttg.memdesc<2x32x64xbf16, #shared, #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked6 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
#blockedL = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @efficient_reshape_anchor(%a: tensor<2x64xbf16, #blocked>, %c: tensor<2x32x64xbf16, #blockedL>) -> !ttg.memdesc<2x32x64xbf16, #shared, #smem> {
    %0 = ttg.convert_layout %a : tensor<2x64xbf16, #blocked> -> tensor<2x64xbf16, #ttg.slice<{dim = 1, parent = #blocked6}>>
    %123 = tt.reshape %0 efficient_layout : tensor<2x64xbf16, #ttg.slice<{dim = 1, parent = #blocked6}>> -> tensor<2x1x64xbf16, #blocked6>
    %124 = tt.broadcast %123 : tensor<2x1x64xbf16, #blocked6> -> tensor<2x32x64xbf16, #blocked6>
    %c2 = ttg.convert_layout %c : tensor<2x32x64xbf16, #blockedL> -> tensor<2x32x64xbf16, #blocked6>
    %125 = arith.addf %124, %c2 : tensor<2x32x64xbf16, #blocked6>
    %127 = ttg.local_alloc %125 : (tensor<2x32x64xbf16, #blocked6>) -> !ttg.memdesc<2x32x64xbf16, #shared, #smem>
    tt.return %127 : !ttg.memdesc<2x32x64xbf16, #shared, #smem>
  }
}
