//! `triton-reorder-broadcast`: moves `tt.splat` / `tt.broadcast` after
//! elementwise ops so that the elementwise work is done on the smaller tensor
//! (Triton 3.9's `ReorderBroadcast.cpp`), with MLIR's greedy driver (folding
//! on).
//!
//! Patterns and their stable names:
//!
//! * `elementwise.move-splat-after`: `f(splat(a), splat(b), ...)` ->
//!   `splat(f(a, b, ...))`. Every operand must be a `tt.splat` or a splat
//!   `arith.constant` (which becomes a scalar constant).
//! * `elementwise.move-broadcast-after`: `f(broadcast(a), splat(b), ...)` ->
//!   `broadcast(f(a, splat'(b), ...))`. Every operand must be a `tt.broadcast`
//!   or splat-like, with at least one broadcast, and all broadcasts must have
//!   sources of one shape. Splat-like operands are re-splatted to the source
//!   shape (and encoding) of the first broadcast.
//! * The canonicalization patterns Triton adds from `BroadcastOp` and
//!   `ExpandDimsOp`, shared with the `tt` canonicalizer
//!   (`tritium_dialects::tt::patterns`):
//!   `tt.broadcast.fold-splat` (`broadcast(splat x)` -> `splat x`),
//!   `tt.broadcast.fold-broadcast` (`broadcast(broadcast x)` -> `broadcast x`),
//!   `tt.expand_dims.fold-splat` (`expand_dims(splat x)` -> `splat x`) and
//!   `tt.expand_dims.swap-broadcast` (`expand_dims(broadcast x)` ->
//!   `broadcast(expand_dims x)`).
//!
//! "Elementwise" (MLIR's `Elementwise` trait, which the C API cannot query) is
//! decided by name: every `arith` op but `arith.constant`, every `math` op, and
//! the `tt` ops declared `Elementwise` (`tt.int_to_ptr`, `tt.ptr_to_int`,
//! `tt.bitcast`, `tt.fp_to_fp`, `tt.clampf`, `tt.precise_sqrt`,
//! `tt.precise_divf`, `tt.approx_divf`, `tt.mulhiui`, `tt.addptr`,
//! `tt.extern_elementwise`, `tt.elementwise_inline_asm`). As in Triton the op
//! must also be free of memory effects (an impure `extern_elementwise` or
//! inline asm never moves), and here every result must be a ranked tensor.
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::spec;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, RewritePattern, Rewriter};
use tritium_dialects::services;
use tritium_dialects::tt::patterns as tt_patterns;

pub struct ReorderBroadcast;

impl Pass for ReorderBroadcast {
    fn argument(&self) -> &'static str {
        "triton-reorder-broadcast"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        if apply_patterns_greedily(op, spec::rewrite_patterns("triton-reorder-broadcast", PATTERNS)) {
            Ok(())
        } else {
            emit_error(op, "triton-reorder-broadcast: the greedy rewrite did not converge");
            Err(())
        }
    }
}

/// Every pattern of the pass, in Triton's registration order.
pub static PATTERNS: &[&dyn RewritePattern] = &[
    tt_patterns::BROADCAST_FOLD_SPLAT,
    tt_patterns::BROADCAST_FOLD_BROADCAST,
    tt_patterns::EXPAND_DIMS_FOLD_SPLAT,
    tt_patterns::EXPAND_DIMS_SWAP_BROADCAST,
    &MoveBroadcastAfterElementwise,
    &MoveSplatAfterElementwise,
];

/// The `tt` ops that carry the `Elementwise` trait.
const TT_ELEMENTWISE: &[&str] = &[
    "tt.int_to_ptr",
    "tt.ptr_to_int",
    "tt.bitcast",
    "tt.fp_to_fp",
    "tt.clampf",
    "tt.precise_sqrt",
    "tt.precise_divf",
    "tt.approx_divf",
    "tt.mulhiui",
    "tt.addptr",
    "tt.extern_elementwise",
    "tt.elementwise_inline_asm",
];

/// Whether the op name denotes an op with the `Elementwise` trait.
fn is_elementwise_name(name: &str) -> bool {
    (name.starts_with("arith.") && name != "arith.constant")
        || name.starts_with("math.")
        || TT_ELEMENTWISE.contains(&name)
}

/// Whether `op` may be moved across a splat/broadcast: an elementwise,
/// effect-free, region-free op with operands and ranked-tensor results.
fn is_movable_elementwise(op: Op) -> bool {
    is_elementwise_name(op.name())
        && op.num_regions() == 0
        && op.num_operands() > 0
        && op.num_results() > 0
        && op.results().iter().all(|r| r.ty().is_tensor())
        && services::is_memory_effect_free(op)
}

/// The defining op of `value` if it has the name `name`.
fn defined_by(value: Val, name: &str) -> Option<Op> {
    value.defining_op().filter(|d| d.name() == name)
}

