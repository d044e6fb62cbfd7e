// convert-warp-specialize-to-llvm: each ttg.warp_specialize of a kernel
// becomes a switch loop the worker warps wait in (CHECK lines: Triton 3.9.0's
// own pass on the same inputs, printed by tritium-opt).
// RUN: tritium-opt %s -split-input-file -convert-warp-specialize-to-llvm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(convert-warp-specialize-to-llvm)' | FileCheck %s

// warp ids, group barriers, a kernel-argument capture recomputed, a yielded value, ttg.maxnreg without actualRegisters.
// CHECK-LABEL: module attributes {ttg.maxnreg = 80 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
// CHECK-NEXT: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NEXT: llvm.func @use(i32)
// CHECK-NEXT: llvm.func @k(%arg0: i32) attributes {allocation.offset = 16 : i32} {
// CHECK-NEXT: %0 = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %2 = llvm.udiv %0, %1 : i32
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %5 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %6 = nvvm.shfl.sync  idx %5, %2, %3, %4 : i32 -> i32
// CHECK-NEXT: %7 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %8 = llvm.icmp "ult" %6, %7 : i32
// CHECK-NEXT: llvm.cond_br %8, ^bb5, ^bb1
// CHECK-NEXT: ^bb1:  // 3 preds: ^bb0, ^bb2, ^bb4
// CHECK-NEXT: nvvm.setmaxregister  decrease 24
// CHECK-NEXT: %9 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%9) : (i32) -> ()
// CHECK-NEXT: %10 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %11 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %12 = llvm.getelementptr %11[%10] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %13 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %14 = llvm.sub %6, %13 : i32
// CHECK-NEXT: %15 = llvm.getelementptr %12[%14] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %16 = llvm.load %15 : !llvm.ptr<3> -> i8
// CHECK-NEXT: llvm.switch %16 : i8, ^bb2 [
// CHECK-NEXT: 0: ^bb4,
// CHECK-NEXT: 1: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %17 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%17) : (i32) -> ()
// CHECK-NEXT: %18 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%18) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #loop_annotation}
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: %19 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%19) : (i32) -> ()
// CHECK-NEXT: %20 = ttg.warp_id
// CHECK-NEXT: %21 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %22 = llvm.sub %20, %21 : i32
// CHECK-NEXT: llvm.call @use(%22) : (i32) -> ()
// CHECK-NEXT: %23 = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.call @use(%23) : (i32) -> ()
// CHECK-NEXT: llvm.call @use(%arg0) : (i32) -> ()
// CHECK-NEXT: %24 = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %25 = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %24 number_of_threads = %25
// CHECK-NEXT: %26 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%26) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb5:  // pred: ^bb0
// CHECK-NEXT: nvvm.setmaxregister  increase 136
// CHECK-NEXT: %27 = ttg.warp_id
// CHECK-NEXT: llvm.call @use(%27) : (i32) -> ()
// CHECK-NEXT: %28 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %29 = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %28 number_of_threads = %29
// CHECK-NEXT: %30 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.call @use(%30) : (i32) -> ()
// CHECK-NEXT: %31 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %32 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %33 = llvm.getelementptr %32[%31] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %34 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %35 = llvm.getelementptr %33[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %34, %35 : i8, !llvm.ptr<3>
// CHECK-NEXT: %36 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %37 = llvm.getelementptr %33[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %36, %37 : i8, !llvm.ptr<3>
// CHECK-NEXT: %38 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %39 = llvm.getelementptr %33[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %38, %39 : i8, !llvm.ptr<3>
// CHECK-NEXT: %40 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %41 = llvm.getelementptr %33[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %40, %41 : i8, !llvm.ptr<3>
// CHECK-NEXT: %42 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%42) : (i32) -> ()
// CHECK-NEXT: %43 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%43) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb6
// CHECK-NEXT: ^bb6:  // pred: ^bb5
// CHECK-NEXT: %44 = ttg.warp_id
// CHECK-NEXT: llvm.call @use(%44) : (i32) -> ()
// CHECK-NEXT: %45 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %46 = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %45 number_of_threads = %46
// CHECK-NEXT: %47 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%47) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb7(%44 : i32)
// CHECK-NEXT: ^bb7(%48: i32):  // pred: ^bb6
// CHECK-NEXT: llvm.call @use(%48) : (i32) -> ()
// CHECK-NEXT: %49 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %50 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %51 = llvm.getelementptr %50[%49] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %52 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %53 = llvm.getelementptr %51[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %53 : i8, !llvm.ptr<3>
// CHECK-NEXT: %54 = llvm.getelementptr %51[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %54 : i8, !llvm.ptr<3>
// CHECK-NEXT: %55 = llvm.getelementptr %51[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %55 : i8, !llvm.ptr<3>
// CHECK-NEXT: %56 = llvm.getelementptr %51[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %56 : i8, !llvm.ptr<3>
// CHECK-NEXT: %57 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%57) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
module attributes {ttg.maxnreg = 80 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @use(i32)
llvm.func @k(%a: i32) attributes {allocation.offset = 16 : i32} {
  %w = ttg.warp_id
  llvm.call @use(%w) : (i32) -> ()
  nvvm.barrier
  %b = nvg.warp_group_barrier_id
  llvm.call @use(%b) : (i32) -> ()
  %r = ttg.warp_specialize(%a) attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
  default {
    %w1 = ttg.warp_id
    llvm.call @use(%w1) : (i32) -> ()
    nvvm.barrier
    ttg.warp_yield %w1 : i32
  }
  partition0(%x: i32) num_warps(4) {
    %w2 = ttg.warp_id
    llvm.call @use(%w2) : (i32) -> ()
    %b2 = nvg.warp_group_barrier_id
    llvm.call @use(%b2) : (i32) -> ()
    llvm.call @use(%x) : (i32) -> ()
    nvvm.barrier
    ttg.warp_return
  } : (i32) -> i32
  llvm.call @use(%r) : (i32) -> ()
  llvm.return
}
}

