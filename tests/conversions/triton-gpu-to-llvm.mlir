// convert-triton-gpu-to-llvm on small kernels: the kernel ABI, predicated
// vector memory instructions, reductions across lanes and warps, layout
// conversions through shared memory, and device-function calls.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80 packed-structs=false})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @copy(
  // CHECK-SAME: %{{.*}}: !llvm.ptr<1> {tt.divisibility = 16 : i32, tt.pointee_type = f32}, %{{.*}}: !llvm.ptr<1> {tt.divisibility = 16 : i32, tt.pointee_type = f32}, %{{.*}}: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // CHECK-SAME: attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>}
  tt.func public @copy(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    // CHECK: nvvm.read.ptx.sreg.ctaid.x
    %pid = tt.get_program_id x : i32
    // CHECK: nvvm.read.ptx.sreg.tid.x
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %n1 = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %n1 : tensor<512xi32, #blocked>
    %p = tt.splat %src : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p1 = tt.addptr %p, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %other = arith.constant dense<1.5> : tensor<512xf32, #blocked>
    // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, $1;
    // CHECK-SAME: @$3 ld.global.b32 { $0 }, [ $2 + 0 ];", "=r,r,l,b"
    %v = tt.load %p1, %m, %other : tensor<512x!tt.ptr<f32>, #blocked>
    %q = tt.splat %dst : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %q1 = tt.addptr %q, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    // CHECK: "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"
    tt.store %q1, %v, %m : tensor<512x!tt.ptr<f32>, #blocked>
    // CHECK: llvm.return
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 32 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @row_max(
  tt.func public @row_max(%x: tensor<4x256xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    // Within the thread, then five butterfly shuffles, then the two warps
    // along the row meet in shared memory.
    // CHECK: llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    // CHECK-COUNT-5: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier
    // CHECK: llvm.intr.maxnum
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maxnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 32 : i32} : (tensor<4x256xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %m : tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 2048 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A conversion whose scratch holds half the tensor runs in two rounds.
  // CHECK-LABEL: llvm.func @relayout(
  tt.func public @relayout(%x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked1> {
    // Each thread's 4 consecutive elements go out as one 16-byte store (of
    // their bits, as Triton).
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
    // Each round reads its 4 registers with one 4-matrix load (as Triton's
    // scratch layout chose).
    // CHECK: nvvm.barrier
    // CHECK: nvvm.ldmatrix %{{.*}} {{.*}}num = 4 : i32
    // CHECK: nvvm.barrier
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier
    // CHECK: nvvm.ldmatrix %{{.*}} {{.*}}num = 4 : i32
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 2048 : i32} : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    tt.return %y : tensor<1024xf32, #blocked1>
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A device function takes the shared-memory base and both scratch
  // pointers after its own arguments, and is internal.
  // CHECK-LABEL: llvm.func internal @twice(
  // CHECK-SAME: %{{.*}}: f32, %{{.*}}: !llvm.ptr<3>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) -> f32
  // CHECK-SAME: passthrough = ["noinline"]
  tt.func private @twice(%a: f32) -> f32 attributes {noinline = true} {
    %b = arith.addf %a, %a : f32
    tt.return %b : f32
  }
  // CHECK-LABEL: llvm.func @caller(
  tt.func public @caller(%p: !tt.ptr<f32>, %a: f32) {
    // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    // CHECK: llvm.call @twice(%{{.*}}, %[[BASE]], %{{.*}}, %{{.*}}) : (f32, !llvm.ptr<3>, !llvm.ptr<1>, !llvm.ptr<1>) -> f32
    %b = tt.call @twice(%a) : (f32) -> f32
    // A scalar store is done by thread 0 only.
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: llvm.icmp "eq" %[[TID]]
    // CHECK: "@$2 st.global.b32 [ $1 + 0 ], { $0 };"
    tt.store %p, %b : !tt.ptr<f32>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // tt.print: one vprintf per element with its program id and index, the
  // format in Triton's words and global names;
  // tt.assert: a branch to __assertfail when an element is false, then a
  // barrier.
  // CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
  // CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%3u) x: %i\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must be >= 0\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFunc_0("unknown\00")
  // CHECK-LABEL: llvm.func @debug(
  tt.func public @debug(%x: tensor<512xi32, #blocked>) {
    // CHECK: llvm.alloca
    // CHECK-COUNT-4: llvm.call @vprintf
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<512xi32, #blocked>
    %c = arith.constant dense<0> : tensor<512xi32, #blocked>
    %ok = arith.cmpi sge, %x, %c : tensor<512xi32, #blocked>
    // CHECK: llvm.cond_br %{{.*}}, ^[[FAIL:.*]], ^[[REST:.*]]
    // CHECK: ^[[FAIL]]:
    // CHECK: llvm.call @__assertfail
    // CHECK: llvm.br ^[[REST]]
    // CHECK: ^[[REST]]:
    // CHECK-NEXT: nvvm.barrier
    tt.assert %ok, "x must be >= 0" : tensor<512xi1, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // The user's assembly per group of packed elements, external functions per
  // element, tt.cat as the operands' registers one after the other.
  // CHECK-DAG: llvm.func @__nv_expf(f32) -> f32
  // CHECK-LABEL: llvm.func @user_code(
  tt.func public @user_code(%x: tensor<512xi8, #blocked>, %y: tensor<512xf32, #blocked>, %z: tensor<512xi32, #blocked>) -> (tensor<512xi8, #blocked>, tensor<512xf32, #blocked>, tensor<1024xf32, #blocked1>, tensor<512xi32, #blocked>) {
    // CHECK: llvm.inline_asm asm_dialect = att "add.s8x4 $0, $1;", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
    %a = tt.elementwise_inline_asm "add.s8x4 $0, $1;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<512xi8, #blocked> -> tensor<512xi8, #blocked>
    // CHECK-COUNT-4: llvm.call @__nv_expf(%{{.*}}) : (f32) -> f32
    %b = tt.extern_elementwise %y {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
    %c = tt.cat %b, %y : tensor<512xf32, #blocked> -> tensor<1024xf32, #blocked1>
    // CHECK: llvm.zext %{{.*}} : i32 to i64
    // CHECK: llvm.mul %{{.*}} : i64
    // CHECK: llvm.lshr
    %d = tt.mulhiui %z, %z : tensor<512xi32, #blocked>
    tt.return %a, %b, %c, %d : tensor<512xi8, #blocked>, tensor<512xf32, #blocked>, tensor<1024xf32, #blocked1>, tensor<512xi32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.shared = 256 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @row_sum_warps(
  tt.func public @row_sum_warps(%x: tensor<16x128xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    // Triton 3.9's order: each row's five butterflies (highest lane bit
    // first), the warps' partials through shared memory to a layout where
    // the four warps along the row are lanes, two more butterflies; the
    // result is then where the output layout wants it.
    // CHECK-COUNT-5: nvvm.shfl.sync bfly
    // CHECK: llvm.store {{.*}} : vector<4xi32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier
    // CHECK: llvm.load {{.*}} -> vector<4xi32>
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.barrier
    // CHECK: llvm.return
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 256 : i32} : (tensor<16x128xf32, #blocked>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %s : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.shared = 256 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @row_min_redux(
  tt.func public @row_min_redux(%x: tensor<16x128xi32, #blocked>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    // An integer min over whole warps: one redux.sync per row, before and
    // after the exchange between warps (lanes 2-4 then hold copies).
    // CHECK-COUNT-8: nvvm.redux.sync min
    // CHECK: nvvm.barrier
    // CHECK-COUNT-8: nvvm.redux.sync min
    // CHECK-NOT: shfl.sync
    // CHECK: llvm.return
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.minsi %a, %b : i32
      tt.reduce.return %c : i32
    }) {allocation.offset = 0 : i32, allocation.size = 256 : i32} : (tensor<16x128xi32, #blocked>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %s : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.shared = 1024 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @col_max_warps(
  tt.func public @col_max_warps(%x: tensor<16x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    // In-thread: a balanced tree; across the two warps: one butterfly after
    // the exchange, then back to the output layout through shared memory.
    // CHECK: llvm.intr.maxnum(%arg0, %arg1)
    // CHECK: llvm.intr.maxnum(%arg2, %arg3)
    // CHECK: nvvm.barrier
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier
    // CHECK: llvm.store
    // CHECK: nvvm.barrier
    // CHECK: llvm.load
    // CHECK: llvm.return
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maxnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 1024 : i32} : (tensor<16x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %s : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum(
  tt.func public @cumsum(%x: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    // Shuffle-up scan of the thread totals, the last lane publishes the
    // warp's total, then one more shuffle-up for the exclusive prefix.
    // CHECK: nvvm.shfl.sync up
    // CHECK: nvvm.shfl.sync up
    // CHECK: @$2 st.shared.b32
    // CHECK: nvvm.barrier
    // CHECK: nvvm.shfl.sync up
    // CHECK-NOT: nvvm.barrier
    // CHECK: llvm.return
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.scan.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 16 : i32} : (tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return %s : tensor<512xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum_rev(
  tt.func public @cumsum_rev(%x: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    // Reverse: the forward scan between two reversals (each value to lane
    // 31 - lane, register 3 - r), as Triton 3.9.
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK: nvvm.shfl.sync up
    // CHECK: @$2 st.shared.b32
    // CHECK: nvvm.barrier
    // CHECK: nvvm.shfl.sync up
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK-NOT: shfl.sync
    // CHECK: llvm.return
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.scan.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 16 : i32} : (tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return %s : tensor<512xf32, #blocked>
  }
}
