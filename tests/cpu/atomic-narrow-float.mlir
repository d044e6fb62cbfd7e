// Atomic fadd and max on bf16 and f16 locations on the CPU backend: a
// compare-and-swap loop on the 16 bits with the arithmetic done inline in
// f32 (spec/cpu/src/narrow_float.rs), no compiler-rt builtin calls, atomic
// across the launch's threads: 64 programs on 2 threads each add 1 (bf16)
// and 0.5 (f16) to every bin and take the maximum with their program id.
// RUN: tritium-run %s --grid 64 --threads 2 --arg print:4 --arg print:4 --arg print:4 | FileCheck %s
// CHECK-DAG: arg 0: 64 64 64 64
// CHECK-DAG: arg 1: 32 32 32 32
// CHECK-DAG: arg 2: 63 63 63 63
// RUN: tritium-compile %s --target cpu -o %t.o
// RUN: llvm-nm --undefined-only %t.o | FileCheck %s --check-prefix=SYMS --allow-empty
// SYMS-NOT: __
module {
  tt.func public @atomic_narrow(%pb: !tt.ptr<bf16>, %ph: !tt.ptr<f16>, %pm: !tt.ptr<bf16>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %m = arith.constant dense<true> : tensor<4xi1>
    %one = arith.constant dense<1.0> : tensor<4xbf16>
    %half = arith.constant dense<0.5> : tensor<4xf16>
    %pid = tt.get_program_id x : i32
    %pidf = arith.sitofp %pid : i32 to bf16
    %pids = tt.splat %pidf : bf16 -> tensor<4xbf16>
    %b = tt.splat %pb : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>
    %b1 = tt.addptr %b, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>
    %o1 = tt.atomic_rmw fadd, acq_rel, gpu, %b1, %one, %m : (tensor<4x!tt.ptr<bf16>>, tensor<4xbf16>, tensor<4xi1>) -> tensor<4xbf16>
    %h = tt.splat %ph : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>
    %h1 = tt.addptr %h, %r : tensor<4x!tt.ptr<f16>>, tensor<4xi32>
    %o2 = tt.atomic_rmw fadd, relaxed, gpu, %h1, %half, %m : (tensor<4x!tt.ptr<f16>>, tensor<4xf16>, tensor<4xi1>) -> tensor<4xf16>
    %x = tt.splat %pm : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>
    %x1 = tt.addptr %x, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>
    %o3 = tt.atomic_rmw max, acq_rel, gpu, %x1, %pids, %m : (tensor<4x!tt.ptr<bf16>>, tensor<4xbf16>, tensor<4xi1>) -> tensor<4xbf16>
    tt.return
  }
}
