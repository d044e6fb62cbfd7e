//===- ParseNesting.h - A depth limit for parsing nested tt/ttg syntax ----===//
#ifndef TRITIUM_PARSENESTING_H
#define TRITIUM_PARSENESTING_H

#include "mlir/IR/OpImplementation.h"

namespace tritium {
/// Bounds how deeply `tt`/`ttg` types and attributes nest while they are
/// parsed. MLIR's parser recurses once per level (`!tt.ptr<!tt.ptr<...>>`,
/// `#ttg.slice<{parent = #ttg.slice<...>}>`), so thousands of levels overflow
/// the stack; past [kMaxParseNesting] levels the parse fails with a
/// diagnostic instead. Held by the dialects' `parseType`/`parseAttribute`
/// for the duration of one type or attribute (one counter per thread, shared
/// by both dialects, so alternating nestings count too).
class ParseNestingGuard {
public:
  /// Real Triton IR nests a few levels (a slice of a dot operand of an mma);
  /// the encoding decoder rejects more than 32 anyway (dialects/src/ttg/bridge.rs).
  static constexpr unsigned kMaxParseNesting = 32;

  explicit ParseNestingGuard(mlir::AsmParser &parser) : ok(++depth() <= kMaxParseNesting) {
    if (!ok)
      parser.emitError(parser.getCurrentLocation())
          << "tt/ttg types and attributes nested more than " << kMaxParseNesting
          << " deep";
  }
  ~ParseNestingGuard() { --depth(); }
  ParseNestingGuard(const ParseNestingGuard &) = delete;
  ParseNestingGuard &operator=(const ParseNestingGuard &) = delete;

  /// Whether parsing may go on at this depth.
  explicit operator bool() const { return ok; }

private:
  static unsigned &depth() {
    static thread_local unsigned value = 0;
    return value;
  }
  bool ok;
};
} // namespace tritium

#endif // TRITIUM_PARSENESTING_H
