//===- Passes.td - Tritium's TTIR and pre-LLVM TTGIR passes -*- tablegen -*-===//
//
// The TTIR passes, under Triton's own flags. The declarations (flags,
// summaries, options) live here; each pass's body is Rust (passes/src/).
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_PASSES_TD
#define TRITIUM_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonCombine : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "combine ops";
  let description = [{
    Peephole combinations of `tt` and `arith` ops: a dot whose accumulator is
    zero absorbs a following add, `select(cond, load(p, cond), other)`
    becomes a masked load, `addptr(addptr(p, a), b)` becomes
    `addptr(p, a + b)`, broadcasts of splats become splats, and the
    reduction of a dot-like broadcast-multiply becomes a `tt.dot`.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonReorderBroadcast : Pass<"triton-reorder-broadcast", "mlir::ModuleOp"> {
  let summary = "move broadcasts and splats after elementwise operations";
  let description = [{
    `elementwise(splat(a), splat(b))` becomes `splat(elementwise(a, b))`
    and `elementwise(broadcast(a), splat(b))` becomes
    `broadcast(elementwise(a, splat(b)))`, so the work happens on the small
    tensor. Also moves `tt.broadcast` after `tt.expand_dims` of splats.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonRewriteTensorDescriptorToPointer
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "mlir::ModuleOp"> {
  let summary = "rewrite tensor descriptors as pointers, shapes and strides";
  let description = [{
    Targets without TMA have no tensor descriptors: each `!tt.tensordesc`
    function argument, `tt.make_tensor_descriptor` and descriptor load/store
    becomes the base pointer with its shape and strides, and masked pointer
    loads/stores computed from them.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "mlir::ModuleOp"> {
  let summary = "unroll the loops annotated with tt.loop_unroll_factor";
  let description = [{
    Unrolls every `scf.for` carrying `tt.loop_unroll_factor = N` (N > 1) by
    N, with an epilogue loop for the remaining iterations when the trip count
    is not known to be a multiple of N. The attribute is removed. With
    runtime bounds the trip count is guarded (0 when ub <= lb or step <= 0),
    unlike Triton 3.9, whose remainder loop then runs iterations of an empty
    loop.
  }];
  let options = [
    Option<"guardRuntimeBounds", "guard-runtime-bounds", "bool", /*default=*/"true",
           "guard the runtime trip count against empty ranges and non-positive steps; false: Triton 3.9's unguarded form (for byte comparisons with Triton only)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonLoopInvariantCodeMotion : Pass<"triton-licm", "mlir::ModuleOp"> {
  let summary = "loop-invariant code motion, including masked loads";
  let description = [{
    Hoists loop-invariant, side-effect-free and speculatable ops out of
    loops, like MLIR's LICM, and also hoists loop-invariant `tt.load`s whose
    memory the loop does not write: the hoisted load is masked with "the loop
    runs at least once" so it never reads memory the loop would not have.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonLoopAwareCSE : Pass<"triton-loop-aware-cse", "mlir::ModuleOp"> {
  let summary = "CSE that also merges equivalent loop-carried values";
  let description = [{
    Common-subexpression elimination, then loop-aware merging: two
    iteration arguments of an `scf.for` with equal initial values whose
    yielded values are equivalent (assuming the two arguments are equal) are
    merged into one.
  }];
}

//===----------------------------------------------------------------------===//
// The TTGIR passes of Triton's make_llir that run before the ttg->LLVM
// conversion.
//===----------------------------------------------------------------------===//

def TritonGPUCombineTensorSelectAndIf
    : Pass<"tritongpu-combine-tensor-select-and-if", "mlir::ModuleOp"> {
  let summary = "fold a select into the scf.if that branches on its condition";
  let description = [{
    An `arith.select %c, %a, %b` in the block of an `scf.if %c` that comes
    after the select and before the select's users becomes one more result
    of the `if`: the then-branch yields `%a`, the else-branch `%b`.

    ```mlir
    %s = arith.select %c, %a, %b : tensor<64xf32, #blocked>
    scf.if %c { ... }
    // becomes
    %s = scf.if %c -> (tensor<64xf32, #blocked>) { ... scf.yield %a } else { scf.yield %b }
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def TritonGPUAllocateWarpGroups
    : Pass<"tritongpu-allocate-warp-groups", "mlir::ModuleOp"> {
  let summary = "place warp-specialized partitions on warp groups and divide the registers";
  let description = [{
    Pads every `ttg.warp_specialize` with empty partitions to the warp groups
    (4 warps) of the widest one, gives each partition its first warp id
    (`warpGroupStartIds`, widest first, from `ttg.num-warps` on) and sets
    `ttg.total-num-warps` on the module. Where partitions request registers
    (`requestedRegisters`), divides the registers per thread between the
    default warps and the partitions' warp groups (`actualRegisters`) and
    records the launch value as the module's `ttg.maxnreg`.

    ```mlir
    // before: module attributes {"ttg.num-warps" = 4 : i32}
    ttg.warp_specialize() default { ttg.warp_yield }
    partition0() num_warps(2) { ttg.warp_return } : () -> ()
    // after: "ttg.total-num-warps" = 8, warpGroupStartIds = [4, 6],
    //        and a padding partition1() num_warps(2)
    ```
  }];
  let options = [
    Option<"instrumented", "instrumented", "bool", /*default=*/"false",
           "whether the kernel is instrumented later (every region then needs at least 32 registers)">
  ];
}

def AllocateSharedMemory : Pass<"allocate-shared-memory", "mlir::ModuleOp"> {
  let summary = "allocate shared memory with Triton's target-independent scratch sizes";
  let description = [{
    The generic form of the backends' shared-memory allocation: the same liveness-based
    placement of scratch and `ttg.local_alloc` buffers, recording
    `allocation.offset` / `allocation.size` on ops and `ttg.shared` on the
    module, but layout conversions are sized as plain shared-memory loads
    and stores (no `ldmatrix`/`stmatrix`), as Triton's generic pass does.
  }];
}

def TestPrintAlignment : Pass<"test-print-alignment", "mlir::ModuleOp"> {
  let summary = "test only: remark the AxisInfo of every integer and pointer result";
  let description = [{
    For each result the AxisInfo analysis covers, a remark at its op in
    Triton's words: `contiguity = [..], divisibility = [..], constancy = [..],
    constant_value = <none>` (or the constant).
  }];
}

def TestPrintAllocation : Pass<"test-print-allocation", "mlir::ModuleOp"> {
  let summary = "test only: remark the shared-memory allocation of every tt.func";
  let description = [{
    Runs the allocation with the generic scratch sizes and remarks, in
    Triton's words, each function's name and `size = N`, each scratch or
    virtual buffer (`scratch offset = O, size = S`) and each explicit buffer
    (`offset = O, size = S`) at the op that owns it.
  }];
  let options = [
    Option<"getScratchSizeFunction", "get-scratch-size-function", "std::string", /*default=*/"\"None\"",
           "the scratch sizes: None (the generic ones) or ValidConstant (128 bytes for every op)">,
    Option<"partitionSize", "partition-size", "int64_t", /*default=*/"0",
           "bytes of one physical shared-memory partition (0 = none); the buffers of a partitioned allocation go to different ones">
  ];
}

def TritonTestLoopPeeling : Pass<"triton-test-loop-peeling", "mlir::ModuleOp"> {
  let summary = "test only: peel the last iteration of the loops marked __test_peel_epilogue";
  let description = [{
    Every `scf.for` with the unit attribute `__test_peel_epilogue` runs to
    `ub - step`; an `scf.if (lb < ub)` after it runs the body once more at the
    last induction value `lb + ((ub - lb - 1) / step) * step` on the loop's
    results (Triton's `peelLoopEpilogue`).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TestPrintAlias : Pass<"test-print-alias", "mlir::ModuleOp"> {
  let summary = "test only: remark which local_alloc buffers each shared-memory descriptor may refer to";
  let description = [{
    For each memdesc result (and scf.for iteration argument, and the block
    arguments at a branch) of every tt.func, a remark `%value -> %alloc,...`
    naming the `ttg.local_alloc` results it may alias, sorted.
  }];
}

def TestPrintBufferRegion : Pass<"test-print-buffer-region", "mlir::ModuleOp"> {
  let summary = "test only: remark the shared-memory regions each access may touch";
  let description = [{
    Runs the buffer-region analysis (after shared-memory allocation: every
    `ttg.local_alloc` has its `allocation.offset`) and remarks, at each op
    that reads or writes shared memory through an operand,
    `Buffers: [base, length], ...` (or `unknown`); at each op with
    `test.print_all_used_regions`, `All Shared Regions: ...` and
    `All Barrier Regions: ...`.

    ```mlir
    %0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    // remark: Buffers: [0, 4096]
    %1 = ttg.local_load %0 : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #blocked>
    ```
  }];
}

def TestBufferRegionAlias : Pass<"test-buffer-region-alias", "mlir::ModuleOp"> {
  let summary = "test only: remark whether named buffer regions alias or contain each other";
  let description = [{
    Collects the ops with a `test.region_name` (their regions: those of
    `test.region_addresses`, or the analysis' views of their first memdesc
    operand or result) and remarks at the module, for each pair in name
    order, `a vs b: alias=..., lhs_contains_rhs=..., rhs_contains_lhs=...`
    (not with `test.state_plan_only`); with `test.print_state_plan`, the
    lanes of the buffer state plan (`name case [b, l]: mask={...}`, then
    `state-plan: lanes=N`).

    ```mlir
    %0 = ttg.local_load %q00 {test.region_name = "a_q00"} : !ttg.memdesc<8x8xf32, #s, #smem, mutable, 16x16> -> tensor<8x8xf32>
    ```
  }];
}

def TritonGPUGlobalScratchAllocationPass
    : Pass<"tritongpu-global-scratch-memory-allocation", "mlir::ModuleOp"> {
  let summary = "lay out global scratch memory";
  let description = [{
    Gives each `ttg.global_scratch_alloc` its offset
    (`ttg.global_scratch_memory_offset`) and records the global and profile
    scratch sizes and alignments of each function and of the module
    (`ttg.global_scratch_memory_size` / `_alignment`,
    `ttg.profile_scratch_memory_size` / `_alignment`).
  }];
}

//===----------------------------------------------------------------------===//
// Triton's make_ttgir passes (its pipeline for MMA v2 targets).
//===----------------------------------------------------------------------===//

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "give memory ops the blocked layout that coalesces their accesses";
  let description = [{
    For every load, store and atomic on a tensor of pointers, picks from the
    AxisInfo analysis (contiguity, divisibility) the blocked layout whose
    per-thread vector reads the most contiguous bytes, and rewrites the op in
    that layout between `ttg.convert_layout`s.
  }];
}

def TritonGPUF32DotTC : Pass<"tritongpu-F32DotTC", "mlir::ModuleOp"> {
  let summary = "emulate f32 dot precisions with tensor-core dots";
  let description = [{
    Rewrites `tt.dot` with `inputPrecision = tf32x3` (and the bf16 variants)
    into several lower-precision dots whose sum carries the f32 precision.
  }];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "emulate tf32 with three bf16 dots">
  ];
}

def TritonGPURemoveLayoutConversions
    : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "remove superfluous ttg.convert_layout";
  let description = [{
    Propagates the layouts of anchor ops (memory ops, dots, reductions)
    forward, rematerialises cheap producers backward, and hoists conversions
    out of loops and conditionals, so that as few conversions as possible
    remain.
  }];
  let options = [
    Option<"disableRematSplitting", "disable-remat-splitting", "bool",
           /*default=*/"false", "do not split rematerialisation at a convert">
  ];
}

def TritonGPUOptimizeThreadLocality
    : Pass<"tritongpu-optimize-thread-locality", "mlir::ModuleOp"> {
  let summary = "reduce cross-thread communication of reductions";
}

def TritonGPUAccelerateMatmul : Pass<"tritongpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "give tt.dot a tensor-core (nvidia_mma) layout";
  let description = [{
    Picks the MMA version and warp tiling for each `tt.dot` from the target
    and the dot's shape, converts the accumulator to `#ttg.nvidia_mma` and the
    operands to `#ttg.dot_op` of it.
  }];
}

def TritonGPUOptimizeDotOperands
    : Pass<"tritongpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "fuse transpositions and conversions into dot operands";
  let options = [
    Option<"hoistLayoutConversion", "hoist-layout-conversion", "bool",
           /*default=*/"true", "hoist conversions to dot operands above elementwise ops">
  ];
}

def TritonGPUFuseNestedLoops : Pass<"tritongpu-fuse-nested-loops", "mlir::ModuleOp"> {
  let summary = "fuse nested loops for pipelining";
}

def TritonGPUAssignLatencies : Pass<"tritongpu-assign-latencies", "mlir::ModuleOp"> {
  let summary = "assign latencies to the ops of loops to pipeline";
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "the number of pipeline stages">
  ];
}

def TritonGPUScheduleLoops : Pass<"tritongpu-schedule-loops", "mlir::ModuleOp"> {
  let summary = "software-pipeline schedule of loops with latencies";
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "mlir::ModuleOp"> {
  let summary = "software pipelining: multi-buffered async copies";
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "the number of pipeline stages">,
    Option<"dumpIntermediateSteps", "dump-intermediate-steps", "bool",
           /*default=*/"false", "print the IR between the pipeliner's steps">
  ];
}

def TritonGPUTestPipelineLowerLoop : Pass<"tritongpu-test-pipeline-lower-loop", "mlir::ModuleOp"> {
  let summary = "test only: the lowering step of tritongpu-pipeline on loops that already carry a schedule";
  let description = [{
    Runs only the pipeliner's lowering of scheduled loops (loads become
    multi-buffered asynchronous copies, descriptor loads the backend's
    copies on barriers), leaving the `loop.stage`/`loop.cluster` schedule on
    the lowered loop for the expander, as Triton's test pass does.
  }];
}

def TritonGPUPrefetch : Pass<"tritongpu-prefetch", "mlir::ModuleOp"> {
  let summary = "prefetch dot operands from shared memory in k-slices";
}

def TritonGPUCoalesceAsyncCopy
    : Pass<"tritongpu-coalesce-async-copy", "mlir::ModuleOp"> {
  let summary = "coalesce async copies to shared memory";
}

def TritonGPUReduceDataDuplication
    : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "convert distributed tensors to dot operands through shared memory";
}

def TritonGPUReorderInstructions
    : Pass<"tritongpu-reorder-instructions", "mlir::ModuleOp"> {
  let summary = "move ops closer to their users";
}

def EnableLineInfo : Pass<"enable-line-info", "mlir::ModuleOp"> {
  let summary = "give each llvm.func a debug-info scope, so its ops' locations become line info";
  let description = [{
    Triton's last make_llir pass (its LLVMDIScope pass). Each `llvm.func`
    without a `#llvm.di_subprogram` gets one, fused with its location; its
    file and line come from that location, its type from the parameters
    (`tt.pointee_type` names a pointer's pointee); a definition also gets a
    `#llvm.di_compile_unit` (producer `triton`, line tables only) unless the
    module's location carries one. Each op whose location is a call site
    (inlined code) gets every frame fused with an
    `#llvm.di_lexical_block_file` of the frame's file in the function's
    subprogram. Translating to LLVM IR then attaches `!dbg` locations, and
    code generation writes a line table (`.file`/`.loc` directives).

    ```mlir
    llvm.func @k(%p: !llvm.ptr<1>) { ... } loc(#loc)
    // becomes
    llvm.func @k(%p: !llvm.ptr<1>) { ... } loc(fused<#di_subprogram>[#loc])
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // TRITIUM_PASSES_TD
