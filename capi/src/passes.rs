//! The C entry points of Rust passes, rewrite patterns and conversions
//! (declared in `include/tritium/RustBridge.h`). Every body runs under
//! [`guard`]: a panic becomes a failed pass with a diagnostic, never an
//! unwind into C++.
use crate::guard;
use mlir_sys::*;
use std::ffi::c_void;
use tritium_dialects::conversion::{Materialization, Run};
use tritium_dialects::ir::{str_of, string_ref, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{RewritePattern, Rewriter};
use tritium_dialects::services::{self, PatternRef, Services};

/// Every Rust pass, by its argument.
fn find_pass(argument: &str) -> Option<&'static dyn Pass> {
    tritium_passes::PASSES
        .iter()
        .chain(tritium_conversions::PASSES.iter())
        .copied()
        .find(|p| p.argument() == argument)
        .or_else(|| tritium_dialects::spec::backend_pass(argument))
}

/// Reports a panic caught at the boundary as an error on `op`.
fn report_on(op: MlirOperation) -> (crate::ReportFn, *mut c_void) {
    unsafe extern "C" fn emit(user_data: *mut c_void, message: MlirStringRef) {
        let op = Op(MlirOperation { ptr: user_data });
        emit_error(op, str_of(message));
    }
    (Some(emit), op.ptr)
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_install_services(table: *const Services) {
    if !table.is_null() {
        services::install(unsafe { *table });
    }
    install_in_tree_backends();
    // The CPU backend's C API (tritiumCpuKernel*): keep its symbols in the link.
    std::hint::black_box(crate::cpu::keep_exports());
}

/// Installs the in-tree backends (idempotent): first the setup each one's
/// `register()` names (`SpecBuilder::set_setup`: its ttg->LLVM lowering and
/// target patterns, chosen per module by target prefix), then their
/// manifests and registrations. Setups run before any manifest is checked:
/// the check computes the slot inventory once, which includes the target
/// patterns.
pub(crate) fn install_in_tree_backends() {
    install_builtin_backends();
}

/// Installs the backends built into this library (idempotent): each is a
/// `spec/<name>/spec.toml` and a `register(&mut SpecBuilder)`, read and
/// checked as a vendor spec is (see `crate::spec::install_builtin_backend`),
/// after every one's setup has run.
pub(crate) fn install_builtin_backends() {
    static SETUP: std::sync::Once = std::sync::Once::new();
    SETUP.call_once(|| {
        for builtin in builtin_backends() {
            let mut builder = tritium_dialects::spec::SpecBuilder::default();
            (builtin.register)(&mut builder);
            if let Some(setup) = builder.setup() {
                setup();
            }
        }
    });
    for builtin in builtin_backends() {
        crate::spec::install_builtin_backend(builtin.manifest, builtin.manifest_path, builtin.register);
    }
}

/// The backends built into this library, each as its crate describes itself
/// (`spec/<name>/spec.toml` and its `register`). The C API names none of
/// them: the library's build generates the crate that links this one with
/// every `spec/*/` whose `spec.toml` says `builtin = true`, and that crate
/// defines `tritium_builtin_backends` (`_tritium_write_rust_crate` in
/// `cmake/TritiumBackend.cmake`, for the default library and for a vendor's).
#[cfg(not(test))]
fn builtin_backends() -> &'static [tritium_dialects::spec::BuiltinBackend] {
    extern "Rust" {
        fn tritium_builtin_backends() -> &'static [tritium_dialects::spec::BuiltinBackend];
    }
    // SAFETY: defined (as a safe `fn` with this signature) by the generated
    // crate every Tritium library is linked from.
    unsafe { tritium_builtin_backends() }
}

/// In this crate's unit tests no backend is built in (the backends test
/// themselves through the C API: `spec/*/tests/`).
#[cfg(test)]
fn builtin_backends() -> &'static [tritium_dialects::spec::BuiltinBackend] {
    &[]
}

