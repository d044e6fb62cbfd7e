// The `amdg` dialect (TritonAMDGPU of Triton 3.9.0): AMD-specific ops of the
// TTGIR, declared here; verifiers are Rust (spec/amd/src/verify.rs), reached
// through TritonAMDGPUDialect.cpp.
#ifndef TRITIUM_AMDG
#define TRITIUM_AMDG

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "tt/TritonDialect.td"
include "tt/TritonTypes.td"
include "tt/TritonAttrs.td"
include "ttg/TritonGPUDialect.td"
include "ttg/TritonGPUTypes.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def TritonAMDGPU_Dialect : Dialect {
  let name = "amdg";
  let cppNamespace = "::mlir::triton::amdgpu";
  let summary = "AMD GPU extensions of Triton's GPU IR";
  let description = [{
    `amdg` holds what Triton's AMD backend adds to `ttg`: buffer loads,
    stores and atomics that address global memory by a scalar base pointer
    plus a tensor of 32-bit offsets, the tensor data mover (TDM) copies of
    gfx1250, LDS barriers, register-level slicing and concatenation, scaled
    fp4/fp8 conversions and a few LLVM-level helpers.

    ```mlir
    amdg.buffer_store %v, %base[%offsets] : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    ```
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect",
                           "::mlir::triton::gpu::TritonGPUDialect"];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def AMDG_SetFP8ClampingAttr : AttrDef<TritonAMDGPU_Dialect, "SetFP8Clamping"> {
  let mnemonic = "amdgcn.set.fp8.clamping";
  let summary = "marks an LLVM function that must clamp fp8 conversions";
  let description = [{
    Put on an `llvm.func` by the lowering of a conversion to fp8; the function
    then sets the clamping bit of the mode register on entry.

    ```mlir
    llvm.func @k() attributes {amdg.amdgcn.set.fp8.clamping = #amdg.amdgcn.set.fp8.clamping}
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Traits, resources and the op base class
//===----------------------------------------------------------------------===//

def AMDG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def AMDG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def AMDG_L2Cache : Resource<"::mlir::triton::amdgpu::L2Cache">;

class AMDG_TTTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::triton::OpTrait";
}
// Every tensor operand and result has a layout consistent with the module (Rust).
def AMDG_VerifyTensorLayouts : AMDG_TTTrait<"VerifyTensorLayoutsTrait">;
def AMDG_SameLoadStoreOperandsEncoding : AMDG_TTTrait<"SameLoadStoreOperandsEncoding">;
def AMDG_SameLoadStoreOperandsAndResultEncoding
    : AMDG_TTTrait<"SameLoadStoreOperandsAndResultEncoding">;
def AMDG_SameOperandsAndResultEncoding : AMDG_TTTrait<"SameOperandsAndResultEncoding">;

class AMDG_TTGMarker<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::triton::gpu::OpTrait";
}
def AMDG_LocalLoadTrait : AMDG_TTGMarker<"LocalLoadTrait">;
def AMDG_MemWaitOpTrait : AMDG_TTGMarker<"MemWaitOpTrait">;
def AMDG_GlobalToLocalCopyTrait : AMDG_TTGMarker<"GlobalToLocalCopyTrait">;

defvar SharedRead = [MemRead<AMDG_SharedMemory>];
defvar SharedWrite = [MemWrite<AMDG_SharedMemory>];
defvar SharedReadWrite = [MemRead<AMDG_SharedMemory>, MemWrite<AMDG_SharedMemory>];

class AMDG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonAMDGPU_Dialect, mnemonic, !listconcat(traits, [AMDG_VerifyTensorLayouts])>;

// `i32`-element tensor, `i1`-element tensor of another tensor's shape and encoding.
defvar I32SameShape = "::mlir::triton::amdgpu::getI32SameShape($_self)";
defvar I1SameShape = "::mlir::triton::getI1SameShape($_self)";

//===----------------------------------------------------------------------===//
// Tensors in registers
//===----------------------------------------------------------------------===//

def AMDG_ExtractSliceOp : AMDG_Op<"extract_slice", [Pure]> {
  let summary = "take a sub-tensor held in registers, without moving data";
  let description = [{
    The result is the part of `source` that starts at `static_offsets` and has
    the result's shape. Source and result must share their layout on a CTA
    tile, so that the slice only renames registers; offsets and the result
    shape are multiples of the CTA tile.

    ```mlir
    %1 = amdg.extract_slice %0 [0, 32] : tensor<128x128xf16, #blocked> to tensor<128x32xf16, #blocked>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$source, DenseI64ArrayAttr:$static_offsets);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source $static_offsets attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
}

def AMDG_ConcatOp : AMDG_Op<"concat", [Pure]> {
  let summary = "assemble equally shaped tensors into a larger one, in registers";
  let description = [{
    The sources, all of one type, fill the result in row-major order of the
    grid of tiles the result shape implies. Source and result layouts agree
    on a CTA tile, so no data moves between threads.

    ```mlir
    %2 = amdg.concat %0, %1 : tensor<32x64xf32, #blocked>, tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$sources);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$sources attr-dict `:` type($sources) `->` type($result)";
  let hasVerifier = 1;
}

def AMDG_InThreadTransposeOp : AMDG_Op<"in_thread_transpose", [Pure]> {
  let summary = "transpose the two innermost dimensions within each thread's registers";
  let description = [{
    A layout conversion that only permutes the registers of each thread: the
    register bases of the two innermost dimensions of a blocked source swap,
    lanes and warps keep their bases. Used between a coalesced global load and
    a vectorized shared-memory store whose orders differ.

    ```mlir
    %1 = amdg.in_thread_transpose %0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #linear>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def AMDG_LocalLoadPackedTransposedOp
    : AMDG_Op<"local_load_packed_transposed", [AMDG_LocalLoadTrait]> {
  let summary = "load an M/N-packed shared tile as a K-packed dot operand";
  let description = [{
    Reads a tile packed and contiguous along M (or N) from shared memory and
    yields it packed along K: the M/N extent doubles and the K extent halves
    (a 16x64 buffer gives a 32x32 tensor).

    ```mlir
    %1 = amdg.local_load_packed_transposed %0 : !ttg.memdesc<64x16xi8, #shared, #smem> -> tensor<128x8xi8, #dot_a>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", SharedRead>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Buffer operations: scalar base pointer + tensor of i32 offsets
//===----------------------------------------------------------------------===//

def AMDG_BufferLoadOp : AMDG_Op<"buffer_load", [
    AMDG_SameLoadStoreOperandsAndResultEncoding, AttrSizedOperandSegments,
    TypesMatchWith<"offsets have the shape of the result", "result", "offsets", I32SameShape>,
    OptionalTypesMatchWith<"mask has the shape of the result", "result", "mask", I1SameShape>,
    OptionalTypesMatchWith<"other has the type of the result", "result", "other", "$_self">]> {
  let summary = "load a tensor from a scalar base pointer and a tensor of offsets";
  let description = [{
    Lane `i` reads `ptr + offsets[i]` (in elements) when `mask[i]` holds, and
    yields `other[i]` otherwise. `stride` (bytes between rows of a block), when
    known, helps the cache; `contiguity` is the vector width the lowering may
    assume.

    ```mlir
    %v = amdg.buffer_load %base[%offsets], %mask, %other stride = %s : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    ```
  }];
  let arguments = (ins
    Arg<TT_Ptr, "", [MemRead<AMDG_GlobalMemory>]>:$ptr,
    I32Tensor:$offsets,
    Optional<I32>:$stride,
    OptionalAttr<AnyAttr>:$cachePolicy,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Tensor>:$other,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`,` $mask^)? (`,` $other^)?
    (`stride` `=` $stride^)?
    attr-dict `:` qualified(type($ptr)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def AMDG_BufferLoadToLocalOp : AMDG_Op<"buffer_load_to_local", [
    AMDG_GlobalToLocalCopyTrait, AttrSizedOperandSegments,
    OptionalTypesMatchWith<"mask has the shape of the offsets", "offsets", "mask", I1SameShape>]> {
  let summary = "copy from a scalar base pointer and offsets straight into shared memory";
  let description = [{
    Like `amdg.buffer_load`, but the elements land in the shared-memory
    buffer `dest` instead of registers; the result is the token of the
    asynchronous copy.

    ```mlir
    %t = amdg.buffer_load_to_local %base[%offsets] mask = %m into %buf : !tt.ptr<f16>[tensor<64x32xi32, #blocked>]  -> <64x32xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TTG_MemDescType, "", SharedWrite>:$dest,
    Arg<TT_Ptr, "", [MemRead<AMDG_GlobalMemory>]>:$ptr,
    I32Tensor:$offsets,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Tensor>:$other,
    Optional<I32>:$stride,
    OptionalAttr<AnyAttr>:$cachePolicy,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`mask` `=` $mask^)? (`other` `=` $other^)? (`stride` `=` $stride^)?
    oilist(`cachePolicy` `=` $cachePolicy) `into` $dest
    attr-dict `:` qualified(type($ptr)) `[` type($offsets) `]` type($other) `->` type($dest)
  }];
  let hasVerifier = 1;
}

def AMDG_BufferAtomicRMWOp : AMDG_Op<"buffer_atomic_rmw", [
    AttrSizedOperandSegments, AMDG_SameLoadStoreOperandsAndResultEncoding,
    TypesMatchWith<"value has the type of the result", "result", "value", "$_self">,
    TypesMatchWith<"offsets have the shape of the result", "result", "offsets", I32SameShape>,
    OptionalTypesMatchWith<"mask has the shape of the result", "result", "mask", I1SameShape>]> {
  let summary = "atomic read-modify-write at a scalar base pointer plus offsets";
  let description = [{
    Applies `atomic_rmw_op` with `value` at `ptr + offsets[i]` for every lane
    whose mask holds, with the given ordering and scope, and yields the old
    values.

    ```mlir
    %old = amdg.buffer_atomic_rmw add, relaxed, gpu, %v, %base[%offsets] : !tt.ptr<i32> -> tensor<64xi32, #blocked>
    ```
  }];
  let arguments = (ins
    TT_AtomicRMWAttr:$atomic_rmw_op,
    Arg<TT_Ptr, "", [MemRead<AMDG_GlobalMemory>, MemWrite<AMDG_GlobalMemory>]>:$ptr,
    I32Tensor:$offsets,
    TT_Tensor:$value,
    Optional<I32>:$stride,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope,
    Optional<TT_BoolTensor>:$mask);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $value `,` $ptr `[` $offsets `]` (`,` $mask^)?
    (`stride` `=` $stride^)?
    attr-dict `:` qualified(type($ptr)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def AMDG_BufferAtomicCASOp : AMDG_Op<"buffer_atomic_cas", [
    AMDG_SameLoadStoreOperandsAndResultEncoding,
    TypesMatchWith<"val has the type of the result", "result", "val", "$_self">,
    TypesMatchWith<"cmp has the type of the result", "result", "cmp", "$_self">,
    TypesMatchWith<"offsets have the shape of the result", "result", "offsets", I32SameShape>]> {
  let summary = "atomic compare-and-swap at a scalar base pointer plus offsets";
  let description = [{
    Stores `val[i]` at `ptr + offsets[i]` where the value there equals
    `cmp[i]`, atomically with the given ordering and scope; yields the old
    values.

    ```mlir
    %old = amdg.buffer_atomic_cas acq_rel, gpu, %cmp, %val, %base[%offsets] : !tt.ptr<i64> -> tensor<128xi64, #blocked>
    ```
  }];
  let arguments = (ins
    Arg<TT_Ptr, "", [MemRead<AMDG_GlobalMemory>, MemWrite<AMDG_GlobalMemory>]>:$ptr,
    I32Tensor:$offsets,
    TT_Tensor:$cmp,
    TT_Tensor:$val,
    Optional<I32>:$stride,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $cmp `,` $val `,` $ptr `[` $offsets `]`
    (`stride` `=` $stride^)?
    attr-dict `:` qualified(type($ptr)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def AMDG_BufferStoreOp : AMDG_Op<"buffer_store", [
    AttrSizedOperandSegments, AMDG_SameLoadStoreOperandsEncoding,
    TypesMatchWith<"offsets have the shape of the value", "value", "offsets", I32SameShape>,
    OptionalTypesMatchWith<"mask has the shape of the value", "value", "mask", I1SameShape>]> {
  let summary = "store a tensor at a scalar base pointer plus a tensor of offsets";
  let description = [{
    Lane `i` writes `value[i]` to `ptr + offsets[i]` (in elements) when
    `mask[i]` holds. `stride` and `contiguity` as for `amdg.buffer_load`.

    ```mlir
    amdg.buffer_store %v, %base[%offsets], %mask : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    ```
  }];
  let arguments = (ins
    TT_Tensor:$value,
    Arg<TT_Ptr, "", [MemWrite<AMDG_GlobalMemory>]>:$ptr,
    I32Tensor:$offsets,
    Optional<I32>:$stride,
    OptionalAttr<AnyAttr>:$cachePolicy,
    Optional<TT_BoolTensor>:$mask,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offsets `]` (`,` $mask^)?
    (`stride` `=` $stride^)?
    attr-dict `:` qualified(type($ptr)) `->` type($value)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LLVM-level helpers of the lowering
//===----------------------------------------------------------------------===//

def AMDG_MaskedLoadOp : AMDG_Op<"masked_load"> {
  let summary = "load through an LLVM pointer when a predicate holds";
  let description = [{
    Yields the value at `ptr` when `mask` is true and `falseVal` otherwise;
    `multicastMask` names the CTAs of the cluster that receive the same data.

    ```mlir
    %v = amdg.masked_load %p, %m, %zero cacheModifier = cg : (!llvm.ptr<1>, i1, f32) -> f32
    ```
  }];
  let arguments = (ins
    LLVM_AnyPointer:$ptr,
    I1:$mask,
    LLVM_Type:$falseVal,
    Optional<I32>:$multicastMask,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<BoolAttr, "false">:$forceNoAlias);
  let results = (outs LLVM_Type:$result);
  let assemblyFormat = [{
    $ptr `,` $mask `,` $falseVal (`,` $multicastMask^)?
    oilist(`cacheModifier` `=` $cache)
    (`volatile` $isVolatile^)?
    (`forceNoAlias` $forceNoAlias^)?
    attr-dict `:` functional-type(operands, results)
  }];
}

def AMDG_MaskedStoreOp : AMDG_Op<"masked_store"> {
  let summary = "store through an LLVM pointer when a predicate holds";
  let description = [{
    ```mlir
    amdg.masked_store %p, %v, %m : !llvm.ptr<1>, f32, i1
    ```
  }];
  let arguments = (ins
    LLVM_AnyPointer:$ptr,
    LLVM_Type:$value,
    I1:$mask,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<BoolAttr, "false">:$forceNoAlias);
  let assemblyFormat = [{
    $ptr `,` $value `,` $mask
    oilist(`cacheModifier` `=` $cache)
    (`forceNoAlias` $forceNoAlias^)?
    attr-dict `:` type(operands)
  }];
}

//===----------------------------------------------------------------------===//
// Scaled conversions (CDNA4 and later)
//===----------------------------------------------------------------------===//

def AMDG_ScaledUpcastFp4Op : AMDG_Op<"scaled_upcast_fp4", [Pure]> {
  let summary = "unpack fp4 (e2m1) pairs and multiply by an e8m0 scale";
  let description = [{
    Each i8 of `input` holds two e2m1 values (low nibble first) along `axis`;
    the result has twice the extent along `axis`, each value multiplied by its
    scale (bf16-encoded or raw e8m0 i8).

    ```mlir
    %r = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8, #b>, tensor<64x64xbf16, #b2> -> tensor<64x64xbf16, #b2>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$input, RankedTensorOf<[BF16, I8]>:$scale,
                       I32Attr:$axis);
  let results = (outs RankedTensorOf<[F16, BF16]>:$output);
  let assemblyFormat = [{
    $input `scale` $scale attr-dict `:` type($input) `,` type($scale) `->` type($output)
  }];
  let hasVerifier = 1;
}

def AMDG_ScaledUpcastFp8Op : AMDG_Op<"scaled_upcast_fp8", [
    Pure, Elementwise, SameOperandsAndResultShape, AMDG_SameOperandsAndResultEncoding]> {
  let summary = "convert fp8 to f16/bf16 and multiply by an e8m0 scale";
  let description = [{
    ```mlir
    %r = amdg.scaled_upcast_fp8 %x scale %s : tensor<64x64xf8E4M3FN, #b>, tensor<64x64xbf16, #b> -> tensor<64x64xf16, #b>
    ```
  }];
  let arguments = (ins RankedTensorOf<[F8E4M3FN, F8E5M2]>:$input,
                       RankedTensorOf<[BF16, I8]>:$scale);
  let results = (outs RankedTensorOf<[F16, BF16]>:$output);
  let assemblyFormat = [{
    $input `scale` $scale attr-dict `:` type($input) `,` type($scale) `->` type($output)
  }];
  let hasVerifier = 1;
}

def AMDG_ScaledDowncastFp4Op : AMDG_Op<"scaled_downcast_fp4", [Pure]> {
  let summary = "divide by a scale and pack pairs of fp4 (e2m1) values into i8";
  let description = [{
    The inverse of `amdg.scaled_upcast_fp4`: two consecutive values along
    `axis` share one i8 of the result (even position in the low nibble), so
    the extent along `axis` halves. The scale (raw e8m0 i8, or f32 of which
    only the exponent counts) is compact along `axis`.

    ```mlir
    %r = amdg.scaled_downcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x64xf32, #b>, tensor<64x2xi8, #b> -> tensor<64x32xi8, #b>
    ```
  }];
  let arguments = (ins RankedTensorOf<[F16, BF16, F32]>:$input,
                       RankedTensorOf<[I8, F32]>:$scale, I32Attr:$axis);
  let results = (outs RankedTensorOf<[I8]>:$output);
  let assemblyFormat = [{
    $input `scale` $scale attr-dict `:` type($input) `,` type($scale) `->` type($output)
  }];
  let hasVerifier = 1;
}

def AMDG_ScaledDowncastFp8Op : AMDG_Op<"scaled_downcast_fp8", [Pure]> {
  let summary = "divide by a scale and convert to fp8 (e4m3 or e5m2)";
  let description = [{
    The elementwise inverse of `amdg.scaled_upcast_fp8`; the scale is compact
    along `axis`.

    ```mlir
    %r = amdg.scaled_downcast_fp8 %x scale %s {axis = 1 : i32} : tensor<64x64xf32, #b>, tensor<64x2xi8, #b> -> tensor<64x64xf8E5M2, #b>
    ```
  }];
  let arguments = (ins RankedTensorOf<[F16, BF16, F32]>:$input,
                       RankedTensorOf<[I8, F32]>:$scale, I32Attr:$axis);
  let results = (outs RankedTensorOf<[F8E4M3FN, F8E5M2]>:$output);
  let assemblyFormat = [{
    $input `scale` $scale attr-dict `:` type($input) `,` type($scale) `->` type($output)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies and waits
//===----------------------------------------------------------------------===//

def AMDG_AsyncCopyLocalToGlobalOp : AMDG_Op<"async_copy_local_to_global", [
    OptionalTypesMatchWith<"mask has the shape of dst", "dst", "mask", I1SameShape>]> {
  let summary = "copy a shared-memory buffer to global pointers asynchronously";
  let description = [{
    The counterpart of `tt.store` whose data comes from the shared buffer
    `src`; lanes whose mask is false write nothing.

    ```mlir
    %t = amdg.async_copy_local_to_global %buf, %ptrs mask %m : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256x!tt.ptr<f32>, #blocked>
    ```
  }];
  let arguments = (ins
    Arg<TTG_MemDescType, "", SharedRead>:$src,
    Arg<TT_PtrTensor, "", [MemWrite<AMDG_GlobalMemory>]>:$dst,
    Optional<I1Tensor>:$mask,
    OptionalAttr<AnyAttr>:$cachePolicy,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $dst (`mask` $mask^)?
    oilist(`cachePolicy` `=` $cachePolicy)
    attr-dict `:` qualified(type($src)) `->` type($dst)
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncWaitOp : AMDG_Op<"async_wait", [AMDG_MemWaitOpTrait]> {
  let summary = "wait until at most `num_inst` asynchronous copy instructions are pending";
  let description = [{
    The AMD form of `ttg.async_wait`: it counts issued instructions, not
    commit groups.

    ```mlir
    %t1 = amdg.async_wait %t0 {num_inst = 0 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num_inst);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

def AMDG_AsyncTDMCopyGlobalToLocalOp : AMDG_Op<"async_tdm_copy_global_to_local", [
    AMDG_GlobalToLocalCopyTrait]> {
  let summary = "copy the block a TDM descriptor points at into shared memory";
  let description = [{
    The descriptor (positioned by `amdg.update_tensor_descriptor`) names the
    global block and its predicate; every warp copies its share into `result`.
    An optional LDS barrier is arrived on when the copy completes.
    `warp_used_hint` is a bit mask of the warps that carry real work; it must
    select a power-of-two, axis-aligned set of warps and cannot be 0.

    ```mlir
    %t = amdg.async_tdm_copy_global_to_local %d into %buf : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<AMDG_GlobalMemory>]>:$desc,
    Arg<TTG_MemDescType, "", SharedWrite>:$result,
    Arg<Optional<TTG_MemDescType>, "", SharedWrite>:$barrier,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    OptionalAttr<I32Attr>:$warp_used_hint);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $desc `into` $result (`,` `barrier` `=` $barrier^)?
    attr-dict `:` qualified(type($desc)) (`,` qualified(type($barrier))^)? `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncTDMFusedCopyGlobalToLocalOp
    : AMDG_Op<"async_tdm_fused_copy_global_to_local", [
        AMDG_GlobalToLocalCopyTrait, SameVariadicOperandSize]> {
  let summary = "two to four TDM global-to-local copies issued as one";
  let description = [{
    Member `i` copies the block of `descs[i]` into `dests[i]` with the warps
    of `warp_used_hints[i]`; the hints are valid TDM hints and pairwise
    disjoint.

    ```mlir
    %t = amdg.async_tdm_fused_copy_global_to_local %a, %b into %da, %db {warp_used_hints = array<i32: 3, 12>} : !tt.tensordesc<64x64xf16, #shared>, !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<Variadic<TT_TensorDescType>, "", [MemRead<AMDG_GlobalMemory>]>:$descs,
    Arg<Variadic<TTG_MemDescType>, "", SharedWrite>:$dests,
    DenseI32ArrayAttr:$warp_used_hints,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $descs `into` $dests attr-dict `:` qualified(type($descs)) `->` qualified(type($dests))
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncTDMCopyLocalToGlobalOp : AMDG_Op<"async_tdm_copy_local_to_global"> {
  let summary = "copy a shared-memory buffer to the block a TDM descriptor points at";
  let description = [{
    ```mlir
    %t = amdg.async_tdm_copy_local_to_global %d from %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemWrite<AMDG_GlobalMemory>]>:$desc,
    Arg<TTG_MemDescType, "", SharedRead>:$src,
    Arg<Optional<TTG_MemDescType>, "", SharedWrite>:$barrier,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $desc `from` $src (`,` `barrier` `=` $barrier^)?
    attr-dict `:` qualified(type($src)) (`,` qualified(type($barrier))^)? `->` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncTDMScatterOp : AMDG_Op<"async_tdm_scatter"> {
  let summary = "write shared-memory rows to chosen rows of a 2-D global tensor (TDM)";
  let description = [{
    Row `j` of `src` goes to global row `dst_row_indices[j]` of the 2-D
    descriptor; i16 indices allow 16 rows per instruction, i32 indices 8.

    ```mlir
    %t = amdg.async_tdm_scatter %d[%rows] from %buf : tensor<16xi32, #b>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x64xf16, #shared>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemWrite<AMDG_GlobalMemory>]>:$desc,
    TensorOf<[I16, I32]>:$dst_row_indices,
    Arg<TTG_MemDescType, "", SharedRead>:$src,
    Arg<Optional<TTG_MemDescType>, "", SharedWrite>:$barrier);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = [{
    $desc `[` $dst_row_indices `]` `from` $src (`,` `barrier` `=` $barrier^)?
    attr-dict `:` qualified(type($dst_row_indices)) `,` qualified(type($src)) (`,` qualified(type($barrier))^)? `->` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncTDMGatherOp : AMDG_Op<"async_tdm_gather", [AMDG_GlobalToLocalCopyTrait]> {
  let summary = "read chosen rows of a 2-D global tensor into shared memory (TDM)";
  let description = [{
    Global row `src_row_indices[j]` of the 2-D descriptor lands in row `j` of
    `dst`; index widths as for `amdg.async_tdm_scatter`.

    ```mlir
    %t = amdg.async_tdm_gather %d[%rows] to %buf : tensor<16xi32, #b>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x64xf16, #shared>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<AMDG_GlobalMemory>]>:$desc,
    TensorOf<[I16, I32]>:$src_row_indices,
    Arg<TTG_MemDescType, "", SharedWrite>:$dst,
    Arg<Optional<TTG_MemDescType>, "", SharedWrite>:$barrier);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $desc `[` $src_row_indices `]` `to` $dst (`,` `barrier` `=` $barrier^)?
    attr-dict `:` qualified(type($src_row_indices)) `,` qualified(type($dst)) (`,` qualified(type($barrier))^)? `->` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncTDMWait : AMDG_Op<"async_tdm_wait", [AMDG_MemWaitOpTrait]> {
  let summary = "wait until at most `num` TDM operations are outstanding";
  let description = [{
    Counts TDM ops of the IR (copies, fused copies, gathers, scatters).

    ```mlir
    %t = amdg.async_tdm_wait %t0 {num = 0 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "$asyncToken attr-dict";
}

def AMDG_AsyncTDMIntrinsicWait : AMDG_Op<"async_tdm_intrinsic_wait", [AMDG_MemWaitOpTrait]> {
  let summary = "wait until at most `count` TDM instructions are outstanding";
  let description = [{
    Like `amdg.async_tdm_wait`, but counting the hardware instructions the
    lowering emits.

    ```mlir
    %t = amdg.async_tdm_intrinsic_wait %t0 {count = 0 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$count);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

def AMDG_TDMPrefetchOp : AMDG_Op<"tdm_prefetch", [MemoryEffects<[MemWrite<AMDG_L2Cache>]>]> {
  let summary = "prefetch a TDM block into the L2 cache";
  let description = [{
    Brings the block at `indices` of the descriptor into L2 when `pred`
    holds. A speculative prefetch skips the bounds checks and may be dropped
    by the hardware. `returnOffsets` (testing only) makes the op yield the
    offsets it computed.

    ```mlir
    amdg.tdm_prefetch %d[%i, %j], %p, speculative = true : !tt.tensordesc<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<AMDG_GlobalMemory>]>:$desc,
    Variadic<I32>:$indices,
    I1:$pred,
    BoolAttr:$speculative,
    OptionalAttr<UnitAttr>:$returnOffsets);
  let results = (outs Optional<TT_Tensor>:$maybeOffsets);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $pred `,` `speculative` `=` $speculative
    (`returnOffsets` $returnOffsets^)?
    attr-dict `:` qualified(type($desc))
    (`->` type($maybeOffsets)^)?
  }];
}

def AMDG_UpdateTensorDescriptorOp : AMDG_Op<"update_tensor_descriptor", [
    Pure, AttrSizedOperandSegments,
    TypesMatchWith<"the result has the type of desc", "desc", "result", "$_self">]> {
  let summary = "a TDM descriptor with some fields rewritten";
  let description = [{
    `add_offsets` moves the block (in elements, per dimension), `set_bounds`
    replaces the tensor extents, `pred` replaces the predicate, and
    `clamp_bounds` (with `add_offsets`, without `set_bounds`) shrinks the
    extents by the offsets. At least one of the three operands is given.

    ```mlir
    %d1 = amdg.update_tensor_descriptor %d add_offsets = [%c0, %k] : !tt.tensordesc<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins
    TT_TensorDescType:$desc,
    Variadic<I32>:$add_offsets,
    Variadic<I32>:$set_bounds,
    Optional<I32>:$pred,
    UnitAttr:$clamp_bounds);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $desc
    oilist(
        `add_offsets` `=` `[` $add_offsets `]`
      | `set_bounds` `=` `[` $set_bounds `]`
      | `pred` `=` $pred
    )
    attr-dict `:` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

def AMDG_CondBarrierOp : AMDG_Op<"cond_barrier"> {
  let summary = "an execution barrier for the threads whose predicate holds";
  let description = [{
    Lets part of a workgroup run ahead; the other threads must reach a
    matching `amdg.cond_barrier` later. No memory fence.

    ```mlir
    amdg.cond_barrier %p
    ```
  }];
  let arguments = (ins I1:$pred);
  let assemblyFormat = "$pred attr-dict";
}

def AMDG_InitBarrierOp : AMDG_Op<"init_barrier"> {
  let summary = "initialize an LDS barrier expecting `count` arrivals";
  let description = [{
    ```mlir
    amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", SharedWrite>:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def AMDG_WaitBarrierOp : AMDG_Op<"wait_barrier"> {
  let summary = "block until the LDS barrier leaves the given phase";
  let description = [{
    ```mlir
    amdg.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", SharedReadWrite>:$alloc, I32:$phase);
  let assemblyFormat = "$alloc `,` $phase attr-dict `:` qualified(type($alloc))";
}

def AMDG_ArriveBarrierOp : AMDG_Op<"arrive_barrier"> {
  let summary = "arrive `count` times on an LDS barrier; yields the phase before";
  let description = [{
    Decrements the pending count by `count` (at least 1); reaching zero flips
    the phase and reloads the count. The result is the phase parity before
    the arrival.

    ```mlir
    %phase = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", SharedReadWrite>:$alloc, I32Attr:$count);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    $alloc `,` $count attr-dict `:` qualified(type($alloc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def AMDG_AsyncCopyMbarrierArriveOp : AMDG_Op<"async_copy_mbarrier_arrive"> {
  let summary = "arrive once on an LDS barrier when earlier async copies complete";
  let description = [{
    Returns at once; the arrival (of count 1) happens when every previously
    issued asynchronous load to LDS (not TDM) has landed.

    ```mlir
    amdg.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", SharedReadWrite>:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

def AMDG_ClusterBarrierArriveOp : AMDG_Op<"cluster_barrier_arrive"> {
  let summary = "signal the cluster barrier";
  let description = [{
    Pairs with `amdg.cluster_barrier_wait`; only meaningful with several CTAs.

    ```mlir
    amdg.cluster_barrier_arrive
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def AMDG_ClusterBarrierWaitOp : AMDG_Op<"cluster_barrier_wait"> {
  let summary = "wait until every CTA of the cluster has arrived";
  let description = [{
    ```mlir
    amdg.cluster_barrier_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // TRITIUM_AMDG
