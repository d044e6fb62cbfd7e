//===- TritonGPUDialect.cpp - The `ttg` dialect: generated code and the C++ glue ===//
//
// The only translation unit that includes the generated `ttg` definitions.
// What is here is plumbing: the custom op formats, the ops' hooks into Rust,
// the dialect and its C API. The encodings' and !ttg.memdesc's syntax and
// their translation to the flat TritiumEncodingDesc that Rust reads are in
// TritonGPUEncodings.cpp.
// Every rule (verifiers of encodings, types and ops, layout checks, folders)
// is Rust (dialects/src/ttg/).
//
//===----------------------------------------------------------------------===//

#include "EncodingDesc.h"
#include "tritium/TritonGPUDialect.h"
#include "tritium-c/TritonGPU.h"
#include "tritium/DialectInliner.h"
#include "tritium/Glue.h"
#include "tritium/ParseNesting.h"
#include "tritium/RustBridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Ops: verifiers and folders delegate to Rust; custom formats and effects.
//===----------------------------------------------------------------------===//

#define TRITIUM_VERIFY(OP, NAME)                                               \
  LogicalResult OP::verify() { return tritium::verifyWithRust(NAME, *this); }
TRITIUM_VERIFY(ConvertLayoutOp, "ttg.convert_layout")
TRITIUM_VERIFY(InlineAsmOp, "ttg.inline_asm")
TRITIUM_VERIFY(AsyncCopyGlobalToLocalOp, "ttg.async_copy_global_to_local")
TRITIUM_VERIFY(LocalAllocOp, "ttg.local_alloc")
TRITIUM_VERIFY(LocalLoadOp, "ttg.local_load")
TRITIUM_VERIFY(LocalStoreOp, "ttg.local_store")
TRITIUM_VERIFY(LocalGatherOp, "ttg.local_gather")
TRITIUM_VERIFY(LocalScatterOp, "ttg.local_scatter")
TRITIUM_VERIFY(LocalAtomicScatterRMWOp, "ttg.local_atomic_scatter_rmw")
TRITIUM_VERIFY(MemDescIndexOp, "ttg.memdesc_index")
TRITIUM_VERIFY(MemDescSubsliceOp, "ttg.memdesc_subslice")
TRITIUM_VERIFY(MemDescTransOp, "ttg.memdesc_trans")
TRITIUM_VERIFY(MemDescReshapeOp, "ttg.memdesc_reshape")
TRITIUM_VERIFY(MemDescReinterpretOp, "ttg.memdesc_reinterpret")
TRITIUM_VERIFY(Fp4ToFpOp, "ttg.fp4_to_fp")
TRITIUM_VERIFY(WarpSpecializeOp, "ttg.warp_specialize")
TRITIUM_VERIFY(WarpSpecializePartitionsOp, "ttg.warp_specialize.partitions")
TRITIUM_VERIFY(WarpYieldOp, "ttg.warp_yield")
#undef TRITIUM_VERIFY

#define TRITIUM_FOLD(OP)                                                       \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return tritium::foldWithRust(*this, adaptor.getOperands());                \
  }
TRITIUM_FOLD(MemDescSubsliceOp)
TRITIUM_FOLD(LocalAllocOp)
TRITIUM_FOLD(MemDescTransOp)
TRITIUM_FOLD(MemDescReinterpretOp)
#undef TRITIUM_FOLD

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *) {
  tritium::addRustPatterns(getOperationName(), patterns);
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  // As in Triton: an immutable buffer is a value (no effects, so CSE merges
  // equal copies and DCE drops unused ones) until allocation has placed it
  // (`allocation.offset`).
  if (!getType().getMutableMemory() && !(*this)->hasAttr("allocation.offset"))
    return;
  auto result = cast<OpResult>(getResult());
  effects.emplace_back(MemoryEffects::Allocate::get(), result, SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), result, SharedMemory::get());
}

void InlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), SharedMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), SharedMemory::get());
}

/// `[0, 32]`: the offsets of memdesc_subslice.
static ParseResult parseOffsets(OpAsmParser &parser, DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        return parser.parseInteger(values.emplace_back());
      }))
    return failure();
  offsets = DenseI32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *, DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

ParseResult BarrierOp::parse(OpAsmParser &parser, OperationState &result) {
  // `local|global_read`, or `none`.
  AddrSpace spaces = AddrSpace::None;
  do {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return failure();
    std::optional<AddrSpace> space = symbolizeAddrSpace(keyword);
    if (!space)
      return parser.emitError(loc, "unknown address space '") << keyword << "'";
    spaces = spaces | *space;
  } while (succeeded(parser.parseOptionalVerticalBar()));
  result.addAttribute(getAddrSpaceAttrName(result.name),
                      AddrSpaceAttr::get(parser.getContext(), spaces));
  return parser.parseOptionalAttrDict(result.attributes);
}