// -----

// captures passed through shared memory (the op's allocation.offset).
// CHECK-LABEL: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
// CHECK-NEXT: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NEXT: llvm.func @produce_1() -> i32
// CHECK-NEXT: llvm.func @produce_2() -> i64
// CHECK-NEXT: llvm.func @use_3(i32, i64)
// CHECK-NEXT: llvm.func @pass_captures() attributes {allocation.offset = 32 : i32} {
// CHECK-NEXT: %0 = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %2 = llvm.udiv %0, %1 : i32
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %5 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %6 = nvvm.shfl.sync  idx %5, %2, %3, %4 : i32 -> i32
// CHECK-NEXT: %7 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %8 = llvm.icmp "ult" %6, %7 : i32
// CHECK-NEXT: llvm.cond_br %8, ^bb5, ^bb1
// CHECK-NEXT: ^bb1:  // 3 preds: ^bb0, ^bb2, ^bb4
// CHECK-NEXT: %9 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%9) : (i32) -> ()
// CHECK-NEXT: %10 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %11 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %12 = llvm.getelementptr %11[%10] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %13 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %14 = llvm.sub %6, %13 : i32
// CHECK-NEXT: %15 = llvm.getelementptr %12[%14] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %16 = llvm.load %15 : !llvm.ptr<3> -> i8
// CHECK-NEXT: llvm.switch %16 : i8, ^bb2 [
// CHECK-NEXT: 0: ^bb4,
// CHECK-NEXT: 1: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %17 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%17) : (i32) -> ()
// CHECK-NEXT: %18 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%18) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #loop_annotation}
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: %19 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %20 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %21 = llvm.getelementptr %20[%19] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %22 = llvm.getelementptr %21[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i32, i64)>
// CHECK-NEXT: %23 = llvm.load %22 {alignment = 1 : i64} : !llvm.ptr<3> -> i32
// CHECK-NEXT: %24 = llvm.getelementptr %21[0, 1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i32, i64)>
// CHECK-NEXT: %25 = llvm.load %24 {alignment = 1 : i64} : !llvm.ptr<3> -> i64
// CHECK-NEXT: %26 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%26) : (i32) -> ()
// CHECK-NEXT: llvm.call @use_3(%23, %25) : (i32, i64) -> ()
// CHECK-NEXT: %27 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%27) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb5:  // pred: ^bb0
// CHECK-NEXT: %28 = llvm.call @produce_1() : () -> i32
// CHECK-NEXT: %29 = llvm.call @produce_2() : () -> i64
// CHECK-NEXT: %30 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %31 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %32 = llvm.getelementptr %31[%30] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %33 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %34 = llvm.getelementptr %32[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %33, %34 : i8, !llvm.ptr<3>
// CHECK-NEXT: %35 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %36 = llvm.getelementptr %32[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %35, %36 : i8, !llvm.ptr<3>
// CHECK-NEXT: %37 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %38 = llvm.getelementptr %32[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %37, %38 : i8, !llvm.ptr<3>
// CHECK-NEXT: %39 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %40 = llvm.getelementptr %32[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %39, %40 : i8, !llvm.ptr<3>
// CHECK-NEXT: %41 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %42 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %43 = llvm.getelementptr %42[%41] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %44 = llvm.getelementptr %43[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i32, i64)>
// CHECK-NEXT: llvm.store %28, %44 {alignment = 1 : i64} : i32, !llvm.ptr<3>
// CHECK-NEXT: %45 = llvm.getelementptr %43[0, 1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (i32, i64)>
// CHECK-NEXT: llvm.store %29, %45 {alignment = 1 : i64} : i64, !llvm.ptr<3>
// CHECK-NEXT: %46 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%46) : (i32) -> ()
// CHECK-NEXT: %47 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%47) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb6
// CHECK-NEXT: ^bb6:  // pred: ^bb5
// CHECK-NEXT: %48 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%48) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb7
// CHECK-NEXT: ^bb7:  // pred: ^bb6
// CHECK-NEXT: %49 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %50 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %51 = llvm.getelementptr %50[%49] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %52 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %53 = llvm.getelementptr %51[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %53 : i8, !llvm.ptr<3>
// CHECK-NEXT: %54 = llvm.getelementptr %51[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %54 : i8, !llvm.ptr<3>
// CHECK-NEXT: %55 = llvm.getelementptr %51[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %55 : i8, !llvm.ptr<3>
// CHECK-NEXT: %56 = llvm.getelementptr %51[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %56 : i8, !llvm.ptr<3>
// CHECK-NEXT: %57 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%57) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @produce_1() -> i32
llvm.func @produce_2() -> i64
llvm.func @use_3(i32, i64)
llvm.func @pass_captures() attributes {allocation.offset = 32 : i32} {
  %ins_0 = llvm.call @produce_1() : () -> i32
  %ins_1 = llvm.call @produce_2() : () -> i64
  ttg.warp_specialize(%ins_0, %ins_1) attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield
  }
  partition0(%arg2: i32, %arg3: i64) num_warps(4) {
    llvm.call @use_3(%arg2, %arg3) : (i32, i64) -> ()
    ttg.warp_return
  } : (i32, i64) -> ()
  llvm.return
}
}