/// The splat value of a splat `arith.constant` defining `value`.
fn splat_constant(value: Val) -> Option<Attr> {
    let def = defined_by(value, "arith.constant")?;
    def.attr("value")?.splat_value()
}

/// Whether `value` is a `tt.splat` or a splat constant.
fn is_splat_like(value: Val) -> bool {
    defined_by(value, "tt.splat").is_some() || splat_constant(value).is_some()
}

/// Creates `op` again before `op` with new operands and result types (same
/// name and attributes).
fn clone_with(rw: &Rewriter, op: Op, operands: &[Val], results: &[Ty]) -> Op {
    let attrs: Vec<(&str, MlirAttribute)> = op.attributes().into_iter().map(|(n, a)| (n, a.0)).collect();
    rw.create(op, op.name(), operands, results, &attrs)
}

/// `f(splat(a), splat(b), ...)` -> `splat(f(a, b, ...))`.
struct MoveSplatAfterElementwise;

impl RewritePattern for MoveSplatAfterElementwise {
    fn name(&self) -> &'static str {
        "elementwise.move-splat-after"
    }
    fn root(&self) -> &'static str {
        ""
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if !is_movable_elementwise(op) || !op.operands().into_iter().all(is_splat_like) {
            return false;
        }
        let mut scalars = Vec::new();
        for operand in op.operands() {
            if let Some(splat) = defined_by(operand, "tt.splat") {
                scalars.push(splat.operand(0));
            } else if let Some(value) = splat_constant(operand) {
                let element = operand.ty().element();
                let constant = rw.create(op, "arith.constant", &[], &[element], &[("value", value.0)]);
                scalars.push(constant.result(0));
            } else {
                return false;
            }
        }
        let result_types: Vec<Ty> = op.results().iter().map(|r| r.ty().element()).collect();
        let new = clone_with(rw, op, &scalars, &result_types);
        let splats: Vec<Val> = op
            .results()
            .iter()
            .enumerate()
            .map(|(i, r)| rw.create(op, "tt.splat", &[new.result(i)], &[r.ty()], &[]).result(0))
            .collect();
        rw.replace(op, &splats);
        true
    }
}

/// `f(broadcast(a), splat(b), ...)` -> `broadcast(f(a, splat'(b), ...))`.
struct MoveBroadcastAfterElementwise;

impl RewritePattern for MoveBroadcastAfterElementwise {
    fn name(&self) -> &'static str {
        "elementwise.move-broadcast-after"
    }
    fn root(&self) -> &'static str {
        ""
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if !is_movable_elementwise(op) {
            return false;
        }
        let operands = op.operands();
        let mut source: Option<Ty> = None;
        for operand in &operands {
            if let Some(broadcast) = defined_by(*operand, "tt.broadcast") {
                let ty = broadcast.operand(0).ty();
                match source {
                    None => source = Some(ty),
                    Some(first) if first.shape() != ty.shape() => return false,
                    Some(_) => {}
                }
            } else if !is_splat_like(*operand) {
                return false;
            }
        }
        let Some(source) = source else { return false };
        let Some(shape) = source.shape() else { return false };
        let encoding = source.encoding();
        let reshaped = |ty: Ty| Ty::tensor(&shape, ty.element(), encoding);
        let mut new_operands = Vec::new();
        for operand in &operands {
            if let Some(broadcast) = defined_by(*operand, "tt.broadcast") {
                new_operands.push(broadcast.operand(0));
            } else if let Some(splat) = defined_by(*operand, "tt.splat") {
                let new = rw.create(op, "tt.splat", &[splat.operand(0)], &[reshaped(operand.ty())], &[]);
                new_operands.push(new.result(0));
            } else if let Some(value) = splat_constant(*operand) {
                let ty = reshaped(operand.ty());
                let new = rw.create(op, "arith.constant", &[], &[ty], &[("value", Attr::splat(ty, value).0)]);
                new_operands.push(new.result(0));
            } else {
                return false;
            }
        }
        let result_types: Vec<Ty> = op.results().iter().map(|r| reshaped(r.ty())).collect();
        let new = clone_with(rw, op, &new_operands, &result_types);
        let broadcasts: Vec<Val> = op
            .results()
            .iter()
            .enumerate()
            .map(|(i, r)| rw.create(op, "tt.broadcast", &[new.result(i)], &[r.ty()], &[]).result(0))
            .collect();
        rw.replace(op, &broadcasts);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elementwise_names() {
        assert!(is_elementwise_name("arith.addf"));
        assert!(is_elementwise_name("arith.select"));
        assert!(!is_elementwise_name("arith.constant"));
        assert!(is_elementwise_name("math.exp"));
        assert!(is_elementwise_name("tt.addptr"));
        assert!(!is_elementwise_name("tt.load"));
        assert!(!is_elementwise_name("tt.splat"));
        assert!(!is_elementwise_name("tt.broadcast"));
    }

    #[test]
    fn pattern_names_are_unique() {
        let mut names: Vec<&str> = PATTERNS.iter().map(|p| p.name()).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len());
    }
}
