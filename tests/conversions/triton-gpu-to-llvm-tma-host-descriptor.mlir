// Host-side tensor descriptors on sm90 (Triton 3.9's ABI, spec/nvidia/src/tma.rs): a `!tt.tensordesc`
// kernel argument becomes a 128-byte CUtensorMap passed by value (byval, 64-aligned, grid_constant) that
// the TMA copies read where it lies; its shape/stride arguments stay plain scalars. The input is Triton
// 3.9's own sm90 TTGIR of a host-descriptor copy (f16 [32, 64] TMA load, f32 [32, 64] TMA store: two
// [32, 32] boxes); the CHECK lines are from Triton's make_llir output and its PTX for it. The kernel
// metadata carries Triton's tensordesc_meta (Triton: [{swizzle 3, elem_size 2, elem_type 6, block_size
// [32, 64]}, {swizzle 3, elem_size 4, elem_type 7, block_size [32, 32]}]).
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=cuda:90})' | FileCheck %s
// RUN: tritium-compile %s --target cuda:90 -o %t.ptx --metadata %t.json
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=META < %t.json

// CHECK-LABEL: llvm.func @host_desc_copy(
// CHECK-SAME: %arg0: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, {{.*}}tt.nv_tma_desc = 1 : i32}, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64,
// CHECK-SAME: %arg5: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, {{.*}}tt.nv_tma_desc = 1 : i32}, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !llvm.ptr<1>, %arg11: !llvm.ptr<1>)
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %{{.*}}, %{{.*}}, %arg0,
// CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg5,
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0

// PTX: .entry host_desc_copy(
// PTX-NEXT: .param .align 64 .b8 host_desc_copy_param_0[128],
// PTX-NEXT: .param .u32 host_desc_copy_param_1,
// PTX-NEXT: .param .u32 host_desc_copy_param_2,
// PTX-NEXT: .param .u64 host_desc_copy_param_3,
// PTX-NEXT: .param .u64 host_desc_copy_param_4,
// PTX-NEXT: .param .align 64 .b8 host_desc_copy_param_5[128],
// PTX-NEXT: .param .u32 host_desc_copy_param_6,
// PTX-NEXT: .param .u32 host_desc_copy_param_7,
// PTX-NEXT: .param .u64 host_desc_copy_param_8,
// PTX-NEXT: .param .u64 host_desc_copy_param_9,
// PTX-NEXT: .param .u64 .ptr .global .align 1 host_desc_copy_param_10,
// PTX-NEXT: .param .u64 .ptr .global .align 1 host_desc_copy_param_11
// PTX: cvta.param.u64
// PTX: cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group

// META: "tensordesc_meta": [{"swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [32, 64], "fp4_padded": false, "is_im2col": false}, {"swizzle": 3, "elem_size": 4, "elem_type": 7, "block_size": [32, 32], "fp4_padded": false, "is_im2col": false}]
// META: {"name": "arg0", "type": "!tt.tensordesc<32x64xf16,
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @host_desc_copy(%a_desc: !tt.tensordesc<32x64xf16, #shared>, %a_desc.shape.0: i32, %a_desc.shape.1: i32, %a_desc.stride.0: i64, %a_desc.stride.1: i64, %o_desc: !tt.tensordesc<32x64xf32, #shared1>, %o_desc.shape.0: i32, %o_desc.shape.1: i32, %o_desc.stride.0: i64, %o_desc.stride.1: i64) attributes {noinline = false} {
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %true = arith.constant true
    %t = tt.get_program_id x : i32
    %t_0 = arith.muli %t, %c32_i32 : i32
    %t_1 = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    %t_2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %t_2, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.barrier_expect %t_2, 4096, %true : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.async_tma_copy_global_to_local %a_desc[%t_0, %c0_i32] %t_1, %t_2, %true : !tt.tensordesc<32x64xf16, #shared>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %t_2, %c0_i32 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.inval_barrier %t_2 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    %0 = ttg.local_load %t_1 : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #blocked>
    %1 = arith.extf %0 : tensor<32x64xf16, #blocked> to tensor<32x64xf32, #blocked>
    %2 = ttg.local_alloc %1 : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %o_desc[%t_0, %c0_i32] %2 : !tt.tensordesc<32x64xf32, #shared1>, !ttg.memdesc<32x64xf32, #shared1, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
