//===- TritonNvidiaGPUDialect.cpp - The `ttng` dialect: generated code and glue ===//
//
// The only translation unit that includes the generated `ttng` definitions.
// Syntax and plumbing only: the custom directives of the op formats, the
// descriptor type's format, the CGA-layout parameter, memory effects, the
// aliases. Every verifier (ops, attributes, the type) is Rust
// (spec/nvidia/src/ttng.rs).
//
//===----------------------------------------------------------------------===//

#include "TritonNvidiaGPUDialect.h"
#include "tritium-c/Dialects.h"
#include "tritium/DialectInliner.h"
#include "tritium/Glue.h"
#include "tritium/ParseNesting.h"
#include "tritium/RustBridge.h"
#include "tritium/TensorDescSyntax.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

extern "C" {
/// Rust (spec/nvidia/src/ttng.rs): verifies the parameters of a `ttng`
/// attribute or type `kind` ("cga", "tensor_memory_encoding",
/// "tensor_memory_scales_encoding", "cache_policy", "tensordesc_im2col"),
/// given as integers (`ints`), a flattened rank-2 CGA layout and a float.
bool tritium_ttng_verify_params(MlirStringRef kind, const int64_t *ints, intptr_t numInts,
                                const int32_t *cga, intptr_t cgaSize, double fraction,
                                TritiumReportFn report, void *userData);
}

namespace {
LogicalResult verifyParams(function_ref<InFlightDiagnostic()> emitError, StringRef kind,
                           ArrayRef<int64_t> ints, ArrayRef<int32_t> cga = {},
                           double fraction = 0.0) {
  tritium::DiagReport report{emitError};
  return success(tritium_ttng_verify_params(wrap(kind), ints.data(), ints.size(),
                                            cga.data(), cga.size(), fraction,
                                            &tritium::DiagReport::callback, &report));
}
} // namespace

//===----------------------------------------------------------------------===//
// Attributes and the im2col descriptor type
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int32_t>> mlir::triton::nvidia_gpu::parseCGALayoutRankTwo(
    AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> flat;
  SmallVector<int64_t> lengths;
  auto basis = [&]() -> ParseResult {
    int64_t length = 0;
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
          ++length;
          return parser.parseInteger(flat.emplace_back());
        }))
      return failure();
    lengths.push_back(length);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, basis))
    return failure();
  // Every basis has two entries, else the layout is not of rank 2.
  for (int64_t length : lengths)
    if (length != 2)
      return parser.emitError(loc, "'CGALayout' entry length does not match rank 2");
  if (failed(verifyParams([&] { return parser.emitError(loc); }, "cga", {}, flat)))
    return failure();
  return flat;
}

void mlir::triton::nvidia_gpu::printCGALayoutRankTwo(AsmPrinter &printer,
                                                     ArrayRef<int32_t> bases) {
  printer << "[";
  for (size_t i = 0; i + 1 < bases.size(); i += 2) {
    if (i)
      printer << ", ";
    printer << "[" << bases[i] << ", " << bases[i + 1] << "]";
  }
  printer << "]";
}

LogicalResult nvidia_gpu::CachePolicyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                      CacheModifier cacheModifier,
                                      CacheEvictionPriority l1,
                                      CacheEvictionPriority l2Primary,
                                      CacheEvictionPriority l2Secondary,
                                      FloatAttr l2Fraction, IntegerAttr l2PrefetchSize) {
  bool fractionF32 = l2Fraction && l2Fraction.getType().isF32();
  bool prefetchI32 = l2PrefetchSize && l2PrefetchSize.getType().isSignlessInteger(32);
  int64_t ints[] = {static_cast<int64_t>(cacheModifier),
                    static_cast<int64_t>(l1),
                    static_cast<int64_t>(l2Primary),
                    static_cast<int64_t>(l2Secondary),
                    l2Fraction != nullptr,
                    fractionF32,
                    l2PrefetchSize != nullptr,
                    prefetchI32 ? l2PrefetchSize.getInt() : -1};
  return verifyParams(emitError, "cache_policy", ints, {},
                      l2Fraction ? l2Fraction.getValueAsDouble() : 0.0);
}

LogicalResult TensorMemoryEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                               unsigned blockM, unsigned blockN,
                                               unsigned colStride, ArrayRef<int32_t> cga,
                                               bool twoCTAs, bool fp4Padded) {
  int64_t ints[] = {blockM, blockN, colStride, twoCTAs, fp4Padded};
  return verifyParams(emitError, "tensor_memory_encoding", ints, cga);
}

LogicalResult TensorMemoryScalesEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int32_t> cga,
    TensorMemoryScalesBlockRepOrder blockRepOrder) {
  int64_t ints[] = {static_cast<int64_t>(blockRepOrder)};
  return verifyParams(emitError, "tensor_memory_scales_encoding", ints, cga);
}

