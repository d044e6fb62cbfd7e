//===- Passes.cpp - Tritium's passes, pipelines and rewrite services ------===//
//
// The C++ half of every Rust pass: the classes generated from the `.td`
// declarations (flags, options), whose runOnOperation hands the op and the
// options to Rust; the registered pipelines that mirror Triton's stages; and
// the services Rust needs but the C API lacks (the greedy driver over Rust
// patterns, side-effect queries). The dialect-conversion service lives in
// conversions/ConversionDriver.cpp.
//
//===----------------------------------------------------------------------===//
#include "tritium/RustBridge.h"
#include "tritium/RustPass.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include <string>

using namespace mlir;

/// Defined by a vendor backend's library whose spec has passes/Passes.td
/// (cmake/TritiumBackend.cmake); absent from the default library.
extern "C" __attribute__((weak)) void tritium_backend_register_passes(void);

namespace tritium {
void registerProjectPasses();
void registerSpecPasses();
void installBackend();
TritiumServices conversionServices();
} // namespace tritium

using tritium::PipelineRunner;
using tritium::toRef;

//===----------------------------------------------------------------------===//
// The pass classes.
//===----------------------------------------------------------------------===//

namespace tritium {
// The C++ class of every Rust pass, generated at build time from the .td
// records (cmake/TritiumRustPasses.cmake): every GEN_PASS_DEF_<NAME>, the
// #include of the generated bases, and one RustPass per pass not marked
// `CppPass` (whose class follows below).
#include "passes/RustPasses.inc"
#include "conversions/RustPasses.inc"
} // namespace tritium

namespace {
/// `llvm.select` on a constant condition: the chosen operand.
struct FoldConstantSelect : OpRewritePattern<LLVM::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::SelectOp op, PatternRewriter &rewriter) const override {
    BoolAttr condition;
    if (!matchPattern(op.getCondition(), m_Constant(&condition)))
      return failure();
    rewriter.replaceOp(op, condition.getValue() ? op.getTrueValue() : op.getFalseValue());
    return success();
  }
};
/// `canonicalize-llvm-ir`: the `llvm` ops' canonicalization patterns and
/// FoldConstantSelect, greedily on one function (Triton's pattern set).
struct CanonicalizeLLVMIR : tritium::impl::CanonicalizeLLVMIRBase<CanonicalizeLLVMIR> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<FoldConstantSelect>(context);
    if (Dialect *llvm = context->getLoadedDialect<LLVM::LLVMDialect>())
      llvm->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : context->getRegisteredOperationsByDialect(LLVM::LLVMDialect::getDialectNamespace()))
      name.getCanonicalizationPatterns(patterns, context);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};
} // namespace

namespace tritium {
#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "conversions/Passes.h.inc"
} // namespace tritium

//===----------------------------------------------------------------------===//
// Pipelines mirroring Triton's stages.
//===----------------------------------------------------------------------===//

namespace {
struct MakeTTIROptions : public PassPipelineOptions<MakeTTIROptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("the target, as the backend serving it names it "
                                            "(required); selects the target-dependent passes"),
                             llvm::cl::init("")};
};

struct MakeTTGIROptions : public PassPipelineOptions<MakeTTGIROptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("the target, as the backend serving it names it (required)"),
                             llvm::cl::init("")};
  Option<int32_t> numWarps{*this, "num-warps", llvm::cl::desc("number of warps"),
                           llvm::cl::init(4)};
  Option<int32_t> threadsPerWarp{*this, "threads-per-warp",
                                 llvm::cl::desc("threads per warp (if not given: the "
                                                "backend's default, 32 on cuda)"),
                                 llvm::cl::init(32)};
  Option<int32_t> numCTAs{*this, "num-ctas", llvm::cl::desc("number of CTAs"),
                          llvm::cl::init(1)};
  Option<int32_t> numStages{*this, "num-stages",
                            llvm::cl::desc("software-pipelining stages (Triton's num_stages)"),
                            llvm::cl::init(3)};
};

