//! `tritongpu-remove-layout-conversions{disable-remat-splitting}`: removes
//! `ttg.convert_layout` ops by choosing better encodings for the values
//! around them, as Triton 3.9's `RemoveLayoutConversions` does.
//!
//! Algorithm (per `tt.func`):
//! 1. forward propagation from anchor ops (`propagation`), then the
//!    `convert_layout` cleanup patterns;
//! 2. backward rematerialization of the producers of each remaining
//!    conversion (`remat`), repeated with a cleanup until nothing changes;
//! 3. hoisting of the conversions left (`hoist`): above widening ops, into
//!    conditionals, next to dot-operand loads;
//! 4. dead loop-carried values are yielded unchanged, and a final cleanup
//!    (conversion patterns, then `scf.for` / `scf.if` canonicalization)
//!    removes what the phases left dead.
//!
//! The pass refuses (with a diagnostic, IR untouched) unstructured control
//! flow that the region-by-region rewrite cannot follow: several blocks in
//! an op's region, or function blocks with arguments. Function bodies of
//! several argument-free blocks (Triton's early `return` inside an `if`)
//! are rewritten block by block.
mod cleanup;
mod hoist;
mod ops;
mod propagation;
mod remat;

use tritium_dialects::ir::{block_arguments, block_ops, region_blocks, Op};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::apply_patterns_greedily;
use tritium_dialects::services;

/// The pass.
pub struct RemoveLayoutConversions;

impl Pass for RemoveLayoutConversions {
    fn argument(&self) -> &'static str {
        "tritongpu-remove-layout-conversions"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let no_split = options.bool("disable-remat-splitting", false);
        let funcs: Vec<Op> = ops::post_order(module).into_iter().filter(|o| o.name() == "tt.func").collect();
        for f in &funcs {
            if let Some(bad) = f.nested_ops().into_iter().find(|o| (0..o.num_regions()).any(|r| region_blocks(o.region(r)).len() > 1)) {
                emit_error(bad, "tritongpu-remove-layout-conversions: regions with several blocks are not supported");
                return Err(());
            }
            // Several blocks in the function body are fine when no value
            // flows along a branch (early returns: `cf.cond_br` to blocks
            // without arguments); a block argument would tie encodings across
            // blocks, which the region-by-region rewrite does not follow.
            let blocks = region_blocks(f.region(0));
            if let Some(&joined) = blocks.iter().skip(1).find(|&&b| !block_arguments(b).is_empty()) {
                let at = block_ops(joined).into_iter().next().unwrap_or(*f);
                emit_error(at, "tritongpu-remove-layout-conversions: blocks with arguments (values joined along branches) are not supported");
                return Err(());
            }
        }
        for &f in &funcs {
            propagation::Propagation::run(f);
        }
        cleanup_converts(module)?;
        loop {
            let mut changed = false;
            for &f in &funcs {
                let mut r = remat::Remat::new(no_split);
                changed |= r.backward_rematerialization(f);
            }
            cleanup_converts(module)?;
            if !changed {
                break;
            }
        }
        for &f in &funcs {
            hoist::hoist_converts(f, no_split);
        }
        cleanup::eliminate_dead_iter_args(module);
        cleanup_converts(module)?;
        services::apply_canonicalization_patterns(module, "scf.for");
        services::apply_canonicalization_patterns(module, "scf.if");
        Ok(())
    }
}

fn cleanup_converts(module: Op) -> Result<(), ()> {
    if apply_patterns_greedily(module, cleanup::CONVERT_PATTERNS) {
        Ok(())
    } else {
        emit_error(module, "tritongpu-remove-layout-conversions: the convert_layout cleanup did not converge");
        Err(())
    }
}
