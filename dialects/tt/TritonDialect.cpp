//===- TritonDialect.cpp - The `tt` dialect: generated code and the C++ glue ===//
//
// The only translation unit that includes the generated `tt` definitions.
// Everything semantic (verifiers, folders, type inference, canonicalization
// patterns) is a call into Rust through include/tritium/RustBridge.h; what is
// left here is what MLIR's C++ API requires: parsers/printers that ODS cannot
// declare, interface glue and registration.
//
//===----------------------------------------------------------------------===//

#include "tritium/TritonDialect.h"
#include "tritium-c/Dialects.h"
#include "tritium/Glue.h"
#include "tritium/ParseNesting.h"
#include "tritium/RustBridge.h"
#include "tritium/TensorDescSyntax.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

//===----------------------------------------------------------------------===//
// Bridge helpers shared by every dialect of the library (declared in Glue.h).
//===----------------------------------------------------------------------===//

namespace {
/// Collects the messages Rust reports and emits them as one op error.
struct OpReport {
  Operation *op;
  bool reported = false;
  static void callback(void *userData, MlirStringRef message) {
    auto *self = static_cast<OpReport *>(userData);
    // An empty message: Rust has already emitted the diagnostic itself (on a
    // nested op, where Triton reports it).
    if (message.length != 0)
      self->op->emitOpError(StringRef(message.data, message.length));
    self->reported = true;
  }
};
} // namespace

void tritium::DiagReport::callback(void *userData, MlirStringRef message) {
  static_cast<DiagReport *>(userData)->emit() << StringRef(message.data, message.length);
}
using LocReport = tritium::DiagReport;

LogicalResult tritium::verifyWithRust(StringRef hook, Operation *op) {
  OpReport report{op};
  if (tritium_verify(MlirStringRef{hook.data(), hook.size()}, wrap(op),
                     &OpReport::callback, &report))
    return success();
  if (!report.reported)
    op->emitOpError("failed verification (") << hook << ")";
  return failure();
}

LogicalResult mlir::triton::OpTrait::verifyWithRust(StringRef hook, Operation *op) {
  return tritium::verifyWithRust(hook, op);
}

OpFoldResult tritium::foldWithRust(Operation *op, ArrayRef<Attribute> constants) {
  SmallVector<MlirAttribute> wrapped;
  wrapped.reserve(constants.size());
  for (Attribute attr : constants)
    wrapped.push_back(wrap(attr));
  MlirAttribute attr{nullptr};
  MlirValue value{nullptr};
  switch (tritium_fold(wrap(op), wrapped.data(), wrapped.size(), &attr, &value)) {
  case 1:
    return unwrap(attr);
  case 2:
    return unwrap(value);
  default:
    return {};
  }
}

LogicalResult tritium::inferWithRust(StringRef opName, MLIRContext *context,
                                     std::optional<Location> location,
                                     ValueRange operands, int64_t axis,
                                     ArrayRef<int32_t> order,
                                     SmallVectorImpl<Type> &results) {
  SmallVector<MlirType> operandTypes;
  for (Value operand : operands)
    operandTypes.push_back(wrap(operand.getType()));
  TritiumInferRequest request{MlirStringRef{opName.data(), opName.size()},
                              wrap(context),
                              operandTypes.data(),
                              static_cast<intptr_t>(operandTypes.size()),
                              axis,
                              order.data(),
                              static_cast<intptr_t>(order.size())};
  SmallVector<MlirType, 4> inferred(std::max<size_t>(operands.size(), 2));
  intptr_t count = 0;
  auto emit = [&]() -> InFlightDiagnostic {
    return location ? emitError(*location) : emitError(UnknownLoc::get(context));
  };
  LocReport report{emit};
  if (!tritium_infer_types(&request, inferred.data(), inferred.size(), &count,
                           &LocReport::callback, &report))
    return failure();
  for (intptr_t i = 0; i < count; ++i)
    results.push_back(unwrap(inferred[i]));
  return success();
}

namespace {
/// A canonicalization pattern implemented in Rust, identified by its index
/// in the Rust pattern registry.
class RustPattern : public RewritePattern {
public:
  RustPattern(intptr_t index, StringRef name, StringRef root, uint16_t benefit,
              MLIRContext *context)
      : RewritePattern(root, benefit, context), index(index) {
    setDebugName(name);
  }
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const final {
    return success(tritium_pattern_apply(index, wrap(op), wrap(&rewriter)));
  }

private:
  intptr_t index;
};
} // namespace

