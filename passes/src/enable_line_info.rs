//! `enable-line-info`: gives every `llvm.func` a debug-info scope, so that
//! translating the module to LLVM IR attaches `!dbg` line locations to its
//! instructions (and code generation then writes a line table).
//!
//! Algorithm (Triton 3.9's `LLVMDIScopePass`, `lib/Target/LLVMIR/LLVMDIScope.cpp`),
//! one pre-order walk of the module:
//! 1. an `llvm.func` whose location holds no `#llvm.di_subprogram` yet gets
//!    one, fused with its location (`loc(fused<#di_subprogram>[old])`):
//!    its file and line are the function location's first file location
//!    (callers before callees; `"<unknown>"`, line 0, when there is none),
//!    its type lists the result (`#llvm.di_null_type` for none) and every
//!    parameter ([`di_type`]; a pointer points to its `tt.pointee_type`
//!    argument attribute, else to `"unknown_type"`). A function with a body
//!    is a definition in a compile unit: the module location's
//!    `#llvm.di_compile_unit` if it has one, else a new one (C, producer
//!    `triton`, optimized, line tables only) whose distinct id is also the
//!    subprogram's `recId`; a declaration has neither compile unit nor
//!    `recId`;
//! 2. every other op whose location is a call site (code inlined from
//!    another function) gets each frame of that call-site chain fused with
//!    an `#llvm.di_lexical_block_file` of its own file in the enclosing
//!    function's subprogram, so each frame's line is attributed to its file.
//!
//! Ops whose location is a plain file location need nothing: the
//! translation scopes them in their function's subprogram. Unknown
//! locations stay unknown (their instructions get no line).
use mlir_sys::*;
use tritium_dialects::ir::{str_of, string_ref, Op};
use tritium_dialects::pass::{Pass, PassOptions};

/// The pass.
pub struct EnableLineInfo;

impl Pass for EnableLineInfo {
    fn argument(&self) -> &'static str {
        "enable-line-info"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let scopes = Scopes::new(op.context());
        let unit = find_metadata(op.location(), scopes.compile_unit_id).map(|(_, attr)| attr);
        for nested in op.nested_ops() {
            if nested.name() == "llvm.func" {
                scopes.scope_function(nested, unit);
            } else if unsafe { mlirLocationIsACallSite(nested.location()) } {
                scopes.scope_inlined(nested);
            }
        }
        Ok(())
    }
}

// DWARF constants (llvm/BinaryFormat/Dwarf.def).
const DW_TAG_POINTER_TYPE: u32 = 0x0f;
const DW_TAG_BASE_TYPE: u32 = 0x24;
const DW_LANG_C: u32 = 0x0002;
const DW_CC_NORMAL: u32 = 0x01;
// `#llvm.di_subprogram` flags (LLVM's DISPFlags).
const SP_FLAG_DEFINITION: u64 = 8;
const SP_FLAG_OPTIMIZED: u64 = 16;

/// The context and the type ids of the two debug-info attributes the pass
/// looks for in existing locations.
struct Scopes {
    ctx: MlirContext,
    subprogram_id: MlirTypeID,
    compile_unit_id: MlirTypeID,
}

fn null_attr() -> MlirAttribute {
    MlirAttribute { ptr: std::ptr::null() }
}

impl Scopes {
    fn new(ctx: MlirContext) -> Scopes {
        unsafe {
            // Two throwaway instances, only for their kinds' type ids.
            let distinct = mlirDisctinctAttrCreate(mlirUnitAttrGet(ctx));
            let subprogram = mlirLLVMDISubprogramAttrGetRecSelf(distinct);
            let file = self::file_attr(ctx, "");
            let unit = mlirLLVMDICompileUnitAttrGet(
                ctx,
                distinct,
                DW_LANG_C,
                file,
                mlirStringAttrGet(ctx, string_ref("")),
                false,
                MlirLLVMDIEmissionKind_MlirLLVMDIEmissionKindNone,
                MlirLLVMDINameTableKind_MlirLLVMDINameTableKindDefault,
                null_attr(),
            );
            Scopes { ctx, subprogram_id: mlirAttributeGetTypeID(subprogram), compile_unit_id: mlirAttributeGetTypeID(unit) }
        }
    }

