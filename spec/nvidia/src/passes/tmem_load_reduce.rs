//! `triton-nvidia-tmem-load-reduce`: from sm103 on, a max or min reduction
//! along the columns of a value just loaded from tensor memory is done by
//! the load itself (`tcgen05.ld.red`), as Triton 3.9's pass.
//!
//! Algorithm, for each `tt.reduce` of the module, last first (target
//! `cuda:103` or later): it must reduce one 2-D `f32` operand along axis 1 with a
//! combiner made of a single `arith.maxnumf`, `arith.maximumf`,
//! `arith.minnumf` or `arith.minimumf` (the `*imumf` forms propagate NaN);
//! the operand must come from a `ttng.tmem_load` without a reduction yet
//! (directly or through one `ttg.convert_layout`) whose layout keeps each
//! row in one thread (no lane or warp along the columns). The load is
//! rebuilt with the extra reduced result (`redOp`, `NaN`), which replaces
//! the reduction (through a `ttg.convert_layout` when the reduction's
//! result has another layout).
use mlir_sys::*;
use tritium_dialects::ir::{block_ops, region_blocks, string_ref, Attr, Op, Ty};
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services;
use tritium_dialects::ttg::{bridge, to_linear};
use tritium_passes::pipeliner::{erase, replace_all_uses, InsertPoint};

const LOAD: &str = "ttng.tmem_load";

/// The pass.
pub struct TmemLoadReduce;

impl Pass for TmemLoadReduce {
    fn argument(&self) -> &'static str {
        "triton-nvidia-tmem-load-reduce"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let target = module.attr("ttg.target").map(|a| a.to_string().trim_matches('"').to_string()).unwrap_or_default();
        if crate::compute_capability(&target).is_none_or(|cc| cc < 103) {
            return Ok(());
        }
        // Last first: of two reductions of one load, the later one fuses.
        let reduces: Vec<Op> = module.nested_ops().into_iter().filter(|o| o.name() == "tt.reduce").collect();
        for reduce in reduces.into_iter().rev() {
            fuse(reduce);
        }
        Ok(())
    }
}

/// The reduction kind and whether it propagates NaN.
fn combiner(reduce: Op) -> Option<(&'static str, bool)> {
    let blocks = region_blocks(reduce.region(0));
    let [block] = blocks.as_slice() else { return None };
    let ops = block_ops(*block);
    let [op, ret] = ops.as_slice() else { return None };
    if ret.name() != "tt.reduce.return" || ret.num_operands() != 1 || !ret.operand(0).same(op.result(0)) {
        return None;
    }
    match op.name() {
        "arith.maxnumf" => Some(("max", false)),
        "arith.maximumf" => Some(("max", true)),
        "arith.minnumf" => Some(("min", false)),
        "arith.minimumf" => Some(("min", true)),
        _ => None,
    }
}

/// Whether each row of `ty` is held by one thread: no lane or warp basis
/// moves along the columns.
fn rows_in_registers(ty: Ty) -> bool {
    let (Some(shape), Some(enc)) = (ty.shape(), ty.encoding()) else { return false };
    let Some(Ok(enc)) = bridge::encoding_of(enc) else { return false };
    let Ok(ll) = to_linear::to_linear_layout(&enc, &shape) else { return false };
    ll.bases()
        .iter()
        .filter(|(name, _)| name == "lane" || name == "warp")
        .all(|(_, bases)| bases.iter().all(|b| b.get(1).copied().unwrap_or(0) == 0))
}

fn fuse(reduce: Op) -> bool {
    if reduce.num_operands() != 1 || reduce.num_results() != 1 {
        return false;
    }
    if reduce.attr("axis").and_then(|a| a.int()) != Some(1) {
        return false;
    }
    let src = reduce.operand(0);
    if src.ty().shape().map(|s| s.len()) != Some(2) || src.ty().element().to_string() != "f32" {
        return false;
    }
    let Some((kind, nan)) = combiner(reduce) else { return false };
    let Some(mut def) = src.defining_op() else { return false };
    let mut cvt = None;
    if def.name() == "ttg.convert_layout" {
        cvt = Some(def);
        let Some(d) = def.operand(0).defining_op() else { return false };
        def = d;
    }
    let load = def;
    if load.name() != LOAD || load.attr("redOp").is_some() || load.num_results() > 2 {
        return false;
    }
    let load_ty = load.result(0).ty();
    if !rows_in_registers(load_ty) {
        return false;
    }
    let ctx = load.context();
    let has_token = load.num_results() == 2;
    // The reduced type: the load's rows, sliced along the columns.
    let Some(enc) = load_ty.encoding() else { return false };
    let red_ty = Ty(unsafe {
        mlirTypeParseGet(
            ctx,
            string_ref(&format!(
                "tensor<{}xf32, #ttg.slice<{{dim = 1, parent = {}}}>>",
                load_ty.shape().expect("shape")[0],
                enc
            )),
        )
    });
    if red_ty.is_null() {
        return false;
    }
    let mut results = vec![load_ty];
    if has_token {
        results.push(load.result(1).ty());
    }
    results.push(red_ty);
    let parse = |text: &str| Attr(unsafe { mlirAttributeParseGet(ctx, string_ref(text)) });
    let mut attrs: Vec<(&str, MlirAttribute)> =
        load.attributes().into_iter().filter(|(n, _)| *n != "resultSegmentSizes").map(|(n, a)| (n, a.0)).collect();
    let segs = [1i32, has_token as i32, 1];
    let segs_attr = unsafe { mlirDenseI32ArrayGet(ctx, 3, segs.as_ptr()) };
    attrs.push(("resultSegmentSizes", segs_attr));
    let red_op = parse(&format!("#ttng.redOp<{kind}>"));
    attrs.push(("redOp", red_op.0));
    if nan {
        attrs.push(("NaN", unsafe { mlirBoolAttrGet(ctx, 1) }));
    }
    let new = Rewriter::build(load.location(), LOAD, &load.operands(), &results, &attrs, 0);
    if new.0.ptr.is_null() {
        return false;
    }
    InsertPoint::Before(load).insert(new);
    replace_all_uses(load.result(0), new.result(0));
    if has_token {
        replace_all_uses(load.result(1), new.result(1));
    }
    let red = new.result(results.len() - 1);
    let out_ty = reduce.result(0).ty();
    let value = if out_ty.to_string() == red_ty.to_string() {
        red
    } else {
        InsertPoint::Before(reduce).create(reduce.location(), "ttg.convert_layout", &[red], &[out_ty], &[]).result(0)
    };
    replace_all_uses(reduce.result(0), value);
    erase(reduce);
    erase(load);
    if let Some(c) = cvt {
        if services::is_trivially_dead(c) {
            erase(c);
        }
    }
    true
}
