//===- ConversionDriver.cpp - MLIR's dialect conversion for Rust ----------===//
//
// Runs a Rust `conversion::Run` through MLIR's dialect conversion: the
// ConversionTarget comes from the Rust legality lists and predicate, the
// TypeConverter calls the Rust type converter and materializations, and each
// Rust conversion pattern becomes an mlir::ConversionPattern. Nothing here
// knows a particular conversion.
//
//===----------------------------------------------------------------------===//
#include "tritium/RustBridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {
/// The Rust type converter of one conversion run.
class RustTypeConverter : public TypeConverter {
public:
  explicit RustTypeConverter(void *run) {
    addConversion([run](Type type) -> Type {
      return unwrap(tritium_conversion_convert_type(run, wrap(type)));
    });
    auto materialize = [run](int32_t kind) {
      return [run, kind](OpBuilder &builder, Type type, ValueRange inputs,
                         Location loc) -> Value {
        SmallVector<MlirValue> values;
        for (Value v : inputs)
          values.push_back(wrap(v));
        Operation *op = unwrap(tritium_conversion_materialize(
            run, kind, wrap(type), values.data(), values.size(), wrap(loc)));
        if (!op)
          return Value();
        builder.insert(op);
        return op->getResult(0);
      };
    };
    addTargetMaterialization(materialize(0));
    addSourceMaterialization(materialize(1));
  }
};

/// A Rust conversion pattern, by its index in the run.
class RustConversionPattern : public ConversionPattern {
public:
  RustConversionPattern(void *run, intptr_t index, StringRef name, StringRef root,
                        uint16_t benefit, const TypeConverter &converter,
                        MLIRContext *context)
      : ConversionPattern(converter, root, benefit, context), run(run), index(index) {
    setDebugName(name);
  }
  RustConversionPattern(void *run, intptr_t index, StringRef name, uint16_t benefit,
                        const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), benefit, context), run(run),
        index(index) {
    setDebugName(name);
  }
  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const final {
    SmallVector<MlirValue> values;
    for (Value v : operands)
      values.push_back(wrap(v));
    return success(tritium_conversion_pattern_apply(
        run, index, wrap(op), values.data(), values.size(),
        wrap(static_cast<RewriterBase *>(&rewriter)),
        const_cast<TypeConverter *>(getTypeConverter())));
  }

private:
  void *run;
  intptr_t index;
};

/// Calls `fn` on every item of legality list `list`.
template <typename Fn>
void forEachLegalityItem(void *run, int32_t list, Fn fn) {
  MlirStringRef name;
  for (intptr_t i = 0; tritium_conversion_legality(run, list, i, &name); ++i)
    fn(unwrap(name));
}

bool applyConversion(MlirOperation root, void *run) {
  Operation *op = unwrap(root);
  MLIRContext *context = op->getContext();
  RustTypeConverter converter(run);

  ConversionTarget target(*context);
  auto dynamic = [run](Operation *op) -> std::optional<bool> {
    return tritium_conversion_is_legal(run, wrap(op));
  };
  forEachLegalityItem(run, 0, [&](StringRef d) { target.addLegalDialect(d); });
  forEachLegalityItem(run, 1, [&](StringRef d) { target.addDynamicallyLegalDialect(dynamic, d); });
  forEachLegalityItem(run, 2, [&](StringRef d) { target.addIllegalDialect(d); });
  forEachLegalityItem(run, 3, [&](StringRef o) { target.addLegalOp(OperationName(o, context)); });
  forEachLegalityItem(run, 4, [&](StringRef o) {
    target.addDynamicallyLegalOp(OperationName(o, context), dynamic);
  });
  forEachLegalityItem(run, 5, [&](StringRef o) { target.addIllegalOp(OperationName(o, context)); });
  // The conversion is partial: an op that no list names (`index.add`,
  // `llvm.or`, `builtin.module`) is outside it and stays as it is, so say
  // that it is legal. Left "unknown", MLIR's driver would still try its
  // folder, and without pattern rollback (below) a folder whose new constant
  // (`index.constant`) nothing legalizes aborts the process ("folder
  // rollback of IR modifications requested") instead of leaving the op.
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

  RewritePatternSet patterns(context);
  intptr_t count = tritium_conversion_pattern_count(run);
  for (intptr_t i = 0; i < count; ++i) {
    MlirStringRef name, rootName;
    uint16_t benefit = 1;
    tritium_conversion_pattern_info(run, i, &name, &rootName, &benefit);
    if (unwrap(rootName).empty())
      patterns.add(std::make_unique<RustConversionPattern>(run, i, unwrap(name), benefit,
                                                           converter, context));
    else
      patterns.add(std::make_unique<RustConversionPattern>(
          run, i, unwrap(name), unwrap(rootName), benefit, converter, context));
  }

  // Triton runs its conversions without pattern rollback; so do we, which
  // also gives the same placement of materializations.
  ConversionConfig config;
  config.allowPatternRollback = false;
  return succeeded(applyPartialConversion(op, target, std::move(patterns), config));
}

bool convertRegionTypes(MlirRewriterBase rewriter, void *converter, MlirRegion region) {
  auto &r = static_cast<ConversionPatternRewriter &>(*unwrap(rewriter));
  return succeeded(r.convertRegionTypes(unwrap(region),
                                        *static_cast<const TypeConverter *>(converter)));
}

void inlineRegionAtEnd(MlirRewriterBase rewriter, MlirRegion region, MlirRegion dest) {
  Region &d = *unwrap(dest);
  unwrap(rewriter)->inlineRegionBefore(*unwrap(region), d, d.end());
}
void cloneRegionAtEnd(MlirRewriterBase rewriter, MlirRegion region, MlirRegion dest) {
  Region &d = *unwrap(dest);
  unwrap(rewriter)->cloneRegionBefore(*unwrap(region), d, d.end());
}
} // namespace

namespace tritium {
/// The conversion entries of the service table (passes/Passes.cpp adds the rest).
TritiumServices conversionServices() {
  TritiumServices services{};
  services.applyConversion = applyConversion;
  services.convertRegionTypes = convertRegionTypes;
  services.inlineRegionAtEnd = inlineRegionAtEnd;
  services.cloneRegionAtEnd = cloneRegionAtEnd;
  return services;
}
} // namespace tritium
