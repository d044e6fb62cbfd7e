//! What `tritongpu-remove-layout-conversions` needs to know about single ops:
//! which keep their layout (anchors), which can be recomputed in another
//! layout, how an encoding crosses an op (forwards and backwards), and small
//! IR helpers (value keys, uses, dominance in structured control flow).
use mlir_sys::*;
use std::collections::HashMap;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::services;
use tritium_dialects::spec::{op_has_role, OpRole};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::infer;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::to_linear_layout;

/// A hashable identity for a value.
pub fn vkey(v: Val) -> usize {
    v.0.ptr as usize
}

/// A hashable identity for an attribute (attributes are uniqued).
pub fn akey(a: Attr) -> usize {
    a.0.ptr as usize
}

/// A hashable identity for an op.
pub fn okey(op: Op) -> usize {
    op.0.ptr as usize
}

/// The encoding of a ranked tensor value.
pub fn enc(v: Val) -> Option<Attr> {
    v.ty().encoding()
}


/// Every op nested in `op` (excluding it), in post-order (MLIR's default walk).
pub fn post_order(op: Op) -> Vec<Op> {
    fn visit(op: Op, out: &mut Vec<Op>) {
        for r in 0..op.num_regions() {
            for b in tritium_dialects::ir::region_blocks(op.region(r)) {
                for o in tritium_dialects::ir::block_ops(b) {
                    visit(o, out);
                    out.push(o);
                }
            }
        }
    }
    let mut out = Vec::new();
    visit(op, &mut out);
    out
}

/// The argument number of a block argument.
pub fn arg_number(v: Val) -> usize {
    unsafe { mlirBlockArgumentGetArgNumber(v.0) as usize }
}

/// The result number of an op result.
pub fn result_number(v: Val) -> usize {
    unsafe { mlirOpResultGetResultNumber(v.0) as usize }
}

/// The op owning the block of a block argument.
pub fn arg_parent_op(v: Val) -> Option<Op> {
    let block = v.owner_block()?;
    let op = unsafe { mlirBlockGetParentOperation(block) };
    (!op.ptr.is_null()).then_some(Op(op))
}

/// The location to give ops created for `v`.
pub fn value_loc(v: Val) -> MlirLocation {
    unsafe { mlirValueGetLocation(v.0) }
}

/// The ancestor of `op` (or `op` itself) that lives directly in `block`.
fn ancestor_in_block(mut op: Op, block: MlirBlock) -> Option<Op> {
    loop {
        let b = op.block()?;
        if unsafe { mlirBlockEqual(b, block) } {
            return Some(op);
        }
        op = op.parent()?;
    }
}

/// Whether `v` properly dominates `user` (single-block structured regions).
pub fn properly_dominates(v: Val, user: Op) -> bool {
    if let Some(def) = v.defining_op() {
        let Some(block) = def.block() else { return false };
        match ancestor_in_block(user, block) {
            Some(a) => !a.same(def) && unsafe { mlirOperationIsBeforeInBlock(def.0, a.0) },
            None => false,
        }
    } else if let Some(block) = v.owner_block() {
        ancestor_in_block(user, block).is_some()
    } else {
        false
    }
}

/// Whether `a` post-dominates `b` (single-block structured regions).
pub fn post_dominates(a: Op, b: Op) -> bool {
    let Some(block) = a.block() else { return false };
    match ancestor_in_block(b, block) {
        Some(x) => x.same(a) || unsafe { mlirOperationIsBeforeInBlock(x.0, a.0) },
        None => false,
    }
}

/// The ops with Triton's `Elementwise` trait (by name; the C API cannot ask).
pub fn is_elementwise(op: Op) -> bool {
    let name = op.name();
    (name.starts_with("arith.") && name != "arith.constant")
        || name.starts_with("math.")
        || matches!(
            name,
            "tt.int_to_ptr"
                | "tt.ptr_to_int"
                | "tt.bitcast"
                | "tt.fp_to_fp"
                | "tt.clampf"
                | "tt.precise_sqrt"
                | "tt.precise_divf"
                | "tt.mulhiui"
                | "tt.addptr"
                | "tt.extern_elementwise"
                | "tt.elementwise_inline_asm"
        )
}

