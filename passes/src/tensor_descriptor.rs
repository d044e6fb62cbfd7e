//! `triton-rewrite-tensor-descriptor-to-pointer`: lowers tensor descriptors to
//! plain pointer arithmetic for targets without TMA.
//!
//! A `tt.make_tensor_descriptor %base, [shape...], [strides...]` is replaced
//! by its pieces: the base pointer, the shape sign-extended to `i64` (emitted
//! where the descriptor was made), the `i64` strides and an `i1` constant
//! saying whether out-of-bounds elements read as NaN (`padding = nan`).
//!
//! For a block of shape `S` (rank `r`) at indices `idx`, the lowering of a
//! descriptor access computes, per dimension `d`,
//! `off_d = reshape(splat(extsi idx_d) + extsi(make_range(0, S_d)))` with the
//! shape `1 x .. x S_d x .. x 1`, then
//! * pointers: `base + sum_d broadcast(off_d * splat(stride_d))` (one
//!   `tt.addptr` per dimension),
//! * mask: `and_d broadcast(off_d >= 0 && off_d < splat(shape_d))`,
//! * for loads, the value of masked-off elements: `select(nan_flag, NaN, 0)`
//!   for floats, `0` for integers.
//!
//! `tt.descriptor_load` becomes `tt.load ptr, mask, other` (keeping its cache
//! policy) and `tt.descriptor_store` becomes `tt.store ptr, value, mask`. The
//! op sequence is the one Triton emits, so that the canonicalize/CSE runs that
//! follow in `make_ttir` give the same TTIR.
//!
//! Supported: descriptors made by `tt.make_tensor_descriptor` and used by
//! loads and stores in the same region tree. Descriptors passed as function
//! arguments, carried through `scf` control flow or used by any other op
//! (gather/scatter/reduce...) are reported with a diagnostic and the pass
//! fails without changing the IR.
use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, region_blocks, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::tt::types::tensordesc_block;

pub struct RewriteTensorDescriptorToPointer;

impl Pass for RewriteTensorDescriptorToPointer {
    fn argument(&self) -> &'static str {
        "triton-rewrite-tensor-descriptor-to-pointer"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let ops = op.nested_ops();
        if !check_supported(&ops) {
            return Err(());
        }
        // Descriptor pieces, keyed by the make_tensor_descriptor op.
        let mut descs: Vec<(Op, Desc)> = Vec::new();
        for &o in &ops {
            if o.name() == "tt.make_tensor_descriptor" {
                let Some(desc) = lower_make_desc(o) else {
                    emit_error(o, "cannot lower this tensor descriptor to pointers");
                    return Err(());
                };
                descs.push((o, desc));
            }
        }
        for &o in &ops {
            let is_load = o.name() == "tt.descriptor_load";
            if !is_load && o.name() != "tt.descriptor_store" {
                continue;
            }
            let Some(maker) = o.operand(0).defining_op() else { continue };
            let Some((_, desc)) = descs.iter().find(|(m, _)| m.same(maker)) else { continue };
            let ok = if is_load { lower_load(o, desc) } else { lower_store(o, desc) };
            if !ok {
                emit_error(o, "cannot lower this descriptor access to pointers");
                return Err(());
            }
        }
        for (maker, _) in descs {
            unsafe { mlirOperationDestroy(maker.0) };
        }
        Ok(())
    }
}

/// The pieces of a lowered descriptor.
struct Desc {
    base: Val,
    shape: Vec<Val>,
    strides: Vec<Val>,
    nan_padding: Val,
    block: Vec<i64>,
    element: Ty,
}

/// Checks that every descriptor is made by `tt.make_tensor_descriptor` and
/// used only by descriptor loads/stores; emits a diagnostic otherwise.
fn check_supported(ops: &[Op]) -> bool {
    for &o in ops {
        for r in 0..o.num_regions() {
            for block in region_blocks(o.region(r)) {
                if block_arguments(block).iter().any(|a| a.ty().is_tensordesc()) {
                    emit_error(o, "tensor descriptor block arguments (function arguments, loop-carried descriptors) are not supported by triton-rewrite-tensor-descriptor-to-pointer yet");
                    return false;
                }
            }
        }
        let name = o.name();
        let uses_desc = o.operands().iter().any(|v| v.ty().is_tensordesc());
        let makes_desc = o.results().iter().any(|v| v.ty().is_tensordesc());
        let supported = match name {
            "tt.make_tensor_descriptor" => true,
            "tt.descriptor_load" | "tt.descriptor_store" => {
                o.operand(0).defining_op().is_some_and(|d| d.name() == "tt.make_tensor_descriptor")
            }
            _ => !uses_desc && !makes_desc,
        };
        if !supported {
            emit_error(o, &format!("'{name}' on a tensor descriptor is not supported by triton-rewrite-tensor-descriptor-to-pointer yet"));
            return false;
        }
    }
    true
}