    /// Step 1 for one function.
    fn scope_function(&self, func: Op, module_unit: Option<MlirAttribute>) {
        let ctx = self.ctx;
        let loc = func.location();
        if find_metadata(loc, self.subprogram_id).is_some() {
            return;
        }
        let (path, line) = file_line(loc, true);
        let file = file_attr(ctx, &path);
        let Some(fn_type) = func.attr("function_type").filter(|a| unsafe { mlirAttributeIsAType(a.0) }) else {
            return;
        };
        let fn_type = unsafe { mlirTypeAttrGetValue(fn_type.0) };
        let is_definition = func.num_regions() > 0 && func.entry_block(0).is_some();
        unsafe {
            let mut flags = SP_FLAG_OPTIMIZED;
            let (mut rec_id, mut unit) = (null_attr(), null_attr());
            if is_definition {
                rec_id = mlirDisctinctAttrCreate(mlirUnitAttrGet(ctx));
                unit = module_unit.unwrap_or_else(|| {
                    mlirLLVMDICompileUnitAttrGet(
                        ctx,
                        rec_id,
                        DW_LANG_C,
                        file,
                        mlirStringAttrGet(ctx, string_ref("triton")),
                        true,
                        MlirLLVMDIEmissionKind_MlirLLVMDIEmissionKindLineTablesOnly,
                        MlirLLVMDINameTableKind_MlirLLVMDINameTableKindDefault,
                        null_attr(),
                    )
                });
                flags |= SP_FLAG_DEFINITION;
            }
            let mut types = Vec::new();
            let result = mlirLLVMFunctionTypeGetReturnType(fn_type);
            types.push(if mlirTypeEqual(result, mlirLLVMVoidTypeGet(ctx)) { mlirLLVMDINullTypeAttrGet(ctx) } else { di_type(ctx, result) });
            let arg_attrs = func.attr("arg_attrs").map(|a| a.0).filter(|a| mlirAttributeIsAArray(*a));
            for index in 0..mlirLLVMFunctionTypeGetNumInputs(fn_type) {
                let ty = mlirLLVMFunctionTypeGetInput(fn_type, index);
                if !mlirTypeIsALLVMPointerType(ty) {
                    types.push(di_type(ctx, ty));
                    continue;
                }
                let pointee = arg_attrs
                    .filter(|a| index < mlirArrayAttrGetNumElements(*a))
                    .map(|a| mlirArrayAttrGetElement(a, index))
                    .filter(|d| mlirAttributeIsADictionary(*d))
                    .map(|d| mlirDictionaryAttrGetElementByName(d, string_ref("tt.pointee_type")))
                    .filter(|t| !t.ptr.is_null() && mlirAttributeIsAType(*t))
                    .map(|t| mlirTypeAttrGetValue(t));
                let base = match pointee {
                    Some(pointee) => di_type(ctx, pointee),
                    None => unknown_type(ctx),
                };
                // MLIR's data layout gives every pointer 64 bits when the
                // module specifies none (Triton's modules specify none).
                types.push(mlirLLVMDIDerivedTypeAttrGet(
                    ctx,
                    DW_TAG_POINTER_TYPE,
                    mlirStringAttrGet(ctx, string_ref("pointer")),
                    base,
                    64,
                    0,
                    0,
                    mlirLLVMPointerTypeGetAddressSpace(ty) as i64,
                    null_attr(),
                ));
            }
            let routine = mlirLLVMDISubroutineTypeAttrGet(ctx, DW_CC_NORMAL, types.len() as isize, types.as_ptr());
            let name = match func.attr("sym_name") {
                Some(n) if mlirAttributeIsAString(n.0) => n.0,
                _ => return,
            };
            let id = mlirDisctinctAttrCreate(mlirUnitAttrGet(ctx));
            let subprogram = mlirLLVMDISubprogramAttrGet(
                ctx,
                rec_id,
                false,
                id,
                unit,
                file,
                name,
                name,
                file,
                line,
                line,
                flags,
                routine,
                0,
                std::ptr::null(),
                0,
                std::ptr::null(),
            );
            mlirOperationSetLocation(func.0, mlirLocationFusedGet(ctx, 1, &loc, subprogram));
        }
    }

