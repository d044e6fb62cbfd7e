//! Hopper's MMA v3 (wgmma) at the TTGIR level: the builder
//! `tritongpu-accelerate-matmul` calls for a `tt.dot` it gives version 3
//! ([`rewrite_dot`], Triton's `BlockedToMMA` for `versionMajor == 3`), and
//! the last step of `tritongpu-pipeline` on each pipelined loop
//! ([`launch_async_dots`], Triton's `asyncLaunchDots`).
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge::{self, build_memdesc, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::infer;
use tritium_passes::analysis::tensor_encoding;
use tritium_passes::mma_utils::{
    cga_of, forward_slice, nvmma_shared_for, num_warps, order_for_memory, shape_per_cta, type_name, with_encoding,
};

const WGMMA: &str = "ttng.warp_group_dot";
const WGMMA_WAIT: &str = "ttng.warp_group_dot_wait";

/// Triton's `mmaVersionToInstrShape` for version 3: m = 16, k = 256 bits,
/// the widest n the element type allows that divides N and fits the columns
/// one warp group covers.
fn instr_shape_v3(shape: &[i64], element: Ty, warps: i64) -> Option<Vec<u32>> {
    let bits = element.bit_width() as i64;
    if bits == 0 || shape.len() < 2 || shape[0] % 64 != 0 || shape[1] % 8 != 0 {
        return None;
    }
    let k = 256 / bits;
    let name = type_name(element);
    let valid: Vec<i64> = if name == "i8" {
        vec![224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 24, 16, 8]
    } else {
        (1..=32).rev().map(|i| i * 8).collect()
    };
    let m = 16;
    let m_warps = (shape[0] / m).max(1);
    let n_warps = (warps / m_warps).max(1);
    let max_n = (shape[1] / n_warps).max(8);
    let n = valid.into_iter().find(|&n| shape[1] % n == 0 && n <= max_n)?;
    Some(vec![m as u32, n as u32, k as u32])
}

/// Triton's `warpsPerTileV3`: all warps on M when the result feeds another
/// dot; otherwise from (4, 1), doubling M while it has rows left, else N.
fn warps_per_tile_v3(dot: Op, shape: &[i64], warps: i64, instr: &[u32]) -> Vec<u32> {
    let chained = forward_slice(dot, &|_| true)
        .into_iter()
        .any(|o| matches!(o.name(), "tt.dot" | "tt.dot_scaled") || tritium_dialects::spec::op_has_role(o.name(), tritium_dialects::spec::OpRole::Dot));
    if chained {
        return vec![warps as u32, 1];
    }
    let mut ret = [4i64, 1];
    let per_warp = [16i64, instr[1] as i64];
    while ret[0] * ret[1] < warps {
        if shape[0] > per_warp[0] * ret[0] {
            ret[0] *= 2;
        } else {
            ret[1] *= 2;
        }
    }
    vec![ret[0] as u32, ret[1] as u32]
}

/// Triton's `comesFromLoadOrBlockArg`: `v` is, past layout conversions,
/// transpositions and memdesc views, a block argument or a load.
fn comes_from_load_or_block_arg(mut v: Val) -> bool {
    for _ in 0..10_000 {
        let Some(def) = v.defining_op() else { return true };
        match def.name() {
            "ttg.convert_layout" | "tt.trans" | "ttg.memdesc_index" | "ttg.memdesc_subslice" | "ttg.memdesc_trans"
            | "ttg.memdesc_reshape" | "ttg.memdesc_reinterpret" => v = def.operand(0),
            name => return matches!(name, "tt.load" | "tt.descriptor_load" | "tt.descriptor_gather"),
        }
    }
    false
}

/// Triton's `getSharedMemoryMMAOperand`: `v` (past its layout conversion)
/// copied into an immutable `#ttg.nvmma_shared` buffer right after its
/// definition; the order is the tensor's memory order, or the one the MMA
/// reads (k-contiguous) when it cannot transpose.
fn shared_operand(v: Val, op_idx: u32, allow_transpose: bool, rewriter: &Rewriter) -> Option<Val> {
    // One conversion is looked through, as Triton does.
    let arg = match v.defining_op().filter(|o| o.name() == "ttg.convert_layout") {
        Some(cvt) => cvt.operand(0),
        None => v,
    };
    let ty = arg.ty();
    let (enc, shape) = (tensor_encoding(ty)?, ty.shape()?);
    let mut order = order_for_memory(ty)?;
    if !allow_transpose {
        order = if op_idx == 1 { vec![0, 1] } else { vec![1, 0] };
    }
    let shared = nvmma_shared_for(&shape, &order, &cga_of(&enc), ty.element().bit_width(), false)?;
    let context = ty.context();
    let memdesc = build_memdesc(
        context,
        &MemDesc {
            shape: shape.clone(),
            element: ty.element(),
            encoding: bridge::build(context, &shared)?,
            memory_space: bridge::build(context, &Encoding::SharedMemory)?,
            mutable: false,
            alloc_shape: shape,
        },
    )?;
    let location = unsafe { mlirValueGetLocation(arg.0) };
    let alloc = Rewriter::build(location, "ttg.local_alloc", &[arg], &[memdesc], &[], 0);
    match arg.defining_op() {
        Some(def) => rewriter.set_insertion_point_after(def),
        None => rewriter.set_insertion_point_to_start(arg.owner_block()?),
    }
    Some(rewriter.insert_here(alloc).result(0))
}

/// The [`tritium_dialects::spec::MmaRewriteHook`] of NVIDIA targets: a
/// `tt.dot` given MMA v3 becomes
/// `convert(warp_group_dot(local_alloc(a) | convert(a), local_alloc(b), convert(c)))`
/// with the result in `#ttg.nvidia_mma<{versionMajor = 3}>`. Operand A stays
/// in registers (`#ttg.dot_op`) when it does not come from a load.
pub fn rewrite_dot(dot: Op, version: u32, rewriter: &Rewriter) -> bool {
    if version != 3 {
        return false;
    }
    let ret_ty = dot.result(0).ty();
    let (a, b) = (dot.operand(0), dot.operand(1));
    let (Some(ret_enc), Some(shape), Some(warps)) = (tensor_encoding(ret_ty), ret_ty.shape(), num_warps(dot)) else {
        return false;
    };
    let cga = cga_of(&ret_enc);
    let per_cta = shape_per_cta(&cga, &shape);
    let Some(instr) = instr_shape_v3(&per_cta, a.ty().element(), warps) else { return false };
    let mma = Encoding::NvidiaMma {
        version_major: 3,
        version_minor: 0,
        warps_per_cta: warps_per_tile_v3(dot, &per_cta, warps, &instr),
        cga,
        instr_shape: instr,
    };
    let Some(new_ret_ty) = with_encoding(ret_ty, &mma) else { return false };
    let element = type_name(a.ty().element());
    let allow_transpose = element == "f16" || element == "bf16";
    let a_in_registers = !comes_from_load_or_block_arg(a);
    let register_a_ty = if a_in_registers {
        let bits = a.ty().element().bit_width().max(1);
        let enc = Encoding::DotOperand { op_idx: 0, parent: Box::new(mma.clone()), k_width: 32 / bits };
        match with_encoding(a.ty(), &enc) {
            Some(t) => Some(t),
            None => return false,
        }
    } else {
        None
    };
    // The accumulator's conversion, at the accumulator's location.
    let acc = {
        let at = unsafe { mlirValueGetLocation(dot.operand(2).0) };
        let built = Rewriter::build(at, "ttg.convert_layout", &[dot.operand(2)], &[new_ret_ty], &[], 0);
        rewriter.set_insertion_point_before(dot);
        rewriter.insert_here(built).result(0)
    };
    let new_a = match register_a_ty {
        Some(ty) => {
            let at = unsafe { mlirValueGetLocation(a.0) };
            let built = Rewriter::build(at, "ttg.convert_layout", &[a], &[ty], &[], 0);
            rewriter.set_insertion_point_before(dot);
            Some(rewriter.insert_here(built).result(0))
        }
        None => shared_operand(a, 0, allow_transpose, rewriter),
    };
    let new_b = shared_operand(b, 1, allow_transpose, rewriter);
    let (Some(new_a), Some(new_b)) = (new_a, new_b) else { return false };
    let mut attrs: Vec<(&str, MlirAttribute)> = Vec::new();
    for name in ["inputPrecision", "maxNumImpreciseAcc"] {
        if let Some(attr) = dot.attr(name) {
            attrs.push((name, attr.0));
        }
    }
    let new_dot = rewriter.create(dot, WGMMA, &[new_a, new_b, acc], &[new_ret_ty], &attrs);
    let back = rewriter.create(dot, "ttg.convert_layout", &[new_dot.result(0)], &[ret_ty], &[]);
    rewriter.replace(dot, &[back.result(0)]);
    true
}

// ---------------------------------------------------------------------------
// asyncLaunchDots

fn i32_attr(context: MlirContext, value: i64) -> Attr {
    Attr::integer(Ty::int(context, 32), value)
}

fn is_memdesc(v: Val) -> bool {
    bridge::is_memdesc(v.ty())
}

/// The loop body's block.
fn body(for_op: Op) -> Option<MlirBlock> {
    let region = for_op.region(0);
    let block = unsafe { mlirRegionGetFirstBlock(region) };
    (!block.ptr.is_null()).then_some(block)
}

fn block_ops(block: MlirBlock) -> Vec<Op> {
    let mut out = Vec::new();
    let mut op = unsafe { mlirBlockGetFirstOperation(block) };
    while !op.ptr.is_null() {
        out.push(Op(op));
        op = unsafe { mlirOperationGetNextInBlock(op) };
    }
    out
}

fn block_args(block: MlirBlock) -> Vec<Val> {
    let n = unsafe { mlirBlockGetNumArguments(block) };
    (0..n).map(|i| Val(unsafe { mlirBlockGetArgument(block, i) })).collect()
}

/// The ancestor of `op` (itself included) directly in `block`.
fn ancestor_in_block(op: Op, block: MlirBlock) -> Option<Op> {
    let mut current = Some(op);
    while let Some(o) = current {
        if o.block().is_some_and(|b| b.ptr == block.ptr) {
            return Some(o);
        }
        current = o.parent();
    }
    None
}

fn is_before(a: Op, b: Op) -> bool {
    unsafe { mlirOperationIsBeforeInBlock(a.0, b.0) }
}

/// A new `warp_group_dot_wait` of `inputs` just before or after an op (`at`),
/// with `pendings`.
fn create_wait(location: MlirLocation, inputs: &[Val], pendings: i64, at: WaitAt) -> Op {
    let context = unsafe { mlirLocationGetContext(location) };
    let types: Vec<Ty> = inputs.iter().map(|v| v.ty()).collect();
    let attr = i32_attr(context, pendings);
    let op = Rewriter::build(location, WGMMA_WAIT, inputs, &types, &[("pendings", attr.0)], 0);
    unsafe {
        match at {
            WaitAt::Before(anchor) => {
                let block = anchor.block().expect("anchor in a block");
                mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0);
            }
            WaitAt::After(anchor) => {
                let block = anchor.block().expect("anchor in a block");
                mlirBlockInsertOwnedOperationAfter(block, anchor.0, op.0);
            }
        }
    }
    op
}