struct MakeLLIROptions : public PassPipelineOptions<MakeLLIROptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("the target, as the backend serving it names it (required)"),
                             llvm::cl::init("")};
  Option<int32_t> asmVersion{*this, "ptx-version",
                             llvm::cl::desc("the PTX ISA version (0: the backend's default)"),
                             llvm::cl::init(0)};
};

/// The one check of a `target` option (conversions/src/target.rs: the forms
/// the backends declare), reported through `onError` as "<pipeline>:
/// <message>"; an empty target is missing.
LogicalResult checkTarget(StringRef pipeline, StringRef target,
                          function_ref<LogicalResult(const Twine &)> onError) {
  std::string message;
  auto collect = [](void *userData, MlirStringRef text) {
    static_cast<std::string *>(userData)->append(text.data, text.length);
  };
  if (tritium_check_target(wrap(target), collect, &message))
    return success();
  return onError(pipeline + ": " + message);
}

/// Fails on the module with a diagnostic at its location: what a pipeline
/// runs for a target it does not implement, instead of a degraded program.
class RefusePass : public PassWrapper<RefusePass, OperationPass<ModuleOp>> {
public:
  explicit RefusePass(std::string message) : message(std::move(message)) {}
  StringRef getArgument() const final { return "tritium-refuse-target"; }
  StringRef getDescription() const final { return "refuses a target the pipeline does not implement"; }
  void runOnOperation() final {
    getOperation().emitError(message);
    signalPassFailure();
  }

private:
  std::string message;
};

/// What the backend serving a checked target builds for a stage.
struct StagePipeline {
  int kind = 0; // 0: no backend builds it; 1: `text` is the pass list; 2, 3: `text` is a message
  std::string text;
};

StagePipeline backendStagePipeline(StringRef stage, StringRef target, int32_t numWarps,
                                   int32_t threadsPerWarp, int32_t numCTAs, int32_t numStages,
                                   int32_t asmVersion) {
  StagePipeline result;
  auto collect = [](void *userData, MlirStringRef text) {
    static_cast<std::string *>(userData)->append(text.data, text.length);
  };
  result.kind = tritium_stage_pipeline(toRef(stage), toRef(target), numWarps, threadsPerWarp,
                                       numCTAs, numStages, asmVersion, collect, &result.text);
  return result;
}

/// Adds the textual pass list `pipeline` of stage `stage` to `pm`.
LogicalResult addPipeline(OpPassManager &pm, StringRef stage, StringRef pipeline,
                          function_ref<LogicalResult(const Twine &)> onError) {
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(parsePassPipeline(pipeline, pm, os)))
    return onError(stage + ": " + errors);
  return success();
}

/// Triton's make_llir for `target`: the backend serving it builds the
/// pipeline (the passes before the conversion, the conversion and the
/// LLVM-dialect cleanups).
LogicalResult buildMakeLLIR(OpPassManager &pm, const MakeLLIROptions &options,
                            function_ref<LogicalResult(const Twine &)> onError) {
  StringRef target = options.target;
  if (failed(checkTarget("tritium-make-llir", target, onError)))
    return failure();
  StagePipeline built =
      backendStagePipeline("tritium-make-llir", target, 0, -1, 0, 0, options.asmVersion);
  if (built.kind == 1)
    return addPipeline(pm, "tritium-make-llir", built.text, onError);
  if (built.kind == 0)
    return onError("tritium-make-llir: unsupported target '" + target +
                   "' (no backend of this library lowers it to LLVM)");
  return onError(built.text);
}