Type TensorDescIm2ColType::parse(AsmParser &parser) {
  return tritium::parseTensorDescSyntax<TensorDescIm2ColType>(parser);
}

void TensorDescIm2ColType::print(AsmPrinter &printer) const {
  tritium::printTensorDescSyntax(printer, *this);
}

LogicalResult TensorDescIm2ColType::verify(function_ref<InFlightDiagnostic()> emitError,
                                           ArrayRef<int64_t> shape, Type elementType,
                                           Attribute) {
  if (!elementType)
    return emitError() << "tensor descriptor requires an element type";
  return verifyParams(emitError, "tensordesc_im2col", shape);
}

//===----------------------------------------------------------------------===//
// Ops: verifiers delegate to Rust; custom directives and memory effects.
//===----------------------------------------------------------------------===//

#define TRITIUM_VERIFY(OP, NAME)                                               \
  LogicalResult OP::verify() { return tritium::verifyWithRust(NAME, *this); }
TRITIUM_VERIFY(PackedArithOp, "ttng.packed_arith")
TRITIUM_VERIFY(FenceMBarrierInitReleaseClusterOp, "ttng.fence_mbarrier_init_release_cluster")
TRITIUM_VERIFY(ClusterBarrierOp, "ttng.cluster_barrier")
TRITIUM_VERIFY(CLCTryCancelSyncOp, "ttng.clc_try_cancel_sync")
TRITIUM_VERIFY(CLCTryCancelOp, "ttng.clc_try_cancel")
TRITIUM_VERIFY(CLCLoadResultOp, "ttng.clc_load_result")
TRITIUM_VERIFY(WarpGroupDotOp, "ttng.warp_group_dot")
TRITIUM_VERIFY(WarpGroupDotWaitOp, "ttng.warp_group_dot_wait")
TRITIUM_VERIFY(InitBarrierOp, "ttng.init_barrier")
TRITIUM_VERIFY(InvalBarrierOp, "ttng.inval_barrier")
TRITIUM_VERIFY(BarrierExpectOp, "ttng.barrier_expect")
TRITIUM_VERIFY(WaitBarrierOp, "ttng.wait_barrier")
TRITIUM_VERIFY(ArriveBarrierOp, "ttng.arrive_barrier")
TRITIUM_VERIFY(AsyncSharedStoreOp, "ttng.async_shared_store")
TRITIUM_VERIFY(AsyncTMACopyGlobalToLocalOp, "ttng.async_tma_copy_global_to_local")
TRITIUM_VERIFY(AsyncTMACopyLocalToGlobalOp, "ttng.async_tma_copy_local_to_global")
TRITIUM_VERIFY(AsyncTMAReduceOp, "ttng.async_tma_reduce")
TRITIUM_VERIFY(AsyncTMAGatherOp, "ttng.async_tma_gather")
TRITIUM_VERIFY(AsyncTMAScatterOp, "ttng.async_tma_scatter")
TRITIUM_VERIFY(TCGen5MMAOp, "ttng.tc_gen5_mma")
TRITIUM_VERIFY(TCGen5MMAScaledOp, "ttng.tc_gen5_mma_scaled")
TRITIUM_VERIFY(TCGen5CommitOp, "ttng.tc_gen5_commit")
TRITIUM_VERIFY(TMEMWaitOp, "ttng.tmem_wait")
TRITIUM_VERIFY(TMEMLoadOp, "ttng.tmem_load")
TRITIUM_VERIFY(TMEMStoreOp, "ttng.tmem_store")
TRITIUM_VERIFY(TMEMAllocOp, "ttng.tmem_alloc")
TRITIUM_VERIFY(TMEMSubSliceOp, "ttng.tmem_subslice")
TRITIUM_VERIFY(TMEMCopyOp, "ttng.tmem_copy")
#undef TRITIUM_VERIFY

LogicalResult TensormapCreateOp::verify() {
  // Triton reports these without the op-name prefix.
  auto emit = [this] { return emitError(); };
  tritium::DiagReport report{emit};
  StringRef hook = "ttng.tensormap_create";
  return success(tritium_verify(wrap(hook), wrap(getOperation()),
                                &tritium::DiagReport::callback, &report));
}

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  // The results are the waited-on values, unchanged.
  for (Value operand : operands)
    inferredReturnTypes.push_back(operand.getType());
  return success();
}

