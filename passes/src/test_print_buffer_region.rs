//! `test-print-buffer-region` (test only): remarks, in the words of Triton's
//! test printer, what [`BufferRegionAnalysis`] found:
//! - at every op that reads or writes shared memory through one of its
//!   operands: `Buffers: [base, length], ...` (or `Buffers: unknown`) for
//!   the first such operand;
//! - at every op with the unit attribute `test.print_all_used_regions`:
//!   `All Shared Regions: ...` and `All Barrier Regions: ...`, the distinct
//!   regions all accesses of the module use (each remark only when some).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::services::emit_remark;

use crate::analysis::buffer_region::{memory_accesses, BufferRegion, BufferRegionAnalysis, RegionType};
use crate::analysis::post_order;

/// The pass.
pub struct TestPrintBufferRegion;

fn emit_region_list(anchor: Op, label: &str, regions: &[BufferRegion]) {
    if !regions.is_empty() {
        let text: Vec<String> = regions.iter().map(|r| r.text()).collect();
        emit_remark(anchor, &format!("{label}: {}", text.join(", ")));
    }
}

impl Pass for TestPrintBufferRegion {
    fn argument(&self) -> &'static str {
        "test-print-buffer-region"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let analysis = BufferRegionAnalysis::run(module)?;
        let ops = post_order(module);
        for &op in &ops {
            let operands = op.operands();
            if let Some(value) = memory_accesses(op).into_iter().find(|v| operands.iter().any(|o| o.same(*v))) {
                emit_remark(op, &format!("Buffers: {}", analysis.region_info(value).text()));
            }
        }
        for &anchor in ops.iter().filter(|op| op.attr("test.print_all_used_regions").is_some()) {
            emit_region_list(anchor, "All Shared Regions", &analysis.used_regions(RegionType::SharedMemory));
            emit_region_list(anchor, "All Barrier Regions", &analysis.used_regions(RegionType::Barrier));
        }
        Ok(())
    }
}
