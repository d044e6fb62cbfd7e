/*===- tritium-c/Layout.h - Inspecting ttg layouts from C -------------------===*\
|*                                                                            *|
|* Which hardware location (register, lane, warp, block; or offset, block for *|
|* shared memory) holds which element of a tensor, for a `ttg` encoding and a *|
|* shape. This is what `tritium-layout` prints. Attributes are borrowed; the  *|
|* functions never take ownership of anything and never abort: bad input is   *|
|* reported as a failure.                                                     *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_LAYOUT_H
#define TRITIUM_C_LAYOUT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What tritiumLayoutDescribe prints. */
typedef enum {
  /** The linear layout itself, in the syntax of the body of `#ttg.linear`:
   *  `{register = [[0, 1], [0, 2]], lane = [...], warp = [...], block = [...]}`
   *  (one basis vector per bit of each input dimension, one entry per tensor
   *  dimension), on one line. */
  TRITIUM_LAYOUT_LINEAR = 0,
  /** One line per tensor element, in row-major order:
   *  `[i, j]: register=R lane=L warp=W block=B`. An element held by several
   *  hardware locations (broadcast) lists all of them, in increasing hardware
   *  order, separated by ` | `; one held by none prints `none`. */
  TRITIUM_LAYOUT_ELEMENTS = 1,
  /** The inverse: one line per hardware location, the first input dimension
   *  varying fastest: `register=R lane=L warp=W block=B -> [i, j]`. */
  TRITIUM_LAYOUT_HARDWARE = 2,
} TritiumLayoutView;

/** Describes the layout that the `ttg` encoding `encoding` gives a tensor (or,
 *  for a shared-memory encoding, a memdesc allocation) of shape
 *  `shape[0] x ... x shape[rank-1]`, in the form `view` selects.
 *
 *  The text goes to `callback` (with `userData`) in one or more chunks, each
 *  line ending with '\n'. The hardware coordinates are the input dimensions of
 *  the layout, by name: `register`, `lane`, `warp`, `block` for distributed
 *  encodings; `offset`, `block` (and `partition` for
 *  `#ttg.partitioned_shared`) for shared-memory encodings.
 *
 *  Returns false, after writing one line `error: <reason>\n` through the
 *  callback, when `encoding` is not a `ttg` layout (a non-`ttg` attribute,
 *  `#ttg.shared_memory`), when `rank` is not the rank of the encoding, when a
 *  dimension is not a positive power of two, when the layout cannot be
 *  computed, or when the ELEMENTS or HARDWARE view would print more than 2^16
 *  tensor elements or 2^16 hardware locations. Nothing is printed before an
 *  error is detected, so a false return produces only the error line. */
MLIR_CAPI_EXPORTED bool tritiumLayoutDescribe(MlirAttribute encoding, intptr_t rank,
                                              const int64_t *shape, TritiumLayoutView view,
                                              MlirStringCallback callback, void *userData);

/** Whether `attr` is a distributed (register) `ttg` encoding: `#ttg.blocked`,
 *  `#ttg.slice`, `#ttg.dot_op`, `#ttg.nvidia_mma`, `#ttg.amd_mfma`,
 *  `#ttg.amd_wmma`, `#ttg.linear` or `#ttg.generic_linear`. False for shared
 *  encodings, for `#ttg.shared_memory`, for other attributes and for null. */
MLIR_CAPI_EXPORTED bool tritiumLayoutIsDistributed(MlirAttribute attr);

/** The size of the input dimension `inDim` (e.g. "lane": the number of
 *  threads per warp the layout uses; "warp": warps per CTA; "register":
 *  registers per thread) of the layout `encoding` gives a tensor of shape
 *  `shape[0] x ... x shape[rank-1]`. Returns -1 if the layout cannot be
 *  computed (same conditions as tritiumLayoutDescribe, without the output
 *  caps) or has no input dimension of that name. */
MLIR_CAPI_EXPORTED int64_t tritiumLayoutGetInDimSize(MlirAttribute encoding, intptr_t rank,
                                                     const int64_t *shape,
                                                     MlirStringRef inDim);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_LAYOUT_H */