/// The ops with Triton's `SameOperandsAndResultEncoding` trait.
pub fn same_operands_and_result_encoding(op: Op) -> bool {
    matches!(
        op.name(),
        "tt.splat"
            | "tt.broadcast"
            | "tt.addptr"
            | "tt.int_to_ptr"
            | "tt.ptr_to_int"
            | "tt.bitcast"
            | "tt.fp_to_fp"
            | "tt.atomic_rmw"
            | "tt.atomic_cas"
            | "tt.scan"
            | "tt.map_elementwise"
            | "tt.extern_elementwise"
            | "tt.elementwise_inline_asm"
            | "tt.clampf"
            | "tt.precise_sqrt"
            | "tt.precise_divf"
            | "tt.mulhiui"
    )
}

/// Ops whose encoding passes unchanged from operands to results.
fn passes_encoding(op: Op) -> bool {
    same_operands_and_result_encoding(op)
        || matches!(op.name(), "tt.load" | "tt.store")
        || is_elementwise(op)
        || matches!(op.name(), "scf.while" | "scf.yield" | "scf.condition")
        || forwards_encoding(op.name())
}

/// A backend op whose result `i` has the encoding of its operand `i`.
pub fn forwards_encoding(name: &str) -> bool {
    op_has_role(name, OpRole::ForwardsEncoding)
}

/// The `ttg` model of an encoding attribute.
pub fn model(a: Attr) -> Option<Encoding> {
    bridge::encoding_of(a)?.ok()
}

fn attr_of(context: MlirContext, e: &Encoding) -> Option<Attr> {
    bridge::build(context, e)
}

fn is_blocked(a: Attr) -> bool {
    matches!(model(a), Some(Encoding::Blocked { .. }))
}

/// Whether `a` is an MMA encoding (NVIDIA or AMD).
pub fn is_mma(a: Attr) -> bool {
    model(a).is_some_and(|e| e.is_mma())
}

/// Whether `a` is `#ttg.nvidia_mma`.
pub fn is_nvidia_mma(a: Attr) -> bool {
    matches!(model(a), Some(Encoding::NvidiaMma { .. }))
}

/// Whether `a` is a dot-operand encoding.
pub fn is_dot_operand(a: Attr) -> bool {
    matches!(model(a), Some(Encoding::DotOperand { .. }))
}

/// Whether `a` is a blocked encoding.
pub fn is_blocked_attr(a: Attr) -> bool {
    is_blocked(a)
}

fn axis(op: Op) -> Option<usize> {
    op.attr("axis").and_then(|a| a.int()).map(|a| a as usize)
}

fn order(op: Op) -> Option<Vec<i32>> {
    op.attr("order").and_then(|a| a.i32_array())
}

fn inverse(order: &[i32]) -> Vec<i32> {
    let mut inv = vec![0i32; order.len()];
    for (i, &o) in order.iter().enumerate() {
        if let Some(slot) = inv.get_mut(o as usize) {
            *slot = i as i32;
        }
    }
    inv
}

fn shape(v: Val) -> Vec<i64> {
    v.ty().shape_or_scalar()
}

