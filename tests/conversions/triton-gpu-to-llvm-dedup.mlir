// Elementwise results that AxisInfo proves constant over aligned blocks are
// computed once per block and thread (Triton's deduplication by constancy):
// with n divisible by 16 and 8 consecutive elements per thread, `offs < n`
// is one comparison per thread, `offs / 256` one division.
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80})' | FileCheck %s
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
