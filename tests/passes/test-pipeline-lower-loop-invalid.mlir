// tritongpu-test-pipeline-lower-loop on a loop whose schedule leaves an op out: a located error at that
// op (Triton 3.9's lowerLoads words it "op not found in the schedule"), through tritium-opt and through
// the plugin in stock mlir-opt.
// RUN: tritium-opt %s -allow-unregistered-dialect -tritongpu-test-pipeline-lower-loop -verify-diagnostics -o /dev/null
// RUN: %mlir-opt %s -allow-unregistered-dialect --pass-pipeline='builtin.module(tritongpu-test-pipeline-lower-loop)' -verify-diagnostics -o /dev/null
// The pass fails: a non-zero exit, the error located at the op.
// RUN: not tritium-opt %s -allow-unregistered-dialect -tritongpu-test-pipeline-lower-loop -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: test-pipeline-lower-loop-invalid.mlir:[[# @LINE + 10]]:7: error: op not found in the schedule

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unscheduled(%src: tensor<64x64x!tt.ptr<f32>, #blocked> {tt.contiguity = dense<[1, 16]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %dst: tensor<64x64x!tt.ptr<f32>, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %x = tt.load %src {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f32>, #blocked>
      // expected-error @below {{op not found in the schedule}}
      "unscheduled.op"() : () -> ()
      tt.store %dst, %x {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x64x!tt.ptr<f32>, #blocked>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return
  }
}
