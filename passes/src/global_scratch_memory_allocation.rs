//! `tritongpu-global-scratch-memory-allocation`: lays out the global scratch
//! buffers of each function (`ttg.global_scratch_alloc`, offsets in
//! `ttg.global_scratch_memory_offset`) and records each function's and the
//! module's global and profile scratch sizes and alignments
//! (`ttg.global_scratch_memory_size` / `_alignment`,
//! `ttg.profile_scratch_memory_size` / `_alignment`).
//!
//! Algorithm: per function, allocations are placed in walk order, each at
//! the previous end rounded up to its alignment; the function's size is the
//! end rounded up to the largest alignment (1 without allocations). The
//! module takes the largest size and alignment of its functions. Profile
//! scratch (Proton) is not used by Tritium's pipelines: 0 bytes, aligned to 1.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

use crate::analysis::{i32_attr, module_functions};

/// The pass.
pub struct GlobalScratchMemoryAllocation;

impl Pass for GlobalScratchMemoryAllocation {
    fn argument(&self) -> &'static str {
        "tritongpu-global-scratch-memory-allocation"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let context = module.context();
        let (mut module_size, mut module_align) = (0i64, 1i64);
        for func in module_functions(module) {
            let (mut offset, mut largest) = (0i64, 1i64);
            for op in func.nested_ops() {
                if op.name() != "ttg.global_scratch_alloc" {
                    continue;
                }
                let bytes = op.attr("nbytes").and_then(|a| a.int()).unwrap_or(0);
                let align = op.attr("alignment").and_then(|a| a.int()).unwrap_or(1).max(1);
                if bytes < 0 || align & (align - 1) != 0 {
                    emit_error(op, "global scratch allocations need a non-negative size and a power-of-two alignment");
                    return Err(());
                }
                offset = (offset + align - 1) / align * align;
                op.set_attr("ttg.global_scratch_memory_offset", i32_attr(context, offset));
                offset += bytes;
                largest = largest.max(align);
            }
            let size = (offset + largest - 1) / largest * largest;
            func.set_attr("ttg.global_scratch_memory_size", i32_attr(context, size));
            func.set_attr("ttg.global_scratch_memory_alignment", i32_attr(context, largest));
            func.set_attr("ttg.profile_scratch_memory_size", i32_attr(context, 0));
            func.set_attr("ttg.profile_scratch_memory_alignment", i32_attr(context, 1));
            module_size = module_size.max(size);
            module_align = module_align.max(largest);
        }
        module.set_attr("ttg.global_scratch_memory_size", i32_attr(context, module_size));
        module.set_attr("ttg.global_scratch_memory_alignment", i32_attr(context, module_align));
        module.set_attr("ttg.profile_scratch_memory_size", i32_attr(context, 0));
        module.set_attr("ttg.profile_scratch_memory_alignment", i32_attr(context, 1));
        Ok(())
    }
}
