//! `tritongpu-optimize-thread-locality`: Triton's rewrites that keep
//! reductions thread-local (accumulating a reduction that runs inside a loop
//! in registers and reducing once after the loop; choosing an efficient
//! layout for `tt.reshape {allow_reorder}`).
//!
//! Tritium does not implement the rewrites yet. The pass leaves IR that
//! Triton would leave unchanged as it is and refuses, with a diagnostic on
//! the op, IR it would have to rewrite:
//! - a `tt.reduce` inside an `scf.for` whose result is combined with a value
//!   carried by that loop (the in-loop accumulation Triton moves out);
//! - a `tt.reshape` with `allow_reorder` and no `efficient_layout`.
use tritium_dialects::ir::{block_arguments, Op};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The pass.
pub struct OptimizeThreadLocality;

impl Pass for OptimizeThreadLocality {
    fn argument(&self) -> &'static str {
        "tritongpu-optimize-thread-locality"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        for o in op.nested_ops() {
            let unsupported = match o.name() {
                "tt.reduce" => accumulates_in_loop(o),
                "tt.reshape" => o.attr("allow_reorder").is_some() && o.attr("efficient_layout").is_none(),
                _ => false,
            };
            if unsupported {
                emit_error(o, "tritongpu-optimize-thread-locality: rewriting this op is not implemented in Tritium");
                return Err(());
            }
        }
        Ok(())
    }
}

/// Whether a reduction's result is combined, in its enclosing `scf.for`, with
/// one of that loop's iteration arguments.
fn accumulates_in_loop(reduce: Op) -> bool {
    let Some(parent) = reduce.parent().filter(|p| p.name() == "scf.for") else { return false };
    let Some(body) = parent.entry_block(0) else { return false };
    let iter_args = block_arguments(body);
    reduce.results().iter().flat_map(|r| r.users()).any(|user| {
        user.operands().iter().any(|v| iter_args.iter().skip(1).any(|a| a.same(*v)))
    })
}
