// The `ttng` dialect (TritonNvidiaGPU): the NVIDIA-only ops, types and
// attributes of Triton's GPU IR (warp-group MMA, TMA, mbarriers, tensor
// memory, tcgen05), as Triton 3.9.0 prints them. Declaration only: the
// verifiers are Rust (spec/nvidia/src/ttng.rs), the C++ glue is
// TritonNvidiaGPUDialect.cpp.
#ifndef TRITIUM_TTNG_OPS
#define TRITIUM_TTNG_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "tt/TritonDialect.td"
include "tt/TritonTypes.td"
include "tt/TritonAttrs.td"
include "ttg/TritonGPUDialect.td"
include "ttg/TritonGPUTypes.td"
include "TritonNvidiaGPUEnums.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA-specific GPU IR: Hopper/Blackwell tensor cores, TMA, mbarriers, tensor memory";
  let description = [{
    The ops Triton's NVIDIA backend introduces into `ttg` IR from sm90 on:
    `ttng.warp_group_dot` (wgmma), the TMA copies between a `!tt.tensordesc`
    and a `!ttg.memdesc`, the mbarriers that track them, and the tcgen05 ops
    over tensor memory (`#ttng.tensor_memory`).

    ```mlir
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %true : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let dependentDialects = [
    "::mlir::triton::TritonDialect",
    "::mlir::triton::gpu::TritonGPUDialect",
    "::mlir::gpu::GPUDialect"
  ];
  let hasOperationAttrVerify = 1;
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def TTNG_TensorDescIm2ColType : TypeDef<TritonNvidiaGPU_Dialect, "TensorDescIm2Col"> {
  let mnemonic = "tensordesc_im2col";
  let summary = "a TMA descriptor of a global tensor read in im2col mode";
  let description = [{
    Like `!tt.tensordesc`, for convolution-style (im2col) TMA loads: the block
    shape, its element type and optionally the shared-memory layout.

    ```mlir
    !ttng.tensordesc_im2col<64x64xf16, #shared>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    OptionalParameter<"::mlir::Attribute">:$sharedLayout
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTNG_AnyTensorDescType : AnyTypeOf<[TT_TensorDescType, TTNG_TensorDescIm2ColType],
                                       "tensor descriptor">;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class TTNG_EnumParam<EnumAttrInfo info, string default> : EnumParameter<info> {
  let defaultValue = default;
}

def TTNG_CachePolicyAttr : AttrDef<TritonNvidiaGPU_Dialect, "CachePolicy"> {
  let mnemonic = "cache_policy";
  let summary = "NVIDIA cache hints of a global access";
  let description = [{
    A cache modifier, an L1 eviction priority, an L2 policy (a primary and a
    secondary priority split by a fraction) and an L2 prefetch size; parameters
    left at their defaults are not printed.

    ```mlir
    #ttng.cache_policy<l2_primary = evict_last, l2_secondary = evict_first, l2_fraction = 5.000000e-01 : f32>
    ```
  }];
  let parameters = (ins
    TTNG_EnumParam<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache_modifier,
    TTNG_EnumParam<TTNG_CacheEvictionPriorityAttr,
                   "::mlir::triton::nvidia_gpu::CacheEvictionPriority::NONE">:$l1,
    TTNG_EnumParam<TTNG_CacheEvictionPriorityAttr,
                   "::mlir::triton::nvidia_gpu::CacheEvictionPriority::NONE">:$l2_primary,
    TTNG_EnumParam<TTNG_CacheEvictionPriorityAttr,
                   "::mlir::triton::nvidia_gpu::CacheEvictionPriority::NONE">:$l2_secondary,
    OptionalParameter<"::mlir::FloatAttr">:$l2_fraction,
    OptionalParameter<"::mlir::IntegerAttr">:$l2_prefetch_size
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TTNG_TensorMemorySpaceAttr : AttrDef<TritonNvidiaGPU_Dialect, "TensorMemorySpace"> {
  let mnemonic = "tensor_memory";
  let summary = "the memory space of a !ttg.memdesc in tensor memory (TMEM)";
  let description = [{
    ```mlir
    !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
}

def TTNG_TMEMLoadReduceModifierEnum
    : EnumAttr<TritonNvidiaGPU_Dialect, TTNG_TMEMLoadReduceModifierAttr, "redOp"> {
  let assemblyFormat = "`<` $value `>`";
}

def TTNG_TensorMemoryScalesBlockRepOrderEnum
    : EnumAttr<TritonNvidiaGPU_Dialect, TTNG_TensorMemoryScalesBlockRepOrderAttr,
               "blockRepOrder"> {
  let assemblyFormat = "`<` $value `>`";
}

// A rank-2 CGA layout, `[[a, b], ...]`: the block bases, flattened; none (the
// default, not printed) is the one-CTA layout.
def TTNG_CGALayoutRankTwoParam : ArrayRefParameter<"int32_t", "rank-2 CGA layout"> {
  let parser = [{ ::mlir::triton::nvidia_gpu::parseCGALayoutRankTwo($_parser) }];
  let printer = [{ ::mlir::triton::nvidia_gpu::printCGALayoutRankTwo($_printer, $_self) }];
  let defaultValue = "::llvm::SmallVector<int32_t>()";
  let comparator = "::llvm::ArrayRef<int32_t>($_lhs) == ::llvm::ArrayRef<int32_t>($_rhs)";
}

def TTG_TensorMemoryEncodingAttr
    : AttrDef<TritonNvidiaGPU_Dialect, "TensorMemoryEncoding"> {
  let mnemonic = "tensor_memory_encoding";
  let summary = "layout of a tensor in tensor memory: blocks of blockM x blockN";
  let description = [{
    The tensor is cut in blocks of `blockM` x `blockN` elements, laid out over
    the 128 TMEM rows M first; `colStride` is the distance in columns between
    two elements of a row (1: packed). `twoCTAs` lays the tensor out for
    `cta_group::2` MMAs.

    ```mlir
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
    ```
  }];
  let parameters = (ins
    "unsigned":$blockM,
    "unsigned":$blockN,
    "unsigned":$colStride,
    TTNG_CGALayoutRankTwoParam:$CGALayout,
    DefaultValuedParameter<"bool", "false">:$twoCTAs,
    DefaultValuedParameter<"bool", "false">:$fp4Padded
  );
  let genVerifyDecl = 1;
  let assemblyFormat = "`<` struct(params) `>`";
}

def TTG_TensorMemoryScalesEncodingAttr
    : AttrDef<TritonNvidiaGPU_Dialect, "TensorMemoryScalesEncoding"> {
  let mnemonic = "tensor_memory_scales_encoding";
  let summary = "the tcgen05 layout of block scales in tensor memory";
  let description = [{
    Scales live in TMEM as copies of 32x4x4B blocks replicated over the four
    warps; `blockRepOrder` says whether repeated blocks advance along M/N
    (`mnThenK`, the default) or along K (`kThenMn`).

    ```mlir
    #tmem_scales = #ttng.tensor_memory_scales_encoding<>
    ```
  }];
  let parameters = (ins
    TTNG_CGALayoutRankTwoParam:$CGALayout,
    DefaultValuedParameter<
        "::mlir::triton::nvidia_gpu::TensorMemoryScalesBlockRepOrder",
        "::mlir::triton::nvidia_gpu::TensorMemoryScalesBlockRepOrder::MN_THEN_K">:$blockRepOrder
  );
  let genVerifyDecl = 1;
  let assemblyFormat = "`<` struct(params) `>`";
}

//===----------------------------------------------------------------------===//
// Traits, resources, constraints
//===----------------------------------------------------------------------===//

// The verifying traits every ttg-level op carries (Rust, dialects/src/ttg/).
def TTNG_VerifyTensorLayouts : NativeOpTrait<"VerifyTensorLayoutsTrait"> {
  let cppNamespace = "::mlir::triton::OpTrait";
}
def TTNG_VerifyMemDescLayouts : NativeOpTrait<"VerifyMemDescLayoutsTrait"> {
  let cppNamespace = "::mlir::triton::OpTrait";
}
// Marker traits of ttg (tritium/TritonGPUDialect.h).
def TTNG_MemDescViewTrait : NativeOpTrait<"MemDescViewTrait"> {
  let cppNamespace = "::mlir::triton::gpu::OpTrait";
}
def TTNG_MemWaitOpTrait : NativeOpTrait<"MemWaitOpTrait"> {
  let cppNamespace = "::mlir::triton::gpu::OpTrait";
}

def TTNG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def TTNG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;
def TTNG_TensorMemory : Resource<"::mlir::triton::nvidia_gpu::TensorMemory">;

defvar TTNG_SharedRead = [MemRead<TTNG_SharedMemory>];
defvar TTNG_SharedWrite = [MemWrite<TTNG_SharedMemory>];
defvar TTNG_SharedReadWrite = [MemRead<TTNG_SharedMemory>, MemWrite<TTNG_SharedMemory>];

def TTNG_TensorOrMemDesc : AnyTypeOf<[TT_Tensor, TTG_MemDescType],
                                     "tensor or memory descriptor">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic,
         !listconcat(traits, [TTNG_VerifyTensorLayouts, TTNG_VerifyMemDescLayouts])>;

//===----------------------------------------------------------------------===//
// Packed arithmetic, fences, cluster synchronisation
//===----------------------------------------------------------------------===//

def TTNG_PackedArithElement : AnyTypeOf<[I8, F8E8M0FNU, F8E4M3FN, F8E5M2, F16, BF16, F32],
                                        "packed arithmetic operand element">;
def TTNG_PackedArithResultElement : AnyTypeOf<[F8E4M3FN, F8E5M2, F16, BF16, F32],
                                              "packed arithmetic result element">;

def TTNG_PackedArithOp : TTNG_Op<"packed_arith", [Pure]> {
  let summary = "element-wise arithmetic through packed (x2 / x4) PTX instructions";
  let description = [{
    ```mlir
    %r = ttng.packed_arith add %a, %b : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    ```
  }];
  let arguments = (ins TTNG_PackedArithOpKindAttr:$op_kind,
                       Variadic<RankedTensorOf<[TTNG_PackedArithElement]>>:$operands);
  let results = (outs RankedTensorOf<[TTNG_PackedArithResultElement]>:$result);
  let assemblyFormat = "$op_kind $operands attr-dict `:` functional-type($operands, $result)";
  let hasVerifier = 1;
}

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "order generic-proxy shared-memory accesses before async-proxy ones";
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_FenceMBarrierInitReleaseClusterOp : TTNG_Op<"fence_mbarrier_init_release_cluster"> {
  let summary = "make mbarrier initialisations visible to the cluster";
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_ClusterBarrierOp : TTNG_Op<"cluster_barrier"> {
  let summary = "synchronise every warp of the cluster";
  let arguments = (ins DefaultValuedAttr<BoolAttr, "false">:$relaxed);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cluster launch control (sm100+)
//===----------------------------------------------------------------------===//

def TTNG_CLCTryCancelSyncOp : TTNG_Op<"clc_try_cancel_sync"> {
  let summary = "synchronously ask to cancel a pending cluster";
  let results = (outs TT_Tensor:$response);
  let assemblyFormat = "attr-dict `:` type($response)";
  let hasVerifier = 1;
}

def TTNG_CLCTryCancelOp : TTNG_Op<"clc_try_cancel"> {
  let summary = "ask to cancel a pending cluster; the answer lands in shared memory";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$result,
                       Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$mbarrier);
  let assemblyFormat = [{
    $result `,` $mbarrier attr-dict `:` qualified(type($result)) `,` qualified(type($mbarrier))
  }];
  let hasVerifier = 1;
}

def TTNG_CLCLoadResultOp : TTNG_Op<"clc_load_result"> {
  let summary = "load the 128-bit answer of a cluster-launch-control request";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedRead>:$src);
  let results = (outs I128:$clcResult);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($clcResult)";
  let hasVerifier = 1;
}

def TTNG_CLCIsCanceledOp : TTNG_Op<"clc_is_canceled", [Pure]> {
  let summary = "whether a cluster-launch-control answer cancelled a cluster";
  let arguments = (ins I128:$clcResult);
  let results = (outs I1:$is_canceled);
  let assemblyFormat = "$clcResult attr-dict `:` type($clcResult) `->` type($is_canceled)";
}

def TTNG_CLCGetProgramIdOp : TTNG_Op<"clc_get_program_id", [Pure]> {
  let summary = "a program-id coordinate of the cluster a cluster-launch-control answer cancelled";
  let arguments = (ins I128:$clcResult, TT_ProgramDim:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$clcResult `,` $dim attr-dict `:` type($clcResult) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Warp-group MMA (sm90)
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"the accumulator has the result's type", "d", "c", "$_self">]> {
  let summary = "d = a * b + c on a warp group (wgmma)";
  let description = [{
    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x128xf16, #shared1, #smem, mutable> -> tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins
    TTNG_TensorOrMemDesc:$a,
    TTG_MemDescType:$b,
    TT_FpIntTensor:$c,
    Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a`,` $b`,` $c (`,` $useC^)? attr-dict
    `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "wait until at most `pendings` asynchronous warp-group dots are in flight";
  let arguments = (ins Variadic<TTNG_TensorOrMemDesc>:$inputs, I32Attr:$pendings,
                       UnitAttr:$warpGroupLocal);
  let results = (outs Variadic<TTNG_TensorOrMemDesc>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let summary = "initialise an mbarrier expecting `count` arrivals";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let summary = "invalidate an mbarrier before its memory is reused";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let summary = "tell an mbarrier to expect `size` more bytes";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$alloc, I32Attr:$size,
                       I1:$pred, OptionalAttr<I32Attr>:$fromCTA);
  let assemblyFormat = "$alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let summary = "wait until the mbarrier's phase `phase` completes";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedReadWrite>:$alloc, I32:$phase,
                       Optional<I1>:$pred, Variadic<TTG_MemDescType>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)?
    attr-dict `:` qualified(type($alloc)) (`,` type($deps)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier"> {
  let summary = "arrive `count` times on an mbarrier (optionally multicast over the cluster)";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedReadWrite>:$alloc, I32Attr:$count,
                       Optional<I1>:$pred, OptionalAttr<I32Attr>:$fromCTA,
                       DefaultValuedOptionalAttr<I32Attr, "0">:$multicastCTA);
  let assemblyFormat = "$alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive"> {
  let summary = "arrive on an mbarrier once the copies issued so far complete";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$barrier,
                       UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

def TTNG_AsyncSharedStoreOp : TTNG_Op<"async_shared_store"> {
  let summary = "store a tensor into shared memory (st.async), completing on an mbarrier";
  let arguments = (ins TT_Tensor:$src, Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$dst,
                       Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$mbarrier);
  let assemblyFormat = [{
    $src `,` $dst `,` $mbarrier attr-dict `:` type($src) `->`
    qualified(type($dst)) `,` qualified(type($mbarrier))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp : TTNG_Op<"async_tma_copy_global_to_local", [
    AttrSizedOperandSegments]> {
  let summary = "start a TMA copy of the block at `coord` of a descriptor into shared memory";
  let arguments = (ins
    Arg<TTNG_AnyTensorDescType, "", [MemRead<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Variadic<I16>:$offsets,
    Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$barrier,
    Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$result,
    I1:$pred,
    UnitAttr:$multicast,
    OptionalAttr<AnyAttr>:$cachePolicy,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` (`offsets` `=` `[` $offsets^ `]`)? $result `,` $barrier `,` $pred
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp : TTNG_Op<"async_tma_copy_local_to_global"> {
  let summary = "start a TMA copy of a shared-memory buffer to the block at `coord`";
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", TTNG_SharedRead>:$src,
    OptionalAttr<AnyAttr>:$cachePolicy);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce"> {
  let summary = "atomically reduce a shared-memory buffer into the block at `coord` (TMA)";
  let arguments = (ins
    TT_DescriptorReduceKindAttr:$kind,
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", TTNG_SharedRead>:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAGatherOp : TTNG_Op<"async_tma_gather"> {
  let summary = "gather rows `x_offsets` at column `y_offset` of a descriptor into shared memory";
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>]>:$desc,
    RankedTensorOf<[I32]>:$x_offsets,
    I32:$y_offset,
    Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$barrier,
    Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$result,
    I1:$pred,
    UnitAttr:$multicast,
    OptionalAttr<AnyAttr>:$cachePolicy);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred
    attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAScatterOp : TTNG_Op<"async_tma_scatter"> {
  let summary = "scatter the rows of a shared-memory buffer to rows `x_offsets` of a descriptor";
  let arguments = (ins
    Arg<TT_TensorDescType, "", [MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>:$desc,
    RankedTensorOf<[I32]>:$x_offsets,
    I32:$y_offset,
    Arg<TTG_MemDescType, "", TTNG_SharedRead>:$src,
    OptionalAttr<AnyAttr>:$cachePolicy);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait", [TTNG_MemWaitOpTrait]> {
  let summary = "wait until at most `pendings` TMA stores are in flight";
  let arguments = (ins I32Attr:$pendings, UnitAttr:$read_only);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// tcgen05 (sm100): MMA, commit, tensor memory
//===----------------------------------------------------------------------===//

def TTNG_TCGen5MMAOp : TTNG_Op<"tc_gen5_mma", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>, AttrSizedOperandSegments]> {
  let summary = "d += a * b on the fifth-generation tensor cores, accumulating in tensor memory";
  let arguments = (ins
    TTG_MemDescType:$a,
    TTG_MemDescType:$b,
    TTG_MemDescType:$d,
    Optional<TTG_AsyncToken>:$acc_dep,
    I1:$useD,
    I1:$pred,
    Variadic<TTG_MemDescType>:$barriers,
    Variadic<I1>:$barrier_preds,
    UnitAttr:$is_async,
    UnitAttr:$two_ctas,
    UnitAttr:$multicast,
    UnitAttr:$is_unsigned);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD`,`
    $pred `` custom<BarriersAndPreds>($barriers, $barrier_preds)
    attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($d)) (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5MMAScaledOp : TTNG_Op<"tc_gen5_mma_scaled", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>, AttrSizedOperandSegments]> {
  let summary = "d += scale(a) * scale(b) on the fifth-generation tensor cores";
  let arguments = (ins
    TTG_MemDescType:$a,
    TTG_MemDescType:$b,
    TTG_MemDescType:$d,
    Optional<TTG_AsyncToken>:$acc_dep,
    TTG_MemDescType:$a_scale,
    TTG_MemDescType:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_type,
    TT_ScaleDotElemTypeAttr:$b_type,
    I1:$useD,
    I1:$pred,
    Variadic<TTG_MemDescType>:$barriers,
    Variadic<I1>:$barrier_preds,
    UnitAttr:$two_ctas,
    UnitAttr:$multicast,
    UnitAttr:$is_async);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,`
    $b_scale `,` $useD `,` $pred `lhs` `=` $a_type `rhs` `=` $b_type
    `` custom<BarriersAndPreds>($barriers, $barrier_preds)
    attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($d)) `,` qualified(type($a_scale)) `,`
    qualified(type($b_scale)) (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5CommitOp : TTNG_Op<"tc_gen5_commit", [AttrSizedOperandSegments]> {
  let summary = "make an mbarrier track the completion of the tcgen05 ops issued so far";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedWrite>:$barrier,
                       Optional<I1>:$pred, Variadic<TTG_MemDescType>:$descs);
  let assemblyFormat = [{
    $barrier (`,` $pred^)? (`descs` $descs^)? attr-dict `:`
    qualified(type($barrier)) (`,` qualified(type($descs))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMWaitOp : TTNG_Op<"tmem_wait"> {
  let summary = "wait for this thread's tensor-memory loads or stores";
  let arguments = (ins TTNG_TMEMWaitKindAttr:$kind);
  let assemblyFormat = "$kind attr-dict";
  let hasVerifier = 1;
}

def TTNG_TMEMLoadOp : TTNG_Op<"tmem_load", [AttrSizedResultSegments]> {
  let summary = "load a tensor-memory buffer into a distributed tensor (optionally reducing along N)";
  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemRead<TTNG_TensorMemory>]>:$src,
    Optional<TTG_AsyncToken>:$dep,
    OptionalAttr<TTNG_TMEMLoadReduceModifierEnum>:$redOp,
    OptionalAttr<BoolAttr>:$abs,
    OptionalAttr<BoolAttr>:$NaN);
  let results = (outs TT_Tensor:$result, Optional<TTG_AsyncToken>:$token,
                      Optional<TT_Tensor>:$red);
  let assemblyFormat = [{
    $src `` custom<Token>($dep, type($token))
    attr-dict `:` qualified(type($src)) `->` type($result) (`,` type($red)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMStoreOp : TTNG_Op<"tmem_store"> {
  let summary = "store a distributed tensor into a tensor-memory buffer";
  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_TensorMemory>]>:$dst,
    Optional<TTG_AsyncToken>:$dep,
    TT_Tensor:$src,
    I1:$pred);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred
    attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMAllocOp : TTNG_Op<"tmem_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate a tensor-memory buffer, optionally initialised from a tensor";
  let description = [{
    ```mlir
    %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins Optional<TT_Tensor>:$src);
  let results = (outs TTG_MemDescType:$result, Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTNG_TMEMSubSliceOp : TTNG_Op<"tmem_subslice", [Pure, TTNG_MemDescViewTrait]> {
  let summary = "a view of a tensor-memory buffer at column (or leading) offset `offset`";
  let arguments = (ins TTG_MemDescType:$src, I32Attr:$offset,
                       DefaultValuedAttr<I32Attr, "1">:$dim);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TTNG_TMEMCopyOp : TTNG_Op<"tmem_copy"> {
  let summary = "start copying a shared-memory buffer into tensor memory (tcgen05.cp)";
  let arguments = (ins Arg<TTG_MemDescType, "", TTNG_SharedRead>:$src,
                       Arg<TTG_MemDescType, "", [MemWrite<TTNG_TensorMemory>]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` qualified(type(operands))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA descriptors
//===----------------------------------------------------------------------===//

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "view a raw TMA descriptor pointer as a typed descriptor";
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc))  `to` qualified(type($result))
  }];
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>,
    AttrSizedOperandSegments]> {
  let summary = "write a TMA descriptor (tensormap) into global memory on the device";
  let arguments = (ins
    TT_PtrType:$desc_ptr,
    TT_PtrType:$global_address,
    Variadic<I32>:$box_dim,
    Variadic<I32>:$global_dim,
    Variadic<I64>:$global_stride,
    Variadic<I32>:$element_stride,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<15>]>:$elem_type,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$interleave_layout,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>:$swizzle_mode,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<1>]>:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,`
    `[` $box_dim `]` `,`
    `[` $global_dim `]` `,`
    `[` $global_stride `]` `,`
    `[` $element_stride `]`
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : TTNG_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "acquire fence on a tensormap written by the generic proxy";
  let arguments = (ins TT_PtrType:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

#endif // TRITIUM_TTNG_OPS