/// Adds the composed Rust patterns whose root `keep` accepts.
static void addRustPatternsWhere(RewritePatternSet &patterns,
                                 function_ref<bool(StringRef)> keep) {
  intptr_t count = tritium_pattern_count();
  for (intptr_t i = 0; i < count; ++i) {
    MlirStringRef name, root;
    uint16_t benefit = 1;
    tritium_pattern_info(i, &name, &root, &benefit);
    StringRef rootName(root.data, root.length);
    if (!keep(rootName))
      continue;
    patterns.add(std::make_unique<RustPattern>(i, StringRef(name.data, name.length), rootName,
                                               benefit, patterns.getContext()));
  }
}

/// The Rust patterns rooted at ops outside `tt` and `ttg` (the arith folds and the backends'
/// target patterns): canonicalization patterns of the `tt` dialect itself.
void TritonDialect::getCanonicalizationPatterns(RewritePatternSet &patterns) const {
  addRustPatternsWhere(patterns, [&](StringRef rootName) {
    // A root whose dialect is not loaded names no op: nothing to match.
    return !rootName.empty() && !rootName.starts_with("tt.") && !rootName.starts_with("ttg.") &&
           RegisteredOperationName::lookup(rootName, getContext());
  });
}

void tritium::addRustPatterns(StringRef rootName, RewritePatternSet &patterns) {
  addRustPatternsWhere(patterns, [&](StringRef root) { return root == rootName; });
}

//===----------------------------------------------------------------------===//
// Type helpers used by the ODS type constraints.
//===----------------------------------------------------------------------===//

Type mlir::triton::getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(),
                                 getPointeeType(tensor.getElementType()),
                                 tensor.getEncoding());
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  return type;
}

Type mlir::triton::getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