void BarrierOp::print(OpAsmPrinter &printer) {
  // `all` is a case of its own; the generic bit-enum printer would list every
  // space and then `all` as well.
  if (getAddrSpace() == AddrSpace::All)
    printer << " all";
  else
    printer << " " << stringifyAddrSpace(getAddrSpace());
  printer.printOptionalAttrDict((*this)->getAttrs(), {getAddrSpaceAttrName()});
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, AsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default") || parser.parseRegion(*result.addRegion()))
    return failure();

  // The partitions op is located at its first `partitionN` keyword, where
  // Triton reports its diagnostics.
  OperationState partitions(parser.getEncodedSourceLoc(parser.getCurrentLocation()),
                            WarpSpecializePartitionsOp::getOperationName());
  SmallVector<int32_t> numWarps;
  SmallVector<OpAsmParser::Argument> arguments;
  while (succeeded(parser.parseOptionalKeyword(
      ("partition" + Twine(numWarps.size())).str()))) {
    arguments.clear();
    if (parser.parseArgumentList(arguments, AsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(numWarps.emplace_back()) || parser.parseRParen() ||
        parser.parseRegion(*partitions.addRegion(), arguments))
      return failure();
  }
  FunctionType type;
  if (parser.parseColon() || parser.parseType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             partitions.operands))
    return failure();
  result.addTypes(type.getResults());
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));
  Block &holder = result.addRegion()->emplaceBlock();
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToStart(&holder);
  builder.create(partitions);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  auto partitions = dyn_cast_or_null<WarpSpecializePartitionsOp>(
      getPartitionOpHolder().empty() ? nullptr
                                     : &getPartitionOpHolder().front().front());
  printer << "(";
  if (partitions)
    printer.printOperands(partitions.getExplicitCaptures());
  printer << ")";
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getPartitionNumWarpsAttrName()});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  SmallVector<Type> captureTypes;
  if (partitions) {
    for (auto [i, region, numWarps] :
         llvm::enumerate(partitions.getPartitionRegions(), getPartitionNumWarps())) {
      printer.printNewline();
      printer << "partition" << i << "(";
      llvm::interleaveComma(region.getArguments(), printer,
                            [&](BlockArgument arg) { printer.printRegionArgument(arg); });
      printer << ") num_warps(" << numWarps << ") ";
      printer.printRegion(region, /*printEntryBlockArgs=*/false);
    }
    for (Value capture : partitions.getExplicitCaptures())
      captureTypes.push_back(capture.getType());
  }
  printer << " : ";
  printer.printFunctionalType(captureTypes, getResultTypes());
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

namespace {
/// Prints encodings under Triton's aliases: #blocked, #mma, #shared, #smem,
/// #linear; slice and dot_op encodings are printed inline.
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    StringRef alias =
        TypeSwitch<Attribute, StringRef>(attr)
            .Case<BlockedEncodingAttr>([](auto) { return "blocked"; })
            .Case<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr, AMDWmmaEncodingAttr>(
                [](auto) { return "mma"; })
            .Case<SwizzledSharedEncodingAttr, AMDRotatingSharedEncodingAttr,
                  NVMMASharedEncodingAttr, PaddedSharedEncodingAttr,
                  PartitionedSharedEncodingAttr, SharedLinearEncodingAttr>(
                [](auto) { return "shared"; })
            .Case<SharedMemorySpaceAttr>([](auto) { return "smem"; })
            .Case<LinearEncodingAttr>([](auto) { return "linear"; })
            .Case<GenericLinearEncodingAttr>([](auto) { return "generic_linear"; })
            .Default([](Attribute) { return StringRef(); });
    if (alias.empty())
      return AliasResult::NoAlias;
    os << alias;
    return AliasResult::FinalAlias;
  }
};

bool hookDescribeEncoding(MlirAttribute attr, TritiumEncodingDesc *desc) {
  *desc = tritium::ttg::describe(unwrap(attr));
  return desc->kind != TRITIUM_ENC_NONE;
}

MlirAttribute hookBuildEncoding(MlirContext ctx, const TritiumEncodingDesc *desc) {
  return wrap(tritium::ttg::build(unwrap(ctx), *desc));
}

