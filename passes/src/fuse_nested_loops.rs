//! `tritongpu-fuse-nested-loops`: Triton fuses a loop nest whose outer
//! `scf.for` carries `tt.flatten` (user opt-in, `tl.range(..., flatten=True)`)
//! into one loop over the combined iteration space, so the pipeliner sees a
//! single loop.
//!
//! Tritium does not implement the fusion yet. Loop nests without
//! `tt.flatten`, which Triton leaves alone, are left unchanged; an outer loop
//! with `tt.flatten` around another loop is refused with a diagnostic.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The pass.
pub struct FuseNestedLoops;

impl Pass for FuseNestedLoops {
    fn argument(&self) -> &'static str {
        "tritongpu-fuse-nested-loops"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        for o in op.nested_ops() {
            let flatten = o.attr("tt.flatten").is_some();
            if o.name() == "scf.for" && flatten && o.nested_ops().iter().any(|n| n.name() == "scf.for") {
                emit_error(o, "tritongpu-fuse-nested-loops: fusing a tt.flatten loop nest is not implemented in Tritium");
                return Err(());
            }
        }
        Ok(())
    }
}
