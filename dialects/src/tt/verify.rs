//! Verifiers of the `tt` ops (what ODS constraints cannot say).
//!
//! Diagnostics follow Triton's wording where Triton has one, so that tests
//! written against Triton's `invalid.mlir` carry over.
use crate::ir::{block_arguments, block_terminator, Op, Ty};
use crate::layout;
use crate::pass::emit_error_at;
use crate::tt::{rules, types};

type Verdict = Result<(), String>;

/// `Ok(())` when `cond` holds, else the error `msg`.
pub fn ensure(cond: bool, msg: impl Into<String>) -> Verdict {
    if cond {
        Ok(())
    } else {
        Err(msg.into())
    }
}

/// [`ensure`] whose message is built only on failure (formatting a type or
/// attribute prints it through MLIR, which verifiers must not pay per op).
fn ensure_with(cond: bool, msg: impl FnOnce() -> String) -> Verdict {
    if cond {
        Ok(())
    } else {
        Err(msg())
    }
}

/// The message a verifier returns once it has emitted its diagnostic itself
/// (on a nested op, as Triton does): the bridge then fails the op silently.
pub const ALREADY_REPORTED: &str = "";

/// Emits `message` on `at` (with the `'<name>' op ` prefix of
/// `emitOpError` when `op_prefix`), and returns the failure to pass up.
fn fail_at(at: Op, message: &str, op_prefix: bool) -> Verdict {
    if op_prefix {
        emit_error_at(at.location(), &format!("'{}' op {message}", at.name()));
    } else {
        emit_error_at(at.location(), message);
    }
    Err(ALREADY_REPORTED.into())
}

/// A type as MLIR's diagnostics print it (quoted).
fn quoted(ty: Ty) -> String {
    format!("'{ty}'")
}

