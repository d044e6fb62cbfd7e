//! The Rust half of `libtritium.so`: every `extern "C"` function the C++ glue
//! calls (declared in `include/tritium/RustBridge.h`).
//!
//! Each entry point runs its body under [`guard`], so a Rust panic never
//! unwinds into C++: it becomes a failure with a diagnostic instead.
use mlir_sys::*;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use tritium_dialects::ir::{str_of, string_ref, Attr, Op, Ty};
use tritium_dialects::tt::{fold, infer, patterns, traits, types, verify};
use tritium_dialects::ttg;

pub mod codegen;
pub mod compile;
pub mod context_lock;
pub mod cpu;
mod layout;
pub mod npy;
mod passes;
pub mod spec;

/// The C++ callback that receives diagnostic messages.
pub type ReportFn = Option<unsafe extern "C" fn(*mut c_void, MlirStringRef)>;

fn report(report: ReportFn, user_data: *mut c_void, message: &str) {
    if let Some(f) = report {
        unsafe { f(user_data, string_ref(message)) };
    }
}

/// Runs `body`, turning a panic into `fallback` (after reporting it).
pub(crate) fn guard<T>(report_fn: ReportFn, user_data: *mut c_void, fallback: T, body: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            report(report_fn, user_data, &format!("internal error in Tritium (please report): {what}"));
            fallback
        }
    }
}

/// Reports the message of a failed verdict; returns whether it succeeded.
fn report_verdict(verdict: Result<(), String>, report_fn: ReportFn, user_data: *mut c_void) -> bool {
    match verdict {
        Ok(()) => true,
        Err(message) => {
            report(report_fn, user_data, &message);
            false
        }
    }
}