#[derive(Clone, Copy)]
enum WaitAt {
    Before(Op),
    After(Op),
}

/// Triton's `threadValuesThroughWait`: `wait` is rebuilt with `values` and
/// the memdesc operands of the asynchronous dots they depend on (in its
/// block) added as inputs; uses of the original results, and uses after the
/// wait of the added tensor values, take the new results.
fn thread_values_through_wait(wait: Op, values: &[Val]) -> Op {
    let mut inputs: Vec<Val> = wait.operands();
    let original = inputs.len();
    let push = |inputs: &mut Vec<Val>, v: Val| {
        if !inputs.iter().any(|x| x.same(v)) {
            inputs.push(v);
        }
    };
    for &v in values {
        push(&mut inputs, v);
    }
    // The asynchronous dots the values depend on within the wait's block
    // (Triton's backward slice stopping at, and collecting, each dot).
    let wait_block = wait.block().map(|b| b.ptr);
    let mut dots: Vec<Op> = Vec::new();
    let mut seen: Vec<Op> = Vec::new();
    let mut stack: Vec<Op> = values.iter().filter_map(|v| v.defining_op()).collect();
    while let Some(op) = stack.pop() {
        if seen.iter().any(|o| o.same(op)) || seen.len() > 100_000 {
            continue;
        }
        seen.push(op);
        if op.name() == WGMMA {
            dots.push(op);
            continue;
        }
        if op.block().map(|b| b.ptr) != wait_block {
            continue;
        }
        stack.extend(op.operands().into_iter().filter_map(|v| v.defining_op()));
    }
    for dot in &dots {
        for operand in dot.operands() {
            if is_memdesc(operand) {
                push(&mut inputs, operand);
            }
        }
    }
    let pendings = wait.attr("pendings").and_then(|a| a.int()).unwrap_or(0);
    let new_wait = create_wait(wait.location(), &inputs, pendings, WaitAt::Before(wait));
    for i in 0..original {
        let old = wait.result(i);
        if !is_memdesc(old) {
            replace_all_uses(old, new_wait.result(i));
        }
    }
    let block = new_wait.block();
    for (i, &input) in inputs.iter().enumerate().skip(original) {
        if is_memdesc(input) {
            continue;
        }
        for (user, index) in input.uses() {
            if user.same(new_wait) {
                continue;
            }
            let Some(block) = block else { continue };
            if let Some(top) = ancestor_in_block(user, block) {
                if is_before(new_wait, top) {
                    user.set_operand(index, new_wait.result(i));
                }
            }
        }
    }
    unsafe { mlirOperationDestroy(wait.0) };
    new_wait
}

