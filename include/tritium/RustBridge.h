//===- RustBridge.h - The C ABI between the generated C++ and the Rust semantics ===//
//
// Every function declared here is implemented in Rust (capi/src/) and never
// unwinds: a Rust panic is caught at the boundary and turned into a failure
// with a diagnostic. Private to libtritium; not part of the public C API.
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_RUSTBRIDGE_H
#define TRITIUM_RUSTBRIDGE_H

#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives one diagnostic message from Rust; `userData` is the C++ caller's.
typedef void (*TritiumReportFn)(void *userData, MlirStringRef message);

/// Runs the Rust verifier `hook` (an op name such as "tt.load", or a trait
/// name such as "TensorSizeTrait") on `op`. Returns true when `op` is valid;
/// otherwise reports at least one message.
bool tritium_verify(MlirStringRef hook, MlirOperation op, TritiumReportFn report,
                    void *userData);

/// Folds `op` given its constant operands (null where not constant).
/// Returns 0 when nothing folds, 1 with `*attr` set, 2 with `*value` set.
int32_t tritium_fold(MlirOperation op, const MlirAttribute *constants,
                     intptr_t numConstants, MlirAttribute *attr, MlirValue *value);

/// Inputs of a result-type inference. `axis` and `order` are set where the op
/// has them.
typedef struct {
  MlirStringRef opName;
  MlirContext context;
  const MlirType *operandTypes;
  intptr_t numOperands;
  int64_t axis;
  const int32_t *order;
  intptr_t orderSize;
} TritiumInferRequest;

/// Infers the result types of an op. Returns true and fills `results`
/// (capacity `capacity`, count in `*numResults`) or reports why not.
bool tritium_infer_types(const TritiumInferRequest *request, MlirType *results,
                         intptr_t capacity, intptr_t *numResults,
                         TritiumReportFn report, void *userData);

/// Whether an inferred result type is compatible with the declared one:
/// equal, or tensors of one shape and element type whose encodings are the
/// same layout (Triton's `verifyEquivalentTensorType`).
bool tritium_types_equivalent(MlirType inferred, MlirType declared);

/// Verifies the parameters of a `tt` type ("tt.ptr", "tt.tensordesc").
bool tritium_verify_type(MlirStringRef typeName, MlirType pointeeOrElement,
                         TritiumReportFn report, void *userData);

/// The number of Rust rewrite patterns registered for canonicalization.
intptr_t tritium_pattern_count(void);

/// Describes pattern `index`: its stable name, root op name and benefit.
void tritium_pattern_info(intptr_t index, MlirStringRef *name, MlirStringRef *root,
                          uint16_t *benefit);

/// Runs pattern `index` on `op`. Returns true when it rewrote the IR.
bool tritium_pattern_apply(intptr_t index, MlirOperation op,
                           MlirPatternRewriter rewriter);

/// TypeIDs and accessors of the `tt` types, handed to Rust at dialect load.
typedef struct {
  MlirTypeID pointerTypeId;
  MlirTypeID tensorDescTypeId;
  MlirTypeID cachePolicyAttrId;
  MlirType (*pointee)(MlirType);
  MlirType (*pointerGet)(MlirType, uint32_t);
  MlirType (*descElement)(MlirType);
  intptr_t (*descShape)(MlirType, int64_t *, intptr_t);
} TritiumTTTypeHooks;

/// Installs the `tt` type hooks (idempotent).
void tritium_register_tt_hooks(const TritiumTTTypeHooks *hooks);


//===----------------------------------------------------------------------===//
// `ttg`: encodings and memdescs cross the boundary as plain descriptions.
//===----------------------------------------------------------------------===//

