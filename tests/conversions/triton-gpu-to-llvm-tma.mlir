// Hopper's TMA and mbarrier ops to PTX (spec/nvidia/src/tma.rs) and ttg.global_scratch_alloc: the
// input is Triton 3.9's own sm90 TTGIR of tdesc_scale (a device-side tensor descriptor, one TMA load,
// one TMA store); the CHECK lines are the instruction strings and constraints of Triton's make_llir
// output for it (corpus cuda_sm90/tdesc_scale.llvm.mlir).
// RUN: tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},tritongpu-global-scratch-memory-allocation,convert-triton-gpu-to-llvm{compute-capability=90 packed-structs=false})' | FileCheck %s

// The global scratch slice of this program: linear program id (z, y, x) × 256 bytes + the slice offset.
// CHECK-LABEL: llvm.func @tdesc_scale
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: llvm.getelementptr %arg5[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// The first warp zeroes the 128-byte scratch, thread 0 fills it, the first warp publishes it.
// CHECK: "@$2 st.shared::cta.b32 [ $0 + 0 ], $1;", "r,r,b"
// CHECK: nvvm.bar.warp.sync
// CHECK: "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ $0 + 0 ], $1;", "l,l"
// CHECK: "tensormap.replace.tile.rank.shared::cta.b1024.b32 [ $0 + 0 ], 0x1;", "l"
// CHECK: "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;", "l,r"
// CHECK: "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;", "l,r"
// CHECK: "tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;", "l,r" %{{.*}}, %arg3
// CHECK: "tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;", "l,r" %{{.*}}, %arg2
// CHECK: "tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $0 + 0 ], 0x0, $1;", "l,l"
// CHECK: "tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;", "l,r"
// CHECK: "tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;", "l,r"
// CHECK: "tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $0 + 0 ], 0x6;", "l"
// CHECK: "tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [ $0 + 0 ], 0x3;", "l"
// CHECK: nvvm.bar.warp.sync
// CHECK: "@$2 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [ $0 + 0 ], [ $1 + 0 ], 0x80;", "l,l,b"
// CHECK: "@$1 fence.proxy.tensormap::generic.acquire.gpu [ $0 + 0 ], 0x80;\0A\09@$2 cp.async.bulk.commit_group ;\0A\09@$3 cp.async.bulk.wait_group.read 0 ;", "l,b,b,b"
// CHECK-NEXT: nvvm.barrier
// CHECK-NEXT: llvm.addrspacecast %{{.*}} : !llvm.ptr<1> to !llvm.ptr
// CHECK: "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ $0 + 0 ], $1;", "l,l" %{{.*}}, %arg1
// The mbarrier at byte 8192, its transaction count the box's 8192 bytes.
// CHECK: llvm.mlir.constant(8192 : i32)
// CHECK-NEXT: %[[BAR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: nvvm.elect.sync
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %{{.*}}, %[[BAR]]
// CHECK-NEXT: nvvm.barrier
// CHECK: "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 8192;", "b,r" %{{.*}}, %[[BAR]]
// CHECK: nvvm.elect.sync
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cta.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r"
// CHECK: "\0A{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A}\0A", "r,r" %[[BAR]]
// CHECK: nvvm.elect.sync
// CHECK: "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r" %{{.*}}, %[[BAR]]
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.elect.sync
// CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r"
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @tdesc_scale(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: f32) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32
    %c2_i64 = arith.constant 2 : i64
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.extsi %arg3 : i32 to i64
    %1 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %2 = arith.muli %0, %c2_i64 : i64
    ttng.tensormap_create %1, %arg0, [%c64_i32, %c64_i32], [%arg3, %arg2], [%2], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %1 : !tt.ptr<i8>
    %3 = ttng.reinterpret_tensor_descriptor %1 : !tt.ptr<i8> to !tt.tensordesc<64x64xf16, #shared>
    %4 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %4, %arg1, [%c64_i32, %c64_i32], [%arg3, %arg2], [%2], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %4 : !tt.ptr<i8>
    %5 = ttng.reinterpret_tensor_descriptor %4 : !tt.ptr<i8> to !tt.tensordesc<64x64xf16, #shared>
    %6 = tt.get_program_id x : i32
    %7 = arith.muli %6, %c64_i32 : i32
    %8 = tt.get_program_id y : i32
    %9 = arith.muli %8, %c64_i32 : i32
    %10 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %11 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %11, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %11, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %3[%7, %9] %10, %11, %true : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %11, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %11 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %12 = ttg.local_load %10 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    %13 = arith.extf %12 : tensor<64x64xf16, #blocked> to tensor<64x64xf32, #blocked>
    %14 = tt.splat %arg4 : f32 -> tensor<64x64xf32, #blocked>
    %15 = arith.mulf %13, %14 : tensor<64x64xf32, #blocked>
    %16 = arith.truncf %15 : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    %17 = ttg.local_alloc %16 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %5[%7, %9] %17 : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}


