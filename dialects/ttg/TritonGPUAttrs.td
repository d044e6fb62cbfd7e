// Encodings and memory spaces of the `ttg` dialect (declaration).
//
// Each attribute only declares its parameters here. Their verifiers, their
// linear layouts and every rule about them are Rust (dialects/src/ttg/),
// reached through one description struct (TritiumEncodingDesc in
// include/tritium/RustBridge.h). Parameters that Triton stores as a C++
// LinearLayout are stored as the in-dimension names, the number of bases per
// in-dimension, the flattened bases and the number of out-dimensions
// (`LinearLayoutParams`); a CGA layout (`CGALayout = [[...]]`) as its
// flattened `block` bases, empty for a single CTA.
#ifndef TRITIUM_TTG_ATTRS
#define TRITIUM_TTG_ATTRS

include "mlir/IR/AttrTypeBase.td"
include "ttg/TritonGPUDialect.td"

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

defvar LinearLayoutParams = (ins
  "::mlir::ArrayAttr":$inDims,
  ArrayRefParameter<"unsigned">:$basesPerDim,
  ArrayRefParameter<"int32_t">:$bases,
  "unsigned":$outRank
);
defvar CGAParam = (ins ArrayRefParameter<"int32_t">:$CGALayout);

//===----------------------------------------------------------------------===//
// Distributed encodings: where each element of a tensor lives in registers.
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TTG_Attr<"BlockedEncoding", "blocked"> {
  let summary = "tiles of sizePerThread elements per thread, tiled over lanes, warps and CTAs";
  let description = [{
    ```mlir
    #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
    ```
    `order` lists the dimensions fastest-varying first.
  }];
  let parameters = !con((ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order), CGAParam);
}