fn replace_all_uses(from: Val, to: Val) {
    unsafe { mlirValueReplaceAllUsesOfWith(from.0, to.0) }
}

/// Triton's `dotCanBeProperlyAsync`: the index of the loop-carried value the
/// dot's result feeds, when the dot may stay in flight across an iteration.
fn dot_can_be_properly_async(dot: Op, for_op: Op) -> Option<usize> {
    let block = body(for_op)?;
    let check_operand = |operand: Val| -> bool {
        // A register operand (RS wgmma) is always fine: the dot is split and
        // waited for so that its registers are not rewritten in flight.
        if !is_memdesc(operand) {
            return true;
        }
        let mut v = operand;
        for _ in 0..10_000 {
            match v.defining_op() {
                Some(def)
                    if matches!(
                        def.name(),
                        "ttg.convert_layout" | "ttg.memdesc_trans" | "ttg.memdesc_reshape" | "ttg.memdesc_subslice"
                    ) =>
                {
                    v = def.operand(0);
                }
                Some(_) => break,
                None => {
                    let owner = v.owner_block();
                    if owner.is_some_and(|b| b.ptr == block.ptr) {
                        let index = arg_index(v, block);
                        let Some(term) = block_ops(block).last().copied() else { return false };
                        let Some(index) = index.filter(|&i| i > 0) else { return false };
                        v = term.operand(index - 1);
                    } else {
                        break;
                    }
                }
            }
        }
        defined_outside(v, for_op) || v.defining_op().is_some_and(|d| d.name() == "ttg.memdesc_index")
    };
    if !check_operand(dot.operand(0)) || !check_operand(dot.operand(1)) {
        return None;
    }
    // Rule 2: used only by the loop's yield (or under an scf.if).
    let mut iter_arg_idx: Option<usize> = None;
    let mut queue: Vec<(Op, usize)> = dot.result(0).uses();
    let mut steps = 0;
    while let Some((user, index)) = queue.pop() {
        steps += 1;
        if steps > 100_000 {
            return None;
        }
        let parent = user.parent()?;
        if parent.same(for_op) {
            if user.name() == "scf.yield" {
                if iter_arg_idx.is_some() {
                    return None;
                }
                iter_arg_idx = Some(index);
                continue;
            }
            return None;
        }
        if parent.name() == "scf.if" {
            if user.name() == "scf.yield" {
                queue.extend(parent.result(index).uses());
            }
        } else {
            return None;
        }
    }
    let idx = iter_arg_idx?;
    // Rule 2.1: only an f32 accumulator is left in flight.
    if !unsafe { mlirTypeIsAF32(dot.operand(2).ty().element().0) } {
        return None;
    }
    let iter_arg = *block_args(block).get(idx + 1)?;
    // Rule 3a: the previous iteration's result only feeds other async dots'
    // accumulators.
    if iter_arg.uses().iter().all(|(user, index)| user.name() == WGMMA && *index == 2) {
        return Some(idx);
    }
    // Rule 3b: every use follows the first `wait {pendings = 0}`.
    let first_wait = block_ops(block)
        .into_iter()
        .find(|o| o.name() == WGMMA_WAIT && o.attr("pendings").and_then(|a| a.int()) == Some(0));
    if let Some(wait) = first_wait {
        let all_after = iter_arg
            .users()
            .into_iter()
            .all(|u| ancestor_in_block(u, block).is_some_and(|top| is_before(wait, top)));
        if all_after {
            thread_values_through_wait(wait, &[iter_arg]);
            return Some(idx);
        }
    }
    None
}

