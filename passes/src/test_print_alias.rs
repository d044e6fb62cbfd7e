//! `test-print-alias` (test only): remarks, for the shared-memory
//! descriptors of every `tt.func`, which `ttg.local_alloc` buffers each may
//! refer to (the alias sets [`ModuleAllocation`] computes: views alias their
//! source, `arith.select` both choices, loop-carried values, region results
//! and block arguments everything that may flow into them), as Triton's
//! test printer words it: `%name -> %alloc1,%alloc2` with the names MLIR's
//! printer gives the values in the module, sorted as text.
//!
//! What is remarked, per op in pre-order: each result that aliases a buffer;
//! for an `scf.for`, also each region iteration argument, with the buffers of
//! its initial value; for a branch without results (`cf.br`,
//! `cf.cond_br`), the arguments of the block that holds it.
use std::ffi::c_void;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, Op, Val};
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::services::emit_remark;

use crate::analysis::allocation::{scratch_size_bytes_for, FunctionAllocation, ModuleAllocation, ScratchTarget};
use crate::analysis::{module_functions, successors};

/// The pass.
pub struct TestPrintAlias;

unsafe extern "C" fn push_text(s: MlirStringRef, user_data: *mut c_void) {
    let out = &mut *(user_data as *mut String);
    out.push_str(&String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)));
}

/// Value names as the module's printer numbers them.
struct Names(MlirAsmState);

impl Names {
    fn new(module: Op) -> Names {
        unsafe {
            let flags = mlirOpPrintingFlagsCreate();
            let state = mlirAsmStateCreateForOperation(module.0, flags);
            mlirOpPrintingFlagsDestroy(flags);
            Names(state)
        }
    }
    fn of(&self, value: Val) -> String {
        let mut out = String::new();
        unsafe { mlirValuePrintAsOperand(value.0, self.0, Some(push_text), &mut out as *mut String as *mut c_void) };
        out
    }
}

impl Drop for Names {
    fn drop(&mut self) {
        unsafe { mlirAsmStateDestroy(self.0) }
    }
}

/// The sorted names of the allocations `value` may refer to.
fn alloc_names(alloc: &FunctionAllocation, names: &Names, value: Val) -> Vec<String> {
    let mut out: Vec<String> =
        alloc.buffer_ids(value).into_iter().map(|id| names.of(alloc.buffers[id].owner.result(0))).collect();
    out.sort();
    out
}

fn remark(op: Op, name: String, allocs: Vec<String>) {
    if !allocs.is_empty() {
        emit_remark(op, &format!("{name} -> {}", allocs.join(",")));
    }
}

impl Pass for TestPrintAlias {
    fn argument(&self) -> &'static str {
        "test-print-alias"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let allocation = ModuleAllocation::run(module, &|op| scratch_size_bytes_for(op, ScratchTarget::Generic));
        let names = Names::new(module);
        for func in module_functions(module).into_iter().filter(|f| f.name() == "tt.func") {
            let Some(alloc) = allocation.function(func) else { continue };
            for op in func.nested_ops() {
                if op.num_results() == 0 {
                    if !successors(op).is_empty() {
                        if let Some(block) = op.block() {
                            for arg in block_arguments(block) {
                                remark(op, names.of(arg), alloc_names(alloc, &names, arg));
                            }
                        }
                    }
                    continue;
                }
                if op.name() == "scf.for" {
                    if let Some(body) = op.entry_block(0) {
                        let inits: Vec<Val> = op.operands().into_iter().skip(3).collect();
                        for (arg, init) in block_arguments(body).into_iter().skip(1).zip(inits) {
                            remark(op, names.of(arg), alloc_names(alloc, &names, init));
                        }
                    }
                }
                for result in op.results() {
                    remark(op, names.of(result), alloc_names(alloc, &names, result));
                }
            }
        }
        Ok(())
    }
}