/// Triton's make_ttir, as `triton.compile` runs it for `target`: the
/// backend serving the target builds it (its target-dependent passes); for
/// a target no backend specializes, the target-independent list.
LogicalResult buildMakeTTIR(OpPassManager &pm, const MakeTTIROptions &options,
                            function_ref<LogicalResult(const Twine &)> onError) {
  if (failed(checkTarget("tritium-make-ttir", options.target, onError)))
    return failure();
  StagePipeline built = backendStagePipeline("tritium-make-ttir", options.target, 0, -1, 0, 0, 0);
  if (built.kind == 1)
    return addPipeline(pm, "tritium-make-ttir", built.text, onError);
  if (built.kind != 0)
    return onError(built.text);
  pm.addPass(createInlinerPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(tritium::createTritonCombine());
  pm.addPass(tritium::createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(tritium::createTritonLoopUnroll());
  return success();
}

/// Triton's make_ttgir, as the backend serving the target builds it. A
/// target no backend builds it for is refused: a generic pipeline would
/// compile a degraded program (no MMA layouts, no async copies) where
/// Triton's is specialized.
LogicalResult buildMakeTTGIR(OpPassManager &pm, const MakeTTGIROptions &options,
                             function_ref<LogicalResult(const Twine &)> onError) {
  tritium::ConvertTritonToTritonGPUOptions convert;
  convert.target = options.target;
  convert.numWarps = options.numWarps;
  convert.threadsPerWarp = options.threadsPerWarp;
  convert.numCTAs = options.numCTAs;
  // A missing or malformed target: the conversion reports it at the module.
  std::string ignored;
  auto collect = [](void *userData, MlirStringRef text) {
    static_cast<std::string *>(userData)->append(text.data, text.length);
  };
  if (!tritium_check_target(wrap(StringRef(options.target)), collect, &ignored)) {
    pm.addPass(tritium::createConvertTritonToTritonGPU(convert));
    return success();
  }
  // Given, threads-per-warp goes to the conversion, whose check is the one
  // rule (0 is refused there); not given, the backend picks it.
  int32_t threads = options.threadsPerWarp.hasValue() ? int32_t(options.threadsPerWarp) : -1;
  StagePipeline built =
      backendStagePipeline("tritium-make-ttgir", options.target, options.numWarps, threads,
                           options.numCTAs, options.numStages, 0);
  if (built.kind == 1)
    return addPipeline(pm, "tritium-make-ttgir", built.text, onError);
  if (built.kind == 2)
    return onError(built.text);
  std::string message = built.kind == 3
                            ? built.text
                            : "tritium-make-ttgir: Triton's make_ttgir for '" + options.target +
                                  "' is not implemented: its target-specific passes are missing";
  pm.addPass(std::make_unique<RefusePass>(message));
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Services for Rust.
//===----------------------------------------------------------------------===//

namespace {
/// A Rust rewrite pattern, by its address in a Rust pattern slice.
class RustRewritePattern : public RewritePattern {
public:
  RustRewritePattern(TritiumPatternRef pattern, StringRef name, StringRef root,
                     uint16_t benefit, MLIRContext *context)
      : RewritePattern(root, benefit, context), pattern(pattern) {
    setDebugName(name);
  }
  RustRewritePattern(TritiumPatternRef pattern, StringRef name, uint16_t benefit,
                     MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), benefit, context), pattern(pattern) {
    setDebugName(name);
  }
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const final {
    return success(tritium_rewrite_pattern_apply(pattern, wrap(op),
                                                 wrap(static_cast<RewriterBase *>(&rewriter))));
  }

private:
  TritiumPatternRef pattern;
};

bool applyPatternsGreedilyService(MlirOperation op, const TritiumPatternRef *patterns,
                                  intptr_t count) {
  Operation *root = unwrap(op);
  RewritePatternSet set(root->getContext());
  for (intptr_t i = 0; i < count; ++i) {
    MlirStringRef name, rootName;
    uint16_t benefit = 1;
    tritium_rewrite_pattern_info(patterns[i], &name, &rootName, &benefit);
    StringRef n = unwrap(name), r = unwrap(rootName);
    if (r.empty())
      set.add(std::make_unique<RustRewritePattern>(patterns[i], n, benefit,
                                                   root->getContext()));
    else
      set.add(std::make_unique<RustRewritePattern>(patterns[i], n, r, benefit,
                                                   root->getContext()));
  }
  return succeeded(applyPatternsGreedily(root, std::move(set)));
}

bool isMemoryEffectFreeService(MlirOperation op) { return isMemoryEffectFree(unwrap(op)); }
bool isSpeculatableService(MlirOperation op) { return isSpeculatable(unwrap(op)); }
bool isTriviallyDeadService(MlirOperation op) { return isOpTriviallyDead(unwrap(op)); }

bool onlyReadsMemoryService(MlirOperation op) {
  bool readOnly = true;
  unwrap(op)->walk([&](Operation *nested) {
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(nested)) {
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects)
        if (!isa<MemoryEffects::Read>(effect.getEffect()))
          readOnly = false;
    } else if (!nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      readOnly = false; // Unknown effects.
    }
    return readOnly ? WalkResult::advance() : WalkResult::interrupt();
  });
  return readOnly;
}

/// Runs `pipeline` (a pass list without anchor, e.g. "cse") on `op` as a
/// dynamic pipeline of the running pass `runner`.
bool runPipelineService(void *runner, MlirOperation op, MlirStringRef pipeline) {
  Operation *target = unwrap(op);
  OpPassManager pm(target->getName());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  if (failed(parsePassPipeline(unwrap(pipeline), pm, os))) {
    target->emitError() << "cannot build the pipeline '" << unwrap(pipeline) << "': " << errors;
    return false;
  }
  return succeeded(static_cast<PipelineRunner *>(runner)->runNested(pm, target));
}

/// Greedily applies the canonicalization patterns registered for `opName`.
bool applyCanonicalizationPatternsService(MlirOperation op, MlirStringRef opName) {
  Operation *root = unwrap(op);
  std::optional<RegisteredOperationName> name =
      RegisteredOperationName::lookup(unwrap(opName), root->getContext());
  RewritePatternSet patterns(root->getContext());
  // Not registered (its dialect is not loaded, e.g. a module without scf):
  // no such op exists, so only folding and dead-code removal apply.
  if (name)
    name->getCanonicalizationPatterns(patterns, root->getContext());
  return succeeded(applyPatternsGreedily(root, std::move(patterns)));
}
} // namespace