/// Inserts a new op before `anchor`; returns it.
fn create(anchor: Op, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, MlirAttribute)]) -> Op {
    let op = Rewriter::build(anchor.location(), name, operands, results, attrs, 0);
    if let Some(block) = anchor.block() {
        unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) };
    }
    op
}

fn create1(anchor: Op, name: &str, operands: &[Val], ty: Ty, attrs: &[(&str, MlirAttribute)]) -> Val {
    create(anchor, name, operands, &[ty], attrs).result(0)
}

fn constant(anchor: Op, value: Attr, ty: Ty) -> Val {
    create1(anchor, "arith.constant", &[], ty, &[("value", value.0)])
}

/// Emits the shape extensions and the padding flag of a descriptor.
fn lower_make_desc(op: Op) -> Option<Desc> {
    let (block, element) = tensordesc_block(op.result(0).ty())?;
    let rank = block.len();
    let operands = op.operands();
    if operands.len() != 1 + 2 * rank {
        return None;
    }
    let ctx = op.context();
    let i64_ty = Ty::int(ctx, 64);
    let shape = operands[1..1 + rank].iter().map(|s| create1(op, "arith.extsi", &[*s], i64_ty, &[])).collect();
    let strides = operands[1 + rank..].to_vec();
    // `padding` is Triton's PaddingOption enum: PAD_ZERO = 1, PAD_NAN = 2.
    let nan = op.attr("padding").is_some_and(|p| p.int() == Some(2) || p.to_string().contains("nan"));
    let i1 = Ty::i1(ctx);
    let nan_padding = constant(op, Attr::integer(i1, nan as i64), i1);
    Some(Desc { base: operands[0], shape, strides, nan_padding, block, element })
}

/// `[1, .., S_d, .., 1]`.
fn expanded_shape(block: &[i64], d: usize) -> Vec<i64> {
    (0..block.len()).map(|k| if k == d { block[d] } else { 1 }).collect()
}

/// Per dimension, the `i64` offsets of the block, shaped `1 x .. S_d .. x 1`.
fn block_offsets(anchor: Op, desc: &Desc, offsets: &[Val]) -> Vec<Val> {
    let ctx = anchor.context();
    let (i32_ty, i64_ty) = (Ty::int(ctx, 32), Ty::int(ctx, 64));
    let rank = desc.block.len();
    (0..rank)
        .map(|d| {
            let n = desc.block[d];
            let t64 = Ty::tensor(&[n], i64_ty, None);
            let splat = create1(anchor, "tt.splat", &[offsets[d]], t64, &[]);
            let range = create1(
                anchor,
                "tt.make_range",
                &[],
                Ty::tensor(&[n], i32_ty, None),
                &[("start", Attr::integer(i32_ty, 0).0), ("end", Attr::integer(i32_ty, n).0)],
            );
            let ext = create1(anchor, "arith.extsi", &[range], t64, &[]);
            let sum = create1(anchor, "arith.addi", &[splat, ext], t64, &[]);
            if rank == 1 {
                sum
            } else {
                create1(anchor, "tt.reshape", &[sum], Ty::tensor(&expanded_shape(&desc.block, d), i64_ty, None), &[])
            }
        })
        .collect()
}

/// Broadcasts `v` to the block shape (no-op for rank 1).
fn broadcast(anchor: Op, v: Val, block: &[i64]) -> Val {
    if block.len() == 1 {
        return v;
    }
    let ty = Ty::tensor(block, v.ty().element(), None);
    create1(anchor, "tt.broadcast", &[v], ty, &[])
}

fn pointers(anchor: Op, desc: &Desc, offsets: &[Val]) -> Option<Val> {
    let offs = block_offsets(anchor, desc, offsets);
    let ptr_ty = Ty::tensor(&desc.block, desc.base.ty(), None);
    let mut ptr = create1(anchor, "tt.splat", &[desc.base], ptr_ty, &[]);
    for (d, off) in offs.iter().enumerate() {
        let stride = create1(anchor, "tt.splat", &[desc.strides[d]], off.ty(), &[]);
        let scaled = create1(anchor, "arith.muli", &[*off, stride], off.ty(), &[]);
        let wide = broadcast(anchor, scaled, &desc.block);
        ptr = create1(anchor, "tt.addptr", &[ptr, wide], ptr_ty, &[]);
    }
    Some(ptr)
}