// -----

// internal functions take the barrier id as a last argument and are renamed <name>_ws.
// CHECK-LABEL: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 11 : i32} {
// CHECK-NEXT: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NEXT: llvm.func internal @inner_func_nw4_ws(%arg0: i32) attributes {ws_num_warps = 4 : i32} {
// CHECK-NEXT: llvm.call @use_barrier_id(%arg0) : (i32) -> ()
// CHECK-NEXT: %0 = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %arg0 number_of_threads = %0
// CHECK-NEXT: llvm.call @inner_func_nw4_ws(%arg0) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func internal @inner_func_nw2_ws(%arg0: f32 {some.attr = "some_value"}, %arg1: i32) attributes {ws_num_warps = 2 : i32} {
// CHECK-NEXT: %0 = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %arg1 number_of_threads = %0
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func internal @inner_func_nw1_ws(%arg0: i32) attributes {ws_num_warps = 1 : i32} {
// CHECK-NEXT: %0 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: nvvm.bar.warp.sync %0 : i32
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func @__libdevice_function()
// CHECK-NEXT: llvm.func @use_barrier_id(i32)
// CHECK-NEXT: llvm.func @rewrite_barriers() attributes {allocation.offset = 32 : i32} {
// CHECK-NEXT: %0 = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %2 = llvm.udiv %0, %1 : i32
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %5 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %6 = nvvm.shfl.sync  idx %5, %2, %3, %4 : i32 -> i32
// CHECK-NEXT: %7 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %8 = llvm.icmp "ult" %6, %7 : i32
// CHECK-NEXT: llvm.cond_br %8, ^bb7, ^bb1
// CHECK-NEXT: ^bb1:  // 5 preds: ^bb0, ^bb2, ^bb4, ^bb5, ^bb6
// CHECK-NEXT: %9 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%9) : (i32) -> ()
// CHECK-NEXT: %10 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %11 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %12 = llvm.getelementptr %11[%10] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %13 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %14 = llvm.sub %6, %13 : i32
// CHECK-NEXT: %15 = llvm.getelementptr %12[%14] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %16 = llvm.load %15 : !llvm.ptr<3> -> i8
// CHECK-NEXT: llvm.switch %16 : i8, ^bb2 [
// CHECK-NEXT: 0: ^bb4,
// CHECK-NEXT: 1: ^bb5,
// CHECK-NEXT: 2: ^bb6,
// CHECK-NEXT: 3: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %17 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%17) : (i32) -> ()
// CHECK-NEXT: %18 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%18) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #loop_annotation}
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: %19 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%19) : (i32) -> ()
// CHECK-NEXT: %20 = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.call @inner_func_nw4_ws(%20) : (i32) -> ()
// CHECK-NEXT: llvm.call @__libdevice_function() : () -> ()
// CHECK-NEXT: %21 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%21) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb5:  // pred: ^bb1
// CHECK-NEXT: %22 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%22) : (i32) -> ()
// CHECK-NEXT: %23 = llvm.mlir.constant(4.200000e+00 : f32) : f32
// CHECK-NEXT: %24 = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: llvm.call @inner_func_nw2_ws(%23, %24) : (f32, i32) -> ()
// CHECK-NEXT: %25 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%25) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT: %26 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%26) : (i32) -> ()
// CHECK-NEXT: %27 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.call @inner_func_nw1_ws(%27) : (i32) -> ()
// CHECK-NEXT: %28 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%28) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb7:  // pred: ^bb0
// CHECK-NEXT: %29 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %30 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %31 = llvm.getelementptr %30[%29] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %32 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %33 = llvm.getelementptr %31[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %32, %33 : i8, !llvm.ptr<3>
// CHECK-NEXT: %34 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %35 = llvm.getelementptr %31[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %34, %35 : i8, !llvm.ptr<3>
// CHECK-NEXT: %36 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %37 = llvm.getelementptr %31[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %36, %37 : i8, !llvm.ptr<3>
// CHECK-NEXT: %38 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %39 = llvm.getelementptr %31[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %38, %39 : i8, !llvm.ptr<3>
// CHECK-NEXT: %40 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %41 = llvm.getelementptr %31[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %40, %41 : i8, !llvm.ptr<3>
// CHECK-NEXT: %42 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %43 = llvm.getelementptr %31[5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %42, %43 : i8, !llvm.ptr<3>
// CHECK-NEXT: %44 = llvm.mlir.constant(2 : i8) : i8
// CHECK-NEXT: %45 = llvm.getelementptr %31[6] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %44, %45 : i8, !llvm.ptr<3>
// CHECK-NEXT: %46 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%46) : (i32) -> ()
// CHECK-NEXT: %47 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%47) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb8
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT: %48 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.call @inner_func_nw4_ws(%48) : (i32) -> ()
// CHECK-NEXT: %49 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%49) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb9
// CHECK-NEXT: ^bb9:  // pred: ^bb8
// CHECK-NEXT: %50 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.call @inner_func_nw4_ws(%50) : (i32) -> ()
// CHECK-NEXT: %51 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %52 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %53 = llvm.getelementptr %52[%51] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %54 = llvm.mlir.constant(3 : i8) : i8
// CHECK-NEXT: %55 = llvm.getelementptr %53[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %55 : i8, !llvm.ptr<3>
// CHECK-NEXT: %56 = llvm.getelementptr %53[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %56 : i8, !llvm.ptr<3>
// CHECK-NEXT: %57 = llvm.getelementptr %53[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %57 : i8, !llvm.ptr<3>
// CHECK-NEXT: %58 = llvm.getelementptr %53[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %58 : i8, !llvm.ptr<3>
// CHECK-NEXT: %59 = llvm.getelementptr %53[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %59 : i8, !llvm.ptr<3>
// CHECK-NEXT: %60 = llvm.getelementptr %53[5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %60 : i8, !llvm.ptr<3>
// CHECK-NEXT: %61 = llvm.getelementptr %53[6] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %61 : i8, !llvm.ptr<3>
// CHECK-NEXT: %62 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%62) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 11 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func internal @inner_func_nw4() attributes {"ws_num_warps" = 4 : i32} {
  %barrier_id = nvg.warp_group_barrier_id
  llvm.call @use_barrier_id(%barrier_id) : (i32) -> ()
  nvvm.barrier
  llvm.call @inner_func_nw4() : () -> ()
  llvm.return
}
llvm.func internal @inner_func_nw2(%arg0: f32 {some.attr = "some_value"}) attributes {"ws_num_warps" = 2 : i32} {
  nvvm.barrier
  llvm.return
}
llvm.func internal @inner_func_nw1() attributes {"ws_num_warps" = 1 : i32} {
  nvvm.barrier
  llvm.return
}
llvm.func @__libdevice_function()
llvm.func @use_barrier_id(i32)
llvm.func @rewrite_barriers() attributes {allocation.offset = 32 : i32} {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4, 8, 10>}
  default {
    llvm.call @inner_func_nw4() : () -> ()
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    llvm.call @inner_func_nw4() : () -> ()
    llvm.call @__libdevice_function() : () -> ()
    ttg.warp_return
  }
  partition1() num_warps(2) {
    %cst = llvm.mlir.constant(4.2 : f32) : f32
    llvm.call @inner_func_nw2(%cst) : (f32) -> ()
    ttg.warp_return
  }
  partition2() num_warps(1) {
    llvm.call @inner_func_nw1() : () -> ()
    ttg.warp_return
  } : () -> ()
  llvm.call @inner_func_nw4() : () -> ()
  llvm.return
}
}

