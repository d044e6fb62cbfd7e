//===- Passes.td - Tritium's TTIR passes -------------------*- tablegen -*-===//
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
    is not known to be a multiple of N. The attribute is removed.
  }];
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

#endif // TRITIUM_PASSES_TD