/// The kinds of `ttg` encoding attribute (the variants of Rust's `Encoding`).
typedef enum {
  TRITIUM_ENC_NONE = 0,
  TRITIUM_ENC_BLOCKED,
  TRITIUM_ENC_SLICE,
  TRITIUM_ENC_DOT_OPERAND,
  TRITIUM_ENC_NVIDIA_MMA,
  TRITIUM_ENC_AMD_MFMA,
  TRITIUM_ENC_AMD_WMMA,
  TRITIUM_ENC_LINEAR,
  TRITIUM_ENC_GENERIC_LINEAR,
  TRITIUM_ENC_SWIZZLED_SHARED,
  TRITIUM_ENC_AMD_ROTATING_SHARED,
  TRITIUM_ENC_NVMMA_SHARED,
  TRITIUM_ENC_PADDED_SHARED,
  TRITIUM_ENC_PARTITIONED_SHARED,
  TRITIUM_ENC_SHARED_LINEAR,
  TRITIUM_ENC_SHARED_MEMORY,
} TritiumEncodingKind;

/// A borrowed array of unsigned parameters.
typedef struct {
  const uint32_t *data;
  intptr_t size;
} TritiumU32Array;

/// The most in-dimensions a linear-layout parameter may have.
#define TRITIUM_MAX_IN_DIMS 8

/// The parameters of one `ttg` encoding. Arrays are borrowed: from the
/// attribute's storage (owned by the context) when C++ describes an attribute,
/// from the caller when Rust asks C++ to build one. Which slot holds what:
///
/// | kind                  | scalars                                              | arrays                                            | other            |
/// |-----------------------|------------------------------------------------------|---------------------------------------------------|------------------|
/// | BLOCKED               |                                                      | sizePerThread, threadsPerWarp, warpsPerCTA, order | cga              |
/// | SLICE                 | dim                                                  |                                                   | parent           |
/// | DOT_OPERAND           | opIdx, kWidth                                        |                                                   | parent           |
/// | NVIDIA_MMA            | versionMajor, versionMinor                           | warpsPerCTA, instrShape                           | cga              |
/// | AMD_MFMA              | version, isTransposed, elementBitWidth               | warpsPerCTA, instrShape, tilesPerWarp             | cga              |
/// | AMD_WMMA              | version, isTransposed                                | instrShape                                        | cga, linear      |
/// | (GENERIC_)LINEAR      |                                                      |                                                   | linear           |
/// | SWIZZLED/ROTATING     | vec, perPhase, maxPhase                              | order                                             | cga              |
/// | NVMMA_SHARED          | swizzlingByteWidth, transposed, elementBitWidth, fp4Padded, rank |                                       | cga              |
/// | PADDED_SHARED         |                                                      | intervals, paddings                               | linear           |
/// | PARTITIONED_SHARED    | numPartitions, numGroups, partitionDim               |                                                   | parent (layout)  |
/// | SHARED_LINEAR         | alignment                                            |                                                   | linear           |
/// | SHARED_MEMORY         |                                                      |                                                   |                  |
typedef struct {
  int32_t kind;
  uint32_t scalars[6];
  TritiumU32Array arrays[4];
  /// CGA layout: the `block` bases, flattened (`rank` entries each).
  const int32_t *cga;
  intptr_t cgaSize;
  /// Linear layout: in-dimension names, bases per in-dimension, the bases
  /// flattened (`outRank` entries each).
  MlirStringRef inDims[TRITIUM_MAX_IN_DIMS];
  intptr_t numInDims;
  const uint32_t *basesPerDim;
  const int32_t *bases;
  intptr_t basesSize;
  uint32_t outRank;
  MlirAttribute parent;
} TritiumEncodingDesc;

/// The parameters of a `!ttg.memdesc` (arrays borrowed, as above).
typedef struct {
  const int64_t *shape;
  intptr_t rank;
  MlirType elementType;
  MlirAttribute encoding;
  MlirAttribute memorySpace;
  bool mutableMemory;
  const int64_t *allocShape;
  intptr_t allocRank;
} TritiumMemDescDesc;