fn defined_outside(v: Val, for_op: Op) -> bool {
    let Some(block) = v.owner_block() else { return false };
    // The value's block is inside the loop when the loop is an ancestor of
    // the block's parent op.
    let mut parent = {
        let p = unsafe { mlirBlockGetParentOperation(block) };
        (!p.ptr.is_null()).then_some(Op(p))
    };
    while let Some(p) = parent {
        if p.same(for_op) {
            return false;
        }
        parent = p.parent();
    }
    true
}

fn arg_index(v: Val, block: MlirBlock) -> Option<usize> {
    block_args(block).iter().position(|a| a.same(v))
}

/// Triton's `rsDotNeedsWait`: a dot whose A operand lives in registers
/// computed inside the loop (not by another wgmma, through an MMA-layout
/// conversion) must finish before the next iteration rewrites them.
fn rs_dot_needs_wait(dot: Op, for_op: Op) -> bool {
    let a = dot.operand(0);
    if is_memdesc(a) || defined_outside(a, for_op) {
        return false;
    }
    match a.defining_op() {
        Some(cvt) if cvt.name() == "ttg.convert_layout" => {
            !matches!(tensor_encoding(cvt.operand(0).ty()), Some(Encoding::NvidiaMma { .. }))
        }
        _ => true,
    }
}

