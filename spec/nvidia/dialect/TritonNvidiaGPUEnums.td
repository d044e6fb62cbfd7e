// Enumerations of the `ttng` dialect (declaration; a file of its own so that
// the enum generators see only these, not the core's).
#ifndef TRITIUM_TTNG_ENUMS
#define TRITIUM_TTNG_ENUMS

include "mlir/IR/EnumAttr.td"

class TTNG_I32Enum<string name, string doc, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, doc, cases> {
  let cppNamespace = "::mlir::triton::nvidia_gpu";
}

// Used as parameters of #ttng.cache_policy only: no attribute of their own.
def TTNG_CacheEvictionPriorityAttr : TTNG_I32Enum<"CacheEvictionPriority",
    "eviction priority of a cache level", [
  I32EnumAttrCase<"NONE", 0, "none">,
  I32EnumAttrCase<"EVICT_NORMAL", 1, "evict_normal">,
  I32EnumAttrCase<"EVICT_UNCHANGED", 2, "evict_unchanged">,
  I32EnumAttrCase<"EVICT_FIRST", 3, "evict_first">,
  I32EnumAttrCase<"EVICT_LAST", 4, "evict_last">,
  I32EnumAttrCase<"NO_ALLOCATE", 5, "no_allocate">]> {
  let genSpecializedAttr = 0;
}

def TTNG_TMEMWaitKindAttr : TTNG_I32Enum<"TMEMWaitKind",
    "which tensor-memory accesses a ttng.tmem_wait waits for", [
  I32EnumAttrCase<"LOAD", 0, "load">,
  I32EnumAttrCase<"STORE", 1, "store">]>;

// Wrapped by #ttng.redOp<...> (TritonNvidiaGPU.td).
def TTNG_TMEMLoadReduceModifierAttr : TTNG_I32Enum<"TMEMLoadReduceModifier",
    "reduction along N of a ttng.tmem_load", [
  I32EnumAttrCase<"MIN", 1, "min">,
  I32EnumAttrCase<"MAX", 2, "max">]> {
  let genSpecializedAttr = 0;
}

def TTNG_PackedArithOpKindAttr : TTNG_I32Enum<"PackedArithOpKind",
    "operation of a ttng.packed_arith", [
  I32EnumAttrCase<"ADD", 0, "add">,
  I32EnumAttrCase<"SUB", 1, "sub">,
  I32EnumAttrCase<"MUL", 2, "mul">,
  I32EnumAttrCase<"FMA", 3, "fma">,
  I32EnumAttrCase<"MIN", 4, "min">,
  I32EnumAttrCase<"MAX", 5, "max">]>;

// Wrapped by #ttng.blockRepOrder<...>, and a parameter of
// #ttng.tensor_memory_scales_encoding.
def TTNG_TensorMemoryScalesBlockRepOrderAttr : TTNG_I32Enum<
    "TensorMemoryScalesBlockRepOrder",
    "order of the repeated scale blocks along the tensor-memory columns", [
  I32EnumAttrCase<"MN_THEN_K", 0, "mnThenK">,
  I32EnumAttrCase<"K_THEN_MN", 1, "kThenMn">]> {
  let genSpecializedAttr = 0;
}

#endif // TRITIUM_TTNG_ENUMS
