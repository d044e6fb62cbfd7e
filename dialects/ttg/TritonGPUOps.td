// Operations of the `ttg` dialect (declaration; semantics live in dialects/src/ttg/).
#ifndef TRITIUM_TTG_OPS
#define TRITIUM_TTG_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "tt/TritonDialect.td"
include "tt/TritonTypes.td"
include "tt/TritonAttrs.td"
include "ttg/TritonGPUDialect.td"
include "ttg/TritonGPUEnums.td"
include "ttg/TritonGPUAttrs.td"
include "ttg/TritonGPUTypes.td"

def TTG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

//===----------------------------------------------------------------------===//
// Native traits. The verifying ones call Rust (dialects/src/ttg/verify.rs);
// the others only mark ops for passes.
//===----------------------------------------------------------------------===//

class TTG_RustTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::triton::OpTrait";
}
// Every tensor operand and result has a layout consistent with the module.
def TTG_VerifyTensorLayouts : TTG_RustTrait<"VerifyTensorLayoutsTrait">;
// Every memdesc operand and result has a shared encoding of its rank.
def TTG_VerifyMemDescLayouts : TTG_RustTrait<"VerifyMemDescLayoutsTrait">;

class TTG_MarkerTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::triton::gpu::OpTrait";
}
def MemDescViewTrait : TTG_MarkerTrait<"MemDescViewTrait">;
def LocalLoadTrait : TTG_MarkerTrait<"LocalLoadTrait">;
def MemWaitOpTrait : TTG_MarkerTrait<"MemWaitOpTrait">;
def GlobalToLocalCopyTrait : TTG_MarkerTrait<"GlobalToLocalCopyTrait">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic,
         !listconcat(traits, [TTG_VerifyTensorLayouts, TTG_VerifyMemDescLayouts])>;

