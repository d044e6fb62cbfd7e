// The `nvg` dialect (Triton's NVGPU dialect): the few NVIDIA instructions
// the ttg->LLVM lowering leaves as ops over LLVM types (warp-group MMA and
// its waits, cluster and warp-group ids, acquire loads, the tensor-memory
// base), which `convert-nv-gpu-to-llvm` turns into PTX (inline assembly) or
// NVVM ops. As Triton 3.9.0 prints them. Declaration only: the lowering is
// Rust (spec/nvidia/src/nvg.rs), the C++ glue is TritonNVGPUDialect.cpp.
#ifndef TRITIUM_NVG_OPS
#define TRITIUM_NVG_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "TritonNVGPUEnums.td"

def NVGPU_Dialect : Dialect {
  let name = "nvg";
  let cppNamespace = "::mlir::triton::nvgpu";
  let summary = "NVIDIA instructions over LLVM types, between the ttg->LLVM lowering and PTX";
  let description = [{
    What Triton's NVIDIA ttg->LLVM lowering emits where an instruction is
    easier to keep as an op until the end: `nvg.wgmma` (one
    `wgmma.mma_async`), `nvg.wgmma_wait_group`, `nvg.cluster_id`,
    `nvg.warp_group_barrier_id`, `nvg.ld_acquire` and
    `nvg.tensor_memory_base`. `convert-nv-gpu-to-llvm` lowers them.

    ```mlir
    %d = nvg.wgmma %descA, %descB, %true, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 64 : i32} : (i64, i64, i1, !llvm.struct<(f32, ...)>) -> !llvm.struct<(f32, ...)>
    %r = nvg.wgmma_wait_group %d {pendings = 0 : i32} : !llvm.struct<(f32, ...)>
    ```
  }];
  // No dependent dialect (Triton's declares LLVM): every nvg op is made by
  // a lowering that declares LLVM, or parsed among LLVM types, so LLVM is
  // loaded wherever an nvg op is. Declared here, it was loaded by every
  // pass that depends on the backends' dialects (all Rust passes), about
  // 0.3-0.6 ms per context (issue 26, first-run cost).
}

//===----------------------------------------------------------------------===//
// Type constraints (LLVM types)
//===----------------------------------------------------------------------===//

def NVG_LLVMStruct : Type<CPred<"::llvm::isa<::mlir::LLVM::LLVMStructType>($_self)">,
                          "LLVM structure type">;

class NVG_LLVMPointerIn<int space> : Type<
  CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self) && "
        "::llvm::cast<::mlir::LLVM::LLVMPointerType>($_self).getAddressSpace() == " # space>,
  "LLVM pointer in address space " # space, "::mlir::LLVM::LLVMPointerType"> {
  let builderCall = "::mlir::LLVM::LLVMPointerType::get($_builder.getContext(), " # space # ")";
}

def NVG_GlobalPointer : NVG_LLVMPointerIn<1>;
def NVG_TensorMemoryPointer : NVG_LLVMPointerIn<6>;

def NVG_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16, BF16, F32, F64],
                          "floating-point">;
def NVG_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def NVG_Scalar : AnyTypeOf<[NVG_Float, NVG_Int]>;

def NVG_WGMMAOperand : AnyTypeOf<[NVG_LLVMStruct, I64], "wgmma operand A/B type">;

class NVG_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVGPU_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

def NVG_WGMMAWaitGroupOp : NVG_Op<"wgmma_wait_group", [AllTypesMatch<["input", "output"]>]> {
  let summary = "wait until at most `pendings` wgmma groups are in flight";
  let description = [{
    `wgmma.wait_group.sync.aligned pendings`; the registers of `input` pass
    through it (tied), so nothing reads the accumulators before the wait.

    ```mlir
    %out = nvg.wgmma_wait_group %in {pendings = 0 : i32} : !llvm.struct<(f32, f32)>
    ```
  }];
  let arguments = (ins NVG_LLVMStruct:$input, I32Attr:$pendings);
  let results = (outs NVG_LLVMStruct:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def NVG_WGMMAOp : NVG_Op<"wgmma"> {
  let summary = "one warp-group MMA instruction (wgmma.mma_async)";
  let description = [{
    `D = A·B (+ C)` of one `wgmma.mma_async.sync.aligned.m{m}n{n}k{k}`:
    A is a shared-memory descriptor (i64) or its registers (a struct), B a
    descriptor, `useC` the `scale-d` predicate, C (optional) the
    accumulator, tied to the result. The element types and major-ness are
    the `eltType*` (`WGMMAEltType`) and `layout*` (`WGMMALayout`) integers.

    ```mlir
    %acc = nvg.wgmma %descA, %descB, %false {eltTypeA = 3 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, k = 32 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 256 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, ...)>
    ```
  }];
  let arguments = (ins NVG_WGMMAOperand:$opA, NVG_WGMMAOperand:$opB, I1:$useC,
                   Optional<NVG_LLVMStruct>:$opC,
                   I32Attr:$m, I32Attr:$n, I32Attr:$k,
                   NVG_WGMMAEltTypeAttr:$eltTypeC, NVG_WGMMAEltTypeAttr:$eltTypeA,
                   NVG_WGMMAEltTypeAttr:$eltTypeB,
                   NVG_WGMMALayoutAttr:$layoutA, NVG_WGMMALayoutAttr:$layoutB);
  let results = (outs NVG_LLVMStruct:$res);
  let assemblyFormat =
    "$opA `,` $opB `,` $useC (`,` $opC^)? attr-dict `:` functional-type(operands, $res)";
}

def NVG_ClusterCTAIdOp : NVG_Op<"cluster_id", [Pure]> {
  let summary = "the CTA's rank in its cluster";
  let description = [{
    Lowered to `nvvm.read.ptx.sreg.cluster.ctarank`.

    ```mlir
    %id = nvg.cluster_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def NVG_WarpGroupBarrierIdOp : NVG_Op<"warp_group_barrier_id"> {
  let summary = "the named barrier id of the current warp group";
  let description = [{
    Used by warp-specialized code (lowered with it, by
    `convert-warp-specialize-to-llvm`).

    ```mlir
    %id = nvg.warp_group_barrier_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def NVG_LoadAcquireOp : NVG_Op<"ld_acquire", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a scalar load from global memory with acquire (or relaxed) semantics";
  let description = [{
    `ld.global.<scope>.<sem>.b<width>`, predicated by `mask` when given.

    ```mlir
    %v = nvg.ld_acquire acquire, gpu, %ptr, %mask : (!llvm.ptr<1>) -> i32
    ```
  }];
  let arguments = (ins NVG_GlobalPointer:$addr, Optional<I1>:$mask,
                   NVG_MemSemanticAttr:$sem, NVG_MemSyncScopeAttr:$scope);
  let results = (outs NVG_Scalar:$result);
  let assemblyFormat =
    "$sem `,` $scope `,` $addr (`,` $mask^)? attr-dict `:` functional-type($addr, $result)";
}

def NVG_TensorMemoryBaseAddress : NVG_Op<"tensor_memory_base", [Pure]> {
  let summary = "the base address of the kernel's tensor memory";
  let description = [{
    Stands for the tensor-memory allocation of the kernel (Blackwell) until
    `convert-nv-gpu-to-llvm`, which Tritium refuses to lower (no tensor
    memory).

    ```mlir
    %base = nvg.tensor_memory_base
    ```
  }];
  let results = (outs NVG_TensorMemoryPointer:$result);
  let assemblyFormat = "attr-dict";
}

#endif // TRITIUM_NVG_OPS