/// The encoding of `op`'s result when its (tensor) operand has `encoding`.
pub fn infer_dst(op: Op, encoding: Attr) -> Option<Attr> {
    if op.name() == "tt.scan" && !is_blocked(encoding) {
        return None;
    }
    if passes_encoding(op) || op.name() == "scf.for" {
        return Some(encoding);
    }
    let ctx = op.context();
    let e = model(encoding)?;
    let r = match op.name() {
        "tt.reduce" => Encoding::Slice { dim: axis(op)? as u32, parent: Box::new(e) },
        "tt.expand_dims" => infer::infer_expand_dims(&e, axis(op)?).ok()?,
        "tt.join" => infer::infer_join(&e, &shape(op.operand(0))).ok()?,
        "tt.split" => infer::infer_split(&e, &shape(op.operand(0))).ok()?,
        "tt.trans" => infer::infer_trans(&e, &shape(op.operand(0)), &order(op)?).ok()?,
        "ttg.fp4_to_fp" => infer::infer_fp4_to_fp(&e, &shape(op.operand(0)), axis(op)?).ok()?,
        "tt.reshape" => {
            if op.attr("allow_reorder").is_some() {
                return None;
            }
            reshape_encoding(&e, &shape(op.operand(0)), &shape(op.result(0)))?
        }
        "tt.gather" => return Some(encoding),
        _ => return None,
    };
    attr_of(ctx, &r)
}

/// The encoding `op`'s operands need for its result to have `encoding`.
pub fn infer_src(op: Op, encoding: Attr) -> Option<Attr> {
    if op.name() == "tt.scan" && !is_blocked(encoding) {
        return None;
    }
    if passes_encoding(op) {
        return Some(encoding);
    }
    let ctx = op.context();
    let e = model(encoding)?;
    let r = match op.name() {
        "tt.reduce" => match e {
            Encoding::Slice { dim, parent } if Some(dim as usize) == axis(op) => *parent,
            _ => return None,
        },
        "tt.expand_dims" => Encoding::Slice { dim: axis(op)? as u32, parent: Box::new(e) },
        "tt.join" => infer::infer_split(&e, &shape(op.result(0))).ok()?,
        "tt.split" => infer::infer_join(&e, &shape(op.result(0))).ok()?,
        "tt.trans" => infer::infer_trans(&e, &shape(op.result(0)), &inverse(&order(op)?)).ok()?,
        "ttg.fp4_to_fp" => infer::infer_fp4_to_fp_src(&e, &shape(op.result(0)), axis(op)?).ok()?,
        "tt.reshape" => {
            if op.attr("allow_reorder").is_some() {
                return None;
            }
            if op.attr("efficient_layout").is_some() {
                // Triton's plain inference (a #ttg.linear where no blocked
                // layout fits): the unit-dimension reshapes of the scaled-dot
                // decomposition are not turned back into slices.
                infer::infer_reshape(&e, &shape(op.result(0)), &shape(op.operand(0))).ok()?
            } else {
                reshape_encoding(&e, &shape(op.result(0)), &shape(op.operand(0)))?
            }
        }
        "tt.gather" => return Some(encoding),
        _ => return None,
    };
    attr_of(ctx, &r)
}

/// The encoding of a no-reorder reshape from `from` to `to`; where the
/// reshape only adds or drops one unit dimension and the inferred linear
/// layout is that of a slice (or of a slice's parent), that encoding is used.
fn reshape_encoding(e: &Encoding, from: &[i64], to: &[i64]) -> Option<Encoding> {
    let r = infer::infer_reshape(e, from, to).ok()?;
    let unit_dim = |long: &[i64], short: &[i64]| -> Option<usize> {
        if long.len() != short.len() + 1 {
            return None;
        }
        (0..long.len()).find(|&d| long[d] == 1 && long[..d] == short[..d] && long[d + 1..] == short[d..])
    };
    let candidate = if let Some(d) = unit_dim(from, to) {
        Some(Encoding::Slice { dim: d as u32, parent: Box::new(e.clone()) })
    } else if let Some(d) = unit_dim(to, from) {
        match e {
            Encoding::Slice { dim, parent } if *dim as usize == d => Some(parent.as_ref().clone()),
            _ => None,
        }
    } else {
        None
    };
    let Some(c) = candidate else { return Some(r) };
    // The slice (or parent) keeps every element in place when its linear
    // layout is the source's, reshaped.
    let same = to_linear_layout(e, from)
        .ok()
        .and_then(|ll| tritium_dialects::ttg::to_linear::reshape_layout(&ll, to).ok())
        .zip(to_linear_layout(&c, to).ok())
        .is_some_and(|(a, b)| a == b);
    Some(if same { c } else { r })
}

