//! Triton's software pipeliner for `scf.for` loops, shared by
//! `tritongpu-assign-latencies`, `tritongpu-schedule-loops` and
//! `tritongpu-pipeline`.
//!
//! The three passes talk through discardable attributes, exactly as Triton
//! prints them between its passes:
//!
//! * `tt.latency = N : i32` on the ops `assign-latencies` wants pipelined
//!   (loads feeding a dot), consumed by `schedule-loops`;
//! * `loop.stage` / `loop.cluster` on every op of a scheduled loop body and
//!   `tt.scheduled_max_stage` on the loop ([`schedule::Schedule`]), consumed
//!   (and removed) by `pipeline`.
//!
//! [`lower`] turns the scheduled loads into multi-buffered asynchronous
//! copies and [`expand`] emits the prologue and the predicated kernel loop.
//! This module holds the small IR toolkit they share.
use std::collections::HashMap;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, string_ref, Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::{Cga, Encoding};
use tritium_dialects::ttg::to_linear::{mma_operand_like, to_linear_layout};

use crate::mma_utils::swizzled_shared_nvidia;

pub mod expand;
pub mod lower;
pub mod schedule;

/// `tt.latency`: the latency `assign-latencies` gives an op.
pub const LATENCY: &str = "tt.latency";
/// `tt.num_stages`: a per-loop override of the pass's `num-stages`.
pub const NUM_STAGES: &str = "tt.num_stages";
/// `loop.stage`: the pipeline stage of an op of a scheduled loop.
pub const LOOP_STAGE: &str = "loop.stage";
/// `loop.cluster`: the ordering cluster of an op of a scheduled loop.
pub const LOOP_CLUSTER: &str = "loop.cluster";
/// `tt.scheduled_max_stage`: the last stage of a scheduled loop.
pub const SCHEDULED_MAX_STAGE: &str = "tt.scheduled_max_stage";

/// A hashable identity of an op.
pub fn key(op: Op) -> usize {
    op.0.ptr as usize
}

/// A hashable identity of a value.
pub fn vkey(v: Val) -> usize {
    v.0.ptr as usize
}

/// An `i32` integer attribute.
pub fn i32_attr(context: MlirContext, value: i64) -> Attr {
    Attr::integer(Ty::int(context, 32), value)
}

/// The integer value of `name` on `op`.
pub fn int_attr(op: Op, name: &str) -> Option<i64> {
    op.attr(name).and_then(|a| a.int())
}

/// The loop's `tt.num_stages`, or `default`.
pub fn num_stages_or(for_op: Op, default: i64) -> i64 {
    int_attr(for_op, NUM_STAGES).unwrap_or(default)
}

