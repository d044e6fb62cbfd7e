//! The canonicalization of `ttg.convert_layout` (Triton's
//! `CanonicalizeConvertFromConvert`), registered with the `tt` patterns in
//! [`crate::tt::patterns::PATTERNS`].
//!
//! Like Triton, `ttg.convert_layout` has no folder: a conversion to its own
//! type disappears only under `canonicalize`, never in the folding other
//! greedy passes do.
use crate::ir::{Attr, Op, Ty};
use crate::rewrite::{RewritePattern, Rewriter};
use crate::ttg::bridge;
use crate::ttg::encoding::Encoding;
use crate::ttg::infer;
use crate::ttg::to_linear::to_linear_layout;

/// The decoded `ttg` encoding of a tensor type, if it has one.
fn encoding_of(ty: Ty) -> Option<Encoding> {
    ty.encoding().and_then(bridge::encoding_of).and_then(Result::ok)
}

/// Triton's `isExpensiveView`: a view from `src` to `dst` moves data between
/// threads unless both layouts broadcast the same input bits and hold as many
/// elements per thread. Undecidable layouts count as expensive.
fn is_expensive_view(src: Ty, dst: Ty) -> bool {
    let (Some(a), Some(b), Some(sa), Some(sb)) = (encoding_of(src), encoding_of(dst), src.shape(), dst.shape()) else {
        return true;
    };
    match (to_linear_layout(&a, &sa), to_linear_layout(&b, &sb)) {
        (Ok(a), Ok(b)) => {
            a.get_free_variable_masks() != b.get_free_variable_masks() || a.in_dim_size("register") != b.in_dim_size("register")
        }
        _ => true,
    }
}

/// Whether `convert` only renames its layout: source and result place every
/// element in the same register, lane, warp and CTA.
fn is_trivial_convert(convert: Op) -> bool {
    let (src, dst) = (convert.operand(0).ty(), convert.result(0).ty());
    match (encoding_of(src), encoding_of(dst), src.shape()) {
        (Some(a), Some(b), Some(shape)) => infer::layouts_equivalent(&shape, &a, &b).unwrap_or(false),
        _ => false,
    }
}

fn defining_convert(op: Op, operand: usize) -> Option<Op> {
    op.operand(operand).defining_op().filter(|d| d.name() == "ttg.convert_layout" && d.num_operands() == 1)
}

fn is_dot_operand(ty: Ty) -> bool {
    matches!(encoding_of(ty), Some(Encoding::DotOperand { .. }))
}

