//! The few MLIR services the C API lacks, reached through a table of C++
//! functions (`TritiumServices` in `include/tritium/RustBridge.h`).
//!
//! `libtritium.so` installs the table once at load time, before any pass
//! runs. Going through a table rather than `extern "C"` declarations keeps the
//! Rust crates linkable on their own (`cargo test` has no C++ side): there, a
//! service that is asked for reports failure instead of being called.
use crate::ir::{string_ref, Op};
use crate::rewrite::RewritePattern;
use mlir_sys::*;
use std::ffi::c_void;
use std::sync::OnceLock;

/// A pattern as it crosses the C boundary: the address of one element of a
/// `'static` slice of patterns.
pub type PatternRef = *const &'static dyn RewritePattern;

/// The C++ service table (see `RustBridge.h` for each entry's contract).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Services {
    pub apply_patterns_greedily: unsafe extern "C" fn(op: MlirOperation, patterns: *const PatternRef, count: isize) -> bool,
    pub apply_conversion: unsafe extern "C" fn(op: MlirOperation, run: *mut c_void) -> bool,
    pub convert_region_types: unsafe extern "C" fn(rewriter: MlirRewriterBase, converter: *mut c_void, region: MlirRegion) -> bool,
    pub inline_region_at_end: unsafe extern "C" fn(rewriter: MlirRewriterBase, region: MlirRegion, dest: MlirRegion),
    pub clone_region_at_end: unsafe extern "C" fn(rewriter: MlirRewriterBase, region: MlirRegion, dest: MlirRegion),
    pub is_memory_effect_free: unsafe extern "C" fn(op: MlirOperation) -> bool,
    pub is_speculatable: unsafe extern "C" fn(op: MlirOperation) -> bool,
    pub is_trivially_dead: unsafe extern "C" fn(op: MlirOperation) -> bool,
    pub only_reads_memory: unsafe extern "C" fn(op: MlirOperation) -> bool,
    pub run_pipeline: unsafe extern "C" fn(runner: *mut c_void, op: MlirOperation, pipeline: MlirStringRef) -> bool,
    pub apply_canonicalization_patterns: unsafe extern "C" fn(op: MlirOperation, op_name: MlirStringRef) -> bool,
    pub emit_remark: unsafe extern "C" fn(location: MlirLocation, message: MlirStringRef),
    pub shared_memory_effects:
        unsafe extern "C" fn(op: MlirOperation, values: *mut MlirValue, is_write: *mut bool, capacity: usize) -> usize,
}

// SAFETY: the table holds plain function pointers into the same library.
unsafe impl Send for Services {}
unsafe impl Sync for Services {}

static SERVICES: OnceLock<Services> = OnceLock::new();

/// Installs the table (the first call wins).
pub fn install(services: Services) {
    let _ = SERVICES.set(services);
}

fn get() -> Option<&'static Services> {
    SERVICES.get()
}

/// See [`crate::rewrite::apply_patterns_greedily`].
pub fn apply_patterns_greedily(op: Op, patterns: &'static [&'static dyn RewritePattern]) -> bool {
    let refs: Vec<PatternRef> = patterns.iter().map(|p| p as PatternRef).collect();
    match get() {
        Some(s) => unsafe { (s.apply_patterns_greedily)(op.0, refs.as_ptr(), refs.len() as isize) },
        None => false,
    }
}

/// Runs a dialect conversion described by `run` (a `conversion::Run`).
pub(crate) fn apply_conversion(op: Op, run: *mut c_void) -> bool {
    match get() {
        Some(s) => unsafe { (s.apply_conversion)(op.0, run) },
        None => false,
    }
}

/// `ConversionPatternRewriter::convertRegionTypes` with the pattern's converter.
pub(crate) fn convert_region_types(rewriter: MlirRewriterBase, converter: *mut c_void, region: MlirRegion) -> bool {
    match get() {
        Some(s) => unsafe { (s.convert_region_types)(rewriter, converter, region) },
        None => false,
    }
}

/// `RewriterBase::inlineRegionBefore(region, dest, dest.end())`.
pub(crate) fn inline_region_at_end(rewriter: MlirRewriterBase, region: MlirRegion, dest: MlirRegion) {
    if let Some(s) = get() {
        unsafe { (s.inline_region_at_end)(rewriter, region, dest) }
    }
}

/// `RewriterBase::cloneRegionBefore(region, dest, dest.end())`.
pub(crate) fn clone_region_at_end(rewriter: MlirRewriterBase, region: MlirRegion, dest: MlirRegion) {
    if let Some(s) = get() {
        unsafe { (s.clone_region_at_end)(rewriter, region, dest) }
    }
}

/// `mlir::isMemoryEffectFree(op)` (false when unknown).
pub fn is_memory_effect_free(op: Op) -> bool {
    get().is_some_and(|s| unsafe { (s.is_memory_effect_free)(op.0) })
}

/// `mlir::isSpeculatable(op)` (false when unknown).
pub fn is_speculatable(op: Op) -> bool {
    get().is_some_and(|s| unsafe { (s.is_speculatable)(op.0) })
}

/// `mlir::isOpTriviallyDead(op)` (false when unknown).
pub fn is_trivially_dead(op: Op) -> bool {
    get().is_some_and(|s| unsafe { (s.is_trivially_dead)(op.0) })
}

/// Whether `op` has only read effects (or none), recursively (false when unknown).
pub fn only_reads_memory(op: Op) -> bool {
    get().is_some_and(|s| unsafe { (s.only_reads_memory)(op.0) })
}

/// Runs a pass list (e.g. `"cse"`) on `op` as a dynamic pipeline of the
/// running pass `runner` (false when unknown or when it failed).
pub(crate) fn run_pipeline(runner: *mut c_void, op: Op, pipeline: &str) -> bool {
    get().is_some_and(|s| unsafe { (s.run_pipeline)(runner, op.0, string_ref(pipeline)) })
}

/// Greedily applies the canonicalization patterns MLIR registers for the op
/// named `op_name` (e.g. `scf.for`) to everything under `op`.
pub fn apply_canonicalization_patterns(op: Op, op_name: &str) -> bool {
    get().is_some_and(|s| unsafe { (s.apply_canonicalization_patterns)(op.0, string_ref(op_name)) })
}

/// Emits a remark diagnostic at `op`'s location (nothing without services).
pub fn emit_remark(op: Op, message: &str) {
    if let Some(s) = get() {
        unsafe { (s.emit_remark)(op.location(), string_ref(message)) }
    }
}

/// The shared-memory accesses `op` declares (its MemoryEffectOpInterface
/// reads and writes of the `<SharedMemory>` resource on a value):
/// `(value, is_write)`; empty without services or without such effects.
pub fn shared_memory_effects(op: Op) -> Vec<(crate::ir::Val, bool)> {
    let Some(s) = get() else { return Vec::new() };
    let mut capacity = 8usize;
    loop {
        let mut values = vec![MlirValue { ptr: std::ptr::null() }; capacity];
        let mut writes = vec![false; capacity];
        let n = unsafe { (s.shared_memory_effects)(op.0, values.as_mut_ptr(), writes.as_mut_ptr(), capacity) };
        if n <= capacity {
            return values.into_iter().zip(writes).take(n).map(|(v, w)| (crate::ir::Val(v), w)).collect();
        }
        capacity = n;
    }
}