bool hookDescribeMemDesc(MlirType type, TritiumMemDescDesc *desc) {
  auto memdesc = dyn_cast<MemDescType>(unwrap(type));
  if (!memdesc)
    return false;
  *desc = tritium::ttg::describeMemDesc(memdesc.getShape(), memdesc.getElementType(),
                          memdesc.getEncoding(), memdesc.getMemorySpace(),
                          memdesc.getMutableMemory(), memdesc.getAllocShape());
  return true;
}

MlirType hookBuildMemDesc(MlirContext ctx, const TritiumMemDescDesc *desc) {
  auto silent = [] { return InFlightDiagnostic(); };
  ArrayRef<int64_t> shape(desc->shape, desc->rank);
  ArrayRef<int64_t> allocShape(desc->allocShape, desc->allocRank);
  return wrap(MemDescType::getChecked(silent, unwrap(ctx), shape, unwrap(desc->elementType),
                                      unwrap(desc->encoding), unwrap(desc->memorySpace),
                                      desc->mutableMemory,
                                      allocShape.empty() ? shape : allocShape));
}
} // namespace

#include "ttg/TritonGPUDialect.cpp.inc"
#include "ttg/TritonGPUEnums.cpp.inc"
#define GET_OP_CLASSES
#include "ttg/TritonGPUOps.cpp.inc"


void TritonGPUDialect::initialize() {
  TritiumTTGHooks hooks{wrap(TypeID::get<MemDescType>()),
                        wrap(TypeID::get<AsyncTokenType>()),
                        hookDescribeEncoding,
                        hookBuildEncoding,
                        hookDescribeMemDesc,
                        hookBuildMemDesc};
  tritium_register_ttg_hooks(&hooks);
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "ttg/TritonGPUOps.cpp.inc"
      >();
  addInterfaces<TritonGPUOpAsmInterface, tritium::OpsInlineAnywhere>();
}

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  auto emit = [op] { return op->emitOpError(); };
  tritium::DiagReport report{emit};
  return success(tritium_ttg_verify_op_attribute(wrap(op), wrap(attr.getName().strref()),
                                                 wrap(attr.getValue()),
                                                 &tritium::DiagReport::callback, &report));
}

//===----------------------------------------------------------------------===//
// C API (tritium-c/TritonGPU.h): needs the generated attribute storage.
//===----------------------------------------------------------------------===//

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TritonGPU, ttg, mlir::triton::gpu::TritonGPUDialect)

// Every function checks its handles: a null or wrong-kind handle gives a null
// handle, false or -1 (as tritium-c/TritonGPU.h says), never a crash.
namespace {
/// Field `which` of a blocked encoding (0 sizePerThread, 1 threadsPerWarp,
/// 2 warpsPerCTA, 3 order); nullopt if `attr` is not one.
std::optional<ArrayRef<unsigned>> blockedField(MlirAttribute attr, int which) {
  auto blocked = dyn_cast_if_present<BlockedEncodingAttr>(unwrap(attr));
  if (!blocked)
    return std::nullopt;
  switch (which) {
  case 0:
    return blocked.getSizePerThread();
  case 1:
    return blocked.getThreadsPerWarp();
  case 2:
    return blocked.getWarpsPerCTA();
  default:
    return blocked.getOrder();
  }
}

/// Copies up to `capacity` values into `out` (nothing when `out` is NULL);
/// returns their number, or -1 when there are none (wrong kind).
template <typename T>
intptr_t copyOut(std::optional<ArrayRef<T>> values, T *out, intptr_t capacity) {
  if (!values)
    return -1;
  for (intptr_t i = 0; out && i < capacity && i < static_cast<intptr_t>(values->size()); ++i)
    out[i] = (*values)[i];
  return values->size();
}
} // namespace

bool mlirAttributeIsATritonGPUEncoding(MlirAttribute attr) {
  return unwrap(attr) && tritium::ttg::describe(unwrap(attr)).kind != TRITIUM_ENC_NONE;
}

bool mlirAttributeIsATritonGPUBlockedEncoding(MlirAttribute attr) {
  return isa_and_present<BlockedEncodingAttr>(unwrap(attr));
}

MlirAttribute mlirTritonGPUBlockedEncodingGet(MlirContext ctx, intptr_t rank,
                                              const unsigned *sizePerThread,
                                              const unsigned *threadsPerWarp,
                                              const unsigned *warpsPerCTA,
                                              const unsigned *order) {
  MLIRContext *context = unwrap(ctx);
  if (!context || rank < 0 || (rank > 0 && !(sizePerThread && threadsPerWarp && warpsPerCTA && order)))
    return MlirAttribute{nullptr};
  auto at = [rank](const unsigned *data) { return ArrayRef<unsigned>(data, rank); };
  return wrap(BlockedEncodingAttr::getChecked(
      [context] { return emitError(UnknownLoc::get(context)); }, context,
      at(sizePerThread), at(threadsPerWarp), at(warpsPerCTA), at(order),
      ArrayRef<int32_t>()));
}