/// What Rust needs from the generated `ttg` C++, handed over at dialect load.
typedef struct {
  MlirTypeID memDescTypeId;
  MlirTypeID asyncTokenTypeId;
  /// Fills `desc` from a `ttg` encoding; false for any other attribute.
  bool (*describeEncoding)(MlirAttribute attr, TritiumEncodingDesc *desc);
  /// Builds (uniques) the encoding `desc` describes; null when its
  /// parameters are invalid (nothing is reported).
  MlirAttribute (*buildEncoding)(MlirContext ctx, const TritiumEncodingDesc *desc);
  /// Fills `desc` from a `!ttg.memdesc`; false for any other type.
  bool (*describeMemDesc)(MlirType type, TritiumMemDescDesc *desc);
  /// Builds the memdesc `desc` describes; null when invalid.
  MlirType (*buildMemDesc)(MlirContext ctx, const TritiumMemDescDesc *desc);
} TritiumTTGHooks;

/// Installs the `ttg` hooks (idempotent).
void tritium_register_ttg_hooks(const TritiumTTGHooks *hooks);

/// Verifies the parameters of an encoding (the attribute's verifier).
bool tritium_ttg_verify_encoding(const TritiumEncodingDesc *desc, TritiumReportFn report,
                                 void *userData);

/// Verifies the parameters of a `!ttg.memdesc`.
bool tritium_ttg_verify_memdesc(const TritiumMemDescDesc *desc, TritiumReportFn report,
                                void *userData);

/// Verifies a `ttg.*` attribute attached to `op` (placement and value).
bool tritium_ttg_verify_op_attribute(MlirOperation op, MlirStringRef name,
                                     MlirAttribute value, TritiumReportFn report,
                                     void *userData);


//===----------------------------------------------------------------------===//
// Passes, rewrite patterns and dialect conversions written in Rust.
//===----------------------------------------------------------------------===//

/// A Rust rewrite pattern, as the address of one element of a Rust pattern
/// slice (opaque to C++).
typedef const void *TritiumPatternRef;

/// The MLIR services Rust cannot reach through the C API, installed once by
/// the C++ side (passes/Passes.cpp) before any pass runs.
typedef struct {
  /// Greedily applies these Rust patterns to `op` (default configuration).
  bool (*applyPatternsGreedily)(MlirOperation op, const TritiumPatternRef *patterns,
                                intptr_t count);
  /// Runs the partial dialect conversion `run` (a Rust `conversion::Run`).
  bool (*applyConversion)(MlirOperation op, void *run);
  /// `ConversionPatternRewriter::convertRegionTypes` with `converter`.
  bool (*convertRegionTypes)(MlirRewriterBase rewriter, void *converter,
                             MlirRegion region);
  /// `inlineRegionBefore(region, dest, dest.end())`.
  void (*inlineRegionAtEnd)(MlirRewriterBase rewriter, MlirRegion region,
                            MlirRegion dest);
  /// `cloneRegionBefore(region, dest, dest.end())`.
  void (*cloneRegionAtEnd)(MlirRewriterBase rewriter, MlirRegion region,
                           MlirRegion dest);
  bool (*isMemoryEffectFree)(MlirOperation op);
  bool (*isSpeculatable)(MlirOperation op);
  bool (*isTriviallyDead)(MlirOperation op);
  /// True when `op` (and everything nested in it) at most reads memory.
  bool (*onlyReadsMemory)(MlirOperation op);
  /// Runs a pass list (e.g. "cse") on `op` as a dynamic pipeline of the
  /// running pass `runner` (the handle `tritium_pass_run` received).
  bool (*runPipeline)(void *runner, MlirOperation op, MlirStringRef pipeline);
  /// Greedily applies the canonicalization patterns of op `opName` to `op`.
  bool (*applyCanonicalizationPatterns)(MlirOperation op, MlirStringRef opName);
  /// Emits a remark diagnostic `message` at `location` (the C API has only
  /// errors); used by the test-only analysis printers.
  void (*emitRemark)(MlirLocation location, MlirStringRef message);
  /// The shared-memory reads and writes `op` declares on its operands and
  /// results (MemoryEffectOpInterface effects on the `<SharedMemory>`
  /// resource): writes up to `capacity` of them into `values`/`isWrite`
  /// and returns how many there are.
  size_t (*sharedMemoryEffects)(MlirOperation op, MlirValue *values, bool *isWrite, size_t capacity);
} TritiumServices;