Type mlir::triton::getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(),
                                 PointerType::get(tensor.getElementType(), 1),
                                 tensor.getEncoding());
  return PointerType::get(type, 1);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  unsigned addressSpace = 1;
  if (succeeded(parser.parseOptionalComma())) {
    // Accept Triton 3.9's form (a PtrAddrSpace keyword as a string:
    // `"constant"`), the bare keyword, and an integer.
    std::string quoted;
    StringRef keyword;
    if (succeeded(parser.parseOptionalString(&quoted))) {
      auto known = symbolizePtrAddrSpace(quoted);
      if (!known) {
        parser.emitError(parser.getCurrentLocation(), "unknown address space \"")
            << quoted << "\"";
        return {};
      }
      addressSpace = static_cast<unsigned>(*known);
    } else if (succeeded(parser.parseOptionalKeyword(&keyword))) {
      auto known = symbolizePtrAddrSpace(keyword);
      if (!known) {
        parser.emitError(parser.getCurrentLocation(), "unknown address space '")
            << keyword << "'";
        return {};
      }
      addressSpace = static_cast<unsigned>(*known);
    } else if (parser.parseInteger(addressSpace)) {
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(parser.getContext(), pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  // As Triton 3.9 prints it: a PtrAddrSpace other than global as its quoted
  // keyword; other address spaces as integers.
  if (getAddressSpace() != 1) {
    auto known = symbolizePtrAddrSpace(getAddressSpace());
    if (known)
      printer << ", \"" << stringifyPtrAddrSpace(*known) << "\"";
    else
      printer << ", " << getAddressSpace();
  }
  printer << ">";
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointee, unsigned) {
  LocReport report{emitError};
  return success(tritium_verify_type(MlirStringRef{"tt.ptr", 6}, wrap(pointee),
                                     &LocReport::callback, &report));
}

Type TensorDescType::parse(AsmParser &parser) {
  return tritium::parseTensorDescSyntax<TensorDescType>(parser);
}

void TensorDescType::print(AsmPrinter &printer) const {
  tritium::printTensorDescSyntax(printer, *this);
}

LogicalResult TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                     ArrayRef<int64_t> shape, Type elementType,
                                     Attribute) {
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "tensor descriptor dimensions must be positive, got " << dim;
  LocReport report{emitError};
  return success(tritium_verify_type(MlirStringRef{"tt.tensordesc", 13},
                                     wrap(elementType), &LocReport::callback,
                                     &report));
}

//===----------------------------------------------------------------------===//
// Ops: verifiers, folders, inference and patterns delegate to Rust.
//===----------------------------------------------------------------------===//

#define TRITIUM_VERIFY(OP, NAME)                                               \
  LogicalResult OP::verify() { return tritium::verifyWithRust(NAME, *this); }
TRITIUM_VERIFY(BitcastOp, "tt.bitcast")
TRITIUM_VERIFY(FpToFpOp, "tt.fp_to_fp")
TRITIUM_VERIFY(LoadOp, "tt.load")
TRITIUM_VERIFY(StoreOp, "tt.store")
TRITIUM_VERIFY(AtomicLoadOp, "tt.atomic_load")
TRITIUM_VERIFY(AtomicStoreOp, "tt.atomic_store")
TRITIUM_VERIFY(AtomicPollOp, "tt.atomic_poll")
TRITIUM_VERIFY(AtomicRMWOp, "tt.atomic_rmw")
TRITIUM_VERIFY(UnsplatOp, "tt.unsplat")
TRITIUM_VERIFY(ReshapeOp, "tt.reshape")
TRITIUM_VERIFY(BroadcastOp, "tt.broadcast")
TRITIUM_VERIFY(CatOp, "tt.cat")
TRITIUM_VERIFY(JoinOp, "tt.join")
TRITIUM_VERIFY(TransOp, "tt.trans")
TRITIUM_VERIFY(DotOp, "tt.dot")
TRITIUM_VERIFY(DotScaledOp, "tt.dot_scaled")
TRITIUM_VERIFY(ReduceOp, "tt.reduce")
TRITIUM_VERIFY(ScanOp, "tt.scan")
TRITIUM_VERIFY(MapElementwiseOp, "tt.map_elementwise")
TRITIUM_VERIFY(MakeRangeOp, "tt.make_range")
TRITIUM_VERIFY(ElementwiseInlineAsmOp, "tt.elementwise_inline_asm")
TRITIUM_VERIFY(GatherOp, "tt.gather")
TRITIUM_VERIFY(MakeTensorDescOp, "tt.make_tensor_descriptor")
TRITIUM_VERIFY(DescriptorLoadOp, "tt.descriptor_load")
TRITIUM_VERIFY(DescriptorStoreOp, "tt.descriptor_store")
TRITIUM_VERIFY(DescriptorReduceOp, "tt.descriptor_reduce")
TRITIUM_VERIFY(DescriptorGatherOp, "tt.descriptor_gather")
TRITIUM_VERIFY(DescriptorScatterOp, "tt.descriptor_scatter")
TRITIUM_VERIFY(ReturnOp, "tt.return")
#undef TRITIUM_VERIFY

LogicalResult ReduceOp::verifyRegions() {
  return tritium::verifyWithRust("tt.reduce(regions)", *this);
}
LogicalResult ScanOp::verifyRegions() {
  return tritium::verifyWithRust("tt.scan(regions)", *this);
}
LogicalResult MapElementwiseOp::verifyRegions() {
  return tritium::verifyWithRust("tt.map_elementwise(regions)", *this);
}

#define TRITIUM_FOLD(OP)                                                       \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return tritium::foldWithRust(*this, adaptor.getOperands());                \
  }
TRITIUM_FOLD(IntToPtrOp)
TRITIUM_FOLD(BitcastOp)
TRITIUM_FOLD(FpToFpOp)
TRITIUM_FOLD(AddPtrOp)
TRITIUM_FOLD(SplatOp)
TRITIUM_FOLD(ExpandDimsOp)
TRITIUM_FOLD(ReshapeOp)
TRITIUM_FOLD(BroadcastOp)
TRITIUM_FOLD(JoinOp)
TRITIUM_FOLD(TransOp)
TRITIUM_FOLD(MakeRangeOp)
#undef TRITIUM_FOLD

LogicalResult SplitOp::fold(FoldAdaptor adaptor, SmallVectorImpl<OpFoldResult> &results) {
  // split(join(a, b)) -> a, b, when the types agree (join only checks shapes).
  auto join = getSrc().getDefiningOp<JoinOp>();
  if (join && join.getLhs().getType() == getOutLHS().getType()) {
    results.push_back(join.getLhs());
    results.push_back(join.getRhs());
    return success();
  }
  return failure();
}