/// Registers the installed backend's own stage pipelines (`<backend>-<key>`
/// from its spec.toml). A pipeline may be written with or without the
/// `builtin.module(...)` anchor.
static void registerBackendPipelines() {
  MlirStringRef name, text;
  for (intptr_t i = 0; tritium_spec_pipeline(i, &name, &text); ++i) {
    std::string pipeline = unwrap(text).trim().str();
    StringRef body(pipeline);
    if (body.consume_front("builtin.module(") && body.consume_back(")"))
      pipeline = body.str();
    registerPassPipeline(
        unwrap(name), "a pipeline of the backend spec",
        [pipeline](OpPassManager &pm, StringRef, function_ref<LogicalResult(const Twine &)> onError) {
          std::string errors;
          llvm::raw_string_ostream os(errors);
          if (failed(parsePassPipeline(pipeline, pm, os)))
            return onError("in the backend's pipeline '" + pipeline + "': " + errors);
          return success();
        },
        [](function_ref<void(const detail::PassOptions &)>) {});
  }
}

static void emitRemarkService(MlirLocation location, MlirStringRef message) {
  emitRemark(unwrap(location)) << unwrap(message);
}

static size_t sharedMemoryEffectsService(MlirOperation op, MlirValue *values, bool *isWrite, size_t capacity) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(unwrap(op));
  if (!iface)
    return 0;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  size_t count = 0;
  for (const MemoryEffects::EffectInstance &effect : effects) {
    Value value = effect.getValue();
    if (!value || effect.getResource()->getName() != "<SharedMemory>")
      continue;
    bool write = isa<MemoryEffects::Write>(effect.getEffect());
    if (!write && !isa<MemoryEffects::Read>(effect.getEffect()))
      continue;
    if (count < capacity) {
      values[count] = wrap(value);
      isWrite[count] = write;
    }
    ++count;
  }
  return count;
}

