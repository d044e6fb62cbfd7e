//! The canonicalization of `ttg.convert_layout` (Triton's
//! `CanonicalizeConvertFromConvert`), registered with the `tt` patterns in
//! [`crate::tt::patterns::PATTERNS`].
//!
//! Like Triton, `ttg.convert_layout` has no folder: a conversion to its own
//! type disappears only under `canonicalize`, never in the folding other
//! greedy passes do.
use crate::ir::{Attr, Op};
use crate::rewrite::{RewritePattern, Rewriter};
use crate::ttg::bridge;
use crate::ttg::encoding::Encoding;

/// One pattern, tried in this order:
/// 1. `convert(x : T -> T)` → `x`;
/// 2. (a conversion from `#ttg.nvidia_mma` to `#ttg.dot_op` is left alone);
/// 3. `convert(histogram(x))` → `histogram(x)` in the converted layout;
/// 4. `convert(convert(x))` → `convert(x)`;
/// 5. `convert(splat(x))` → `splat(x)`, `convert(make_range)` →
///    `make_range`, `convert(arith.constant splat)` → `arith.constant`, in
///    the converted layout.
///
/// Triton also folds conversions of `tt.reshape` (allow_reorder) and `tt.cat`
/// here; those cases are not handled (the conversion stays).
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