/// `tt.reshape(convert x)` -> `tt.reshape x` when the conversion is trivial,
/// or when the reshape may reorder and the new view stays cheap.
struct ReshapeOfConvert;
impl RewritePattern for ReshapeOfConvert {
    fn name(&self) -> &'static str { "tt.reshape.fold-convert" }
    fn root(&self) -> &'static str { "tt.reshape" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(convert) = defining_convert(op, 0) else { return false };
        let src = convert.operand(0);
        let ty = op.result(0).ty();
        if !is_trivial_convert(convert) && (op.attr("allow_reorder").is_none() || is_expensive_view(src.ty(), ty)) {
            return false;
        }
        let attrs: Vec<_> = ["allow_reorder", "efficient_layout"].iter().filter_map(|n| op.attr(n).map(|a| (*n, a.0))).collect();
        let new = rw.create(op, "tt.reshape", &[src], &[ty], &attrs);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `tt.histogram(convert x, mask)` -> `tt.histogram(x, convert mask)`: the
/// histogram's input layout does not matter.
struct HistogramOfConvert;
impl RewritePattern for HistogramOfConvert {
    fn name(&self) -> &'static str { "tt.histogram.fold-convert" }
    fn root(&self) -> &'static str { "tt.histogram" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(convert) = defining_convert(op, 0) else { return false };
        let src = convert.operand(0);
        let mut operands = vec![src];
        if op.num_operands() > 1 {
            let mask = op.operand(1);
            let Some(shape) = src.ty().shape() else { return false };
            let mask_ty = Ty::tensor(&shape, mask.ty().element(), src.ty().encoding());
            operands.push(rw.create(op, "ttg.convert_layout", &[mask], &[mask_ty], &[]).result(0));
        }
        let new = rw.create(op, "tt.histogram", &operands, &[op.result(0).ty()], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `tt.gather(convert src, idx)` -> `tt.gather(src, idx)` unless a pass chose
/// the source layout (`efficient_layout`): the gather goes through shared
/// memory, so its source layout does not matter.
struct GatherOfConvert;
impl RewritePattern for GatherOfConvert {
    fn name(&self) -> &'static str { "tt.gather.fold-convert-source" }
    fn root(&self) -> &'static str { "tt.gather" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.attr("efficient_layout").is_some() {
            return false;
        }
        let Some(convert) = defining_convert(op, 0) else { return false };
        let Some(axis) = op.attr("axis") else { return false };
        let new = rw.create(op, "tt.gather", &[convert.operand(0), op.operand(1)], &[op.result(0).ty()], &[("axis", axis.0)]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `tt.trans` by the identity order that changes the layout ->
/// `ttg.convert_layout` (which may then fold away); `tt.trans(convert x)` ->
/// `tt.trans x` when the conversion is trivial.
struct TransOfConvert;
impl RewritePattern for TransOfConvert {
    fn name(&self) -> &'static str { "tt.trans.fold-convert" }
    fn root(&self) -> &'static str { "tt.trans" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(order) = op.attr("order").and_then(Attr::i32_array) else { return false };
        let ty = op.result(0).ty();
        if order.iter().enumerate().all(|(i, &o)| o as usize == i) {
            let new = rw.create(op, "ttg.convert_layout", &[op.operand(0)], &[ty], &[]);
            rw.replace(op, &[new.result(0)]);
            return true;
        }
        let Some(convert) = defining_convert(op, 0).filter(|c| is_trivial_convert(*c)) else { return false };
        let order_attr = op.attr("order").map(|a| a.0);
        let attrs: Vec<_> = order_attr.into_iter().map(|a| ("order", a)).collect();
        let new = rw.create(op, "tt.trans", &[convert.operand(0)], &[ty], &attrs);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// The patterns Triton registers with `ttg.convert_layout`'s canonicalization
/// that are rooted at the op consuming a conversion.
pub const RESHAPE_OF_CONVERT: &dyn RewritePattern = &ReshapeOfConvert;
pub const HISTOGRAM_OF_CONVERT: &dyn RewritePattern = &HistogramOfConvert;
pub const GATHER_OF_CONVERT: &dyn RewritePattern = &GatherOfConvert;

/// One pattern, tried in this order:
/// 1. `convert(x : T -> T)` → `x`;
/// 2. (a conversion from `#ttg.nvidia_mma` to `#ttg.dot_op` is left alone);
/// 3. `convert(histogram(x))` → `histogram(x)` in the converted layout;
/// 4. `convert(convert(x))` → `convert(x)`;
/// 5. `convert(splat(x))` → `splat(x)`, `convert(make_range)` →
///    `make_range`, `convert(arith.constant splat)` → `arith.constant`, in
///    the converted layout.
///
/// Also `convert(reshape allow_reorder)` → `reshape(reshape)` when the view
/// stays cheap. Triton also folds conversions of `tt.cat` here; that case is not
/// handled (the conversion stays).
/// `convert(local_load)` is `crate::ttg::patterns`'s.
struct ConvertFromConvert;

impl RewritePattern for ConvertFromConvert {
    fn name(&self) -> &'static str {
        "ttg.convert_layout.canonicalize"
    }
    fn root(&self) -> &'static str {
        "ttg.convert_layout"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.num_operands() != 1 || op.num_results() != 1 {
            return false;
        }
        let src = op.operand(0);
        let ty = op.result(0).ty();
        if src.ty() == ty {
            rw.replace(op, &[src]);
            return true;
        }
        let encoding = |t: crate::ir::Ty| t.encoding().and_then(bridge::encoding_of).and_then(Result::ok);
        if matches!(encoding(ty), Some(Encoding::DotOperand { .. })) && matches!(encoding(src.ty()), Some(Encoding::NvidiaMma { .. })) {
            return false;
        }
        let Some(arg) = src.defining_op() else { return false };
        let new = match arg.name() {
            // A reorderable, cheap reshape produces the converted layout itself.
            "tt.reshape" => {
                if arg.attr("allow_reorder").is_none()
                    || arg.attr("efficient_layout").is_some()
                    || is_expensive_view(arg.operand(0).ty(), ty)
                    || is_dot_operand(src.ty())
                    || is_dot_operand(ty)
                {
                    return false;
                }
                // As Triton 3.9 does, the new reshape reads the old one's
                // result (a later canonicalization merges the two).
                let Some(unit) = arg.attr("allow_reorder") else { return false };
                rw.create(op, "tt.reshape", &[src], &[ty], &[("allow_reorder", unit.0)])
            }
            "tt.histogram" => {
                let attrs: Vec<_> = arg.attributes().into_iter().map(|(n, a)| (n, a.0)).collect();
                rw.create(op, "tt.histogram", &arg.operands(), &[ty], &attrs)
            }
            "ttg.convert_layout" => rw.create(op, "ttg.convert_layout", &[arg.operand(0)], &[ty], &[]),
            "tt.splat" => rw.create(op, "tt.splat", &[arg.operand(0)], &[ty], &[]),
            "tt.make_range" => {
                let (Some(start), Some(end)) = (arg.attr("start"), arg.attr("end")) else { return false };
                rw.create(op, "tt.make_range", &[], &[ty], &[("start", start.0), ("end", end.0)])
            }
            "arith.constant" => {
                let Some(splat) = arg.attr("value").and_then(Attr::splat_value) else { return false };
                let value = Attr::splat(ty, splat);
                rw.create(op, "arith.constant", &[], &[ty], &[("value", value.0)])
            }
            _ => return false,
        };
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// The `ttg.convert_layout` canonicalization pattern.
pub const CONVERT_FROM_CONVERT: &dyn RewritePattern = &ConvertFromConvert;
pub const TRANS_OF_CONVERT: &dyn RewritePattern = &TransOfConvert;