/// Triton's `insertAsyncWarpGroupDotWaitInLoop`.
fn insert_wait_in_loop(for_op: Op, async_dots: &[(Op, usize)]) {
    let Some(block) = body(for_op) else { return };
    if block_ops(block)
        .iter()
        .any(|o| o.name() == WGMMA_WAIT && o.attr("pendings").and_then(|a| a.int()) == Some(0))
    {
        return;
    }
    // A `wait 0` before the first use of each dot (outside the yield) in a
    // block, leaving out leading uses as another wgmma's accumulator (the
    // hardware chains those).
    for &(dot, _) in async_dots {
        let mut per_block: Vec<(MlirBlock, Vec<(Op, usize)>)> = Vec::new();
        for (user, index) in dot.result(0).uses() {
            if user.name() == "scf.yield" {
                continue;
            }
            let Some(b) = user.block() else { continue };
            match per_block.iter_mut().find(|(x, _)| x.ptr == b.ptr) {
                Some((_, uses)) => uses.push((user, index)),
                None => per_block.push((b, vec![(user, index)])),
            }
        }
        for (_, mut uses) in per_block {
            uses.sort_by(|a, b| {
                if a.0.same(b.0) {
                    std::cmp::Ordering::Equal
                } else if is_before(a.0, b.0) {
                    std::cmp::Ordering::Less
                } else {
                    std::cmp::Ordering::Greater
                }
            });
            let Some(first) = uses.iter().position(|(user, index)| !(user.name() == WGMMA && *index == 2)) else {
                continue;
            };
            let values: Vec<Val> = uses[first..].iter().map(|(user, index)| user.operand(*index)).collect();
            let wait = create_wait(dot.location(), &[], 0, WaitAt::Before(uses[first].0));
            thread_values_through_wait(wait, &values);
        }
    }
    // An RS dot waits, right after itself, for all but the last dot of the
    // iteration, so it never runs beside its own previous instance.
    let pendings = async_dots.len() as i64 - 1;
    for &(dot, _) in async_dots {
        if rs_dot_needs_wait(dot, for_op) {
            let wait = create_wait(dot.location(), &[], pendings, WaitAt::After(dot));
            thread_values_through_wait(wait, &[dot.result(0)]);
        }
    }
    let Some(&(last, _)) = async_dots.last() else { return };
    if rs_dot_needs_wait(last, for_op) {
        return;
    }
    let wait = create_wait(last.location(), &[], async_dots.len() as i64, WaitAt::After(last));
    let results: Vec<Val> = async_dots.iter().map(|(d, _)| d.result(0)).collect();
    thread_values_through_wait(wait, &results);
}