    /// Step 2 for one op whose location is a call site.
    fn scope_inlined(&self, op: Op) {
        let mut parent = op.parent();
        while let Some(p) = parent {
            if p.name() == "llvm.func" {
                break;
            }
            parent = p.parent();
        }
        let Some(subprogram) = parent.and_then(|f| find_metadata(f.location(), self.subprogram_id)) else {
            return;
        };
        let scoped = self.scoped(op.location(), subprogram.1);
        unsafe { mlirOperationSetLocation(op.0, scoped) };
    }

    /// `loc` with each frame (each non-call-site leaf of the call-site chain)
    /// fused with a lexical block of the frame's file in `subprogram`.
    fn scoped(&self, loc: MlirLocation, subprogram: MlirAttribute) -> MlirLocation {
        unsafe {
            if mlirLocationIsACallSite(loc) {
                let callee = self.scoped(mlirLocationCallSiteGetCallee(loc), subprogram);
                let caller = self.scoped(mlirLocationCallSiteGetCaller(loc), subprogram);
                return mlirLocationCallSiteGet(callee, caller);
            }
            let (path, _) = file_line(loc, false);
            let block = mlirLLVMDILexicalBlockFileAttrGet(self.ctx, subprogram, file_attr(self.ctx, &path), 0);
            mlirLocationFusedGet(self.ctx, 1, &loc, block)
        }
    }
}

/// The first fused location in `loc` (searched depth first, as MLIR's
/// `findInstanceOf`) whose metadata is of kind `kind`, with that metadata.
fn find_metadata(loc: MlirLocation, kind: MlirTypeID) -> Option<(MlirLocation, MlirAttribute)> {
    unsafe {
        if mlirLocationIsAFused(loc) {
            let metadata = mlirLocationFusedGetMetadata(loc);
            if !metadata.ptr.is_null() && mlirTypeIDEqual(mlirAttributeGetTypeID(metadata), kind) {
                return Some((loc, metadata));
            }
            return fused_parts(loc).into_iter().find_map(|l| find_metadata(l, kind));
        }
        if mlirLocationIsACallSite(loc) {
            return find_metadata(mlirLocationCallSiteGetCallee(loc), kind)
                .or_else(|| find_metadata(mlirLocationCallSiteGetCaller(loc), kind));
        }
        if mlirLocationIsAName(loc) {
            return find_metadata(mlirLocationNameGetChildLoc(loc), kind);
        }
        None
    }
}

fn fused_parts(loc: MlirLocation) -> Vec<MlirLocation> {
    unsafe {
        let n = mlirLocationFusedGetNumLocations(loc) as usize;
        let mut parts = vec![MlirLocation { ptr: std::ptr::null() }; n];
        if n > 0 {
            mlirLocationFusedGetLocations(loc, parts.as_mut_ptr());
        }
        parts
    }
}

/// The file and line of the first file location in `loc`: through names,
/// the first of fused locations and, of a call site, its caller (`caller`)
/// or callee. `("<unknown>", 0)` when there is none.
fn file_line(loc: MlirLocation, caller: bool) -> (String, u32) {
    unsafe {
        if mlirLocationIsAFileLineColRange(loc) {
            let name = str_of(mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc))).to_string();
            return (name, mlirLocationFileLineColRangeGetStartLine(loc).max(0) as u32);
        }
        if mlirLocationIsAName(loc) {
            return file_line(mlirLocationNameGetChildLoc(loc), caller);
        }
        if mlirLocationIsAFused(loc) {
            if let Some(first) = fused_parts(loc).first() {
                return file_line(*first, caller);
            }
        }
        if mlirLocationIsACallSite(loc) {
            let next = if caller { mlirLocationCallSiteGetCaller(loc) } else { mlirLocationCallSiteGetCallee(loc) };
            return file_line(next, caller);
        }
        ("<unknown>".to_string(), 0)
    }
}

/// `#llvm.di_file<"name" in "directory">` of a path, split as LLVM's
/// `sys::path::filename` / `parent_path` split it.
fn file_attr(ctx: MlirContext, path: &str) -> MlirAttribute {
    let (directory, name) = split_path(path);
    unsafe {
        mlirLLVMDIFileAttrGet(ctx, mlirStringAttrGet(ctx, string_ref(name)), mlirStringAttrGet(ctx, string_ref(directory)))
    }
}

