// Elementwise ops whose scalar operands meet tensor ones (MLIR's Elementwise
// trait allows it): `arith.select %c : i1, tensor, tensor` picks a whole
// tensor, so every register of the result selects on the one i1 value, in any
// layout (blocked, mma accumulators), for values, pointers and masks; a scalar
// argument of tt.extern_elementwise reaches every per-register call.
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80 packed-structs=false})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @values(
  // CHECK-SAME: %[[A0:[a-z0-9]+]]: f32, %[[A1:[a-z0-9]+]]: f32, %[[A2:[a-z0-9]+]]: f32, %[[A3:[a-z0-9]+]]: f32, %[[B0:[a-z0-9]+]]: f32, %[[B1:[a-z0-9]+]]: f32, %[[B2:[a-z0-9]+]]: f32, %[[B3:[a-z0-9]+]]: f32, %[[F:[a-z0-9]+]]: i32
  tt.func public @values(%a: tensor<512xf32, #blocked>, %b: tensor<512xf32, #blocked>, %flag: i32) -> tensor<512xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    // CHECK: %[[C:.+]] = llvm.icmp "sgt" %[[F]], %{{.+}} : i32
    %c = arith.cmpi sgt, %flag, %c0 : i32
    // CHECK-NEXT: llvm.select %[[C]], %[[A0]], %[[B0]] : i1, f32
    // CHECK-NEXT: llvm.select %[[C]], %[[A1]], %[[B1]] : i1, f32
    // CHECK-NEXT: llvm.select %[[C]], %[[A2]], %[[B2]] : i1, f32
    // CHECK-NEXT: llvm.select %[[C]], %[[A3]], %[[B3]] : i1, f32
    %s = arith.select %c, %a, %b : tensor<512xf32, #blocked>
    tt.return %s : tensor<512xf32, #blocked>
  }

  // 32x32 f32 over a 2x2-warp mma layout: 8 accumulator registers per thread.
  // CHECK-LABEL: llvm.func @accumulators(
  // CHECK-SAME: %[[C:[a-z0-9]+]]: i1, %{{[a-z0-9]+}}: !llvm.ptr<1>
  // CHECK-COUNT-8: llvm.select %[[C]], %{{.+}}, %{{.+}} : i1, f32
  // CHECK-NOT: llvm.select
  // CHECK: llvm.return
  tt.func public @accumulators(%a: tensor<32x32xf32, #mma>, %b: tensor<32x32xf32, #mma>, %c: i1) -> tensor<32x32xf32, #mma> {
    %s = arith.select %c, %a, %b : tensor<32x32xf32, #mma>
    tt.return %s : tensor<32x32xf32, #mma>
  }

  // CHECK-LABEL: llvm.func @pointers(
  // CHECK-SAME: %{{[a-z0-9]+}}: !llvm.ptr<1> {tt.pointee_type = f32}, %{{[a-z0-9]+}}: !llvm.ptr<1> {tt.pointee_type = f32}, %[[C:[a-z0-9]+]]: i1
  // CHECK-COUNT-4: llvm.select %[[C]], %{{.+}}, %{{.+}} : i1, !llvm.ptr<1>
  // CHECK: ld.global.b32
  tt.func public @pointers(%pa: !tt.ptr<f32>, %pb: !tt.ptr<f32>, %c: i1) -> tensor<512xf32, #blocked> {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %a1 = tt.addptr %a, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %b = tt.splat %pb : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %b1 = tt.addptr %b, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %p = arith.select %c, %a1, %b1 : tensor<512x!tt.ptr<f32>, #blocked>
    %v = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<512xf32, #blocked>
  }

  // CHECK-LABEL: llvm.func @masks(
  // CHECK-SAME: %[[M0:[a-z0-9]+]]: i1, %{{[a-z0-9]+}}: i1, %{{[a-z0-9]+}}: i1, %{{[a-z0-9]+}}: i1, %[[N0:[a-z0-9]+]]: i1, %{{[a-z0-9]+}}: i1, %{{[a-z0-9]+}}: i1, %{{[a-z0-9]+}}: i1, %[[C:[a-z0-9]+]]: i1
  // CHECK: llvm.select %[[C]], %[[M0]], %[[N0]] : i1, i1
  // CHECK-COUNT-3: llvm.select %[[C]], %{{.+}}, %{{.+}} : i1, i1
  tt.func public @masks(%m1: tensor<512xi1, #blocked>, %m2: tensor<512xi1, #blocked>, %c: i1) -> tensor<512xi1, #blocked> {
    %m = arith.select %c, %m1, %m2 : tensor<512xi1, #blocked>
    tt.return %m : tensor<512xi1, #blocked>
  }

  // A tensor condition still selects register by register.
  // CHECK-LABEL: llvm.func @tensor_condition(
  // CHECK-SAME: %[[C0:[a-z0-9]+]]: i1, %[[C1:[a-z0-9]+]]: i1, %[[C2:[a-z0-9]+]]: i1, %[[C3:[a-z0-9]+]]: i1, %[[A0:[a-z0-9]+]]: f32
  // CHECK: llvm.select %[[C0]], %[[A0]], %{{.+}} : i1, f32
  // CHECK-NEXT: llvm.select %[[C1]]
  // CHECK-NEXT: llvm.select %[[C2]]
  // CHECK-NEXT: llvm.select %[[C3]]
  tt.func public @tensor_condition(%c: tensor<512xi1, #blocked>, %a: tensor<512xf32, #blocked>, %b: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    %s = arith.select %c, %a, %b : tensor<512xi1, #blocked>, tensor<512xf32, #blocked>
    tt.return %s : tensor<512xf32, #blocked>
  }

  // CHECK-LABEL: llvm.func @extern_scalar_operand(
  // CHECK-SAME: %[[X0:[a-z0-9]+]]: f32, %[[X1:[a-z0-9]+]]: f32, %[[X2:[a-z0-9]+]]: f32, %[[X3:[a-z0-9]+]]: f32, %[[S:[a-z0-9]+]]: f32
  // CHECK: llvm.call @__nv_powf(%[[X0]], %[[S]])
  // CHECK-NEXT: llvm.call @__nv_powf(%[[X1]], %[[S]])
  // CHECK-NEXT: llvm.call @__nv_powf(%[[X2]], %[[S]])
  // CHECK-NEXT: llvm.call @__nv_powf(%[[X3]], %[[S]])
  tt.func public @extern_scalar_operand(%x: tensor<512xf32, #blocked>, %s: f32) -> tensor<512xf32, #blocked> {
    %r = tt.extern_elementwise %x, %s {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<512xf32, #blocked>, f32) -> tensor<512xf32, #blocked>
    tt.return %r : tensor<512xf32, #blocked>
  }
}