/// `op` built detached and inserted just before `anchor`.
fn build_before(anchor: Op, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, MlirAttribute)]) -> Option<Op> {
    let block = anchor.block()?;
    let op = Rewriter::build(anchor.location(), name, operands, results, attrs, 0);
    unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) };
    Some(op)
}

fn i32_array(context: MlirContext, values: &[i32]) -> Attr {
    Attr(unsafe { mlirDenseI32ArrayGet(context, values.len() as isize, values.as_ptr()) })
}

/// A tensor of `shape` and `element` in `encoding`.
fn tensor_in(shape: &[i64], element: Ty, encoding: &Encoding) -> Option<Ty> {
    let attr = bridge::build(element.context(), encoding)?;
    Some(Ty::tensor(shape, element, Some(attr)))
}

/// Triton's `splitLhs`: the register operand `a` (M x K) cut along K into
/// `parts` (a power of two) tensors of K / `parts`, by a reshape to
/// `... x 2 x .. x 2 x K/parts`, a transpose bringing the 2s last (slowest
/// first) and repeated splits; each part is converted back to `a`'s
/// dot-operand encoding (no data moves).
fn split_lhs(anchor: Op, a: Val, parts: i64) -> Option<Vec<Val>> {
    let ty = a.ty();
    let shape = ty.shape()?;
    let element = ty.element();
    let encoding = tensor_encoding(ty)?;
    let rank = shape.len();
    let new_k = shape[rank - 1] / parts;
    let mut split_shape: Vec<i64> = shape[..rank - 1].to_vec();
    let mut n = 1;
    while n < parts {
        split_shape.push(2);
        n *= 2;
    }
    split_shape.push(new_k);
    let reshaped_enc = infer::infer_reshape(&encoding, &shape, &split_shape).ok()?;
    let reshape = build_before(anchor, "tt.reshape", &[a], &[tensor_in(&split_shape, element, &reshaped_enc)?], &[])?;
    let mut order: Vec<i32> = (0..rank as i32 - 1).collect();
    order.push(split_shape.len() as i32 - 1);
    order.extend((rank as i32 - 1..split_shape.len() as i32 - 1).rev());
    let trans_shape: Vec<i64> = order.iter().map(|&d| split_shape[d as usize]).collect();
    let trans_enc = infer::infer_trans(&reshaped_enc, &split_shape, &order).ok()?;
    let order_attr = i32_array(a.ty().context(), &order);
    let trans = build_before(
        anchor,
        "tt.trans",
        &[reshape.result(0)],
        &[tensor_in(&trans_shape, element, &trans_enc)?],
        &[("order", order_attr.0)],
    )?;
    let mut current: Vec<(Val, Vec<i64>, Encoding)> = vec![(trans.result(0), trans_shape, trans_enc)];
    let mut n = 1;
    while n < parts {
        let mut next = Vec::new();
        for (v, v_shape, v_enc) in current {
            let half_shape = v_shape[..v_shape.len() - 1].to_vec();
            let half_enc = infer::infer_split(&v_enc, &v_shape).ok()?;
            let half_ty = tensor_in(&half_shape, element, &half_enc)?;
            let split = build_before(anchor, "tt.split", &[v], &[half_ty, half_ty], &[])?;
            next.push((split.result(0), half_shape.clone(), half_enc.clone()));
            next.push((split.result(1), half_shape, half_enc));
        }
        current = next;
        n *= 2;
    }
    let mut out = Vec::new();
    for (v, v_shape, _) in current {
        let part_ty = tensor_in(&v_shape, element, &encoding)?;
        out.push(build_before(anchor, "ttg.convert_layout", &[v], &[part_ty], &[])?.result(0));
    }
    Some(out)
}