fn module_int_attr(op: Op, name: &str) -> Option<i64> {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if let Some(v) = o.attr(name).and_then(|a| a.int()) {
            return Some(v);
        }
        cur = o.parent();
    }
    None
}

/// Triton's `isExpensiveLoadOrStore`: a load/store is cheap when it touches
/// a single value or fewer elements than the CTA has threads.
pub fn is_expensive_load_or_store(op: Op) -> bool {
    if op.num_operands() == 0 {
        return false;
    }
    let ty = op.operand(0).ty();
    if ty.is_ptr() {
        // A pointer to a tensor (block pointer) is always expensive; a
        // scalar pointer is a single value.
        return tritium_dialects::tt::types::pointee(ty).is_some_and(|p| p.is_tensor());
    }
    if !ty.is_tensor() || ty.num_elements() == 1 {
        return false;
    }
    let warps = module_int_attr(op, "ttg.num-warps").unwrap_or(4);
    let threads = module_int_attr(op, "ttg.threads-per-warp").unwrap_or(32);
    ty.num_elements() >= warps * threads
}

/// Ops whose result layout is anchored (Triton's `isLayoutAnchor`).
pub fn is_layout_anchor(op: Op) -> bool {
    match op.name() {
        "tt.descriptor_load" | "tt.descriptor_store" | "tt.descriptor_gather" | "tt.descriptor_scatter"
        | "tt.descriptor_reduce" => true,
        "tt.load" | "tt.store" => is_expensive_load_or_store(op),
        "tt.dot" | "tt.dot_scaled" | "tt.atomic_rmw" | "tt.atomic_cas" => true,
        "tt.gather" => op.attr("efficient_layout").is_some(),
        "tt.reshape" => op.attr("allow_reorder").is_some() || op.attr("efficient_layout").is_some(),
        name => op_has_role(name, OpRole::LayoutAnchor),
    }
}

/// Ops that can produce any result encoding, so that forward propagation
/// just retypes them (a conversion, a histogram).
pub fn can_use_result_encoding(op: Op) -> bool {
    matches!(op.name(), "ttg.convert_layout" | "tt.histogram")
}

/// Triton's `canFoldIntoConversion`: ops a conversion of whose result is as
/// cheap as recomputing them in the target layout.
pub fn can_fold_into_conversion(op: Op, target: Attr) -> bool {
    match op.name() {
        "tt.cat" => false,
        "ttg.convert_layout" => !is_nvidia_mma(target) || enc(op.operand(0)) == Some(target),
        "tt.reshape" => false,
        "arith.constant" | "tt.make_range" | "tt.splat" | "tt.histogram" | "ttg.local_alloc" | "ttg.local_load"
        | "ttg.local_store" => true,
        _ => false,
    }
}