/// Every `scf.for` nested in `op`, inner loops first (MLIR's post-order walk).
pub fn loops_post_order(op: Op) -> Vec<Op> {
    fn go(op: Op, out: &mut Vec<Op>) {
        for r in 0..op.num_regions() {
            for block in region_blocks(op.region(r)) {
                for child in block_ops(block) {
                    go(child, out);
                    if child.name() == "scf.for" {
                        out.push(child);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    go(op, &mut out);
    out
}

/// `op` and every op nested in it, children before parents.
pub fn walk_post(op: Op, out: &mut Vec<Op>) {
    for r in 0..op.num_regions() {
        for block in region_blocks(op.region(r)) {
            for child in block_ops(block) {
                walk_post(child, out);
            }
        }
    }
    out.push(op);
}

/// The body block of an `scf.for`.
pub fn body(for_op: Op) -> Option<MlirBlock> {
    for_op.entry_block(0)
}

/// The ops of a loop body, without its terminator.
pub fn body_ops(for_op: Op) -> Vec<Op> {
    let mut ops = body(for_op).map(block_ops).unwrap_or_default();
    ops.pop();
    ops
}

/// The `scf.yield` of a loop body.
pub fn yield_of(for_op: Op) -> Option<Op> {
    body(for_op).and_then(block_terminator)
}

/// The induction variable and the iteration arguments of a loop body.
pub fn body_args(for_op: Op) -> Vec<Val> {
    body(for_op).map(block_arguments).unwrap_or_default()
}

/// The initial values of a loop's iteration arguments.
pub fn init_args(for_op: Op) -> Vec<Val> {
    for_op.operands().into_iter().skip(3).collect()
}

/// The ancestor of `op` (or `op`) directly in `block`.
pub fn ancestor_in_block(op: Op, block: MlirBlock) -> Option<Op> {
    let mut cur = op;
    loop {
        if cur.block().is_some_and(|b| b.ptr == block.ptr) {
            return Some(cur);
        }
        cur = cur.parent()?;
    }
}

/// Whether `a` comes before `b` in their (common) block.
pub fn is_before_in_block(a: Op, b: Op) -> bool {
    unsafe { mlirOperationIsBeforeInBlock(a.0, b.0) }
}

/// The block of a value (the owner block of an argument or of its def).
pub fn value_block(v: Val) -> Option<MlirBlock> {
    match v.defining_op() {
        Some(def) => def.block(),
        None => v.owner_block(),
    }
}

/// Whether `v` is a block argument.
pub fn is_block_arg(v: Val) -> bool {
    unsafe { mlirValueIsABlockArgument(v.0) }
}

/// The argument number of a block argument.
pub fn arg_number(v: Val) -> usize {
    unsafe { mlirBlockArgumentGetArgNumber(v.0) as usize }
}

/// The operands of `op` and of the ops nested in it that are defined outside
/// `op` (Triton's `getNestedOperands`; nested ops first).
pub fn nested_operands(op: Op) -> Vec<Val> {
    let mut ops = Vec::new();
    walk_post(op, &mut ops);
    let mut out = Vec::new();
    for nested in ops {
        for v in nested.operands() {
            let outside = match value_block(v) {
                Some(b) => {
                    let owner = unsafe { mlirBlockGetParentOperation(b) };
                    owner.ptr.is_null() || !(Op(owner).same(op) || Op(owner).is_within(op))
                }
                None => true,
            };
            if outside {
                out.push(v);
            }
        }
    }
    out
}

/// Where new ops go: before an op, or at the end of a block.
#[derive(Clone, Copy)]
pub enum InsertPoint {
    Before(Op),
    End(MlirBlock),
}

impl InsertPoint {
    /// Just after `op`.
    pub fn after(op: Op) -> InsertPoint {
        match op.next() {
            Some(next) => InsertPoint::Before(next),
            None => InsertPoint::End(op.block().expect("op in a block")),
        }
    }
    /// At the start of `block`.
    pub fn start(block: MlirBlock) -> InsertPoint {
        match block_ops(block).first() {
            Some(first) => InsertPoint::Before(*first),
            None => InsertPoint::End(block),
        }
    }
    /// Inserts a detached op here.
    pub fn insert(self, op: Op) -> Op {
        unsafe {
            match self {
                InsertPoint::Before(anchor) => {
                    if let Some(block) = anchor.block() {
                        mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0);
                    }
                }
                InsertPoint::End(block) => mlirBlockAppendOwnedOperation(block, op.0),
            }
        }
        op
    }
    /// Builds and inserts an op here.
    pub fn create(self, loc: MlirLocation, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, Attr)]) -> Op {
        let raw: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        self.insert(Rewriter::build(loc, name, operands, results, &raw, 0))
    }
    /// An `arith.constant` integer here.
    pub fn const_int(self, loc: MlirLocation, ty: Ty, value: i64) -> Val {
        self.create(loc, "arith.constant", &[], &[ty], &[("value", Attr::integer(ty, value))]).result(0)
    }
}

/// Replaces every use of `from` by `to`.
pub fn replace_all_uses(from: Val, to: Val) {
    unsafe { mlirValueReplaceAllUsesOfWith(from.0, to.0) }
}

/// Erases `op` (which must have no uses left).
pub fn erase(op: Op) {
    unsafe { mlirOperationDestroy(op.0) }
}

/// Parses a type (e.g. `!ttg.async.token`).
pub fn parse_type(context: MlirContext, text: &str) -> Ty {
    Ty(unsafe { mlirTypeParseGet(context, string_ref(text)) })
}

/// A new block with arguments of these types, appended to `region`.
pub fn append_block(region: MlirRegion, types: &[Ty], loc: MlirLocation) -> MlirBlock {
    let raw: Vec<MlirType> = types.iter().map(|t| t.0).collect();
    let locs: Vec<MlirLocation> = types.iter().map(|_| loc).collect();
    unsafe {
        let block = mlirBlockCreate(raw.len() as isize, raw.as_ptr(), locs.as_ptr());
        mlirRegionAppendOwnedBlock(region, block);
        block
    }
}

/// Triton's `addIterArgsToLoop`: a copy of `for_op` with `extra` appended to
/// its iteration arguments (the body moves over, the old results are
/// replaced by the first results of the new loop, the old loop is erased).
/// The yield is not changed.
pub fn add_iter_args(for_op: Op, extra: &[Val]) -> Op {
    let mut operands = for_op.operands();
    operands.extend_from_slice(extra);
    let results: Vec<Ty> = operands[3..].iter().map(|v| v.ty()).collect();
    let attrs: Vec<(&str, MlirAttribute)> = for_op.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
    let new = Rewriter::build(for_op.location(), "scf.for", &operands, &results, &attrs, 1);
    InsertPoint::Before(for_op).insert(new);
    unsafe {
        mlirRegionTakeBody(new.region(0), for_op.region(0));
        if let Some(block) = new.entry_block(0) {
            for v in extra {
                mlirBlockAddArgument(block, v.ty().0, for_op.location());
            }
        }
    }
    for (old, newr) in for_op.results().into_iter().zip(new.results()) {
        replace_all_uses(old, newr);
    }
    erase(for_op);
    new
}

/// Appends operands to an op (used on `scf.yield`).
pub fn append_operands(op: Op, extra: &[Val]) {
    let mut operands = op.operands();
    operands.extend_from_slice(extra);
    op.set_operands(&operands);
}

/// Clones `op` (deeply) at `at`, replacing each operand (of the op and of
/// its nested ops) found in `mapping` — Triton's `rewriter.clone(op, mapping)`.
/// The clone's results are recorded in `mapping`.
pub fn clone_mapped(op: Op, at: InsertPoint, mapping: &mut HashMap<usize, Val>) -> Op {
    let clone = Op(unsafe { mlirOperationClone(op.0) });
    at.insert(clone);
    let mut nested = Vec::new();
    walk_post(clone, &mut nested);
    for n in nested {
        for (i, v) in n.operands().into_iter().enumerate() {
            if let Some(&to) = mapping.get(&vkey(v)) {
                n.set_operand(i, to);
            }
        }
    }
    for (o, c) in op.results().into_iter().zip(clone.results()) {
        mapping.insert(vkey(o), c);
    }
    clone
}

// ----- encodings -----

/// The decoded encoding of a tensor type.
pub fn encoding(ty: Ty) -> Option<Encoding> {
    bridge::encoding_of(ty.encoding()?)?.ok()
}

/// The CGA part of a distributed encoding.
fn cga_of(enc: &Encoding) -> Cga {
    match enc {
        Encoding::Blocked { cga, .. } | Encoding::NvidiaMma { cga, .. } => cga.clone(),
        Encoding::Slice { parent, .. } | Encoding::DotOperand { parent, .. } => cga_of(parent),
        _ => Cga::default(),
    }
}

/// The memory order of a tensor (its blocked order; row-major otherwise).
fn memory_order(ty: Ty) -> Vec<u32> {
    match encoding(ty) {
        Some(Encoding::Blocked { order, .. }) => order,
        _ => {
            let rank = ty.shape().map(|s| s.len()).unwrap_or(0) as u32;
            (0..rank).rev().collect()
        }
    }
}

/// Triton's `SwizzledSharedEncodingAttr::get` for a dot operand: the
/// swizzling that suits `ldmatrix` for mma v2/v3 parents, no swizzling
/// otherwise.
fn swizzled_for_dot(dot: &Encoding, shape: &[i64], order: &[u32], cga: Cga, bits: u32) -> Encoding {
    let plain = Encoding::SwizzledShared { vec: 1, per_phase: 1, max_phase: 1, order: order.to_vec(), cga: cga.clone() };
    let Encoding::DotOperand { op_idx, parent, k_width } = dot else { return plain };
    let Encoding::NvidiaMma { version_major, .. } = parent.as_ref() else { return plain };
    if !(*version_major == 2 || *version_major == 3) || order.is_empty() || bits == 0 {
        return plain;
    }
    let k_width = (*k_width).max(1) as i64;
    let rank = order.len() as u32;
    let inner = if *op_idx == 0 { 0 } else { 1 };
    let fastest = shape.get(order[0] as usize).copied().unwrap_or(1);
    let mut per_phase = (128 / (fastest * 4 / k_width).max(1)).max(1);
    let mat = [8i64, 8, 4 * k_width];
    let vec_width = 32 / bits as i64;
    if vec_width != k_width && order[0] == inner {
        per_phase = per_phase.max(2 * vec_width);
    }
    let row_major = order[0] == rank - 1;
    let (vec, stride) = if *op_idx == 0 {
        let (m, k) = (mat[0], mat[2]);
        if row_major { (k, m) } else { (m, k) }
    } else {
        let (n, k) = (mat[1], mat[2]);
        if row_major { (n, k) } else { (k, n) }
    };
    let max_phase = (stride / per_phase).max(1);
    Encoding::SwizzledShared { vec: vec as u32, per_phase: per_phase as u32, max_phase: max_phase as u32, order: order.to_vec(), cga }
}

/// Triton's `getSharedEncIfAllUsersAreDotEnc`: the shared encoding every
/// user of `value` (layout conversions to a dot operand, or memdescs) wants;
/// the flag says whether two users disagree.
pub fn shared_enc_if_all_users_are_dot(value: Val) -> (Option<Encoding>, bool) {
    let mut found: Option<Encoding> = None;
    for user in value.users() {
        if user.num_results() != 1 {
            return (None, false);
        }
        let result_ty = user.result(0).ty();
        let temp = if let Some(md) = bridge::memdesc_of(result_ty) {
            let Some(Ok(enc)) = bridge::encoding_of(md.encoding) else { return (None, false) };
            let (inner, incompatible) = shared_enc_if_all_users_are_dot(user.result(0));
            if inner.is_none() {
                return (None, incompatible);
            }
            enc
        } else {
            if !matches!(user.name(), "ttg.convert_layout" | "tt.fp_to_fp") {
                return (None, false);
            }
            let Some(dst_enc) = encoding(result_ty) else { return (None, false) };
            let dot = match dst_enc {
                dot @ Encoding::DotOperand { .. } => dot,
                other => match dot_operand_like(value.ty(), result_ty, &other) {
                    Some(enc) => {
                        if found.as_ref().is_some_and(|prev| *prev != enc) {
                            return (None, true);
                        }
                        found = Some(enc);
                        continue;
                    }
                    None => return (None, false),
                },
            };
            let src = value.ty();
            let Some(shape) = src.shape() else { return (None, false) };
            let cga = encoding(src).map(|e| cga_of(&e)).unwrap_or_default();
            let order = memory_order(src);
            let shared_order = if order.len() == 3 {
                let mut o: Vec<u32> = order.iter().copied().filter(|&d| d != 0).collect();
                o.push(0);
                o
            } else {
                order
            };
            swizzled_for_dot(&dot, &shape, &shared_order, cga, src.element().bit_width())
        };
        if let Some(prev) = &found {
            if *prev != temp {
                return (None, true);
            }
        }
        found = Some(temp);
    }
    (found, false)
}

/// Triton's `swizzleDotOperandLike`: the shared encoding for a value
/// converted to `dst` (a layout that is no dot operand, e.g. the `#ttg.linear`
/// a `tt.trans` into a dot operand reads) when `dst` starts like an mma
/// operand tile ([`mma_operand_like`]): the operand's swizzling for `dst`'s
/// shape, in `dst`'s thread order. `None` when it does not.
fn dot_operand_like(src: Ty, dst: Ty, dst_enc: &Encoding) -> Option<Encoding> {
    let shape = dst.shape()?;
    let ll = to_linear_layout(dst_enc, &shape).ok()?;
    let (op_idx, k_width, order) = mma_operand_like(&ll)?;
    // A linear layout has no CGA of its own: the source's stands in.
    let cga = match dst_enc {
        Encoding::Linear(_) => encoding(src).map(|e| cga_of(&e)).unwrap_or_default(),
        other => cga_of(other),
    };
    swizzled_shared_nvidia(op_idx, k_width, &shape, &order, &cga, dst.element().bit_width(), false)
}

/// Triton's `getSharedEncoding(op)` for a `tt.load`: the encoding of its
/// `local_alloc` users, else the one its dot users want, else unswizzled.
pub fn shared_encoding_for_load(load: Op) -> Encoding {
    let ty = load.result(0).ty();
    for user in load.result(0).users() {
        if user.name() == "ttg.local_alloc" {
            if let Some(md) = bridge::memdesc_of(user.result(0).ty()) {
                if let Some(Ok(enc)) = bridge::encoding_of(md.encoding) {
                    return enc;
                }
            }
        }
    }
    if let (Some(enc), _) = shared_enc_if_all_users_are_dot(load.result(0)) {
        return enc;
    }
    let cga = encoding(ty).map(|e| cga_of(&e)).unwrap_or_default();
    Encoding::SwizzledShared { vec: 1, per_phase: 1, max_phase: 1, order: memory_order(ty), cga }
}

/// Triton's `getCopyVecBytes`: how many bytes one thread copies
/// contiguously from registers of `ty` into shared memory of `shared`.
pub fn copy_vec_bytes(ty: Ty, shared: &Encoding) -> i64 {
    let (Some(shape), Some(reg)) = (ty.shape(), encoding(ty)) else { return 0 };
    let (Ok(reg_ll), Ok(shared_ll)) = (to_linear_layout(&reg, &shape), to_linear_layout(shared, &shape)) else { return 0 };
    match reg_ll.invert_and_compose(&shared_ll) {
        Ok(ll) => ll.num_consecutive_in_out() as i64 * ty.element().bit_width() as i64 / 8,
        Err(_) => 0,
    }
}

/// The bit width of the pointee of a pointer (tensor) type.
pub fn pointee_bits(ptr_ty: Ty) -> u32 {
    let e = if ptr_ty.is_tensor() { ptr_ty.element() } else { ptr_ty };
    tritium_dialects::tt::types::pointee(e).map(|p| p.bit_width()).unwrap_or(0)
}

/// The widest vector (in elements) a load can use: contiguity of its
/// pointers, capped by the alignment of its mask.
pub fn load_vec(load: Op, axis: &crate::analysis::axis_info::AxisInfoAnalysis) -> u32 {
    let ptr = load.operand(0);
    let mut vec = axis.contiguity(ptr);
    if let Some(mask) = load_mask(load) {
        vec = vec.min(axis.mask_alignment(mask));
    }
    vec
}

/// The mask operand of a `tt.load`, if any.
pub fn load_mask(load: Op) -> Option<Val> {
    (load.segment_size(1) > 0).then(|| load.operand(1))
}

/// The `other` operand of a `tt.load`, if any.
pub fn load_other(load: Op) -> Option<Val> {
    (load.segment_size(2) > 0).then(|| load.operand(1 + load.segment_size(1) as usize))
}

/// Whether `v` is a constant zero (scalar or splat).
pub fn is_zero_const(v: Val) -> bool {
    v.defining_op()
        .filter(|d| d.name() == "arith.constant")
        .and_then(|d| d.attr("value"))
        .is_some_and(|a| a.is_zero() || a.splat_value().is_some_and(|s| s.int() == Some(0)))
}

/// The ops implementing Triton's `DescriptorLoadLikeOpInterface`: loads
/// through a tensor descriptor.
pub fn is_descriptor_load(op: Op) -> bool {
    matches!(op.name(), "tt.descriptor_load" | "tt.descriptor_gather")
}

/// The ops implementing Triton's `DotOpInterface`.
pub fn is_dot(op: Op) -> bool {
    matches!(op.name(), "tt.dot" | "tt.dot_scaled")
        || tritium_dialects::spec::op_has_role(op.name(), tritium_dialects::spec::OpRole::Dot)
}

/// Triton's `loopHasDistGreaterThanOne`: a yielded value that is a block
/// argument.
pub fn loop_has_dist_greater_than_one(for_op: Op) -> bool {
    yield_of(for_op).is_some_and(|y| y.operands().iter().any(|v| v.defining_op().is_none()))
}

/// Triton's `isOuterLoop`: the body holds another loop.
pub fn is_outer_loop(for_op: Op) -> bool {
    body_ops(for_op).iter().any(|op| matches!(op.name(), "scf.for" | "scf.while"))
}