/// The lowering slots the built-in backends declare in `register()`
/// (`SpecBuilder::add_lowering_slot`), in backend order: read from fresh
/// builders, so that the slot inventory does not depend on which backends
/// are installed yet.
pub(crate) fn builtin_lowering_slots() -> Vec<(&'static str, &'static str, String)> {
    let mut slots = Vec::new();
    for builtin in builtin_backends() {
        let mut builder = tritium_dialects::spec::SpecBuilder::default();
        (builtin.register)(&mut builder);
        slots.extend(builder.lowering_slots().iter().cloned());
    }
    slots
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_check_target(target: MlirStringRef, report_fn: crate::ReportFn, user_data: *mut c_void) -> bool {
    guard(report_fn, user_data, false, || {
        let verdict = tritium_conversions::target::check_target(unsafe { str_of(target) });
        crate::report_verdict(verdict, report_fn, user_data)
    })
}

/// See `RustBridge.h`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn tritium_stage_pipeline(
    stage: MlirStringRef,
    target: MlirStringRef,
    num_warps: i32,
    threads_per_warp: i32,
    num_ctas: i32,
    num_stages: i32,
    asm_version: i32,
    report_fn: crate::ReportFn,
    user_data: *mut c_void,
) -> i32 {
    use tritium_dialects::spec::{stage_pipeline, StageOptions, StageRefusal};
    guard(report_fn, user_data, 2, || {
        let options = StageOptions {
            target: unsafe { str_of(target) },
            num_warps,
            threads_per_warp: (threads_per_warp >= 0).then_some(threads_per_warp),
            num_ctas,
            num_stages,
            asm_version,
        };
        let (code, text) = match stage_pipeline(unsafe { str_of(stage) }, &options) {
            None => return 0,
            Some(Ok(text)) => (1, text),
            Some(Err(StageRefusal::Invalid(message))) => (2, message),
            Some(Err(StageRefusal::NotImplemented(message))) => (3, message),
        };
        if let Some(f) = report_fn {
            unsafe { f(user_data, string_ref(&text)) };
        }
        code
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_pass_run(
    argument: MlirStringRef,
    op: MlirOperation,
    names: *const MlirStringRef,
    values: *const MlirStringRef,
    num_options: isize,
    runner: *mut c_void,
) -> bool {
    let (report, user_data) = report_on(op);
    guard(report, user_data, false, || {
        let argument = unsafe { str_of(argument) };
        let mut pairs = Vec::new();
        for i in 0..num_options.max(0) as usize {
            unsafe {
                pairs.push((str_of(*names.add(i)).to_string(), str_of(*values.add(i)).to_string()));
            }
        }
        match find_pass(argument) {
            Some(pass) => pass.run(Op(op), &PassOptions::new(pairs, runner)).is_ok(),
            None => {
                emit_error(Op(op), &format!("Tritium has no Rust implementation of pass '{argument}'"));
                false
            }
        }
    })
}

/// The pattern behind a `TritiumPatternRef`.
///
/// # Safety
/// `pattern` must come from `services::apply_patterns_greedily`, which hands
/// out addresses of elements of `'static` pattern slices.
unsafe fn pattern_of(pattern: *const c_void) -> &'static dyn RewritePattern {
    *(pattern as PatternRef)
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_rewrite_pattern_info(
    pattern: *const c_void,
    name: *mut MlirStringRef,
    root: *mut MlirStringRef,
    benefit: *mut u16,
) {
    let p = unsafe { pattern_of(pattern) };
    unsafe {
        *name = string_ref(p.name());
        *root = string_ref(p.root());
        *benefit = p.benefit();
    }
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_rewrite_pattern_apply(pattern: *const c_void, op: MlirOperation, rewriter: MlirRewriterBase) -> bool {
    let (report, user_data) = report_on(op);
    guard(report, user_data, false, || unsafe { pattern_of(pattern) }.match_and_rewrite(Op(op), &Rewriter(rewriter)))
}

/// The conversion run behind a `void *run`.
///
/// # Safety
/// `run` must be the pointer `conversion::apply_partial_conversion` passed
/// to the C++ driver, which is live for the whole conversion.
unsafe fn run_of<'a>(run: *mut c_void) -> &'a Run<'a> {
    &*(run as *const Run)
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_conversion_legality(run: *mut c_void, list: i32, index: isize, name: *mut MlirStringRef) -> bool {
    guard(None, std::ptr::null_mut(), false, || match unsafe { run_of(run) }.legality_item(list, index as usize) {
        Some(item) => {
            unsafe { *name = string_ref(item) };
            true
        }
        None => false,
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_conversion_is_legal(run: *mut c_void, op: MlirOperation) -> bool {
    let (report, user_data) = report_on(op);
    guard(report, user_data, false, || unsafe { run_of(run) }.conversion.is_legal(Op(op)))
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_conversion_convert_type(run: *mut c_void, ty: MlirType) -> MlirType {
    let null = MlirType { ptr: std::ptr::null() };
    guard(None, std::ptr::null_mut(), null, || {
        unsafe { run_of(run) }.conversion.convert_type(Ty(ty)).map(|t| t.0).unwrap_or(null)
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_conversion_materialize(
    run: *mut c_void,
    kind: i32,
    ty: MlirType,
    inputs: *const MlirValue,
    num_inputs: isize,
    location: MlirLocation,
) -> MlirOperation {
    let null = MlirOperation { ptr: std::ptr::null_mut() };
    guard(None, std::ptr::null_mut(), null, || {
        let inputs: Vec<Val> = (0..num_inputs.max(0) as usize).map(|i| Val(unsafe { *inputs.add(i) })).collect();
        let kind = if kind == 0 { Materialization::Target } else { Materialization::Source };
        unsafe { run_of(run) }
            .conversion
            .materialize(kind, Ty(ty), &inputs, location)
            .map(|op| op.0)
            .unwrap_or(null)
    })
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_conversion_pattern_count(run: *mut c_void) -> isize {
    unsafe { run_of(run) }.patterns.len() as isize
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_conversion_pattern_info(
    run: *mut c_void,
    index: isize,
    name: *mut MlirStringRef,
    root: *mut MlirStringRef,
    benefit: *mut u16,
) {
    if let Some(p) = unsafe { run_of(run) }.patterns.get(index as usize) {
        unsafe {
            *name = string_ref(p.name());
            *root = string_ref(p.root());
            *benefit = p.benefit();
        }
    }
}

/// See `RustBridge.h`.
#[no_mangle]
pub extern "C" fn tritium_conversion_pattern_apply(
    run: *mut c_void,
    index: isize,
    op: MlirOperation,
    operands: *const MlirValue,
    num_operands: isize,
    rewriter: MlirRewriterBase,
    converter: *mut c_void,
) -> bool {
    let (report, user_data) = report_on(op);
    guard(report, user_data, false, || {
        let operands: Vec<Val> = (0..num_operands.max(0) as usize).map(|i| Val(unsafe { *operands.add(i) })).collect();
        unsafe { run_of(run) }.apply_pattern(index as usize, Op(op), &operands, rewriter, converter)
    })
}