// -----

// register reallocation with actualRegisters.
// CHECK-LABEL: module attributes {ttg.maxnreg = 80 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.total-num-warps" = 16 : i32} {
// CHECK-NEXT: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NEXT: llvm.func @default_1()
// CHECK-NEXT: llvm.func @partition0_2()
// CHECK-NEXT: llvm.func @partition1_3()
// CHECK-NEXT: llvm.func @partition2_4()
// CHECK-NEXT: llvm.func @dynamic_register_reallocation() attributes {allocation.offset = 0 : i32} {
// CHECK-NEXT: %0 = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %2 = llvm.udiv %0, %1 : i32
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %5 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %6 = nvvm.shfl.sync  idx %5, %2, %3, %4 : i32 -> i32
// CHECK-NEXT: %7 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %8 = llvm.icmp "ult" %6, %7 : i32
// CHECK-NEXT: llvm.cond_br %8, ^bb7, ^bb1
// CHECK-NEXT: ^bb1:  // 5 preds: ^bb0, ^bb2, ^bb4, ^bb5, ^bb6
// CHECK-NEXT: nvvm.setmaxregister  decrease 24
// CHECK-NEXT: %9 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%9) : (i32) -> ()
// CHECK-NEXT: %10 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %11 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %12 = llvm.getelementptr %11[%10] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %13 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %14 = llvm.sub %6, %13 : i32
// CHECK-NEXT: %15 = llvm.getelementptr %12[%14] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %16 = llvm.load %15 : !llvm.ptr<3> -> i8
// CHECK-NEXT: llvm.switch %16 : i8, ^bb2 [
// CHECK-NEXT: 0: ^bb4,
// CHECK-NEXT: 1: ^bb5,
// CHECK-NEXT: 2: ^bb6,
// CHECK-NEXT: 3: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %17 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%17) : (i32) -> ()
// CHECK-NEXT: %18 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%18) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #loop_annotation}
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: nvvm.setmaxregister  increase 80
// CHECK-NEXT: %19 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%19) : (i32) -> ()
// CHECK-NEXT: llvm.call @partition0_2() : () -> ()
// CHECK-NEXT: %20 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%20) : (i32) -> ()
// CHECK-NEXT: nvvm.setmaxregister  decrease 24
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb5:  // pred: ^bb1
// CHECK-NEXT: nvvm.setmaxregister  increase 48
// CHECK-NEXT: %21 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%21) : (i32) -> ()
// CHECK-NEXT: llvm.call @partition1_3() : () -> ()
// CHECK-NEXT: %22 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%22) : (i32) -> ()
// CHECK-NEXT: nvvm.setmaxregister  decrease 24
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT: nvvm.setmaxregister  increase 128
// CHECK-NEXT: %23 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%23) : (i32) -> ()
// CHECK-NEXT: llvm.call @partition2_4() : () -> ()
// CHECK-NEXT: %24 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%24) : (i32) -> ()
// CHECK-NEXT: nvvm.setmaxregister  decrease 24
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb7:  // pred: ^bb0
// CHECK-NEXT: nvvm.setmaxregister  increase 248
// CHECK-NEXT: %25 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %26 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %27 = llvm.getelementptr %26[%25] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %28 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %29 = llvm.getelementptr %27[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %28, %29 : i8, !llvm.ptr<3>
// CHECK-NEXT: %30 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %31 = llvm.getelementptr %27[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %30, %31 : i8, !llvm.ptr<3>
// CHECK-NEXT: %32 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %33 = llvm.getelementptr %27[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %32, %33 : i8, !llvm.ptr<3>
// CHECK-NEXT: %34 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %35 = llvm.getelementptr %27[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %34, %35 : i8, !llvm.ptr<3>
// CHECK-NEXT: %36 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %37 = llvm.getelementptr %27[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %36, %37 : i8, !llvm.ptr<3>
// CHECK-NEXT: %38 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %39 = llvm.getelementptr %27[5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %38, %39 : i8, !llvm.ptr<3>
// CHECK-NEXT: %40 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %41 = llvm.getelementptr %27[6] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %40, %41 : i8, !llvm.ptr<3>
// CHECK-NEXT: %42 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %43 = llvm.getelementptr %27[7] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %42, %43 : i8, !llvm.ptr<3>
// CHECK-NEXT: %44 = llvm.mlir.constant(2 : i8) : i8
// CHECK-NEXT: %45 = llvm.getelementptr %27[8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %44, %45 : i8, !llvm.ptr<3>
// CHECK-NEXT: %46 = llvm.mlir.constant(2 : i8) : i8
// CHECK-NEXT: %47 = llvm.getelementptr %27[9] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %46, %47 : i8, !llvm.ptr<3>
// CHECK-NEXT: %48 = llvm.mlir.constant(2 : i8) : i8
// CHECK-NEXT: %49 = llvm.getelementptr %27[10] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %48, %49 : i8, !llvm.ptr<3>
// CHECK-NEXT: %50 = llvm.mlir.constant(2 : i8) : i8
// CHECK-NEXT: %51 = llvm.getelementptr %27[11] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %50, %51 : i8, !llvm.ptr<3>
// CHECK-NEXT: %52 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%52) : (i32) -> ()
// CHECK-NEXT: nvvm.setmaxregister  decrease 152
// CHECK-NEXT: %53 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%53) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb8
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT: llvm.call @default_1() : () -> ()
// CHECK-NEXT: %54 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%54) : (i32) -> ()
// CHECK-NEXT: nvvm.setmaxregister  increase 248
// CHECK-NEXT: llvm.br ^bb9
// CHECK-NEXT: ^bb9:  // pred: ^bb8
// CHECK-NEXT: %55 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %56 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %57 = llvm.getelementptr %56[%55] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %58 = llvm.mlir.constant(3 : i8) : i8
// CHECK-NEXT: %59 = llvm.getelementptr %57[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %59 : i8, !llvm.ptr<3>
// CHECK-NEXT: %60 = llvm.getelementptr %57[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %60 : i8, !llvm.ptr<3>
// CHECK-NEXT: %61 = llvm.getelementptr %57[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %61 : i8, !llvm.ptr<3>
// CHECK-NEXT: %62 = llvm.getelementptr %57[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %62 : i8, !llvm.ptr<3>
// CHECK-NEXT: %63 = llvm.getelementptr %57[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %63 : i8, !llvm.ptr<3>
// CHECK-NEXT: %64 = llvm.getelementptr %57[5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %64 : i8, !llvm.ptr<3>
// CHECK-NEXT: %65 = llvm.getelementptr %57[6] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %65 : i8, !llvm.ptr<3>
// CHECK-NEXT: %66 = llvm.getelementptr %57[7] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %66 : i8, !llvm.ptr<3>
// CHECK-NEXT: %67 = llvm.getelementptr %57[8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %67 : i8, !llvm.ptr<3>
// CHECK-NEXT: %68 = llvm.getelementptr %57[9] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %68 : i8, !llvm.ptr<3>
// CHECK-NEXT: %69 = llvm.getelementptr %57[10] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %69 : i8, !llvm.ptr<3>
// CHECK-NEXT: %70 = llvm.getelementptr %57[11] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %70 : i8, !llvm.ptr<3>
// CHECK-NEXT: %71 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%71) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
module attributes {ttg.maxnreg = 80 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.total-num-warps" = 16 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @default_1()
llvm.func @partition0_2()
llvm.func @partition1_3()
llvm.func @partition2_4()
llvm.func @dynamic_register_reallocation() attributes {allocation.offset = 0 : i32} {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4, 8, 12>, actualRegisters = array<i32: 152, 80, 48, 128>}
  default {
    llvm.call @default_1() : () -> ()
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    llvm.call @partition0_2() : () -> ()
    ttg.warp_return
  }
  partition1() num_warps(4) {
    llvm.call @partition1_3() : () -> ()
    ttg.warp_return
  }
  partition2() num_warps(4) {
    llvm.call @partition2_4() : () -> ()
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

// tti.disable_setmaxregister turns reallocation off for the whole kernel; a one-warp partition's barrier is bar.warp.sync.
// CHECK-LABEL: module attributes {ttg.maxnreg = 80 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 12 : i32} {
// CHECK-NEXT: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NEXT: llvm.func @use(i32)
// CHECK-NEXT: llvm.func @k() attributes {allocation.offset = 16 : i32} {
// CHECK-NEXT: %0 = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %2 = llvm.udiv %0, %1 : i32
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %5 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %6 = nvvm.shfl.sync  idx %5, %2, %3, %4 : i32 -> i32
// CHECK-NEXT: %7 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %8 = llvm.icmp "ult" %6, %7 : i32
// CHECK-NEXT: llvm.cond_br %8, ^bb7, ^bb1
// CHECK-NEXT: ^bb1:  // 5 preds: ^bb0, ^bb2, ^bb4, ^bb5, ^bb6
// CHECK-NEXT: %9 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%9) : (i32) -> ()
// CHECK-NEXT: %10 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %11 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %12 = llvm.getelementptr %11[%10] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %13 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %14 = llvm.sub %6, %13 : i32
// CHECK-NEXT: %15 = llvm.getelementptr %12[%14] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %16 = llvm.load %15 : !llvm.ptr<3> -> i8
// CHECK-NEXT: llvm.switch %16 : i8, ^bb2 [
// CHECK-NEXT: 0: ^bb4,
// CHECK-NEXT: 1: ^bb5,
// CHECK-NEXT: 2: ^bb6,
// CHECK-NEXT: 3: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %17 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%17) : (i32) -> ()
// CHECK-NEXT: %18 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%18) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #loop_annotation}
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: %19 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%19) : (i32) -> ()
// CHECK-NEXT: %20 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%20) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb5:  // pred: ^bb1
// CHECK-NEXT: %21 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%21) : (i32) -> ()
// CHECK-NEXT: %22 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%22) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb6:  // pred: ^bb1
// CHECK-NEXT: %23 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%23) : (i32) -> ()
// CHECK-NEXT: %24 = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %25 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: nvvm.bar.warp.sync %25 : i32
// CHECK-NEXT: %26 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%26) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb7:  // pred: ^bb0
// CHECK-NEXT: %27 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %28 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %29 = llvm.getelementptr %28[%27] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %30 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %31 = llvm.getelementptr %29[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %30, %31 : i8, !llvm.ptr<3>
// CHECK-NEXT: %32 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %33 = llvm.getelementptr %29[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %32, %33 : i8, !llvm.ptr<3>
// CHECK-NEXT: %34 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %35 = llvm.getelementptr %29[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %34, %35 : i8, !llvm.ptr<3>
// CHECK-NEXT: %36 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %37 = llvm.getelementptr %29[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %36, %37 : i8, !llvm.ptr<3>
// CHECK-NEXT: %38 = llvm.mlir.constant(-1 : i8) : i8
// CHECK-NEXT: %39 = llvm.getelementptr %29[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %38, %39 : i8, !llvm.ptr<3>
// CHECK-NEXT: %40 = llvm.mlir.constant(-1 : i8) : i8
// CHECK-NEXT: %41 = llvm.getelementptr %29[5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %40, %41 : i8, !llvm.ptr<3>
// CHECK-NEXT: %42 = llvm.mlir.constant(-1 : i8) : i8
// CHECK-NEXT: %43 = llvm.getelementptr %29[6] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %42, %43 : i8, !llvm.ptr<3>
// CHECK-NEXT: %44 = llvm.mlir.constant(-1 : i8) : i8
// CHECK-NEXT: %45 = llvm.getelementptr %29[7] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %44, %45 : i8, !llvm.ptr<3>
// CHECK-NEXT: %46 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%46) : (i32) -> ()
// CHECK-NEXT: %47 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%47) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb8
// CHECK-NEXT: ^bb8:  // pred: ^bb7
// CHECK-NEXT: %48 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%48) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb9
// CHECK-NEXT: ^bb9:  // pred: ^bb8
// CHECK-NEXT: %49 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %50 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %51 = llvm.getelementptr %50[%49] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %52 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %53 = llvm.getelementptr %51[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %52, %53 : i8, !llvm.ptr<3>
// CHECK-NEXT: %54 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %55 = llvm.getelementptr %51[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %54, %55 : i8, !llvm.ptr<3>
// CHECK-NEXT: %56 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %57 = llvm.getelementptr %51[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %56, %57 : i8, !llvm.ptr<3>
// CHECK-NEXT: %58 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %59 = llvm.getelementptr %51[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %58, %59 : i8, !llvm.ptr<3>
// CHECK-NEXT: %60 = llvm.mlir.constant(2 : i8) : i8
// CHECK-NEXT: %61 = llvm.getelementptr %51[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %60, %61 : i8, !llvm.ptr<3>
// CHECK-NEXT: %62 = llvm.mlir.constant(-1 : i8) : i8
// CHECK-NEXT: %63 = llvm.getelementptr %51[5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %62, %63 : i8, !llvm.ptr<3>
// CHECK-NEXT: %64 = llvm.mlir.constant(-1 : i8) : i8
// CHECK-NEXT: %65 = llvm.getelementptr %51[6] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %64, %65 : i8, !llvm.ptr<3>
// CHECK-NEXT: %66 = llvm.mlir.constant(-1 : i8) : i8
// CHECK-NEXT: %67 = llvm.getelementptr %51[7] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %66, %67 : i8, !llvm.ptr<3>
// CHECK-NEXT: %68 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%68) : (i32) -> ()
// CHECK-NEXT: %69 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%69) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb10
// CHECK-NEXT: ^bb10:  // pred: ^bb9
// CHECK-NEXT: %70 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%70) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb11
// CHECK-NEXT: ^bb11:  // pred: ^bb10
// CHECK-NEXT: %71 = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %72 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %73 = llvm.getelementptr %72[%71] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %74 = llvm.mlir.constant(3 : i8) : i8
// CHECK-NEXT: %75 = llvm.getelementptr %73[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %75 : i8, !llvm.ptr<3>
// CHECK-NEXT: %76 = llvm.getelementptr %73[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %76 : i8, !llvm.ptr<3>
// CHECK-NEXT: %77 = llvm.getelementptr %73[2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %77 : i8, !llvm.ptr<3>
// CHECK-NEXT: %78 = llvm.getelementptr %73[3] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %78 : i8, !llvm.ptr<3>
// CHECK-NEXT: %79 = llvm.getelementptr %73[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %79 : i8, !llvm.ptr<3>
// CHECK-NEXT: %80 = llvm.getelementptr %73[5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %80 : i8, !llvm.ptr<3>
// CHECK-NEXT: %81 = llvm.getelementptr %73[6] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %81 : i8, !llvm.ptr<3>
// CHECK-NEXT: %82 = llvm.getelementptr %73[7] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %74, %82 : i8, !llvm.ptr<3>
// CHECK-NEXT: %83 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%83) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
module attributes {ttg.maxnreg = 80 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 12 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @use(i32)
llvm.func @k() attributes {allocation.offset = 16 : i32} {
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>, actualRegisters = array<i32: 152, 80>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4, 8>, actualRegisters = array<i32: 152, 80, 80>, "tti.disable_setmaxregister"}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  }
  partition1() num_warps(1) {
    nvvm.barrier
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}

// -----

// !tt.ptr captures and results get their LLVM type.
// CHECK-LABEL: module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.total-num-warps" = 6 : i32} {
// CHECK-NEXT: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-NEXT: llvm.func @produce_1() -> !llvm.ptr<1>
// CHECK-NEXT: llvm.func @use_2(!llvm.ptr<1>)
// CHECK-NEXT: llvm.func @type_conversion_results() attributes {allocation.offset = 0 : i32} {
// CHECK-NEXT: %0 = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %2 = llvm.udiv %0, %1 : i32
// CHECK-NEXT: %3 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %5 = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %6 = nvvm.shfl.sync  idx %5, %2, %3, %4 : i32 -> i32
// CHECK-NEXT: %7 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %8 = llvm.icmp "ult" %6, %7 : i32
// CHECK-NEXT: llvm.cond_br %8, ^bb5, ^bb1
// CHECK-NEXT: ^bb1:  // 3 preds: ^bb0, ^bb2, ^bb4
// CHECK-NEXT: %9 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%9) : (i32) -> ()
// CHECK-NEXT: %10 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %11 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %12 = llvm.getelementptr %11[%10] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %13 = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %14 = llvm.sub %6, %13 : i32
// CHECK-NEXT: %15 = llvm.getelementptr %12[%14] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %16 = llvm.load %15 : !llvm.ptr<3> -> i8
// CHECK-NEXT: llvm.switch %16 : i8, ^bb2 [
// CHECK-NEXT: 0: ^bb4,
// CHECK-NEXT: 1: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %17 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%17) : (i32) -> ()
// CHECK-NEXT: %18 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%18) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1 {loop_annotation = #loop_annotation}
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb4:  // pred: ^bb1
// CHECK-NEXT: %19 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %20 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %21 = llvm.getelementptr %20[%19] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %22 = llvm.getelementptr %21[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (ptr<1>)>
// CHECK-NEXT: %23 = llvm.load %22 {alignment = 1 : i64} : !llvm.ptr<3> -> !llvm.ptr<1>
// CHECK-NEXT: %24 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%24) : (i32) -> ()
// CHECK-NEXT: %25 = llvm.load %23 : !llvm.ptr<1> -> i32
// CHECK-NEXT: %26 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%26) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb1
// CHECK-NEXT: ^bb5:  // pred: ^bb0
// CHECK-NEXT: %27 = llvm.call @produce_1() : () -> !llvm.ptr<1>
// CHECK-NEXT: %28 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %29 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %30 = llvm.getelementptr %29[%28] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %31 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %32 = llvm.getelementptr %30[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %31, %32 : i8, !llvm.ptr<3>
// CHECK-NEXT: %33 = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT: %34 = llvm.getelementptr %30[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %33, %34 : i8, !llvm.ptr<3>
// CHECK-NEXT: %35 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %36 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %37 = llvm.getelementptr %36[%35] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %38 = llvm.getelementptr %37[0, 0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, !llvm.struct<packed (ptr<1>)>
// CHECK-NEXT: llvm.store %27, %38 {alignment = 1 : i64} : !llvm.ptr<1>, !llvm.ptr<3>
// CHECK-NEXT: %39 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%39) : (i32) -> ()
// CHECK-NEXT: %40 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%40) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb6
// CHECK-NEXT: ^bb6:  // pred: ^bb5
// CHECK-NEXT: %41 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%41) : (i32) -> ()
// CHECK-NEXT: llvm.br ^bb7(%27 : !llvm.ptr<1>)
// CHECK-NEXT: ^bb7(%42: !llvm.ptr<1>):  // pred: ^bb6
// CHECK-NEXT: llvm.call @use_2(%42) : (!llvm.ptr<1>) -> ()
// CHECK-NEXT: %43 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %44 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %45 = llvm.getelementptr %44[%43] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %46 = llvm.mlir.constant(1 : i8) : i8
// CHECK-NEXT: %47 = llvm.getelementptr %45[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %46, %47 : i8, !llvm.ptr<3>
// CHECK-NEXT: %48 = llvm.getelementptr %45[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %46, %48 : i8, !llvm.ptr<3>
// CHECK-NEXT: %49 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%49) : (i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.total-num-warps" = 6 : i32} {
llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @produce_1() -> !llvm.ptr<1>
llvm.func @use_2(!llvm.ptr<1>)
llvm.func @type_conversion_results() attributes {allocation.offset = 0 : i32} {
  %cap = llvm.call @produce_1() : () -> !llvm.ptr<1>
  %0 = builtin.unrealized_conversion_cast %cap : !llvm.ptr<1> to !tt.ptr<i32>
  %1 = ttg.warp_specialize(%0) attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
  default {
    ttg.warp_yield %0 : !tt.ptr<i32>
  }
  partition0(%arg1: !tt.ptr<i32>) num_warps(2) {
    %3 = builtin.unrealized_conversion_cast %arg1 : !tt.ptr<i32> to !llvm.ptr<1>
    %4 = llvm.load %3 : !llvm.ptr<1> -> i32
    ttg.warp_return
  } : (!tt.ptr<i32>) -> !tt.ptr<i32>
  %2 = builtin.unrealized_conversion_cast %1 : !tt.ptr<i32> to !llvm.ptr<1>
  llvm.call @use_2(%2) : (!llvm.ptr<1>) -> ()
  llvm.return
}
}
