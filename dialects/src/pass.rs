//! Passes written in Rust. The C++ side (generated from the `.td` pass
//! definitions, see `passes/Passes.td`) owns registration and option parsing;
//! each pass's `runOnOperation` hands the op and the parsed options here.
use crate::ir::Op;
use mlir_sys::*;
use std::ffi::c_void;

/// The options of one pass run, as `name -> value` text (already checked
/// and normalised by MLIR's option parser), and a handle on the running pass
/// for dynamic pipelines.
#[derive(Clone, Debug)]
pub struct PassOptions {
    pairs: Vec<(String, String)>,
    runner: *mut c_void,
}

impl Default for PassOptions {
    fn default() -> Self {
        PassOptions { pairs: Vec::new(), runner: std::ptr::null_mut() }
    }
}

impl PassOptions {
    /// Options of a run of the pass behind `runner` (the handle the C++ pass
    /// hands over; null outside a pass run).
    pub fn new(pairs: Vec<(String, String)>, runner: *mut c_void) -> Self {
        PassOptions { pairs, runner }
    }
    /// Runs a pass list (e.g. `"cse"`) on `op` (the pass's op or one nested
    /// in it) as a dynamic pipeline of the running pass, as MLIR passes do
    /// with `runPipeline`. False when it failed or there is no running pass.
    pub fn run_pipeline(&self, op: Op, pipeline: &str) -> bool {
        !self.runner.is_null() && crate::services::run_pipeline(self.runner, op, pipeline)
    }
    /// The text of option `name` (empty when not given).
    pub fn string(&self, name: &str) -> &str {
        self.pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or("")
    }
    /// Option `name` as an integer, or `default` when absent.
    pub fn int(&self, name: &str, default: i64) -> i64 {
        self.string(name).parse().unwrap_or(default)
    }
    /// Option `name` as a boolean, or `default` when absent.
    pub fn bool(&self, name: &str, default: bool) -> bool {
        match self.string(name) {
            "true" | "1" => true,
            "false" | "0" => false,
            _ => default,
        }
    }
}

/// A pass implemented in Rust.
pub trait Pass: Sync {
    /// The pass's command-line argument (Triton's flag, e.g. `triton-combine`).
    fn argument(&self) -> &'static str;
    /// Runs the pass on `op` (the op the `.td` anchors it on). On failure the
    /// pass has emitted a diagnostic on the offending op.
    fn run(&self, op: Op, options: &PassOptions) -> Result<(), ()>;
}

/// Emits an error diagnostic at `op`'s location.
pub fn emit_error(op: Op, message: &str) {
    emit_error_at(op.location(), message)
}

/// Emits an error diagnostic at `location`.
pub fn emit_error_at(location: MlirLocation, message: &str) {
    // mlirEmitError takes a C string.
    let mut text = message.replace('\0', " ");
    text.push('\0');
    unsafe { mlirEmitError(location, text.as_ptr() as *const _) }
}