#define TRITIUM_PATTERNS(OP)                                                   \
  void OP::getCanonicalizationPatterns(RewritePatternSet &patterns,            \
                                       MLIRContext *) {                        \
    tritium::addRustPatterns(getOperationName(), patterns);                    \
  }
TRITIUM_PATTERNS(LoadOp)
TRITIUM_PATTERNS(StoreOp)
TRITIUM_PATTERNS(ExpandDimsOp)
TRITIUM_PATTERNS(ReshapeOp)
TRITIUM_PATTERNS(BroadcastOp)
TRITIUM_PATTERNS(IntToPtrOp)
TRITIUM_PATTERNS(HistogramOp)
TRITIUM_PATTERNS(GatherOp)
TRITIUM_PATTERNS(TransOp)
#undef TRITIUM_PATTERNS

#define TRITIUM_INFER(OP, AXIS, ORDER)                                         \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *context, std::optional<Location> location,                  \
      ValueRange operands, DictionaryAttr attributes,                          \
      OpaqueProperties properties, RegionRange regions,                        \
      SmallVectorImpl<Type> &results) {                                        \
    OP::Adaptor adaptor(operands, attributes, properties, regions);            \
    (void)adaptor;                                                             \
    return tritium::inferWithRust(getOperationName(), context, location,       \
                                  operands, AXIS, ORDER, results);             \
  }
TRITIUM_INFER(UnsplatOp, 0, {})
TRITIUM_INFER(ExpandDimsOp, static_cast<int32_t>(adaptor.getAxis()), {})
TRITIUM_INFER(SplitOp, 0, {})
TRITIUM_INFER(TransOp, 0, adaptor.getOrder())
TRITIUM_INFER(DotOp, 0, {})
TRITIUM_INFER(ReduceOp, static_cast<int32_t>(adaptor.getAxis()), {})
TRITIUM_INFER(ScanOp, static_cast<int32_t>(adaptor.getAxis()), {})
TRITIUM_INFER(GatherOp, static_cast<int32_t>(adaptor.getAxis()), {})
#undef TRITIUM_INFER

/// Result types are compatible when each is the same layout as the inferred
/// one (Triton's verifyEquivalentTensorType), not only the same attribute.
static bool equivalentTypes(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != declared.size())
    return false;
  for (auto [a, b] : llvm::zip(inferred, declared))
    if (!tritium_types_equivalent(wrap(a), wrap(b)))
      return false;
  return true;
}

bool TransOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  return equivalentTypes(lhs, rhs);
}

bool SplitOp::isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) {
  return equivalentTypes(lhs, rhs);
}

void SplitOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getOutLHS(), "outLHS");
  setName(getOutRHS(), "outRHS");
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must not be removed or reordered with other accesses.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

/// Effects of an op that is either pure or may touch all of global memory.
static void addOpaqueEffects(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  addOpaqueEffects(getPure(), effects);
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  addOpaqueEffects(getPure(), effects);
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = (*this)->getAttrOfType<FlatSymbolRefAttr>("callee");
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee);
  if (!fn)
    return emitOpError() << "'" << callee.getValue()
                         << "' does not reference a valid function";
  FunctionType type = fn.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError("incorrect number of operands for callee");
  for (unsigned i = 0, e = type.getNumInputs(); i != e; ++i)
    if (getOperand(i).getType() != type.getInput(i))
      return emitOpError("operand type mismatch: expected operand type ")
             << type.getInput(i) << ", but provided " << getOperand(i).getType()
             << " for operand number " << i;
  if (type.getNumResults() != getNumResults())
    return emitOpError("incorrect number of results for callee");
  for (unsigned i = 0, e = type.getNumResults(); i != e; ++i)
    if (getResult(i).getType() != type.getResult(i))
      return emitOpError("result type mismatch at index ") << i;
  return success();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results, function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false, getFunctionTypeAttrName(result.name),
      buildFuncType, getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(printer, *this, /*isVariadic=*/false,
                                           getFunctionTypeAttrName(),
                                           getArgAttrsAttrName(), getResAttrsAttrName());
}

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