void tritium::registerProjectPasses() {
  installBackend();
  TritiumServices services = conversionServices();
  services.applyPatternsGreedily = applyPatternsGreedilyService;
  services.isMemoryEffectFree = isMemoryEffectFreeService;
  services.isSpeculatable = isSpeculatableService;
  services.isTriviallyDead = isTriviallyDeadService;
  services.onlyReadsMemory = onlyReadsMemoryService;
  services.runPipeline = runPipelineService;
  services.applyCanonicalizationPatterns = applyCanonicalizationPatternsService;
  services.emitRemark = emitRemarkService;
  services.sharedMemoryEffects = sharedMemoryEffectsService;
  tritium_install_services(&services);

  registerTritiumPasses();
  registerTritiumConversionsPasses();
  registerSpecPasses();
  // A vendor backend's own passes (the TU tritium_add_backend generates).
  if (tritium_backend_register_passes)
    tritium_backend_register_passes();
  // Triton's make_llir lowers scf to cf before allocating shared memory;
  // tritium-opt registers only the core transforms, so add it unless the
  // host (e.g. mlir-opt) already has it.
  if (!PassInfo::lookup("convert-scf-to-cf"))
    registerPass([] { return createSCFToControlFlowPass(); });
  // Upstream conversions that Triton's lit RUN lines name after
  // convert-triton-gpu-to-llvm (again only where the host lacks them).
  if (!PassInfo::lookup("reconcile-unrealized-casts"))
    registerPass([] { return createReconcileUnrealizedCastsPass(); });
  if (!PassInfo::lookup("convert-index-to-llvm"))
    registerPass([] { return createConvertIndexToLLVMPass(); });
  registerBackendPipelines();

  registerPassPipeline(
      "tritium-make-ttir",
      "Triton's make_ttir stage: inline, canonicalize, triton-combine, "
      "triton-reorder-broadcast, cse, symbol-dce, triton-loop-unroll (plus the "
      "target-dependent passes)",
      [](OpPassManager &pm, StringRef text, function_ref<LogicalResult(const Twine &)> onError) {
        MakeTTIROptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        return buildMakeTTIR(pm, options, onError);
      },
      [](function_ref<void(const detail::PassOptions &)> handler) { handler(MakeTTIROptions()); });
  registerPassPipeline(
      "tritium-make-llir",
      "Triton's make_llir stage: select/if combining, warp groups, scf->cf, "
      "shared-memory allocation, Membar, global scratch, then "
      "convert-triton-gpu-to-llvm and the LLVM-dialect cleanups",
      [](OpPassManager &pm, StringRef text, function_ref<LogicalResult(const Twine &)> onError) {
        MakeLLIROptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        return buildMakeLLIR(pm, options, onError);
      },
      [](function_ref<void(const detail::PassOptions &)> handler) { handler(MakeLLIROptions()); });
  registerPassPipeline(
      "tritium-make-ttgir",
      "Triton's make_ttgir stage, as the backend serving the target builds it (where it "
      "has Triton's pipeline, exactly that: coalesce, layout-conversion removal, mma, "
      "software pipelining, ...); other targets are refused with a diagnostic naming what "
      "is missing",
      [](OpPassManager &pm, StringRef text, function_ref<LogicalResult(const Twine &)> onError) {
        MakeTTGIROptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        return buildMakeTTGIR(pm, options, onError);
      },
      [](function_ref<void(const detail::PassOptions &)> handler) { handler(MakeTTGIROptions()); });
}
