//===- Passes.td - Tritium's conversions -------------------*- tablegen -*-===//
//
// The dialect conversions, under Triton's own flags and options. Patterns,
// legality sets and type converters are Rust (conversions/src/).
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_CONVERSIONS_TD
#define TRITIUM_CONVERSIONS_TD

include "mlir/Pass/PassBase.td"

// Marks a pass whose C++ class is written by hand, after the #include of the
// generated classes (passes/Passes.cpp): a pass whose body is C++. The C++
// class of every other pass of a Passes.td is generated from its record
// (cmake/TritiumRustPasses.cmake: a tritium::RustPass handing the op and the
// options to the Rust pass of the same flag).
class CppPass;

def ConvertTritonToTritonGPU : Pass<"convert-triton-to-tritongpu", "mlir::ModuleOp"> {
  let summary = "convert Triton IR to Triton GPU IR";
  let description = [{
    Gives every tensor a distributed layout: the default `#ttg.blocked`
    layout of its shape for the given warps, threads and CTAs, slices of it
    for reductions and `tt.expand_dims` operands, and `#ttg.dot_op` operands
    of a blocked accumulator for `tt.dot`. `ttg.convert_layout` ops glue
    values whose layouts disagree. Converts `tt`, `arith`, `math`, `scf`,
    `cf` and `ub` ops and sets the module attributes `ttg.target`,
    `ttg.num-warps`, `ttg.threads-per-warp` and `ttg.num-ctas`.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the target, as the backend serving it names it (required)">,
    Option<"numWarps", "num-warps", "int32_t", /*default=*/"4",
           "number of warps">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", /*default=*/"32",
           "number of threads per warp">,
    Option<"numCTAs", "num-ctas", "int32_t", /*default=*/"1",
           "number of CTAs in a CGA">,
    Option<"enableSourceRemat", "enable-source-remat", "bool", /*default=*/"false",
           "materialize values back in their original layout (for relayout passes)">,
  ];
  // The pass depends on `ttg` (and `tt`): its C++ class loads Tritium's
  // dialects itself, so that this file needs no generated dialect header.
}


def ConvertTritonGPUToLLVM : Pass<"convert-triton-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower TritonGPU IR (after allocation and Membar) to the LLVM dialect";
  let description = [{
    Lowers every `tt.func` to an `llvm.func` with Triton's kernel ABI (the
    user arguments, then the global and profile scratch pointers; device
    functions also take the shared-memory base). A tensor becomes the
    registers each thread holds of it, as its distributed layout says.
    The target-independent patterns (elementwise math, shape ops,
    `convert_layout`, reductions, loads/stores vectorized by AxisInfo,
    atomics, histograms) are slots `ttg-to-llvm.<what>`; instructions come
    from the backend registered for the module's `ttg.target` prefix
    (`spec/<backend>/`). Ops that need shared memory read their
    `allocation.offset`/`allocation.size`, so the backend's shared-memory
    allocation must run first. All or nothing: on an op it cannot lower, the pass
    reports it at the op's location and leaves the module unchanged.

    ```mlir
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    // becomes, per thread: tid.x & 31, ... as i32 LLVM values
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"0",
           "the compute capability (0: the one of the module's ttg.target)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"0",
           "the PTX ISA version code generation targets (0: the backend's default)">,
    Option<"packedStructs", "packed-structs", "bool", /*default=*/"true",
           "also carry each tensor and memory descriptor as one LLVM struct (undef and "
           "insertvalue after the op defining it, extractvalue before each op reading it; "
           "function parameters as one struct each), as Triton's own lowering prints it; "
           "the make_llir pipelines turn it off, since canonicalization removes the packing">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

def CanonicalizeLLVMIR : Pass<"canonicalize-llvm-ir", "mlir::LLVM::LLVMFuncOp">, CppPass {
  let summary = "canonicalize the LLVM-dialect code of a lowered kernel";
  let description = [{
    Triton's clean-up after `convert-triton-gpu-to-llvm`: the canonicalization
    patterns of every `llvm` op, plus an `llvm.select` on a constant
    condition folded to the chosen value, applied greedily to one
    `llvm.func`.

    ```mlir
    %t = llvm.mlir.constant(true) : i1
    %r = llvm.select %t, %a, %b : i1, i32   // becomes %a
    ```
  }];
}

#endif // TRITIUM_CONVERSIONS_TD