//===----------------------------------------------------------------------===//
// Layout conversion and inline assembly
//===----------------------------------------------------------------------===//

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [SameOperandsAndResultShape,
                                                    SameOperandsAndResultElementType, Pure]> {
  let summary = "move a tensor to another layout";
  let description = [{
    ```mlir
    %1 = ttg.convert_layout %0 : tensor<128xf32, #blocked> -> tensor<128xf32, #blocked1>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$force_warp_shuffle);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  // No folder, as in Triton: conversions go away under canonicalize only.
  let hasCanonicalizer = 1;
}

def TTG_InlineAsmOp : TTG_Op<"inline_asm", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "inline assembly run once per thread, on tensors with explicit layouts";
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints, BoolAttr:$pure,
                       Variadic<AnyTypeOf<[TT_Type, TTG_MemDescType]>>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = "$asm_string attr-dict ($args^)? `:` functional-type($args, $result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    GlobalToLocalCopyTrait, AttrSizedOperandSegments,
    OptionalTypesMatchWith<"mask has the shape of src", "src", "mask",
                           "::mlir::triton::getI1SameShape($_self)">,
    OptionalTypesMatchWith<"other has the pointee type of src", "src", "other",
                           "::mlir::triton::getPointeeType($_self)">]> {
  let summary = "start copying a tensor of global pointers into shared memory";
  let description = [{
    ```mlir
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %z : tensor<128x32x!tt.ptr<f16>, #blocked> -> <128x32xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TT_PtrTensor, "", [MemRead<TTG_GlobalMemory>]>:$src,
    Arg<TTG_MemDescType, "", [MemWrite<TTG_SharedMemory>]>:$result,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Type>:$other,
    OptionalAttr<AnyAttr>:$cachePolicy,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "close the group of pending asynchronous copies";
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait", [MemWaitOpTrait]> {
  let summary = "wait until at most `num` groups of asynchronous copies are pending";
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate a shared-memory buffer, optionally initialised from a tensor";
  let description = [{
    ```mlir
    %0 = ttg.local_alloc : () -> !ttg.memdesc<2x128x32xf16, #shared, #smem, mutable>
    %1 = ttg.local_alloc %t : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared, #smem>
    ```
  }];
  let arguments = (ins Optional<TT_Tensor>:$src, OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let summary = "free a shared-memory buffer";
  let arguments = (ins Arg<TTG_MemDescType, "", [MemFree<TTG_SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load", [LocalLoadTrait]> {
  let summary = "load a shared-memory buffer into a distributed tensor";
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<TTG_SharedMemory>]>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let summary = "store a distributed tensor into a shared-memory buffer";
  let arguments = (ins TT_Tensor:$src,
                       Arg<TTG_MemDescType, "", [MemWrite<TTG_SharedMemory>]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

def TTG_LocalGatherOp : TTG_Op<"local_gather", [LocalLoadTrait]> {
  let summary = "gather elements of a shared-memory buffer along an axis";
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<TTG_SharedMemory>]>:$src,
                       TT_IntTensor:$indices, I32Attr:$axis,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` (`token` $token^)? attr-dict `:` qualified(type($src)) `,`
    type($indices) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalScatterOp : TTG_Op<"local_scatter"> {
  let summary = "scatter elements into a shared-memory buffer along an axis";
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTG_SharedMemory>]>:$dst,
                       TT_Tensor:$values, TT_IntTensor:$indices, I32Attr:$axis,
                       Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $dst `[` $indices `]` `,` $values (`token` $token^)? attr-dict `:`
    qualified(type($dst)) `,` type($indices) `,` type($values)
  }];
  let hasVerifier = 1;
}

def TTG_LocalAtomicScatterRMWOp : TTG_Op<"local_atomic_scatter_rmw", [
    TypesMatchWith<"result has the type of values", "values", "result", "$_self">,
    OptionalTypesMatchWith<"mask has the shape of values", "values", "mask",
                           "::mlir::triton::getI1SameShape($_self)">]> {
  let summary = "atomically combine elements into a shared-memory buffer along an axis";
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op,
                       Arg<TTG_MemDescType, "", [MemRead<TTG_SharedMemory>,
                                                 MemWrite<TTG_SharedMemory>]>:$dst,
                       TT_Tensor:$values, TT_IntTensor:$indices,
                       Optional<TT_BoolTensor>:$mask, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $dst `[` $indices `]` `,` $values (`,` $mask^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views of shared memory
//===----------------------------------------------------------------------===//

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure, MemDescViewTrait]> {
  let summary = "the `index`-th buffer of a multi-buffered memdesc (drops the leading dim)";
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure, MemDescViewTrait]> {
  let summary = "a sub-view of a memdesc at constant offsets";
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [Pure, MemDescViewTrait,
                                                  SameOperandsAndResultElementType]> {
  let summary = "a transposed view of a memdesc";
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure, MemDescViewTrait,
                                                      SameOperandsAndResultElementType]> {
  let summary = "a view of a memdesc with another shape";
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure, MemDescViewTrait]> {
  let summary = "a memdesc's buffer seen with another type, shape and layout";
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Pipelining helpers
//===----------------------------------------------------------------------===//

def TTG_PredicateStageOp : TTG_Op<"predicate_stage", [Pure, AllTypesMatch<["iv", "ub", "step"]>]> {
  let summary = "whether pipeline stage `stage` of `maxStage` runs at iteration `iv`";
  let arguments = (ins AnySignlessIntegerOrIndex:$iv, AnySignlessIntegerOrIndex:$ub,
                       AnySignlessIntegerOrIndex:$step, I32Attr:$maxStage, I32Attr:$stage);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:` type($iv) `->` type($result)
  }];
}

def TTG_MaskOp : TTG_Op<"mask", [SingleBlock]> {
  let summary = "ops executed only where `pred` holds (pipeliner-internal)";
  let arguments = (ins I1:$pred);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
}

def TTG_MaskReturnOp : TTG_Op<"mask.return", [HasParent<"MaskOp">, Pure, Terminator, ReturnLike]> {
  let summary = "terminator of ttg.mask";
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Miscellaneous
//===----------------------------------------------------------------------===//

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "unpack e2m1 pairs stored in i8 to floats, doubling `axis`";
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc"> {
  let summary = "allocate a per-program buffer in global memory";
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment,
                       OptionalAttr<UnitAttr>:$third_party_allocation,
                       OptionalAttr<UnitAttr>:$shared_cluster_state);
  let results = (outs Arg<TT_Ptr, "", [MemAlloc<TTG_GlobalMemory>]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def TTG_BarrierOp : TTG_Op<"barrier"> {
  let summary = "synchronise the CTA and order accesses to the given address spaces";
  let description = [{
    ```mlir
    ttg.barrier local
    ttg.barrier local|global_read
    ```
  }];
  let arguments = (ins TTG_AddrSpace:$addrSpace);
  let hasCustomAssemblyFormat = 1;
}

def TTG_WarpIdOp : TTG_Op<"warp_id", [Pure]> {
  let summary = "the id of the executing warp";
  let arguments = (ins UnitAttr:$omitUniformHint);
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [RecursiveMemoryEffects]> {
  let summary = "run partitions of the program on separate groups of warps";
  let description = [{
    ```mlir
    %r = ttg.warp_specialize(%a)
    default {
      ttg.warp_yield %x : i32
    }
    partition0(%arg: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> i32
    ```
    The partition regions live in a nested `ttg.warp_specialize.partitions`
    op, isolated from above, which receives the explicit captures.
  }];
  let arguments = (ins DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion, SizedRegion<1>:$partitionOpHolder);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TTG_WarpSpecializePartitionsOp : TTG_Op<"warp_specialize.partitions", [
    IsolatedFromAbove, RecursiveMemoryEffects, Terminator, HasParent<"WarpSpecializeOp">]> {
  let summary = "holder of the partition regions of ttg.warp_specialize";
  let arguments = (ins Variadic<AnyType>:$explicitCaptures);
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasVerifier = 1;
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [Pure, Terminator, ReturnLike,
                                            HasParent<"WarpSpecializeOp">]> {
  let summary = "terminator of the default region of ttg.warp_specialize";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
  let hasVerifier = 1;
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [Pure, Terminator, ReturnLike,
                                              HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "terminator of a partition region of ttg.warp_specialize";
  let assemblyFormat = "attr-dict";
}

#endif // TRITIUM_TTG_OPS
