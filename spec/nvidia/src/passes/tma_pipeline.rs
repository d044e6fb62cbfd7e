//! The NVIDIA side of pipelining tensor-descriptor loads in
//! `tritongpu-pipeline` (sm90+), the core's
//! [`DescriptorCopyHooks`]: a pipelined `tt.descriptor_load` becomes a TMA
//! copy (`ttng.async_tma_copy_global_to_local`) into one stage of a buffer
//! of the descriptor's shared encoding, completing on an mbarrier
//! (`ttng.init_barrier` / `barrier_expect` / `wait_barrier` /
//! `inval_barrier`), as Triton's `createTMAAsyncLoad`,
//! `createTMABarrierAndWait` and `createBarrierAlloc` build them.
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::spec::DescriptorCopyHooks;
use tritium_dialects::tt::types::tensordesc_block;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::{Cga, Encoding};

use super::descriptor_encoding::tma_unavailable;
use super::tma_lowering::{descriptor_encoding, TMA_SIZE_BYTES};

/// The alignment, in bytes, of each stage of a TMA buffer (Triton's
/// `TMA_ALIGN`).
const TMA_ALIGN: i64 = 128;

/// The hooks the backend registers.
pub const HOOKS: DescriptorCopyHooks = DescriptorCopyHooks {
    buffer_encoding,
    init_barrier,
    inval_barrier,
    expect_bytes,
    wait_barrier,
    copy,
    descriptor_bytes: TMA_SIZE_BYTES,
    fill_descriptor,
};

/// The module holding `op`.
fn module_of(op: Op) -> Option<Op> {
    let mut cur = op;
    loop {
        if cur.name() == "builtin.module" {
            return Some(cur);
        }
        cur = cur.parent()?;
    }
}

/// Triton's `getEncodingFromDescriptor` + `canPipelineTMALoad`: the
/// descriptor's shared encoding, when the block it loads has the rank of
/// the descriptor's block (a gather's rows differ from the descriptor's,
/// and the encoding then stays the same; Triton's re-encoding of
/// rank-reducing loads is not implemented: such loads stay unpipelined) and
/// one stage of it is a multiple of the 128-byte TMA alignment.
fn buffer_encoding(load: Op) -> Option<Attr> {
    if !matches!(load.name(), "tt.descriptor_load" | "tt.descriptor_gather") || tma_unavailable(module_of(load)?).is_some() {
        return None;
    }
    let desc_ty = load.operand(0).ty();
    let encoding = descriptor_encoding(desc_ty)?;
    let (block, _) = tensordesc_block(desc_ty)?;
    let ty = load.result(0).ty();
    let shape = ty.shape()?;
    if load.name() == "tt.descriptor_load" && block.len() == shape.len() && block != shape {
        return None;
    }
    let encoding = if block.len() == shape.len() { encoding } else { encoding_for_rank(load.context(), encoding, shape.len())? };
    match bridge::encoding_of(encoding)?.ok()? {
        Encoding::NvmmaShared { fp4_padded: false, .. } | Encoding::SwizzledShared { .. } => {}
        _ => return None,
    }
    let bits = shape.iter().product::<i64>() * ty.element().bit_width() as i64;
    (bits % (TMA_ALIGN * 8) == 0).then_some(encoding)
}

/// Triton's `updateEncodingForShape` for a load whose rank differs from
/// its descriptor's (one CTA): the CGA bases lose (or gain, as zeros) their
/// leading dimensions; a swizzled order keeps its dimensions below `rank`,
/// the new leading ones slowest.
fn encoding_for_rank(context: MlirContext, encoding: Attr, rank: usize) -> Option<Attr> {
    let resize = |cga: &Cga, old: usize| -> Cga {
        let bases = cga
            .bases
            .iter()
            .map(|b| if old >= rank { b[old - rank..].to_vec() } else { [vec![0; rank - old], b.clone()].concat() })
            .collect();
        Cga { bases }
    };
    let updated = match bridge::encoding_of(encoding)?.ok()? {
        Encoding::NvmmaShared { swizzling_byte_width, transposed, element_bit_width, fp4_padded, cga, rank: old } => {
            Encoding::NvmmaShared {
                swizzling_byte_width,
                transposed,
                element_bit_width,
                fp4_padded,
                cga: resize(&cga, old as usize),
                rank: rank as u32,
            }
        }
        Encoding::SwizzledShared { vec, per_phase, max_phase, order, cga } => {
            let mut new_order: Vec<u32> = (0..rank.saturating_sub(order.len())).map(|i| (rank - i - 1) as u32).collect();
            new_order.extend(order.iter().copied().filter(|&o| (o as usize) < rank));
            Encoding::SwizzledShared { vec, per_phase, max_phase, order: new_order, cga: resize(&cga, order.len()) }
        }
        _ => return None,
    };
    bridge::build(context, &updated)
}