/// Triton's `splitRhs`: the shared operand `b` (K x N) cut along K into
/// `parts` immutable subviews.
fn split_rhs(anchor: Op, b: Val, parts: i64) -> Option<Vec<Val>> {
    let memdesc = bridge::memdesc_of(b.ty())?;
    let rank = memdesc.shape.len();
    let k_dim = rank.checked_sub(2)?;
    let new_k = memdesc.shape[k_dim] / parts;
    let mut part = memdesc.clone();
    part.shape[k_dim] = new_k;
    part.mutable = false;
    let part_ty = build_memdesc(b.ty().context(), &part)?;
    let mut out = Vec::new();
    for i in 0..parts {
        let mut offsets = vec![0i32; rank];
        offsets[k_dim] = (i * new_k) as i32;
        let attr = i32_array(b.ty().context(), &offsets);
        out.push(build_before(anchor, "ttg.memdesc_subslice", &[b], &[part_ty], &[("offsets", attr.0)])?.result(0));
    }
    Some(out)
}

/// Triton's `splitRSDot`: a wgmma with A in registers and K above the
/// instruction's K becomes two chained wgmmas over the halves of K, so the
/// second half's registers can be filled while the first runs. Returns the
/// dots that replace `dot` (`dot` itself when it is not split).
fn split_rs_dot(dot: Op) -> Vec<Op> {
    let a = dot.operand(0);
    if is_memdesc(a) {
        return vec![dot];
    }
    let Some(k) = a.ty().shape().and_then(|s| s.last().copied()) else { return vec![dot] };
    let instr_k = match tensor_encoding(dot.result(0).ty()) {
        Some(Encoding::NvidiaMma { instr_shape, .. }) => instr_shape.get(2).map(|&x| x as i64),
        _ => None,
    };
    let Some(instr_k) = instr_k else { return vec![dot] };
    const PARTS: i64 = 2;
    if k <= instr_k || k % PARTS != 0 {
        return vec![dot];
    }
    let new_k = k / PARTS;
    let (Some(lhs), Some(rhs)) = (split_lhs(dot, a, PARTS), split_rhs(dot, dot.operand(1), PARTS)) else {
        return vec![dot];
    };
    let context = dot.context();
    let mut use_c = (dot.num_operands() > 3).then(|| dot.operand(3));
    let mut c = dot.operand(2);
    let mut imprecise_left = dot.attr("maxNumImpreciseAcc").and_then(|x| x.int()).unwrap_or(0);
    let mut dots = Vec::new();
    for (l, r) in lhs.into_iter().zip(rhs) {
        // 2^30 keeps a part from adding its own imprecise accumulations.
        let take = imprecise_left.min(new_k);
        let imprecise = if take == new_k { 1i64 << 30 } else { take };
        imprecise_left -= take;
        let mut attrs: Vec<(&str, MlirAttribute)> = Vec::new();
        if let Some(p) = dot.attr("inputPrecision") {
            attrs.push(("inputPrecision", p.0));
        }
        attrs.push(("maxNumImpreciseAcc", i32_attr(context, imprecise).0));
        if let Some(x) = dot.attr("isAsync") {
            attrs.push(("isAsync", x.0));
        }
        let mut operands = vec![l, r, c];
        if let Some(u) = use_c.take() {
            operands.push(u);
        }
        let Some(part) = build_before(dot, WGMMA, &operands, &[dot.result(0).ty()], &attrs) else { return vec![dot] };
        c = part.result(0);
        dots.push(part);
    }
    replace_all_uses(dot.result(0), c);
    unsafe { mlirOperationDestroy(dot.0) };
    dots
}