namespace {
/// Lets the stock inliner inline tt.call into tt.func bodies, except callees
/// marked `noinline = true`.
struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Operation *callable, bool) const final {
    auto noinline = callable->getAttrOfType<BoolAttr>("noinline");
    return !(noinline && noinline.getValue());
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  void handleTerminator(Operation *op, Block *newDest) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest, ret.getOperands());
    op->erase();
  }
  void handleTerminator(Operation *op, ValueRange valuesToReplace) const final {
    auto ret = cast<ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToReplace, ret.getOperands()))
      from.replaceAllUsesWith(to);
  }
  // The axis-info hints on a call (tt.divisibility, tt.contiguity,
  // tt.constancy) go to the op defining the inlined result, as Triton's.
  Value handleResult(OpBuilder &, Operation *call, Operation *, Value result,
                     DictionaryAttr) const final {
    Operation *def = result.getDefiningOp();
    if (!def)
      return result;
    for (StringRef name : {"tt.divisibility", "tt.contiguity", "tt.constancy"})
      if (Attribute attr = call->getDiscardableAttr(name))
        def->setDiscardableAttr(name, attr);
    return result;
  }
};
} // namespace

#include "tt/TritonDialect.cpp.inc"
#include "tt/TritonEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "tt/TritonAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "tt/TritonTypes.cpp.inc"
#define GET_OP_CLASSES
#include "tt/TritonOps.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tt/TritonTypes.cpp.inc"
      >();
}

void TritonDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tt/TritonAttrs.cpp.inc"
      >();
}

Type TritonDialect::parseType(DialectAsmParser &parser) const {
  tritium::ParseNestingGuard nesting(parser);
  if (!nesting)
    return {};
  SMLoc typeLoc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  if (generatedTypeParser(parser, &mnemonic, type).has_value())
    return type;
  parser.emitError(typeLoc) << "unknown type `" << mnemonic << "` in dialect `"
                            << getNamespace() << "`";
  return {};
}

void TritonDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

namespace {
MlirType hookPointee(MlirType type) {
  return wrap(cast<PointerType>(unwrap(type)).getPointeeType());
}
MlirType hookPointerGet(MlirType pointee, uint32_t addressSpace) {
  return wrap(PointerType::get(unwrap(pointee), addressSpace));
}
MlirType hookDescElement(MlirType type) {
  return wrap(cast<TensorDescType>(unwrap(type)).getElementType());
}
intptr_t hookDescShape(MlirType type, int64_t *out, intptr_t capacity) {
  ArrayRef<int64_t> shape = cast<TensorDescType>(unwrap(type)).getShape();
  for (intptr_t i = 0; i < capacity && i < static_cast<intptr_t>(shape.size()); ++i)
    out[i] = shape[i];
  return shape.size();
}
} // namespace

void TritonDialect::initialize() {
  TritiumTTTypeHooks hooks{wrap(TypeID::get<PointerType>()),
                           wrap(TypeID::get<TensorDescType>()),
                           wrap(TypeID::get<CachePolicyAttr>()),
                           hookPointee,
                           hookPointerGet,
                           hookDescElement,
                           hookDescShape};
  tritium_register_tt_hooks(&hooks);
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tt/TritonOps.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

Operation *TritonDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                              Type type, Location loc) {
  if (auto poison = dyn_cast<ub::PoisonAttr>(value))
    return ub::PoisonOp::create(builder, loc, type, poison);
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// C API constructors that need the generated type storage (see capi/CAPI.cpp).
//===----------------------------------------------------------------------===//

MlirType mlirTritonPointerTypeGet(MlirType pointee, unsigned addressSpace) {
  Type pointeeType = unwrap(pointee);
  if (!pointeeType)
    return MlirType{nullptr};
  MLIRContext *context = pointeeType.getContext();
  return wrap(PointerType::getChecked(
      [context] { return emitError(UnknownLoc::get(context)); }, context,
      pointeeType, addressSpace));
}

MlirType mlirTritonTensorDescTypeGet(MlirContext ctx, intptr_t rank, const int64_t *shape,
                                     MlirType elementType, MlirAttribute sharedLayout) {
  MLIRContext *context = unwrap(ctx);
  Type element = unwrap(elementType);
  if (!context || !element || rank < 0 || (rank > 0 && !shape) ||
      element.getContext() != context)
    return MlirType{nullptr};
  return wrap(TensorDescType::getChecked(
      [context] { return emitError(UnknownLoc::get(context)); }, context,
      ArrayRef<int64_t>(shape, rank), element, unwrap(sharedLayout)));
}