def TTG_SliceEncodingAttr : TTG_Attr<"SliceEncoding", "slice"> {
  let summary = "the parent layout with one dimension removed";
  let description = [{
    The layout of the result of reducing a tensor with layout `parent` along
    `dim`: `#ttg.slice<{dim = 1, parent = #blocked}>`.
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
}

def TTG_DotOperandEncodingAttr : TTG_Attr<"DotOperandEncoding", "dot_op"> {
  let summary = "operand `opIdx` (0 = A, 1 = B) of a dot whose result has layout `parent`";
  let description = [{
    `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`; `kWidth` (the
    number of consecutive K elements a thread holds) is omitted when 0.
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        DefaultValuedParameter<"unsigned", "0">:$kWidth);
  let hasCustomAssemblyFormat = 0;
  let assemblyFormat = "`<` `{` struct(params) `}` `>`";
}

def TTG_NvidiaMmaEncodingAttr : TTG_Attr<"NvidiaMmaEncoding", "nvidia_mma"> {
  let summary = "accumulator layout of NVIDIA tensor-core instructions";
  let description = [{
    `versionMajor` 2 is Ampere `mma.sync`, 3 Hopper `wgmma`, 5 Blackwell:
    `#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>`.
  }];
  let parameters = !con((ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                             ArrayRefParameter<"unsigned">:$warpsPerCTA),
                        CGAParam, (ins ArrayRefParameter<"unsigned">:$instrShape));
}

def TTG_AMDMfmaEncodingAttr : TTG_Attr<"AMDMfmaEncoding", "amd_mfma"> {
  let summary = "accumulator layout of AMD MFMA instructions";
  let description = [{
    `#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>`;
    `tilesPerWarp` is printed when not all ones, `elementBitWidth` when not 32.
  }];
  let parameters = !con((ins "unsigned":$version,
                             ArrayRefParameter<"unsigned">:$warpsPerCTA,
                             ArrayRefParameter<"unsigned">:$instrShape,
                             "bool":$isTransposed), CGAParam,
                        (ins ArrayRefParameter<"unsigned">:$tilesPerWarp,
                             "unsigned":$elementBitWidth));
}

def TTG_AMDWmmaEncodingAttr : TTG_Attr<"AMDWmmaEncoding", "amd_wmma"> {
  let summary = "accumulator layout of AMD WMMA instructions";
  let description = [{
    `#ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {}, instrShape = [16, 16, 32]}>`:
    `ctaLayout` is a linear layout of the instruction tiles over `register`
    and `warp`.
  }];
  let parameters = !con((ins "unsigned":$version), LinearLayoutParams,
                        (ins "bool":$isTransposed), CGAParam,
                        (ins ArrayRefParameter<"unsigned">:$instrShape));
}

def TTG_LinearEncodingAttr : TTG_Attr<"LinearEncoding", "linear"> {
  let summary = "a distributed layout given directly as a linear layout";
  let description = [{
    In-dimensions `register`, `lane`, `warp`, `block`; each basis moves in at
    most one dimension:
    `#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>`.
  }];
  let parameters = LinearLayoutParams;
}

def TTG_GenericLinearEncodingAttr : TTG_Attr<"GenericLinearEncoding", "generic_linear"> {
  let summary = "a distributed linear layout without the restrictions of #ttg.linear";
  let parameters = LinearLayoutParams;
}

//===----------------------------------------------------------------------===//
// Shared-memory encodings: how a !ttg.memdesc lays its elements out.
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr : TTG_Attr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let summary = "shared memory with XOR swizzling of `vec`-element groups";
  let description = [{
    `#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>`.
  }];
  let parameters = !con((ins "unsigned":$vec, "unsigned":$perPhase, "unsigned":$maxPhase,
                             ArrayRefParameter<"unsigned">:$order), CGAParam);
}

def TTG_AMDRotatingSharedEncodingAttr
    : TTG_Attr<"AMDRotatingSharedEncoding", "amd_rotating_shared"> {
  let summary = "AMD shared memory whose swizzle rotates between blocks of rows";
  let parameters = !con((ins "unsigned":$vec, "unsigned":$perPhase, "unsigned":$maxPhase,
                             ArrayRefParameter<"unsigned">:$order), CGAParam);
}

def TTG_NVMMASharedEncodingAttr : TTG_Attr<"NVMMASharedEncoding", "nvmma_shared"> {
  let summary = "the shared-memory layout NVIDIA wgmma/TMA read";
  let description = [{
    `#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>`;
    `fp4Padded` is printed only when true, `rank` only when not 2 and no
    `CGALayout` is printed.
  }];
  let parameters = !con((ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                             "unsigned":$elementBitWidth, "bool":$fp4Padded),
                        CGAParam, (ins "unsigned":$rank));
}

def TTG_PaddedSharedEncodingAttr : TTG_Attr<"PaddedSharedEncoding", "padded_shared"> {
  let summary = "shared memory padded by paddings[i] elements every intervals[i] elements";
  let description = [{
    `#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 64]}>`, or with
    an explicit linear component `{offset = [...], block = [...]}`.
  }];
  let parameters = !con((ins ArrayRefParameter<"unsigned">:$intervals,
                             ArrayRefParameter<"unsigned">:$paddings), LinearLayoutParams);
}

def TTG_PartitionedSharedEncodingAttr
    : TTG_Attr<"PartitionedSharedEncoding", "partitioned_shared"> {
  let summary = "a tensor split along one dimension into separately placed partitions";
  let parameters = (ins "unsigned":$numPartitions, "unsigned":$numGroups,
                        "unsigned":$partitionDim, "::mlir::Attribute":$partitionLayout);
}

def TTG_SharedLinearEncodingAttr : TTG_Attr<"SharedLinearEncoding", "shared_linear"> {
  let summary = "a shared-memory layout given directly as a linear layout";
  let description = [{
    `#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]], block = []}, alignment = 16>`.
  }];
  let parameters = !con(LinearLayoutParams, (ins "unsigned":$alignment));
}

def TTG_SharedMemorySpaceAttr : AttrDef<TritonGPU_Dialect, "SharedMemorySpace"> {
  let mnemonic = "shared_memory";
  let summary = "the shared-memory space of a !ttg.memdesc";
  let assemblyFormat = "";
}

#endif // TRITIUM_TTG_ATTRS
