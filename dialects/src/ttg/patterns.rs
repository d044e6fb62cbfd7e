//! Canonicalization patterns of the `ttg` ops, registered with the `tt` ones
//! in [`crate::tt::patterns::PATTERNS`].
use crate::ir::Op;
use crate::rewrite::{RewritePattern, Rewriter};

/// `convert_layout(local_load(m))` → `local_load(m)` with the converted
/// layout: a shared-memory load can produce any distributed layout. The new
/// load is placed where the old one is (ops with memory effects may sit
/// between it and the conversion); the old one goes when it is left unused.
struct ConvertOfLocalLoad;

impl RewritePattern for ConvertOfLocalLoad {
    fn name(&self) -> &'static str {
        "ttg.convert_layout.fold-local-load"
    }
    fn root(&self) -> &'static str {
        "ttg.convert_layout"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(load) = op.operand(0).defining_op().filter(|d| d.name() == "ttg.local_load") else { return false };
        let new = rw.create(load, "ttg.local_load", &load.operands(), &[op.result(0).ty()], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// The pattern folding a layout conversion into the shared-memory load
/// feeding it.
pub const CONVERT_OF_LOCAL_LOAD: &dyn RewritePattern = &ConvertOfLocalLoad;