/// Whether `tt.broadcast` `op` can produce its result in `target` straight
/// from its source as it is (Triton 3.9's broadcast rule: the result layout,
/// projected onto the source shape, must be the source layout up to repeated
/// registers). Then a conversion of the result to `target` needs no
/// recomputation of the source: only the broadcast is retyped.
pub fn broadcast_keeps_source(op: Op, target: Attr) -> bool {
    if op.name() != "tt.broadcast" || op.num_operands() != 1 {
        return false;
    }
    let (src, res) = (op.operand(0).ty(), op.result(0).ty());
    let (Some(src_shape), Some(res_shape), Some(src_enc)) = (src.shape(), res.shape(), src.encoding()) else {
        return false;
    };
    if src_shape.len() != res_shape.len() {
        return false;
    }
    let (Some(es), Some(et)) = (model(src_enc), model(target)) else { return false };
    let (Ok(ls), Ok(lt)) = (to_linear_layout(&es, &src_shape), to_linear_layout(&et, &res_shape)) else {
        return false;
    };
    // Components along the broadcast dimensions are dropped by the projection.
    let widened: Vec<bool> = src_shape.iter().zip(&res_shape).map(|(s, r)| s != r).collect();
    let project = |b: &[i32]| -> Vec<i32> {
        b.iter().enumerate().map(|(d, &x)| if widened.get(d).copied().unwrap_or(false) { 0 } else { x }).collect()
    };
    let bases_of = |ll: &LinearLayout, dim: &str, proj: bool| -> Vec<Vec<i32>> {
        sublayout_bases(ll, dim)
            .unwrap_or_default()
            .iter()
            .map(|b| if proj { project(b) } else { b.clone() })
            .collect()
    };
    // Registers may repeat (zero bases) on either side; the rest must agree.
    let non_zero = |v: Vec<Vec<i32>>| -> Vec<Vec<i32>> { v.into_iter().filter(|b| b.iter().any(|&x| x != 0)).collect() };
    if non_zero(bases_of(&ls, "register", false)) != non_zero(bases_of(&lt, "register", true)) {
        return false;
    }
    ["lane", "warp", "block"].iter().all(|d| bases_of(&ls, d, false) == bases_of(&lt, d, true))
}

/// Triton's `canBeRemat`.
pub fn can_be_remat(op: Op) -> bool {
    match op.name() {
        "tt.load" | "tt.store" => !is_expensive_load_or_store(op),
        "tt.atomic_rmw" | "tt.atomic_cas" | "tt.dot" => false,
        "tt.gather" | "tt.reshape" => op.attr("efficient_layout").is_none(),
        "scf.while" | "scf.condition" => false,
        _ => true,
    }
}

/// Triton's `isView`.
pub fn is_view(op: Op) -> bool {
    matches!(op.name(), "tt.expand_dims" | "tt.reshape" | "tt.trans" | "tt.join" | "tt.split")
}

/// Whether `op` is elementwise and free of memory effects.
pub fn is_pure_elementwise(op: Op) -> bool {
    is_elementwise(op) && services::is_memory_effect_free(op)
}

fn sublayout_bases(ll: &LinearLayout, dim: &str) -> Option<Vec<Vec<i32>>> {
    ll.bases().iter().find(|(n, _)| n == dim).map(|(_, b)| b.clone())
}

/// Whether converting `src` to `dst` only permutes registers within each
/// thread (Triton's `cvtReordersRegisters`): lanes, warps and blocks hold the
/// same elements in both layouts.
pub fn cvt_reorders_registers(src: Ty, dst: Ty) -> bool {
    let (Some(a), Some(b)) = (src.encoding(), dst.encoding()) else { return false };
    if a == b {
        return true;
    }
    let shape = src.shape_or_scalar();
    let (Some(ea), Some(eb)) = (model(a), model(b)) else { return false };
    let (Ok(la), Ok(lb)) = (to_linear_layout(&ea, &shape), to_linear_layout(&eb, &shape)) else { return false };
    ["lane", "warp", "block"].iter().all(|d| sublayout_bases(&la, d) == sublayout_bases(&lb, d))
}

/// Byte size of `v` (Triton's `getByteCount`): elements times element bits,
/// with floors on both, over 8.
pub fn byte_count(v: Val, min_elems: i64, min_bits: i64) -> i64 {
    let ty = v.ty();
    let (mut n, mut bits) = (0i64, 0i64);
    if ty.is_tensor() {
        n = ty.num_elements();
        let el = ty.element();
        if el.is_integer() || el.is_float() {
            bits = el.bit_width() as i64;
        }
    }
    (n.max(min_elems) * bits.max(min_bits)) >> 3
}

/// A layout map (value -> encoding).
pub type Layouts = HashMap<usize, Attr>;