fn mask(anchor: Op, desc: &Desc, offsets: &[Val]) -> Val {
    let ctx = anchor.context();
    let (i1, i64_ty) = (Ty::i1(ctx), Ty::int(ctx, 64));
    let offs = block_offsets(anchor, desc, offsets);
    let predicate = |p: i64| Attr::integer(i64_ty, p).0;
    let mut result: Option<Val> = None;
    for (d, off) in offs.iter().enumerate() {
        let bool_ty = Ty::tensor(&off.ty().shape_or_scalar(), i1, None);
        let zero = constant(anchor, Attr::integer(i64_ty, 0), i64_ty);
        let zeros = create1(anchor, "tt.splat", &[zero], off.ty(), &[]);
        let ge = create1(anchor, "arith.cmpi", &[*off, zeros], bool_ty, &[("predicate", predicate(5))]);
        let bound = create1(anchor, "tt.splat", &[desc.shape[d]], off.ty(), &[]);
        let lt = create1(anchor, "arith.cmpi", &[*off, bound], bool_ty, &[("predicate", predicate(2))]);
        let both = create1(anchor, "arith.andi", &[ge, lt], bool_ty, &[]);
        let wide = broadcast(anchor, both, &desc.block);
        result = Some(match result {
            None => wide,
            Some(acc) => create1(anchor, "arith.andi", &[acc, wide], wide.ty(), &[]),
        });
    }
    result.unwrap_or(desc.nan_padding)
}

fn extend_indices(anchor: Op, indices: &[Val]) -> Vec<Val> {
    let i64_ty = Ty::int(anchor.context(), 64);
    indices.iter().map(|i| create1(anchor, "arith.extsi", &[*i], i64_ty, &[])).collect()
}

fn lower_load(op: Op, desc: &Desc) -> bool {
    let operands = op.operands();
    let rank = desc.block.len();
    if operands.len() != 1 + rank || rank == 0 {
        return false;
    }
    let result_ty = op.result(0).ty();
    let offsets = extend_indices(op, &operands[1..]);
    let block_ty = Ty::tensor(&desc.block, desc.element, None);
    let other = if desc.element.is_float() {
        let ctx = op.context();
        let nan = Attr(unsafe { mlirFloatAttrDoubleGet(ctx, desc.element.0, f64::NAN) });
        let zero = Attr(unsafe { mlirFloatAttrDoubleGet(ctx, desc.element.0, 0.0) });
        let nan = constant(op, Attr::splat(block_ty, nan), block_ty);
        let zero = constant(op, Attr::splat(block_ty, zero), block_ty);
        create1(op, "arith.select", &[desc.nan_padding, nan, zero], block_ty, &[])
    } else {
        constant(op, Attr::splat(block_ty, Attr::integer(desc.element, 0)), block_ty)
    };
    let Some(ptr) = pointers(op, desc, &offsets) else { return false };
    let m = mask(op, desc, &offsets);
    let segments = unsafe { mlirDenseI32ArrayGet(op.context(), 3, [1i32, 1, 1].as_ptr()) };
    let mut attrs: Vec<(&str, MlirAttribute)> = vec![("operandSegmentSizes", segments)];
    if let Some(policy) = op.attr("cachePolicy") {
        attrs.push(("cachePolicy", policy.0));
    }
    let load = create1(op, "tt.load", &[ptr, m, other], result_ty, &attrs);
    unsafe {
        mlirValueReplaceAllUsesOfWith(op.result(0).0, load.0);
        mlirOperationDestroy(op.0);
    }
    true
}

fn lower_store(op: Op, desc: &Desc) -> bool {
    let operands = op.operands();
    let rank = desc.block.len();
    if operands.len() != 2 + rank || rank == 0 {
        return false;
    }
    let offsets = extend_indices(op, &operands[2..]);
    let Some(ptr) = pointers(op, desc, &offsets) else { return false };
    let m = mask(op, desc, &offsets);
    create(op, "tt.store", &[ptr, operands[1], m], &[], &[]);
    unsafe { mlirOperationDestroy(op.0) };
    true
}