/// The verifier a backend of this library registers for the dialect of
/// `hook` (`SpecBuilder::add_op_verifier`). The in-tree backends are
/// installed first (idempotent) when none is found: an op may be verified
/// before the passes are registered.
fn backend_op_verifier(hook: &str) -> Option<tritium_dialects::spec::OpVerifierHook> {
    tritium_dialects::spec::op_verifier(hook).or_else(|| {
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        let mut first = false;
        INSTALLED.call_once(|| {
            passes::install_in_tree_backends();
            first = true;
        });
        first.then(|| tritium_dialects::spec::op_verifier(hook)).flatten()
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_verify(hook: MlirStringRef, op: MlirOperation, report_fn: ReportFn, user_data: *mut c_void) -> bool {
    guard(report_fn, user_data, false, || {
        let hook = unsafe { str_of(hook) };
        let op = Op(op);
        let verdict = if hook.starts_with("tt.") {
            verify::verify(hook, op)
        } else if hook.starts_with("ttg.") {
            ttg::verify::verify_op(hook, op)
        } else if let Some(backend_verify) = backend_op_verifier(hook) {
            backend_verify(hook, op)
        } else if hook == "VerifyMemDescLayoutsTrait" {
            ttg::verify::verify_memdesc_layouts(op)
        } else {
            traits::verify(hook, op)
        };
        report_verdict(verdict, report_fn, user_data)
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_fold(
    op: MlirOperation,
    constants: *const MlirAttribute,
    num_constants: isize,
    attr: *mut MlirAttribute,
    value: *mut MlirValue,
) -> i32 {
    guard(None, std::ptr::null_mut(), 0, || {
        let constants: Vec<Attr> = if constants.is_null() || num_constants <= 0 {
            Vec::new()
        } else {
            unsafe { std::slice::from_raw_parts(constants, num_constants as usize) }.iter().map(|a| Attr(*a)).collect()
        };
        let op = Op(op);
        let folded = if op.name().starts_with("ttg.") {
            ttg::fold::fold(op, &constants)
        } else {
            fold::fold(op, &constants)
        };
        match folded {
            fold::Folded::None => 0,
            fold::Folded::Constant(a) if !a.is_null() => {
                unsafe { *attr = a.0 };
                1
            }
            fold::Folded::Constant(_) => 0,
            fold::Folded::Value(v) => {
                unsafe { *value = v.0 };
                2
            }
        }
    })
}

/// Mirror of `TritiumInferRequest` in `RustBridge.h`.
#[repr(C)]
pub struct InferRequest {
    op_name: MlirStringRef,
    context: MlirContext,
    operand_types: *const MlirType,
    num_operands: isize,
    axis: i64,
    order: *const i32,
    order_size: isize,
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_infer_types(
    request: *const InferRequest,
    results: *mut MlirType,
    capacity: isize,
    num_results: *mut isize,
    report_fn: ReportFn,
    user_data: *mut c_void,
) -> bool {
    guard(report_fn, user_data, false, || {
        let request = unsafe { &*request };
        let operands: Vec<Ty> = if request.num_operands > 0 {
            unsafe { std::slice::from_raw_parts(request.operand_types, request.num_operands as usize) }
                .iter()
                .map(|t| Ty(*t))
                .collect()
        } else {
            Vec::new()
        };
        let order: &[i32] = if request.order_size > 0 && !request.order.is_null() {
            unsafe { std::slice::from_raw_parts(request.order, request.order_size as usize) }
        } else {
            &[]
        };
        let input = infer::InferInput {
            op_name: unsafe { str_of(request.op_name) },
            operands: &operands,
            axis: request.axis,
            order,
        };
        match infer::infer(&input) {
            Ok(types) if types.len() as isize <= capacity => {
                for (i, t) in types.iter().enumerate() {
                    unsafe { *results.add(i) = t.0 };
                }
                unsafe { *num_results = types.len() as isize };
                true
            }
            Ok(_) => {
                report(report_fn, user_data, "too many inferred result types");
                false
            }
            Err(message) => {
                report(report_fn, user_data, &message);
                false
            }
        }
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_types_equivalent(inferred: MlirType, declared: MlirType) -> bool {
    catch_unwind(|| tritium_dialects::layout::equivalent_types(Ty(inferred), Ty(declared))).unwrap_or(false)
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_verify_type(
    type_name: MlirStringRef,
    inner: MlirType,
    report_fn: ReportFn,
    user_data: *mut c_void,
) -> bool {
    guard(report_fn, user_data, false, || {
        let inner = Ty(inner);
        let verdict = match unsafe { str_of(type_name) } {
            "tt.ptr" if inner.is_integer() || inner.is_float() => Ok(()),
            "tt.ptr" => Err(format!("pointer types must point to integer or floating-point types, got {inner}")),
            "tt.tensordesc" if inner.is_tensor() => Err("tensor descriptors must not wrap tensor types; use !tt.tensordesc<shape x element-type[, layout]> instead".to_string()),
            // A scalar, as in Triton; it also keeps `!tt.tensordesc<1x!d>`
            // alias chains from nesting without bound.
            "tt.tensordesc" if inner.is_integer() || inner.is_float() || inner.is_ptr() => Ok(()),
            "tt.tensordesc" => {
                Err(format!("tensor descriptor element type must be an integer, floating-point or pointer type, got {inner}"))
            }
            other => Err(format!("unknown type '{other}'")),
        };
        report_verdict(verdict, report_fn, user_data)
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_pattern_count() -> isize {
    canonicalization_patterns().len() as isize
}

/// The canonicalization patterns Tritium adds (the `canonicalize` slot set):
/// the `tt` patterns, then newer MLIR's `arith` canonicalizations that Triton
/// 3.9 applies (`tritium_dialects::tt::arith_patterns`, target-independent),
/// then the in-tree backends' target patterns
/// (`tritium_dialects::target_patterns`, rooted anywhere, e.g. `arith.divf`,
/// each applying only under its `ttg.target` prefix). Composed once: the
/// backends are installed at registration, before anything asks.
pub(crate) fn canonicalize_defaults() -> &'static [&'static dyn patterns::RewritePattern] {
    static DEFAULTS: std::sync::OnceLock<&'static [&'static dyn patterns::RewritePattern]> = std::sync::OnceLock::new();
    DEFAULTS.get_or_init(|| {
        let arith = tritium_dialects::tt::arith_patterns::PATTERNS.iter().copied();
        let targets = tritium_dialects::target_patterns::all();
        Box::leak(patterns::PATTERNS.iter().copied().chain(arith).chain(targets).collect::<Vec<_>>().into_boxed_slice())
    })
}

/// `canonicalize_defaults()` with the installed backend spec's replacements,
/// disabled and added patterns applied; every pattern application looks the
/// list up.
fn canonicalization_patterns() -> &'static [&'static dyn patterns::RewritePattern] {
    tritium_dialects::spec::rewrite_patterns("canonicalize", canonicalize_defaults())
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_pattern_info(index: isize, name: *mut MlirStringRef, root: *mut MlirStringRef, benefit: *mut u16) {
    if let Some(p) = canonicalization_patterns().get(index as usize) {
        unsafe {
            *name = string_ref(p.name());
            *root = string_ref(p.root());
            *benefit = p.benefit();
        }
    }
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_pattern_apply(index: isize, op: MlirOperation, rewriter: MlirPatternRewriter) -> bool {
    guard(None, std::ptr::null_mut(), false, || match canonicalization_patterns().get(index as usize) {
        Some(p) => {
            let base = unsafe { mlirPatternRewriterAsBase(rewriter) };
            p.match_and_rewrite(Op(op), &patterns::Rewriter(base))
        }
        None => false,
    })
}

/// See `RustBridge.h`: called once by the `tt` dialect's initializer.
#[no_mangle]
pub extern "C" fn tritium_register_tt_hooks(hooks: *const types::TtTypeHooks) {
    if !hooks.is_null() {
        types::install(unsafe { *hooks });
    }
}

#[no_mangle]
pub extern "C" fn tritium_register_ttg_hooks(hooks: *const ttg::bridge::TtgHooks) {
    if !hooks.is_null() {
        ttg::interface::install(unsafe { *hooks });
    }
}

#[no_mangle]
pub extern "C" fn tritium_ttg_verify_encoding(
    desc: *const ttg::bridge::EncodingDesc,
    report_fn: ReportFn,
    user_data: *mut c_void,
) -> bool {
    guard(report_fn, user_data, false, || {
        let verdict = match unsafe { desc.as_ref() } {
            Some(desc) => ttg::verify::verify_encoding(desc),
            None => Err("missing encoding description".into()),
        };
        report_verdict(verdict, report_fn, user_data)
    })
}

#[no_mangle]
pub extern "C" fn tritium_ttg_verify_memdesc(
    desc: *const ttg::bridge::MemDescDesc,
    report_fn: ReportFn,
    user_data: *mut c_void,
) -> bool {
    guard(report_fn, user_data, false, || {
        let verdict = match unsafe { desc.as_ref() } {
            Some(desc) => ttg::verify::verify_memdesc(&ttg::bridge::MemDesc::from_desc(desc)),
            None => Err("missing memdesc description".into()),
        };
        report_verdict(verdict, report_fn, user_data)
    })
}

#[no_mangle]
pub extern "C" fn tritium_ttg_verify_op_attribute(
    op: MlirOperation,
    name: MlirStringRef,
    value: MlirAttribute,
    report_fn: ReportFn,
    user_data: *mut c_void,
) -> bool {
    guard(report_fn, user_data, false, || {
        let verdict = ttg::verify::verify_op_attribute(Op(op), unsafe { str_of(name) }, Attr(value));
        report_verdict(verdict, report_fn, user_data)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" fn collect(user_data: *mut c_void, message: MlirStringRef) {
        (*(user_data as *mut String)).push_str(str_of(message));
    }

    #[test]
    fn a_panic_becomes_a_failure_with_a_diagnostic() {
        let mut messages = String::new();
        let result = guard(Some(collect), &mut messages as *mut String as *mut c_void, false, || -> bool {
            panic!("boom")
        });
        assert!(!result);
        assert!(messages.contains("internal error in Tritium"), "{messages}");
        assert!(messages.contains("boom"), "{messages}");
    }

    #[test]
    fn pattern_registry_is_described_over_the_abi() {
        let count = tritium_pattern_count();
        assert!(count > 0);
        let mut name = string_ref("");
        let mut root = string_ref("");
        let mut benefit = 0u16;
        tritium_pattern_info(0, &mut name, &mut root, &mut benefit);
        let (name, root) = unsafe { (str_of(name), str_of(root)) };
        assert!(name.starts_with(root), "{name} / {root}");
        assert!(benefit >= 1);
    }
}
