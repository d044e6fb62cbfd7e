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

#ifdef __cplusplus
}
#endif

#endif // TRITIUM_RUSTBRIDGE_H