/// A shape as Triton's diagnostics print it: `32, 2`.
fn dims(shape: &[i64]) -> String {
    shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

/// Verifies `op` with the verifier registered under `hook`, then the rules
/// that relate its encodings (owned by the encodings' dialect).
pub fn verify(hook: &str, op: Op) -> Verdict {
    verify_op(hook, op)?;
    if matches!(hook, "tt.dot" | "tt.join" | "tt.reshape" | "tt.gather") {
        let encoded = op.operands().into_iter().chain(op.results()).find_map(|v| v.ty().encoding());
        if let Some(interface) = encoded.and_then(layout::lookup) {
            interface.verify_op_layouts(op)?;
        }
    }
    Ok(())
}

fn verify_op(hook: &str, op: Op) -> Verdict {
    match hook {
        "tt.bitcast" => bitcast(op),
        "tt.fp_to_fp" => fp_to_fp(op),
        "tt.load" | "tt.store" => cache_policy(op),
        "tt.atomic_load" => atomic_sem(op, "release"),
        "tt.atomic_store" => atomic_sem(op, "acquire"),
        "tt.atomic_poll" => Ok(()),
        "tt.atomic_rmw" => atomic_rmw(op),
        "tt.unsplat" => ensure(
            op.operand(0).ty().num_elements() == 1,
            "source tensor must have exactly one element",
        ),
        "tt.reshape" => reshape(op),
        "tt.broadcast" => {
            rules::check_broadcast(&op.operand(0).ty().shape_or_scalar(), &op.result(0).ty().shape_or_scalar())
        }
        "tt.cat" => cat(op),
        "tt.join" => join(op),
        "tt.trans" => {
            let order = op.attr("order").and_then(|a| a.i32_array()).unwrap_or_default();
            rules::trans_shape(&op.operand(0).ty().shape_or_scalar(), &order).map(|_| ())
        }
        "tt.dot" => dot(op),
        "tt.dot_scaled" => dot_scaled(op),
        "tt.reduce" | "tt.scan" => reduce_scan(op),
        "tt.reduce(regions)" => combine_region(op, true),
        "tt.scan(regions)" => combine_region(op, false),
        "tt.map_elementwise" => {
            ensure(!op.operands().is_empty(), "MapElementwiseOp must have at least 1 operand")?;
            let pack = op.attr("pack").and_then(|a| a.int()).unwrap_or(0);
            ensure(pack > 0 && pack & (pack - 1) == 0, "Pack must be a power of 2")
        }
        "tt.map_elementwise(regions)" => map_elementwise_region(op),
        "tt.make_range" => make_range(op),
        "tt.elementwise_inline_asm" => inline_asm(op),
        "tt.gather" => gather(op),
        "tt.make_tensor_descriptor" => make_tensor_descriptor(op),
        "tt.descriptor_load" => descriptor_block(op, op.operand(0).ty(), op.result(0).ty(), op.operands().len() - 1),
        "tt.descriptor_store" => descriptor_block(op, op.operand(0).ty(), op.operand(1).ty(), op.operands().len() - 2),
        "tt.descriptor_reduce" => descriptor_block(op, op.operand(0).ty(), op.operand(1).ty(), op.operands().len() - 2),
        "tt.descriptor_gather" => descriptor_gather(op.operand(0).ty(), op.operand(1).ty(), op.result(0).ty()),
        "tt.descriptor_scatter" => descriptor_gather(op.operand(0).ty(), op.operand(1).ty(), op.operand(3).ty()),
        "tt.return" => return_op(op),
        other => Err(format!("no verifier named '{other}'")),
    }
}

fn bitcast(op: Op) -> Verdict {
    let src = op.operand(0).ty().element();
    let dst = op.result(0).ty().element();
    match (src.is_ptr(), dst.is_ptr()) {
        (true, false) => return Err("Cannot bitcast pointer to non-pointer type".into()),
        (false, true) => return Err("Cannot bitcast non-pointer type to pointer type".into()),
        (true, true) => return Ok(()),
        _ => {}
    }
    let (a, b) = (src.bit_width(), dst.bit_width());
    ensure_with(a == b, || format!("Cannot bitcast data-type of size {a} to data-type of size {b}"))
}

fn fp_to_fp(op: Op) -> Verdict {
    let src = op.operand(0).ty().element();
    let dst = op.result(0).ty().element();
    // Triton 3.9 checks only this: an upcast or a same-width conversion may
    // carry a rounding mode (its frontend writes `rounding = rtne` on every
    // f16 <-> bf16 cast); whether a conversion exists is the lowering's call.
    ensure(
        dst.bit_width() >= src.bit_width() || op.attr("rounding").is_some(),
        "Rounding mode is required for FP downcast",
    )
}

fn cache_policy(op: Op) -> Verdict {
    match op.attr("cachePolicy") {
        Some(attr) if !types::is_cache_policy(attr) => {
            Err(format!("attribute 'cachePolicy' must be a #tt.cache_policy, got {attr}"))
        }
        _ => Ok(()),
    }
}

fn atomic_sem(op: Op, forbidden: &str) -> Verdict {
    let sem = op.attr("sem").and_then(|a| a.int()).unwrap_or(1);
    // MemSemantic: 1 relaxed, 2 acquire, 3 release, 4 acq_rel.
    let bad = match forbidden {
        "release" => sem == 3 || sem == 4,
        _ => sem == 2 || sem == 4,
    };
    ensure_with(!bad, || format!("memory semantic cannot include {forbidden} for this operation"))?;
    let elem = op.result_or_value_element();
    ensure_with(
        matches!(elem.bit_width(), 8 | 16 | 32 | 64),
        || format!("atomic operations support 8-, 16-, 32- and 64-bit types, got {elem}"),
    )
}

impl Op {
    /// The element type an atomic op moves (its result, or its stored value).
    fn result_or_value_element(self) -> Ty {
        match self.results().first() {
            Some(r) => r.ty().element(),
            None => self.operand(1).ty().element(),
        }
    }
}

fn atomic_rmw(op: Op) -> Verdict {
    let kind = op.attr("atomic_rmw_op").and_then(|a| a.int()).unwrap_or(0);
    let elem = op.operand(1).ty().element();
    // RMWOp: 1 and, 2 or, 3 xor, 4 add, 5 fadd, 6 max, 7 min, 8 umax, 9 umin, 10 exch.
    match kind {
        1 | 2 | 3 | 8 | 9 => ensure_with(elem.is_integer(), || format!("this atomic_rmw kind requires an integer operand, got {elem}")),
        5 => ensure_with(elem.is_float(), || format!("fadd requires a floating-point operand, got {elem}")),
        _ => Ok(()),
    }
}

/// Triton's rule for ops that change the shape: the source and the result
/// either both carry an encoding or neither does.
fn both_or_neither_encoded(src: Ty, dst: Ty) -> Verdict {
    ensure(
        src.encoding().is_some() == dst.encoding().is_some(),
        "expected the source and the result to both have an encoding, or neither",
    )
}

fn reshape(op: Op) -> Verdict {
    let src = op.operand(0).ty();
    let dst = op.result(0).ty();
    both_or_neither_encoded(src, dst)?;
    ensure(
        src.num_elements() == dst.num_elements(),
        "number of src and dst elements of reshape must be the same",
    )
}

fn cat(op: Op) -> Verdict {
    let lhs = op.operand(0).ty();
    let dst = op.result(0).ty();
    both_or_neither_encoded(lhs, dst)?;
    ensure(
        dst.num_elements() == lhs.num_elements().saturating_mul(2),
        "number of result elements must be the sum of the operands' elements",
    )
}

fn join(op: Op) -> Verdict {
    let src = op.operand(0).ty();
    let dst = op.result(0).ty();
    let mut expected = src.shape_or_scalar();
    expected.push(2);
    let got = dst.shape_or_scalar();
    ensure_with(got == expected, || format!("result shape must be ({}), but got {}", dims(&expected), dims(&got)))?;
    ensure(dst.element() == src.element(), "result element type must match the input element type")?;
    ensure(dst.encoding().is_some() || src.encoding().is_none(), "result encoding must be specified")
}

fn dot(op: Op) -> Verdict {
    let (a, b, c) = (op.operand(0).ty(), op.operand(1).ty(), op.operand(2).ty());
    let shape = rules::dot_shape(&a.shape_or_scalar(), &b.shape_or_scalar())?;
    ensure(
        c.shape_or_scalar() == shape,
        "expected the output shape to be the concatenation of the first operand's leading dimensions and the last dimension of the second operand",
    )?;
    let (ea, eb) = (a.element(), b.element());
    let numeric = |t: Ty| t.is_integer() || t.is_float();
    ensure(
        !(numeric(ea) && numeric(eb)) || ea.bit_width() == eb.bit_width(),
        "element types of operands A and B must have same bit width",
    )?;
    ensure_with(
        ea.is_integer() == eb.is_integer(),
        || format!("operand element types must be both integer or both floating-point, got {ea} and {eb}"),
    )
}

fn dot_scaled(op: Op) -> Verdict {
    let a = op.operand(0).ty().shape_or_scalar();
    let b = op.operand(1).ty().shape_or_scalar();
    let c = op.operand(2).ty().shape_or_scalar();
    ensure(a.len() >= 2, "operands must be at least 2D")?;
    ensure(a.len() == b.len() && (a.len() == 2 || a.len() == 3), "operands must both have rank 2 or 3")?;
    let r = a.len();
    // ScaleDotElemType 4 is e2m1: two values per byte, packed along K unless
    // the operand's k_pack flag is false (then along M or N).
    let is_e2m1 = |name: &str| op.attr(name).and_then(|a| a.int()) == Some(4);
    let k_pack = |name: &str| op.attr(name).and_then(|a| a.bool()).unwrap_or(true);
    let (a_fp4, b_fp4) = (is_e2m1("a_elem_type"), is_e2m1("b_elem_type"));
    let (a_pack, b_pack) = (k_pack("lhs_k_pack"), k_pack("rhs_k_pack"));
    let a_k = a[r - 1] * if a_fp4 && a_pack { 2 } else { 1 };
    let b_k = b[r - 2] * if b_fp4 && b_pack { 2 } else { 1 };
    ensure(
        a_k == b_k,
        "expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand",
    )?;
    let m = a[r - 2] * if a_fp4 && !a_pack { 2 } else { 1 };
    let n = b[r - 1] * if b_fp4 && !b_pack { 2 } else { 1 };
    ensure(
        c.len() == r && c[r - 2] == m && c[r - 1] == n,
        "the accumulator shape must be [M, N] of the operands",
    )?;
    // The scale factor (elements per scale) follows from each scale's K
    // extent; both must agree and be 16 or 32 (a one-element scale says nothing).
    let operands = op.operands();
    let (a_seg, b_seg) = (op.segment_size(3), op.segment_size(4));
    let a_scale = (a_seg > 0).then(|| operands.get(3).map(|v| v.ty().shape_or_scalar())).flatten();
    let b_index = if a_seg > 0 { 4 } else { 3 };
    let b_scale = (b_seg > 0).then(|| operands.get(b_index).map(|v| v.ty().shape_or_scalar())).flatten();
    let factor_of = |scale: &Option<Vec<i64>>, k: i64| -> Result<i64, String> {
        let Some(s) = scale else { return Ok(0) };
        if rules::num_elements(s) == 1 || s.is_empty() {
            return Ok(0);
        }
        let last = *s.last().unwrap_or(&1);
        let f = if last == 0 { 0 } else { k / last };
        ensure_with(f == 16 || f == 32, || format!("scale factor must be 16 or 32. Got {f}"))?;
        Ok(f)
    };
    let fa = factor_of(&a_scale, a_k)?;
    let fb = factor_of(&b_scale, b_k)?;
    let factor = match (fa, fb) {
        (0, 0) => 32,
        (x, 0) | (0, x) => x,
        (x, y) if x == y => x,
        (x, y) => return Err(format!("Operands must have the same scale factor; (lhs: {x} vs rhs: {y})")),
    };
    if let Some(s) = &a_scale {
        if s.len() == r {
            ensure(s[r - 2] == m, "scales M dimension must match the operand M dimension")?;
            ensure(s[r - 1] == a_k / factor, "scales K dimension must match the operand K divided by the scale factor")?;
        }
    }
    if let Some(s) = &b_scale {
        if s.len() == r {
            ensure(s[r - 2] == n, "scales N dimension must match the operand N dimension")?;
            ensure(s[r - 1] == a_k / factor, "scales K dimension must match the operand K divided by the scale factor")?;
        }
    }
    Ok(())
}

/// Triton's shared checks of `tt.reduce` and `tt.scan`.
fn reduce_scan(op: Op) -> Verdict {
    let operands = op.operands();
    ensure(!operands.is_empty(), "must have at least 1 operand")?;
    ensure(operands.len() == op.num_results(), "must have the same number of inputs as outputs")?;
    let axis = op.attr("axis").and_then(|a| a.int()).unwrap_or(0);
    let mut first_rank = 0;
    for operand in &operands {
        let rank = operand.ty().shape_or_scalar().len() as i64;
        ensure_with(axis >= 0 && axis < rank, || format!("axis out of bounds for operand rank {rank}"))?;
        if first_rank == 0 {
            first_rank = rank;
        } else {
            ensure_with(
                rank == first_rank,
                || format!("all operands must have the same rank, but got ranks {first_rank} and {rank}"),
            )?;
        }
    }
    for (i, operand) in operands.iter().enumerate() {
        ensure(
            operand.ty().element() == op.result(i).ty().element(),
            "operand types and result types must agree",
        )?;
    }
    Ok(())
}

fn combine_region(op: Op, is_reduce: bool) -> Verdict {
    let n = op.operands().len();
    let Some(block) = op.entry_block(0) else {
        return Err("expects a non-empty combine region".into());
    };
    let args = block_arguments(block);
    ensure_with(
        args.len() == 2 * n,
        || format!("nested block must take {} arguments, but given block with {} arguments", 2 * n, args.len()),
    )?;
    let mismatch = |i: usize, want: Ty, got: Ty| {
        format!("type mismatch on combine operation. Expected argument {i} to have type {} but got {}", quoted(want), quoted(got))
    };
    for (i, arg) in args.iter().enumerate() {
        let elem = op.operand(i % n).ty().element();
        ensure_with(arg.ty() == elem, || mismatch(i, elem, arg.ty()))?;
    }
    let Some(terminator) = block_terminator(block) else {
        return Err("combine operation must be terminated with a ReduceReturnOp".into());
    };
    let expected = if is_reduce { "tt.reduce.return" } else { "tt.scan.return" };
    ensure_with(
        terminator.name() == expected,
        || format!("combine operation must be terminated with a ReduceReturnOp but got '{}'", terminator.name()),
    )?;
    let yielded = terminator.operands();
    ensure_with(
        yielded.len() == n,
        || format!("expected combine operation to return {n} values but got {}", yielded.len()),
    )?;
    for (i, value) in yielded.iter().enumerate() {
        let elem = op.operand(i).ty().element();
        ensure_with(value.ty() == elem, || mismatch(i, elem, value.ty()))?;
    }
    Ok(())
}

fn map_elementwise_region(op: Op) -> Verdict {
    let pack = op.attr("pack").and_then(|a| a.int()).unwrap_or(1).max(1) as usize;
    let Some(block) = op.entry_block(0) else {
        return Err("expects a non-empty region".into());
    };
    let args = block_arguments(block);
    let n = op.operands().len();
    ensure(args.len() == n * pack, "region has wrong number of arguments")?;
    for (i, arg) in args.iter().enumerate() {
        if arg.ty() != op.operand(i / pack).ty().element() {
            return fail_at(op, "argument types did not match", false);
        }
    }
    let results = op.results();
    for nested in op.nested_ops() {
        let writes_memory = matches!(
            nested.name(),
            "tt.store" | "tt.atomic_store" | "tt.atomic_rmw" | "tt.atomic_cas" | "tt.atomic_poll"
                | "tt.descriptor_store" | "tt.descriptor_reduce" | "tt.descriptor_scatter"
        );
        if writes_memory {
            return fail_at(nested, "Stores are not supported inside map_elementwise", true);
        }
        if nested.name() == "tt.map_elementwise.return" {
            let yielded = nested.operands();
            let matches = yielded.len() == results.len() * pack
                && yielded.iter().enumerate().all(|(i, v)| v.ty() == results[i / pack].ty().element());
            if !matches {
                return fail_at(nested, "region return does not match map_elementwise result", false);
            }
        }
    }
    Ok(())
}

fn make_range(op: Op) -> Verdict {
    let start = op.attr("start").and_then(|a| a.int()).unwrap_or(0);
    let end = op.attr("end").and_then(|a| a.int()).unwrap_or(0);
    let ty = op.result(0).ty();
    let shape = ty.shape_or_scalar();
    ensure(start < end, "start must be less than end")?;
    ensure(shape.len() == 1, "return type must be a 1D tensor")?;
    ensure_with(
        end - start == shape[0],
        || format!(
            "number of elements in returned tensor, {}, must match size of range [{start}, {end}), which has {} elements",
            shape[0],
            end - start
        ),
    )?;
    let elem = ty.element();
    ensure(elem.is_integer() && elem.bit_width() == 32, "returned tensor must have i32 elements")?;
    // Stricter than Triton 3.9, which accepts a negative start.
    ensure(start >= 0, "start must be non-negative")
}

fn inline_asm(op: Op) -> Verdict {
    let packed = op.attr("packed_element").and_then(|a| a.int()).unwrap_or(1);
    ensure(packed > 0, "packed_element must be positive")?;
    let shapes: Vec<Vec<i64>> = op
        .operands()
        .iter()
        .chain(op.results().iter())
        .map(|v| v.ty())
        .filter(|t| t.is_tensor())
        .map(|t| t.shape_or_scalar())
        .collect();
    ensure(shapes.windows(2).all(|w| w[0] == w[1]), "all tensor operands and results must have the same shape")?;
    if let Some(shape) = shapes.first() {
        ensure(
            rules::num_elements(shape) % packed == 0,
            "the number of elements must be a multiple of packed_element",
        )?;
    }
    Ok(())
}

fn gather(op: Op) -> Verdict {
    let (src_ty, idx_ty, res_ty) = (op.operand(0).ty(), op.operand(1).ty(), op.result(0).ty());
    let src = src_ty.shape_or_scalar();
    let idx = idx_ty.shape_or_scalar();
    let axis = op.attr("axis").and_then(|a| a.int()).unwrap_or(0);
    ensure(idx == res_ty.shape_or_scalar(), "indices and output shapes must match")?;
    ensure(idx_ty.encoding() == res_ty.encoding(), "indices and output encodings must match")?;
    ensure(src_ty.element() == res_ty.element(), "input and output element types must match")?;
    ensure(src.len() == idx.len(), "input and indices ranks must match")?;
    ensure(axis >= 0 && (axis as usize) < src.len(), "gather dimension must be less than the input rank")?;
    for (d, (s, i)) in src.iter().zip(&idx).enumerate() {
        if d as i64 != axis {
            ensure_with(s == i, || format!("indices dimension {d} must match the corresponding input dimension"))?;
        }
    }
    Ok(())
}

fn make_tensor_descriptor(op: Op) -> Verdict {
    let desc = op.result(0).ty();
    let Some((block, elem)) = types::tensordesc_block(desc) else {
        return Err("result must be a !tt.tensordesc".into());
    };
    let n = op.operands().len() - 1;
    ensure_with(
        n == 2 * block.len(),
        || format!("expected {} shape and {} stride operands for a rank-{} descriptor", block.len(), block.len(), block.len()),
    )?;
    if let Some(pointee) = types::pointee(op.operand(0).ty()) {
        ensure_with(
            same_element(pointee, elem),
            || format!("descriptor element type {elem} does not match the base pointer's pointee type {pointee}"),
        )?;
    }
    Ok(())
}

/// Whether two element types agree, ignoring integer signedness (descriptors
/// may carry signed/unsigned integer types for the same data).
fn same_element(a: Ty, b: Ty) -> bool {
    a == b || (a.is_integer() && b.is_integer() && a.bit_width() == b.bit_width())
}

fn descriptor_block(_op: Op, desc: Ty, tensor: Ty, num_indices: usize) -> Verdict {
    let Some((block, elem)) = types::tensordesc_block(desc) else {
        return Err("expected a !tt.tensordesc operand".into());
    };
    ensure_with(
        num_indices == block.len(),
        || format!("expected {} indices for a rank-{} descriptor, got {num_indices}", block.len(), block.len()),
    )?;
    ensure_with(
        same_element(elem, tensor.element()),
        || format!(
            "descriptor block and tensor element types must match, but got descriptor element type {} and tensor element type {}",
            quoted(elem),
            quoted(tensor.element())
        ),
    )?;
    let (block_n, tensor_n) = (rules::num_elements(&block), tensor.num_elements());
    ensure_with(
        block_n == tensor_n,
        || format!(
            "descriptor block and tensor must have the same number of elements, but got descriptor block with {block_n} elements tensor with {tensor_n} elements"
        ),
    )
}

fn descriptor_gather(desc: Ty, x_offsets: Ty, tensor: Ty) -> Verdict {
    let Some((block, elem)) = types::tensordesc_block(desc) else {
        return Err("expected a !tt.tensordesc operand".into());
    };
    let block_ty = || format!("'tensor<{}x{elem}>'", block.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"));
    ensure_with(block.len() == 2, || format!("descriptor block must be a 2D tensor, but got {}", block_ty()))?;
    ensure_with(block[0] == 1, || format!("descriptor block must have exactly 1 row, but got {}", block_ty()))?;
    let rows = x_offsets.shape_or_scalar();
    ensure_with(rows.len() == 1, || format!("x offsets must be a 1D tensor, but got {}", quoted(x_offsets)))?;
    let shape = tensor.shape_or_scalar();
    ensure_with(shape.len() == 2, || format!("result must be a 2D tensor, but got {}", quoted(tensor)))?;
    // TMA's gather/scatter uses the MMAv3 shared-memory swizzles, which have
    // minimum tile sizes.
    ensure_with(shape[0] >= 8, || format!("must have at least 8 rows, but got {}", shape[0]))?;
    let dtype = tensor.element();
    let bits = dtype.bit_width() as i64;
    ensure(bits > 0 && bits <= 32, "TMA dtype cannot be greater than 32 bits")?;
    let min_cols = 32 / bits * 8;
    ensure_with(
        shape[1] >= min_cols,
        || format!("must have at least {min_cols} columns for {}, but got {}", quoted(dtype), shape[1]),
    )?;
    ensure_with(
        shape[0] == rows[0],
        || format!("result tensor must have as many rows as indices ({}), but got {}", rows[0], quoted(tensor)),
    )?;
    ensure_with(
        shape[1] == block[1],
        || format!("result tensor number of columns must match block ({}), but got {}", block[1], quoted(tensor)),
    )?;
    ensure_with(
        same_element(dtype, elem),
        || format!("result tensor element type must match block ({}), but got {}", quoted(elem), quoted(tensor)),
    )
}

fn return_op(op: Op) -> Verdict {
    let Some(func) = op.parent() else { return Ok(()) };
    let Some(fty) = func.attr("function_type") else { return Ok(()) };
    let fty = Ty(unsafe { mlir_sys::mlirTypeAttrGetValue(fty.0) });
    let expected: Vec<Ty> = unsafe {
        (0..mlir_sys::mlirFunctionTypeGetNumResults(fty.0))
            .map(|i| Ty(mlir_sys::mlirFunctionTypeGetResult(fty.0, i)))
            .collect()
    };
    // The function's name is printed only for a diagnostic: printing an
    // attribute builds an AsmState, far dearer than the check itself.
    let name = || func.attr("sym_name").map(|a| a.to_string()).unwrap_or_default();
    let operands = op.operands();
    if operands.len() != expected.len() {
        return Err(format!(
            "has {} operands, but enclosing function (@{}) returns {}",
            operands.len(),
            name().trim_matches('"'),
            expected.len()
        ));
    }
    for (i, (value, want)) in operands.iter().zip(&expected).enumerate() {
        if value.ty() != *want {
            return Err(format!(
                "type of return operand {i} ({}) doesn't match function result type ({want}) in function @{}",
                value.ty(),
                name().trim_matches('"')
            ));
        }
    }
    Ok(())
}
