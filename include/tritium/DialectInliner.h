//===- DialectInliner.h - Inlining for the layout-level dialects -----------===//
#ifndef TRITIUM_DIALECTINLINER_H
#define TRITIUM_DIALECTINLINER_H

#include "mlir/Transforms/InliningUtils.h"

namespace tritium {
/// Lets the inliner move a dialect's ops into a caller, and inline calls
/// into the regions of its ops (as Triton 3.9's ttg and ttng dialects do);
/// whether a call may be inlined at all is the tt dialect's decision.
struct OpsInlineAnywhere : public mlir::DialectInlinerInterface {
  using mlir::DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(mlir::Region *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(mlir::Operation *, mlir::Region *, bool,
                       mlir::IRMapping &) const final {
    return true;
  }
};
} // namespace tritium

#endif // TRITIUM_DIALECTINLINER_H
