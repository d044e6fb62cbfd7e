// Enumerations of the `ttg` dialect (declaration; a file of its own so that
// the enum generators see only these).
#ifndef TRITIUM_TTG_ENUMS
#define TRITIUM_TTG_ENUMS

include "mlir/IR/EnumAttr.td"

def TTG_SharedKind : I32EnumAttr<"SharedKind", "kind of a shared-memory access", [
  I32EnumAttrCase<"Generic", 0, "generic">,
  I32EnumAttrCase<"Async", 1, "async">,
  I32EnumAttrCase<"Barrier", 2, "barrier">]> {
  let cppNamespace = "::mlir::triton::gpu";
}

// The address spaces a `ttg.barrier` orders; combinable (`local|global_read`).
def TTG_AddrSpace : I32BitEnumAttr<"AddrSpace", "address spaces ordered by a barrier", [
  I32BitEnumAttrCase<"None", 0b00000, "none">,
  I32BitEnumAttrCase<"Local", 0b00001, "local">,
  I32BitEnumAttrCase<"GlobalRead", 0b00010, "global_read">,
  I32BitEnumAttrCase<"GlobalWrite", 0b00100, "global_write">,
  I32BitEnumAttrCase<"TensorRead", 0b01000, "tensor_read">,
  I32BitEnumAttrCase<"TensorWrite", 0b10000, "tensor_write">,
  I32BitEnumAttrCase<"All", 0b11111, "all">]> {
  let cppNamespace = "::mlir::triton::gpu";
  let separator = "|";
}

#endif // TRITIUM_TTG_ENUMS