namespace {
bool inTensorMemory(Value value) {
  auto type = dyn_cast<MemDescType>(value.getType());
  return type && isa_and_present<TensorMemorySpaceAttr>(type.getMemorySpace());
}

template <typename Effect>
void addMemoryEffect(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects,
    OpOperand &operand) {
  if (!isa<MemDescType>(operand.get().getType()))
    return;
  if (inTensorMemory(operand.get()))
    effects.emplace_back(Effect::get(), &operand, TensorMemory::get());
  else
    effects.emplace_back(Effect::get(), &operand, SharedMemory::get());
}

template <typename MMAOp>
void mmaEffects(MMAOp op,
                SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  addMemoryEffect<MemoryEffects::Read>(effects, op.getDMutable());
  addMemoryEffect<MemoryEffects::Write>(effects, op.getDMutable());
  addMemoryEffect<MemoryEffects::Read>(effects, op.getAMutable());
  addMemoryEffect<MemoryEffects::Read>(effects, op.getBMutable());
  for (OpOperand &barrier : op.getBarriersMutable())
    addMemoryEffect<MemoryEffects::Write>(effects, barrier);
}
} // namespace

void WarpGroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  addMemoryEffect<MemoryEffects::Read>(effects, getAMutable());
  addMemoryEffect<MemoryEffects::Read>(effects, getBMutable());
}

void TCGen5MMAOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  mmaEffects(*this, effects);
}

void TCGen5MMAScaledOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  mmaEffects(*this, effects);
  addMemoryEffect<MemoryEffects::Read>(effects, getAScaleMutable());
  addMemoryEffect<MemoryEffects::Read>(effects, getBScaleMutable());
}

void TMEMAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  // As ttg.local_alloc: an immutable buffer initialised from a tensor is a
  // value and may go when unused.
  auto result = cast<OpResult>(getResult());
  effects.emplace_back(MemoryEffects::Allocate::get(), result, TensorMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), result, TensorMemory::get());
}

/// `[%dep]`, `[]` or nothing: the optional async token of the tcgen05 ops.
static ParseResult parseToken(OpAsmParser &parser,
                              std::optional<OpAsmParser::UnresolvedOperand> &dep,
                              Type &token) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  token = parser.getBuilder().getType<AsyncTokenType>();
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  if (parser.parseOperand(dep.emplace()) || parser.parseRSquare())
    return failure();
  return success();
}

static void printToken(OpAsmPrinter &printer, Operation *, Value dep, Type token) {
  if (!token)
    return;
  printer << "[";
  if (dep)
    printer << dep;
  printer << "]";
}

/// `, %barrier[%pred]` repeated: the completion barriers of the tcgen05 MMAs.
static ParseResult
parseBarriersAndPreds(OpAsmParser &parser,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &barriers,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &preds) {
  while (succeeded(parser.parseOptionalComma())) {
    if (parser.parseOperand(barriers.emplace_back()) || parser.parseLSquare() ||
        parser.parseOperand(preds.emplace_back()) || parser.parseRSquare())
      return failure();
  }
  return success();
}

static void printBarriersAndPreds(OpAsmPrinter &printer, Operation *,
                                  OperandRange barriers, OperandRange preds) {
  // The verifier reports unequal counts; print what there is.
  for (auto [barrier, pred] : llvm::zip(barriers, preds))
    printer << ", " << barrier << "[" << pred << "]";
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

namespace {
/// Triton's aliases of the tensor-memory encodings: #tmem, #tmem_scales.
struct TritonNvidiaGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TensorMemoryEncodingAttr>(attr)) {
      os << "tmem";
      return AliasResult::FinalAlias;
    }
    if (isa<TensorMemoryScalesEncodingAttr>(attr)) {
      os << "tmem_scales";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

#include "TritonNvidiaGPUDialect.cpp.inc"
#include "TritonNvidiaGPUEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "TritonNvidiaGPUAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "TritonNvidiaGPUTypes.cpp.inc"
#define GET_OP_CLASSES
#include "TritonNvidiaGPUOps.cpp.inc"

void TritonNvidiaGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TritonNvidiaGPUAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "TritonNvidiaGPUTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TritonNvidiaGPUOps.cpp.inc"
      >();
  addInterfaces<TritonNvidiaGPUOpAsmInterface, tritium::OpsInlineAnywhere>();
}

LogicalResult TritonNvidiaGPUDialect::verifyOperationAttribute(Operation *,
                                                               NamedAttribute) {
  // `ttng.*` discardable attributes ("ttng.two-ctas" on the module) are
  // accepted as they are, as Triton does.
  return success();
}

/// The registration the core calls (cmake/TritiumDialects.cmake).
void tritium_nvidia_register_dialects(DialectRegistry &registry);
/// The `nvg` dialect (TritonNVGPUDialect.cpp).
void tritium_nvidia_register_nvg_dialect(DialectRegistry &registry);
void tritium_nvidia_register_dialects(DialectRegistry &registry) {
  registry.insert<TritonNvidiaGPUDialect>();
  tritium_nvidia_register_nvg_dialect(registry);
}

//===----------------------------------------------------------------------===//
// C API (tritium-c/Dialects.h)
//===----------------------------------------------------------------------===//

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TritonNvidiaGPU, ttng,
                                      mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect)