intptr_t mlirTritonGPUBlockedEncodingGetRank(MlirAttribute attr) {
  return copyOut<unsigned>(blockedField(attr, 3), nullptr, 0);
}

intptr_t mlirTritonGPUBlockedEncodingGetSizePerThread(MlirAttribute attr, unsigned *out,
                                                      intptr_t capacity) {
  return copyOut(blockedField(attr, 0), out, capacity);
}

intptr_t mlirTritonGPUBlockedEncodingGetThreadsPerWarp(MlirAttribute attr, unsigned *out,
                                                       intptr_t capacity) {
  return copyOut(blockedField(attr, 1), out, capacity);
}

intptr_t mlirTritonGPUBlockedEncodingGetWarpsPerCTA(MlirAttribute attr, unsigned *out,
                                                    intptr_t capacity) {
  return copyOut(blockedField(attr, 2), out, capacity);
}

intptr_t mlirTritonGPUBlockedEncodingGetOrder(MlirAttribute attr, unsigned *out,
                                              intptr_t capacity) {
  return copyOut(blockedField(attr, 3), out, capacity);
}

MlirAttribute mlirTritonGPUSharedMemorySpaceGet(MlirContext ctx) {
  if (mlirContextIsNull(ctx))
    return MlirAttribute{nullptr};
  return wrap(SharedMemorySpaceAttr::get(unwrap(ctx)));
}

bool mlirTypeIsATritonGPUMemDesc(MlirType type) {
  return isa_and_present<MemDescType>(unwrap(type));
}

MlirType mlirTritonGPUMemDescTypeGet(intptr_t rank, const int64_t *shape,
                                     MlirType elementType, MlirAttribute encoding,
                                     MlirAttribute memorySpace, bool mutableMemory) {
  Type element = unwrap(elementType);
  // The verifier reports a missing memory space or a non-layout encoding; a
  // null encoding or a handle of another context is refused here.
  if (!element || !unwrap(encoding) || rank < 0 || (rank > 0 && !shape) ||
      unwrap(encoding).getContext() != element.getContext() ||
      (unwrap(memorySpace) && unwrap(memorySpace).getContext() != element.getContext()))
    return MlirType{nullptr};
  MLIRContext *context = element.getContext();
  ArrayRef<int64_t> dims(shape, rank);
  return wrap(MemDescType::getChecked(
      [context] { return emitError(UnknownLoc::get(context)); }, context, dims, element,
      unwrap(encoding), unwrap(memorySpace), mutableMemory, dims));
}

intptr_t mlirTritonGPUMemDescTypeGetRank(MlirType type) {
  auto desc = dyn_cast_if_present<MemDescType>(unwrap(type));
  return desc ? static_cast<intptr_t>(desc.getShape().size()) : -1;
}

int64_t mlirTritonGPUMemDescTypeGetDimSize(MlirType type, intptr_t pos) {
  auto desc = dyn_cast_if_present<MemDescType>(unwrap(type));
  if (!desc || pos < 0 || pos >= static_cast<intptr_t>(desc.getShape().size()))
    return -1;
  return desc.getShape()[pos];
}

MlirType mlirTritonGPUMemDescTypeGetElementType(MlirType type) {
  auto desc = dyn_cast_if_present<MemDescType>(unwrap(type));
  return wrap(desc ? desc.getElementType() : Type());
}

MlirAttribute mlirTritonGPUMemDescTypeGetEncoding(MlirType type) {
  auto desc = dyn_cast_if_present<MemDescType>(unwrap(type));
  return wrap(desc ? desc.getEncoding() : Attribute());
}

MlirAttribute mlirTritonGPUMemDescTypeGetMemorySpace(MlirType type) {
  auto desc = dyn_cast_if_present<MemDescType>(unwrap(type));
  return wrap(desc ? desc.getMemorySpace() : Attribute());
}

bool mlirTritonGPUMemDescTypeIsMutable(MlirType type) {
  auto desc = dyn_cast_if_present<MemDescType>(unwrap(type));
  return desc && desc.getMutableMemory();
}

intptr_t mlirTritonGPUMemDescTypeGetAllocShape(MlirType type, int64_t *out,
                                               intptr_t capacity) {
  auto desc = dyn_cast_if_present<MemDescType>(unwrap(type));
  return copyOut<int64_t>(desc ? std::optional(desc.getAllocShape()) : std::nullopt, out,
                          capacity);
}
