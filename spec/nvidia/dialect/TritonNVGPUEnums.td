// Enumerations of the `nvg` dialect (declaration; a file of its own so that
// the enum generators see only these). The numbering is Triton 3.9's: `nvg`
// ops print their wgmma attributes as plain integers (`eltTypeA = 3 : i32`);
// the summaries are Triton's, which the constraint diagnostics quote.
#ifndef TRITIUM_NVG_ENUMS
#define TRITIUM_NVG_ENUMS

include "mlir/IR/EnumAttr.td"

class NVG_I32Enum<string name, string doc, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, doc, cases> {
  let cppNamespace = "::mlir::triton::nvgpu";
}

def NVG_MemSemanticAttr : NVG_I32Enum<"MemSemantic",
    "" /* Triton's (empty) summary, which its diagnostics quote */, [
  I32EnumAttrCase<"RELAXED", 1, "relaxed">,
  I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
  I32EnumAttrCase<"RELEASE", 3, "release">,
  I32EnumAttrCase<"ACQUIRE_RELEASE", 4, "acq_rel">]>;

def NVG_MemSyncScopeAttr : NVG_I32Enum<"MemSyncScope",
    "", [
  I32EnumAttrCase<"GPU", 1, "gpu">,
  I32EnumAttrCase<"CTA", 2, "cta">,
  I32EnumAttrCase<"SYSTEM", 3, "sys">]>;

def NVG_WGMMALayoutAttr : NVG_I32Enum<"WGMMALayout",
    "wgmma layout, either 'row' or 'col'", [
  I32EnumAttrCase<"row", 0>,
  I32EnumAttrCase<"col", 1>]>;

def NVG_WGMMAEltTypeAttr : NVG_I32Enum<"WGMMAEltType",
    "wgmma operand type, either 's8', 's32', 'e4m3', 'e5m2', 'f16', 'bf16', 'tf32', or 'f32'", [
  I32EnumAttrCase<"s8", 0>,
  I32EnumAttrCase<"s32", 1>,
  I32EnumAttrCase<"e4m3", 2>,
  I32EnumAttrCase<"e5m2", 3>,
  I32EnumAttrCase<"f16", 4>,
  I32EnumAttrCase<"bf16", 5>,
  I32EnumAttrCase<"tf32", 6>,
  I32EnumAttrCase<"f32", 7>]>;

#endif // TRITIUM_NVG_ENUMS
