//! `test-print-allocation` (test only): runs [`ModuleAllocation`] with
//! Triton's generic scratch sizes and remarks, per `tt.func`, what it
//! decided, in the words of Triton's test printer:
//! - at the function: its name, and `size = N` (the bytes it needs);
//! - at an op with a scratch (or, for a call, virtual) buffer:
//!   `scratch offset = O, size = S` (`virtual offset = ...`);
//! - at an op whose result owns explicit buffers: `offset = O, size = S`
//!   for each (one per partition of a `#ttg.partitioned_shared` allocation).
//!
//! Options: `get-scratch-size-function` (`None`, the default sizes, or
//! `ValidConstant`: every op gets 128 bytes of scratch, a test of the
//! allocator alone) and `partition-size` (bytes of one physical
//! shared-memory partition; 0 = none): the buffers of one partitioned
//! allocation then go to different physical partitions.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::services::emit_remark;

use crate::analysis::allocation::{scratch_size_bytes_for, BufferKind, ModuleAllocation, ScratchTarget};
use crate::analysis::{module_functions, post_order, symbol_name};

/// The pass.
pub struct TestPrintAllocation;

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
        let partition_size = options.int("partition-size", 0);
        if partition_size < 0 {
            emit_error(module, &format!("test-print-allocation: partition-size must not be negative, got {partition_size}"));
            return Err(());
        }
        let scratch = |op: Op| -> u64 {
            if constant {
                128
            } else {
                scratch_size_bytes_for(op, ScratchTarget::Generic)
            }
        };
        let allocation = ModuleAllocation::run_partitioned(module, &scratch, partition_size as u64);
        for func in module_functions(module).into_iter().filter(|f| f.name() == "tt.func") {
            let Some(alloc) = allocation.function(func) else { continue };
            emit_remark(func, &symbol_name(func).unwrap_or_default());
            for op in post_order(func) {
                if let Some(b) = alloc.op_buffer(op) {
                    let what = if b.kind == BufferKind::Virtual { "virtual" } else { "scratch" };
                    emit_remark(op, &format!("{what} offset = {}, size = {}", b.offset, b.size));
                }
                for result in op.results() {
                    for b in alloc.value_buffers(result) {
                        emit_remark(op, &format!("offset = {}, size = {}", b.offset, b.size));
                    }
                }
            }
            emit_remark(func, &format!("size = {}", alloc.shared_memory_size));
        }
        Ok(())
    }
}
