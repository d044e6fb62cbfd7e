// convert-nv-gpu-to-llvm (spec/nvidia/src/nvg.rs): nvg ops and ttg.warp_id to
// PTX inline assembly and NVVM ops. CHECK lines from Triton 3.9.0's pass of
// the same name on the same input.
// RUN: tritium-opt %s --split-input-file --convert-nv-gpu-to-llvm -allow-unregistered-dialect | FileCheck %s

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @ld_acquire
llvm.func @ld_acquire(%p: !llvm.ptr<1>, %m: i1) {
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, 0x0;\0A\09@$2 ld.global.gpu.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b" %arg0, %arg1 : (!llvm.ptr<1>, i1) -> i32
  %0 = nvg.ld_acquire acquire, gpu, %p, %m : (!llvm.ptr<1>) -> i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, 0x0;\0A\09ld.global.sys.relaxed.b32 $0, [ $1 + 0 ];", "=r,l" %arg0 : (!llvm.ptr<1>) -> i32
  // CHECK: llvm.bitcast %{{.*}} : i32 to f32
  %1 = nvg.ld_acquire relaxed, sys, %p : (!llvm.ptr<1>) -> f32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u16 $0, 0x0;\0A\09ld.global.cta.acquire.b8 $0, [ $1 + 0 ];", "=c,l" %arg0 : (!llvm.ptr<1>) -> i8
  %2 = nvg.ld_acquire acquire, cta, %p : (!llvm.ptr<1>) -> i8
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u64 $0, 0x0;\0A\09@$2 ld.global.cta.acquire.b64 $0, [ $1 + 0 ];", "=l,l,b" %arg0, %arg1 : (!llvm.ptr<1>, i1) -> i64
  %3 = nvg.ld_acquire acquire, cta, %p, %m : (!llvm.ptr<1>) -> f64
  "use"(%0, %1, %2, %3) : (i32, f32, i8, f64) -> ()
  llvm.return
}

// Four warps: tid.x / 32, made uniform by a shuffle unless omitUniformHint.
// CHECK-LABEL: llvm.func @warp_id
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[W:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %[[W]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[TID2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: llvm.udiv %[[TID2]], %{{.*}} : i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: nvvm.read.ptx.sreg.cluster.ctarank : i32
llvm.func @warp_id() {
  %0 = ttg.warp_id
  %1 = ttg.warp_id {omitUniformHint}
  %2 = nvg.cluster_id
  "use"(%0, %1, %2) : (i32, i32, i32) -> ()
  llvm.return
}
}

// -----

// A register A operand (struct) and a tied f16 accumulator (i32 words).
// CHECK-LABEL: llvm.func @wgmma_regs
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {$0,$1}, {$4,$5,$6,$7}, $8, $9, 1, 1, 1;", "=r,=r,0,1,r,r,r,r,l,b" %{{.*}} : (i32, i32, i32, i32, i32, i32, i64, i1) -> !llvm.struct<(i32, i32)>
llvm.func @wgmma_regs(%a: !llvm.struct<(i32, i32, i32, i32)>, %b: i64, %c: !llvm.struct<(i32, i32)>, %u: i1) -> !llvm.struct<(i32, i32)> {
  %0 = nvg.wgmma %a, %b, %u, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 4 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1, !llvm.struct<(i32, i32)>) -> !llvm.struct<(i32, i32)>
  llvm.return %0 : !llvm.struct<(i32, i32)>
}