/// (parent directory, file name) of a `/`-separated path: `a/b/c.py` ->
/// (`a/b`, `c.py`), `c.py` -> (``, `c.py`), `/c.py` -> (`/`, `c.py`),
/// `a/b/` -> (`a/b`, `.`).
fn split_path(path: &str) -> (&str, &str) {
    let Some(slash) = path.rfind('/') else { return ("", path) };
    let name = if slash + 1 == path.len() { "." } else { &path[slash + 1..] };
    let parent = path[..slash].trim_end_matches('/');
    let parent = if parent.is_empty() && path.starts_with('/') { "/" } else { parent };
    (parent, name)
}

/// The debug-info type of a parameter or result (Triton's `convertType`):
/// `bool`, `int`, `half`, `float`, `double` and `vector` basic types, and
/// `"unknown_type"` for every other type (bf16 and other floats included).
fn di_type(ctx: MlirContext, ty: MlirType) -> MlirAttribute {
    unsafe {
        let basic = |name: &str, bits: u64, encoding: MlirLLVMTypeEncoding| {
            mlirLLVMDIBasicTypeAttrGet(ctx, DW_TAG_BASE_TYPE, mlirStringAttrGet(ctx, string_ref(name)), bits, encoding)
        };
        if mlirTypeIsAInteger(ty) {
            let width = mlirIntegerTypeGetWidth(ty) as u64;
            return if width == 1 {
                basic("bool", 1, MlirLLVMTypeEncoding_MlirLLVMTypeEncodingBoolean)
            } else {
                basic("int", width, MlirLLVMTypeEncoding_MlirLLVMTypeEncodingSigned)
            };
        }
        let float = MlirLLVMTypeEncoding_MlirLLVMTypeEncodingFloatT;
        if mlirTypeIsAF16(ty) {
            return basic("half", 16, float);
        }
        if mlirTypeIsAF32(ty) {
            return basic("float", 32, float);
        }
        if mlirTypeIsAF64(ty) {
            return basic("double", 64, float);
        }
        if mlirTypeIsAVector(ty) {
            if let Some(bits) = bit_width(ty) {
                return basic("vector", bits, float);
            }
        }
        unknown_type(ctx)
    }
}

/// `#llvm.di_basic_type<name = "unknown_type", encoding = DW_ATE_signed>`.
fn unknown_type(ctx: MlirContext) -> MlirAttribute {
    unsafe {
        mlirLLVMDIBasicTypeAttrGet(
            ctx,
            DW_TAG_BASE_TYPE,
            mlirStringAttrGet(ctx, string_ref("unknown_type")),
            0,
            MlirLLVMTypeEncoding_MlirLLVMTypeEncodingSigned,
        )
    }
}

/// The bits of an integer or float type, or of a vector of them.
fn bit_width(ty: MlirType) -> Option<u64> {
    unsafe {
        if mlirTypeIsAInteger(ty) {
            return Some(mlirIntegerTypeGetWidth(ty) as u64);
        }
        if mlirTypeIsAFloat(ty) {
            return Some(mlirFloatTypeGetWidth(ty) as u64);
        }
        if mlirTypeIsAVector(ty) {
            let count: i64 = (0..mlirShapedTypeGetRank(ty) as isize).map(|d| mlirShapedTypeGetDimSize(ty, d)).product();
            return bit_width(mlirShapedTypeGetElementType(ty)).map(|bits| bits * count.max(0) as u64);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::split_path;

    #[test]
    fn paths_split_as_llvm_splits_them() {
        assert_eq!(split_path("extra/kernels.py"), ("extra", "kernels.py"));
        assert_eq!(split_path("/home/u/k.py"), ("/home/u", "k.py"));
        assert_eq!(split_path("k.py"), ("", "k.py"));
        assert_eq!(split_path("/k.py"), ("/", "k.py"));
        assert_eq!(split_path("<unknown>"), ("", "<unknown>"));
        assert_eq!(split_path("a//b.py"), ("a", "b.py"));
    }
}
