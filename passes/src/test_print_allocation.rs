//! `test-print-allocation` (test only): runs [`ModuleAllocation`] with
//! Triton's generic scratch sizes and remarks, per `tt.func`, what it
//! decided, in the words of Triton's test printer:
//! - at the function: its name, and `size = N` (the bytes it needs);
//! - at an op with a scratch (or, for a call, virtual) buffer:
//!   `scratch offset = O, size = S` (`virtual offset = ...`);
//! - at an op whose result owns an explicit buffer: `offset = O, size = S`.
//!
//! Options: `get-scratch-size-function` (`None`, the default sizes, or
//! `ValidConstant`: every op gets 128 bytes of scratch, a test of the
//! allocator alone) and `partition-size` (bytes of one shared-memory
//! partition; 0 = none). Tritium's allocator has no partitioned placement:
//! a module with `#ttg.partitioned_shared` buffers and a non-zero
//! partition size is refused with a located error rather than misplaced.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::services::emit_remark;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;

use crate::analysis::allocation::{scratch_size_bytes_for, BufferKind, ModuleAllocation, ScratchTarget};
use crate::analysis::{module_functions, post_order, symbol_name};

/// The pass.
pub struct TestPrintAllocation;

/// Whether `op`'s result is a memdesc with a `#ttg.partitioned_shared` encoding.
fn is_partitioned(op: Op) -> bool {
    op.results().into_iter().any(|v| {
        bridge::memdesc_of(v.ty())
            .and_then(|d| bridge::encoding_of(d.encoding))
            .is_some_and(|e| matches!(e, Ok(Encoding::PartitionedShared { .. })))
    })
}

impl Pass for TestPrintAllocation {
    fn argument(&self) -> &'static str {
        "test-print-allocation"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let constant = match options.string("get-scratch-size-function") {
            "" | "None" => false,
            "ValidConstant" => true,
            other => {
                emit_error(
                    module,
                    &format!("test-print-allocation: unknown get-scratch-size-function '{other}' (expected None or ValidConstant)"),
                );
                return Err(());
            }
        };
        if options.int("partition-size", 0) != 0 {
            if let Some(op) = module.nested_ops().into_iter().find(|&op| is_partitioned(op)) {
                emit_error(op, "test-print-allocation: partitioned shared-memory placement (partition-size) is not implemented");
                return Err(());
            }
        }
        let scratch = |op: Op| -> u64 {
            if constant {
                128
            } else {
                scratch_size_bytes_for(op, ScratchTarget::Generic)
            }
        };
        let allocation = ModuleAllocation::run(module, &scratch);
        for func in module_functions(module).into_iter().filter(|f| f.name() == "tt.func") {
            let Some(alloc) = allocation.function(func) else { continue };
            emit_remark(func, &symbol_name(func).unwrap_or_default());
            for op in post_order(func) {
                if let Some(b) = alloc.op_buffer(op) {
                    let what = if b.kind == BufferKind::Virtual { "virtual" } else { "scratch" };
                    emit_remark(op, &format!("{what} offset = {}, size = {}", b.offset, b.size));
                }
                for result in op.results() {
                    if let Some(b) = alloc.value_buffer(result) {
                        emit_remark(op, &format!("offset = {}, size = {}", b.offset, b.size));
                    }
                }
            }
            emit_remark(func, &format!("size = {}", alloc.shared_memory_size));
        }
        Ok(())
    }
}
