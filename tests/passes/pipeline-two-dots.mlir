// Software pipelining of a loop with two dependent dots (the attention
// pattern: qk = dot(q, k), an online-softmax update with tt.reduce, then
// acc = dot(p, v, acc * alpha)), checked pass by pass against Triton 3.9's
// own output on this file (assign-latencies, schedule-loops, pipeline).
// RUN: tritium-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 | FileCheck %s --check-prefix=LAT
// RUN: tritium-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops | FileCheck %s --check-prefix=SCHED
// RUN: tritium-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s --check-prefix=PIPE
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=3})' | FileCheck %s --check-prefix=PIPE

// Both loads (K and V) feed a dot at indirection level 0: latency 2 each.
// They stay in stage 0; both dots, the two tt.reduce (ops with a region) and
// the softmax update go to stage 2. The pipeliner issues the copies of
// iterations 0 and 1 in the prologue, waits for both oldest groups with one
// async_wait {num = 2} at the top of the kernel loop, and copies two
// iterations ahead under iv < ub - 2 * step.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // LAT-LABEL: tt.func public @attention_loop
  // LAT: scf.for
  // LAT: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<64x64x!tt.ptr<f16>, #[[$KL:blocked[0-9]*]]>
  // LAT: tt.dot
  // LAT: "tt.reduce"
  // LAT: "tt.reduce"
  // LAT: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<64x64x!tt.ptr<f16>, #[[$VL:blocked[0-9]*]]>
  // LAT: tt.dot

  // SCHED-LABEL: tt.func public @attention_loop
  // SCHED: scf.for
  // SCHED-NEXT: arith.muli {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
  // SCHED-NEXT: tt.splat {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
  // SCHED-NEXT: tt.splat {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
  // SCHED-NEXT: tt.addptr {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
  // SCHED-NEXT: tt.load {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
  // SCHED-NEXT: ttg.convert_layout {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED-NEXT: tt.dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED-NEXT: "tt.reduce"
  // SCHED: }) {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED: math.exp2 {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED: "tt.reduce"
  // SCHED: }) {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED: arith.mulf {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED-NEXT: tt.addptr {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
  // SCHED-NEXT: tt.load {{.*}} {loop.cluster = 2 : i32, loop.stage = 0 : i32}
  // SCHED-NEXT: arith.truncf {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED: tt.dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // SCHED-NEXT: scf.yield
  // SCHED-NEXT: } {tt.scheduled_max_stage = 2 : i32}

  // PIPE-LABEL: tt.func public @attention_loop
  // PIPE: %[[KBUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #[[$SK:shared[0-9]*]], #smem, mutable>
  // PIPE-NEXT: %[[VBUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #[[$SV:shared[0-9]*]], #smem, mutable>
  // PIPE-NEXT: %[[P0:.*]] = arith.cmpi sgt, %arg4, %c0_i32 : i32
  // PIPE-NEXT: %[[KV0:.*]] = ttg.memdesc_index %[[KBUF]][%c0_i32]
  // PIPE-NEXT: %[[KM0:.*]] = tt.splat %[[P0]]
  // PIPE-NEXT: %[[KC0:.*]] = ttg.async_copy_global_to_local %[[KPTRS:.*]], %[[KV0]] mask %[[KM0]] {contiguity = 8 : i32}
  // PIPE-NEXT: %[[KT0:.*]] = ttg.async_commit_group tokens %[[KC0]]
  // PIPE-NEXT: %[[VV0:.*]] = ttg.memdesc_index %[[VBUF]][%c0_i32]
  // PIPE-NEXT: %[[VM0:.*]] = tt.splat %[[P0]]
  // PIPE-NEXT: %[[VC0:.*]] = ttg.async_copy_global_to_local %[[VPTRS:.*]], %[[VV0]] mask %[[VM0]] {contiguity = 8 : i32}
  // PIPE-NEXT: %[[VT0:.*]] = ttg.async_commit_group tokens %[[VC0]]
  // PIPE-NEXT: %[[P1:.*]] = arith.cmpi sgt, %arg4, %c64_i32 : i32
  // PIPE-NEXT: %[[KP1:.*]] = tt.addptr %[[KPTRS]], %cst
  // PIPE-NEXT: %[[KV1:.*]] = ttg.memdesc_index %[[KBUF]][%c1_i32]
  // PIPE-NEXT: %[[KM1:.*]] = tt.splat %[[P1]]
  // PIPE-NEXT: %[[KC1:.*]] = ttg.async_copy_global_to_local %[[KP1]], %[[KV1]] mask %[[KM1]] {contiguity = 8 : i32}
  // PIPE-NEXT: %[[KT1:.*]] = ttg.async_commit_group tokens %[[KC1]]
  // PIPE-NEXT: %[[VP1:.*]] = tt.addptr %[[VPTRS]], %cst
  // PIPE-NEXT: %[[VV1:.*]] = ttg.memdesc_index %[[VBUF]][%c1_i32]
  // PIPE-NEXT: %[[VM1:.*]] = tt.splat %[[P1]]
  // PIPE-NEXT: %[[VC1:.*]] = ttg.async_copy_global_to_local %[[VP1]], %[[VV1]] mask %[[VM1]] {contiguity = 8 : i32}
  // PIPE-NEXT: %[[VT1:.*]] = ttg.async_commit_group tokens %[[VC1]]
  // PIPE-NEXT: %[[RES:.*]]:11 = scf.for %[[IV:.*]] = %c0_i32 to %arg4 step %c64_i32 iter_args(%[[M:.*]] = %cst_4, %[[L:.*]] = %cst_5, %[[ACC:.*]] = %cst_3, %[[INS:.*]] = %c1_i32, %[[EXT:.*]] = %c-1_i32, %[[NB0:.*]] = %c2_i32, %[[NB1:.*]] = %c2_i32, %[[TK0:.*]] = %[[KT0]], %[[TK1:.*]] = %[[KT1]], %[[TV0:.*]] = %[[VT0]], %[[TV1:.*]] = %[[VT1]])
  // PIPE-NEXT: %[[UB:.*]] = arith.subi %arg4, %c128_i32 : i32
  // PIPE-NEXT: %[[PRED:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : i32
  // PIPE-NEXT: %[[E1:.*]] = arith.addi %[[EXT]], %c1_i32 : i32
  // PIPE-NEXT: %[[E2:.*]] = arith.cmpi sge, %[[E1]], %[[NB0]] : i32
  // PIPE-NEXT: %[[E:.*]] = arith.select %[[E2]], %c0_i32, %[[E1]] : i32
  // PIPE-NEXT: %[[W:.*]] = ttg.async_wait %[[TK0]], %[[TV0]] {num = 2 : i32}
  // PIPE-NEXT: %[[KR:.*]] = ttg.memdesc_index %[[KBUF]][%[[E]]]
  // PIPE-NEXT: %[[K:.*]] = ttg.local_load %[[KR]] token %[[W]]
  // PIPE-NEXT: %[[KD:.*]] = ttg.convert_layout %[[K]]
  // PIPE-NEXT: %[[QK:.*]] = tt.dot %arg0, %[[KD]], %cst_3
  // PIPE-NEXT: "tt.reduce"(%[[QK]]) <{axis = 1 : i32}> ({
  // PIPE-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // PIPE-NEXT: arith.maxnumf
  // PIPE-NEXT: tt.reduce.return
  // PIPE-NEXT: })
  // PIPE: "tt.reduce"
  // PIPE: %[[VR:.*]] = ttg.memdesc_index %[[VBUF]][%[[E]]]
  // PIPE-NEXT: %[[V:.*]] = ttg.local_load %[[VR]] token %[[W]]
  // PIPE-NEXT: arith.truncf
  // PIPE-NEXT: ttg.convert_layout
  // PIPE-NEXT: ttg.convert_layout %[[V]]
  // PIPE-NEXT: %[[ACC2:.*]] = tt.dot
  // PIPE-NEXT: %[[I1:.*]] = arith.addi %[[INS]], %c1_i32 : i32
  // PIPE-NEXT: %[[I2:.*]] = arith.cmpi sge, %[[I1]], %c2_i32 : i32
  // PIPE-NEXT: %[[I:.*]] = arith.select %[[I2]], %c0_i32, %[[I1]] : i32
  // PIPE-NEXT: %[[IV2:.*]] = arith.addi %[[IV]], %c128_i32 : i32
  // PIPE-NEXT: arith.muli %[[IV2]], %c64_i32 : i32
  // PIPE: ttg.memdesc_index %[[KBUF]][%[[I]]]
  // PIPE-NEXT: tt.splat %[[PRED]]
  // PIPE-NEXT: ttg.async_copy_global_to_local
  // PIPE-NEXT: %[[KTN:.*]] = ttg.async_commit_group
  // PIPE: ttg.memdesc_index %[[VBUF]][%[[I]]]
  // PIPE-NEXT: tt.splat %[[PRED]]
  // PIPE-NEXT: ttg.async_copy_global_to_local
  // PIPE-NEXT: %[[VTN:.*]] = ttg.async_commit_group
  // PIPE-NEXT: scf.yield %{{.*}}, %{{.*}}, %[[ACC2]], %[[I]], %[[E]], %[[NB1]], %c2_i32, %[[TK1]], %[[KTN]], %[[TV1]], %[[VTN]] :
  // PIPE-NEXT: {{^ *}}}
  // PIPE-NEXT: ttg.async_wait {num = 0 : i32}
  // PIPE-NEXT: ttg.local_dealloc %[[VBUF]]
  // PIPE-NEXT: ttg.local_dealloc %[[KBUF]]
  // PIPE-NEXT: tt.return %[[RES]]#1, %[[RES]]#2
  tt.func public @attention_loop(%q: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %k_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %scale: f32, %n: i32 {tt.divisibility = 16 : i32}) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>) {
    %cst_k = arith.constant dense<64> : tensor<1x64xi32, #blocked1>
    %cst_v = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %ninf = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %one = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    // K^T tile pointers (64 x 64, column-major in registers), V tile pointers (row-major).
    %r0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %r1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %e0 = tt.expand_dims %r0 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %e1 = tt.expand_dims %r1 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %m0 = arith.muli %e0, %cst_k : tensor<1x64xi32, #blocked1>
    %kb = tt.splat %k_ptr : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked1>
    %kp0 = tt.addptr %kb, %m0 : tensor<1x64x!tt.ptr<f16>, #blocked1>, tensor<1x64xi32, #blocked1>
    %kp1 = tt.broadcast %kp0 : tensor<1x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
    %ko = tt.broadcast %e1 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %kptrs = tt.addptr %kp1, %ko : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
    %s0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %s1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %f0 = tt.expand_dims %s0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %f1 = tt.expand_dims %s1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %n0 = arith.muli %f0, %cst_v : tensor<64x1xi32, #blocked>
    %vb = tt.splat %v_ptr : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %vp0 = tt.addptr %vb, %n0 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %vp1 = tt.broadcast %vp0 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %vo = tt.broadcast %f1 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %vptrs = tt.addptr %vp1, %vo : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %sc1 = tt.splat %scale : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %sc2 = tt.splat %scale : f32 -> tensor<128x64xf32, #mma>
    %res:3 = scf.for %iv = %c0_i32 to %n step %c64_i32 iter_args(%m_i = %ninf, %l_i = %one, %acc = %zero) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>)  : i32 {
      %off = arith.muli %iv, %c64_i32 : i32
      %offk = tt.splat %off : i32 -> tensor<64x64xi32, #blocked1>
      %offv = tt.splat %off : i32 -> tensor<64x64xi32, #blocked>
      %kp = tt.addptr %kptrs, %offk : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %k = tt.load %kp : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %kd = ttg.convert_layout %k : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %qk = tt.dot %q, %kd, %zero : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      %mx = "tt.reduce"(%qk) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %x = arith.maxnumf %a, %b : f32
        tt.reduce.return %x : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %mxs = arith.mulf %mx, %sc1 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %m_ij = arith.maxnumf %m_i, %mxs : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %qks = arith.mulf %qk, %sc2 : tensor<128x64xf32, #mma>
      %me = tt.expand_dims %m_ij {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %mb = tt.broadcast %me : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %d = arith.subf %qks, %mb : tensor<128x64xf32, #mma>
      %p = math.exp2 %d : tensor<128x64xf32, #mma>
      %dm = arith.subf %m_i, %m_ij : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %alpha = math.exp2 %dm : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %l0 = arith.mulf %l_i, %alpha : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %ps = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %x = arith.addf %a, %b : f32
        tt.reduce.return %x : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %l1 = arith.addf %l0, %ps : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %ae = tt.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %ab = tt.broadcast %ae : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %acc1 = arith.mulf %acc, %ab : tensor<128x64xf32, #mma>
      %vp = tt.addptr %vptrs, %offv : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %v = tt.load %vp : tensor<64x64x!tt.ptr<f16>, #blocked>
      %p16 = arith.truncf %p : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %pd = ttg.convert_layout %p16 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %vd = ttg.convert_layout %v : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %acc2 = tt.dot %pd, %vd, %acc1 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      scf.yield %m_ij, %l1, %acc2 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>
    }
    tt.return %res#1, %res#2 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // An scf.if after the dot (last stage) whose region reads the induction
  // variable and a stage-0 value: the region's uses are remapped like
  // operands, %off (stage 0, used in stage 2) is carried in two extra
  // iteration arguments.
  // PIPE-LABEL: tt.func public @region_uses_iv
  // PIPE: scf.for %[[IV:.*]] = %c0_i32 to %arg2 step %c64_i32 iter_args({{.*}}, %[[OFF0:.*]] = %c0_i32, %[[OFF1:.*]] = %c4096_i32) -> ({{.*}}, i32, i32)
  // PIPE: %[[W:.*]] = ttg.async_wait %{{.*}} {num = 1 : i32}
  // PIPE: tt.dot
  // PIPE: %[[IV2:.*]] = arith.addi %[[IV]], %c128_i32 : i32
  // PIPE-NEXT: %[[OFFN:.*]] = arith.muli %[[IV2]], %c64_i32 : i32
  // PIPE: ttg.async_commit_group
  // PIPE-NEXT: arith.remsi %[[IV]], %arg3 : i32
  // PIPE-NEXT: arith.cmpi eq
  // PIPE-NEXT: scf.if
  // PIPE-NEXT: arith.sitofp %[[IV]] : i32 to f32
  // PIPE-NEXT: arith.sitofp %[[OFF0]] : i32 to f32
  // PIPE: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c2_i32, %{{.*}}, %{{.*}}, %[[OFF1]], %[[OFFN]] :
  tt.func public @region_uses_iv(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %every: i32) -> tensor<128x64xf32, #mma> {
    %cst_v = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %s0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %s1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %f0 = tt.expand_dims %s0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %f1 = tt.expand_dims %s1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %n0 = arith.muli %f0, %cst_v : tensor<64x1xi32, #blocked>
    %vb = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %vp0 = tt.addptr %vb, %n0 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %vp1 = tt.broadcast %vp0 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %vo = tt.broadcast %f1 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %vptrs = tt.addptr %vp1, %vo : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %res = scf.for %iv = %c0_i32 to %n step %c64_i32 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>)  : i32 {
      %off = arith.muli %iv, %c64_i32 : i32
      %offv = tt.splat %off : i32 -> tensor<64x64xi32, #blocked>
      %vp = tt.addptr %vptrs, %offv : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %v = tt.load %vp : tensor<64x64x!tt.ptr<f16>, #blocked>
      %vd = ttg.convert_layout %v : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %acc2 = tt.dot %a, %vd, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      %rem = arith.remsi %iv, %every : i32
      %c = arith.cmpi eq, %rem, %c0_i32 : i32
      %r = scf.if %c -> (tensor<128x64xf32, #mma>) {
        %ivf = arith.sitofp %iv : i32 to f32
        %offf = arith.sitofp %off : i32 to f32
        %sum = arith.addf %ivf, %offf : f32
        %sp = tt.splat %sum : f32 -> tensor<128x64xf32, #mma>
        %t = arith.mulf %acc2, %sp : tensor<128x64xf32, #mma>
        scf.yield %t : tensor<128x64xf32, #mma>
      } else {
        scf.yield %acc2 : tensor<128x64xf32, #mma>
      }
      scf.yield %r : tensor<128x64xf32, #mma>
    }
    tt.return %res : tensor<128x64xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A loop with a lower bound that is not a constant: prologue iteration i
  // computes its induction variable lb + i * step once and tests it against
  // the upper bound (one arith.addi feeds both the predicate and the copy).
  // PIPE-LABEL: tt.func public @dynamic_lower_bound
  // PIPE: ttg.local_alloc
  // PIPE-NEXT: %[[P0:.*]] = arith.cmpi slt, %arg2, %arg3 : i32
  // PIPE-NEXT: arith.muli %arg2, %c64_i32 : i32
  // PIPE: ttg.async_commit_group
  // PIPE-NEXT: %[[IV1:.*]] = arith.addi %arg2, %c64_i32 : i32
  // PIPE-NEXT: %[[P1:.*]] = arith.cmpi slt, %[[IV1]], %arg3 : i32
  // PIPE-NEXT: %[[OFF1:.*]] = arith.muli %[[IV1]], %c64_i32 : i32
  // PIPE-NEXT: tt.splat %[[OFF1]]
  // PIPE: ttg.async_commit_group
  // PIPE-NEXT: scf.for %{{.*}} = %arg2 to %arg3 step %c64_i32
  tt.func public @dynamic_lower_bound(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %lo: i32, %n: i32 {tt.divisibility = 16 : i32}, %every: i32) -> tensor<128x64xf32, #mma> {
    %cst_v = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %s0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %s1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %f0 = tt.expand_dims %s0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %f1 = tt.expand_dims %s1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %n0 = arith.muli %f0, %cst_v : tensor<64x1xi32, #blocked>
    %vb = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %vp0 = tt.addptr %vb, %n0 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %vp1 = tt.broadcast %vp0 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %vo = tt.broadcast %f1 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %vptrs = tt.addptr %vp1, %vo : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %res = scf.for %iv = %lo to %n step %c64_i32 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>)  : i32 {
      %off = arith.muli %iv, %c64_i32 : i32
      %offv = tt.splat %off : i32 -> tensor<64x64xi32, #blocked>
      %vp = tt.addptr %vptrs, %offv : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %v = tt.load %vp : tensor<64x64x!tt.ptr<f16>, #blocked>
      %vd = ttg.convert_layout %v : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %acc2 = tt.dot %a, %vd, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      %rem = arith.remsi %iv, %every : i32
      %c = arith.cmpi eq, %rem, %c0_i32 : i32
      %r = scf.if %c -> (tensor<128x64xf32, #mma>) {
        %ivf = arith.sitofp %iv : i32 to f32
        %offf = arith.sitofp %off : i32 to f32
        %sum = arith.addf %ivf, %offf : f32
        %sp = tt.splat %sum : f32 -> tensor<128x64xf32, #mma>
        %t = arith.mulf %acc2, %sp : tensor<128x64xf32, #mma>
        scf.yield %t : tensor<128x64xf32, #mma>
      } else {
        scf.yield %acc2 : tensor<128x64xf32, #mma>
      }
      scf.yield %r : tensor<128x64xf32, #mma>
    }
    tt.return %res : tensor<128x64xf32, #mma>
  }
}