/// The [`tritium_dialects::spec::PipelinedLoopHook`] of NVIDIA targets
/// (Triton's `asyncLaunchDots`, run when the loop has at least one stage):
/// every `warp_group_dot` of the loop body becomes asynchronous; one that
/// may stay in flight across iterations is waited for (`pendings` = the
/// number of such dots) right after the last of them and after the loop,
/// any other right after itself. A dot with A in registers is split in two
/// along K (when no `wait 0` is in the loop) and waited for right after
/// each part with `pendings` = the number of in-flight dots less one.
pub fn launch_async_dots(for_op: Op, num_stages: i64) {
    if num_stages < 1 {
        return;
    }
    let Some(block) = body(for_op) else { return };
    let context = for_op.context();
    let truth = Attr(unsafe { mlirBoolAttrGet(context, 1) });
    let mut async_dots: Vec<(Op, usize)> = Vec::new();
    for dot in block_ops(block).into_iter().filter(|o| o.name() == WGMMA) {
        dot.set_attr("isAsync", truth);
        match dot_can_be_properly_async(dot, for_op) {
            Some(idx) => async_dots.push((dot, idx)),
            None => {
                let wait = create_wait(dot.location(), &[], 0, WaitAt::After(dot));
                thread_values_through_wait(wait, &[dot.result(0)]);
            }
        }
    }
    if async_dots.is_empty() {
        return;
    }
    // RS dots are split in two along K when no `wait 0` in the loop already
    // serializes the dots (the split would only add commits and waits).
    let has_wait_0 = block_ops(block)
        .iter()
        .any(|o| o.name() == WGMMA_WAIT && o.attr("pendings").and_then(|a| a.int()) == Some(0));
    if !has_wait_0 {
        async_dots = async_dots.into_iter().flat_map(|(dot, idx)| split_rs_dot(dot).into_iter().map(move |d| (d, idx))).collect();
    }
    insert_wait_in_loop(for_op, &async_dots);
    let results: Vec<Val> = async_dots.iter().map(|(_, idx)| for_op.result(*idx)).collect();
    let wait = create_wait(for_op.location(), &[], 0, WaitAt::After(for_op));
    thread_values_through_wait(wait, &results);
}
