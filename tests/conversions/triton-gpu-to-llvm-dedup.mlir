// Elementwise results that AxisInfo proves constant over aligned blocks are
// computed once per block and thread (Triton's deduplication by constancy):
// with n divisible by 16 and 8 consecutive elements per thread, `offs < n`
// is one comparison per thread, `offs / 256` one division.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80})' | FileCheck %s
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dedup(
  // CHECK: llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp "slt"
  // CHECK: llvm.sdiv
  // CHECK-NOT: llvm.sdiv
  // CHECK: llvm.return
  tt.func public @dedup(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c256 = arith.constant dense<256> : tensor<1024xi32, #blocked>
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %sb = tt.splat %base : i32 -> tensor<1024xi32, #blocked>
    %offs = arith.addi %sb, %r : tensor<1024xi32, #blocked>
    %sn = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %mask = arith.cmpi slt, %offs, %sn : tensor<1024xi32, #blocked>
    %row = arith.divsi %offs, %c256 : tensor<1024xi32, #blocked>
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %ga = tt.addptr %pa, %row : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %ga, %mask : tensor<1024x!tt.ptr<f16>, #blocked>
    %pb = tt.splat %b : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %gb = tt.addptr %pb, %offs : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %gb, %v, %mask : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Constancy beyond the thread's own rows: each thread holds rows r, r + 8,
// r + 16, r + 24 (lanes and warps give the bits below 8), and `row < m`
// with m divisible by 16 is constant over aligned 16-row blocks, so rows
// r and r + 8 share one comparison, r + 16 and r + 24 another, whatever r
// (Triton 3.9's convert-triton-gpu-to-llvm packs the mask as [%93, %93,
// %95, %95]).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dedup_rows(
  // CHECK: llvm.icmp "slt"
  // CHECK: llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp "slt"
  // CHECK: llvm.return
  tt.func public @dedup_rows(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: i32 {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x128xf16, #blocked>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %sm = tt.splat %m : i32 -> tensor<32x1xi32, #blocked>
    %mk = arith.cmpi slt, %r2, %sm : tensor<32x1xi32, #blocked>
    %mask = tt.broadcast %mk : tensor<32x1xi1, #blocked> -> tensor<32x128xi1, #blocked>
    %c = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
    %c128 = arith.constant dense<128> : tensor<32x1xi32, #blocked>
    %ro = arith.muli %r2, %c128 : tensor<32x1xi32, #blocked>
    %rob = tt.broadcast %ro : tensor<32x1xi32, #blocked> -> tensor<32x128xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x128xi32, #blocked> -> tensor<32x128xi32, #blocked>
    %off = arith.addi %rob, %cb : tensor<32x128xi32, #blocked>
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked>
    %ga = tt.addptr %pa, %off : tensor<32x128x!tt.ptr<f16>, #blocked>, tensor<32x128xi32, #blocked>
    tt.store %ga, %cst, %mask : tensor<32x128x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
