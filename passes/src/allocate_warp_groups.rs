//! `tritongpu-allocate-warp-groups`: records the total number of warps a
//! kernel launches, `ttg.total-num-warps` on the module: `ttg.num-warps`
//! plus, for the widest `ttg.warp_specialize`, the warps of its partitions;
//! and gives every function that is not a kernel (a private `tt.func`) the
//! warp-id offset 0 (`ttg.warp-id-offset`) when it has none.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

use crate::analysis::i32_attr;

/// The pass.
pub struct AllocateWarpGroups;

impl Pass for AllocateWarpGroups {
    fn argument(&self) -> &'static str {
        "tritongpu-allocate-warp-groups"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let Some(base) = module.attr("ttg.num-warps").and_then(|a| a.int()) else {
            emit_error(module, "tritongpu-allocate-warp-groups needs the module's 'ttg.num-warps'");
            return Err(());
        };
        let mut extra = 0i64;
        for op in module.nested_ops() {
            if op.name() == "ttg.warp_specialize" {
                let partitions: i64 = op
                    .attr("partitionNumWarps")
                    .and_then(|a| a.i32_array())
                    .map(|v| v.iter().map(|&x| x as i64).sum())
                    .unwrap_or(0);
                extra = extra.max(partitions);
            }
        }
        module.set_attr("ttg.total-num-warps", i32_attr(module.context(), base + extra));
        for func in crate::analysis::module_functions(module) {
            let private = func.attr("sym_visibility").is_some_and(|v| v.to_string().trim_matches('"') == "private");
            if private && func.attr("ttg.warp-id-offset").is_none() {
                func.set_attr("ttg.warp-id-offset", i32_attr(module.context(), 0));
            }
        }
        Ok(())
    }
}