/// Installs the service table (the first call wins).
void tritium_install_services(const TritiumServices *services);

/// Checks a `target` option, the one rule of every pass and pipeline taking
/// one (conversions/src/target.rs): a form a registered backend declares,
/// or its bare prefix. Returns false after reporting one message
/// that names the known prefixes.
bool tritium_check_target(MlirStringRef target, TritiumReportFn report, void *userData);

/// Asks the backend serving `target` (already checked) for the core stage
/// pipeline `stage` (`tritium-make-ttgir`, ...) with these options
/// (`threadsPerWarp` < 0: not given). Returns 0 when no backend builds it,
/// 1 with the textual pass list reported, 2 with a message when the options
/// are invalid, 3 with the diagnostic the pipeline refuses the module with.
int tritium_stage_pipeline(MlirStringRef stage, MlirStringRef target, int32_t numWarps,
                           int32_t threadsPerWarp, int32_t numCTAs, int32_t numStages,
                           int32_t asmVersion, TritiumReportFn report, void *userData);

/// Runs the Rust pass registered as `argument` on `op` with these options
/// (`names[i]=values[i]`); `runner` is the running pass, for dynamic
/// pipelines. Returns false on failure (diagnostics emitted).
bool tritium_pass_run(MlirStringRef argument, MlirOperation op, const MlirStringRef *names,
                      const MlirStringRef *values, intptr_t numOptions, void *runner);

/// Describes a Rust rewrite pattern: stable name, root ("" = any op), benefit.
void tritium_rewrite_pattern_info(TritiumPatternRef pattern, MlirStringRef *name,
                                  MlirStringRef *root, uint16_t *benefit);

/// Runs a Rust rewrite pattern; true when it rewrote the IR.
bool tritium_rewrite_pattern_apply(TritiumPatternRef pattern, MlirOperation op,
                                   MlirRewriterBase rewriter);

/// Item `index` of legality list `list` of a conversion run (0 legal dialects,
/// 1 dynamic dialects, 2 illegal dialects, 3 legal ops, 4 dynamic ops,
/// 5 illegal ops); false past the end.
bool tritium_conversion_legality(void *run, int32_t list, intptr_t index,
                                 MlirStringRef *name);

/// The dynamic-legality predicate of a conversion run.
bool tritium_conversion_is_legal(void *run, MlirOperation op);

/// Converts `type`; a null type when it cannot be converted.
MlirType tritium_conversion_convert_type(void *run, MlirType type);

/// Builds a detached materialization op (kind 0 target, 1 source), or null.
MlirOperation tritium_conversion_materialize(void *run, int32_t kind, MlirType type,
                                             const MlirValue *inputs,
                                             intptr_t numInputs, MlirLocation loc);

/// The number of patterns of a conversion run.
intptr_t tritium_conversion_pattern_count(void *run);

/// Describes pattern `index` of a conversion run.
void tritium_conversion_pattern_info(void *run, intptr_t index, MlirStringRef *name,
                                     MlirStringRef *root, uint16_t *benefit);

/// Applies pattern `index` of a conversion run to `op`, whose converted
/// operands are `operands`; true when it rewrote the IR.
bool tritium_conversion_pattern_apply(void *run, intptr_t index, MlirOperation op,
                                      const MlirValue *operands, intptr_t numOperands,
                                      MlirRewriterBase rewriter, void *converter);

/// Pipeline `index` of the installed backend spec: its registered name and
/// its text. False past the end (and always without a backend).
bool tritium_spec_pipeline(intptr_t index, MlirStringRef *name, MlirStringRef *pipeline);

#ifdef __cplusplus
}
#endif

#endif // TRITIUM_RUSTBRIDGE_H