fn i32_attr(context: MlirContext, value: i64) -> Attr {
    Attr::integer(Ty::int(context, 32), value)
}

fn segments(context: MlirContext, sizes: &[i32]) -> Attr {
    Attr(unsafe { mlirDenseI32ArrayGet(context, sizes.len() as isize, sizes.as_ptr()) })
}

fn build(loc: MlirLocation, name: &str, operands: &[Val], attrs: &[(&str, Attr)]) -> Option<Op> {
    let attrs: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
    let op = Rewriter::build(loc, name, operands, &[], &attrs, 0);
    (!op.0.ptr.is_null()).then_some(op)
}

/// `ttng.init_barrier %barrier, arrivals`.
fn init_barrier(loc: MlirLocation, barrier: Val, arrivals: i64) -> Option<Op> {
    let context = barrier.ty().context();
    build(loc, "ttng.init_barrier", &[barrier], &[("count", i32_attr(context, arrivals))])
}

/// `ttng.inval_barrier %barrier`.
fn inval_barrier(loc: MlirLocation, barrier: Val) -> Option<Op> {
    build(loc, "ttng.inval_barrier", &[barrier], &[])
}

/// `ttng.barrier_expect %barrier, bytes, %pred`.
fn expect_bytes(loc: MlirLocation, barrier: Val, bytes: i64, pred: Val) -> Option<Op> {
    let context = barrier.ty().context();
    build(loc, "ttng.barrier_expect", &[barrier, pred], &[("size", i32_attr(context, bytes))])
}

/// `ttng.wait_barrier %barrier, %phase`.
fn wait_barrier(loc: MlirLocation, barrier: Val, phase: Val) -> Option<Op> {
    let context = barrier.ty().context();
    build(loc, "ttng.wait_barrier", &[barrier, phase], &[("operandSegmentSizes", segments(context, &[1, 1, 0, 0]))])
}

/// `ttng.async_tma_copy_global_to_local %desc[indices] %buffer, %barrier,
/// %pred` at the load's location (without its cache policy, as Triton's
/// pipeliner builds it); for a `tt.descriptor_gather`,
/// `ttng.async_tma_gather %desc[%x_offsets, %y_offset] %buffer, %barrier,
/// %pred`, its `i16` row offsets sign-extended to `i32` just before the
/// gather (Triton's `createTMAAsyncGather`).
fn copy(load: Op, buffer: Val, barrier: Val, pred: Val) -> Option<Op> {
    let context = load.context();
    let operands = load.operands();
    if load.name() == "tt.descriptor_gather" {
        let [desc, x_offsets, y_offset] = operands[..] else { return None };
        let i32 = Ty::int(context, 32);
        let x_offsets = if x_offsets.ty().element() == i32 {
            x_offsets
        } else {
            let shape = x_offsets.ty().shape()?;
            let wide = Ty::tensor(&shape, i32, x_offsets.ty().encoding());
            let ext = Rewriter::build(load.location(), "arith.extsi", &[x_offsets], &[wide], &[], 0);
            if ext.0.ptr.is_null() {
                return None;
            }
            let block = load.block()?;
            unsafe { mlirBlockInsertOwnedOperationBefore(block, load.0, ext.0) };
            ext.result(0)
        };
        return build(load.location(), "ttng.async_tma_gather", &[desc, x_offsets, y_offset, barrier, buffer, pred], &[]);
    }
    let (desc, indices) = operands.split_first()?;
    let mut all = vec![*desc];
    all.extend_from_slice(indices);
    all.extend([barrier, buffer, pred]);
    let sizes = [1, indices.len() as i32, 0, 1, 1, 1];
    build(load.location(), "ttng.async_tma_copy_global_to_local", &all, &[("operandSegmentSizes", segments(context, &sizes))])
}

/// Triton's `createTMADesc` of a descriptor made in a pipelined loop, into
/// one slot of the loop's descriptor ring (the ops unowned, in order; the
/// last one reads the descriptor back).
fn fill_descriptor(make: Op, slot: Val) -> Option<Vec<Op>> {
    let loc = make.location();
    let mut ops = Vec::new();
    let mut failed = false;
    let mut emit = |name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, Attr)]| {
        let attrs: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        let op = Rewriter::build(loc, name, operands, results, &attrs, 0);
        failed |= op.0.ptr.is_null();
        ops.push(op);
        op
    };
    super::tma_lowering::fill_descriptor(make, slot, &mut emit)?;
    if failed {
        for op in ops {
            if !op.0.ptr.is_null() {
                unsafe { mlirOperationDestroy(op.0) };
            }
        }
        return None;
    }
    Some(ops)
}
