//! Hopper's TMA and mbarrier ops in the ttg→LLVM lowering, with the PTX
//! Triton 3.9 emits for them on sm90:
//!
//! - `ttng.tensormap_create`: the first warp zeroes the op's 128-byte
//!   shared scratch, thread 0 fills it with `tensormap.replace.tile.*`
//!   (address, rank, box/global dims, byte strides, element strides, element
//!   type, swizzle, and interleave/fill modes when not 0), and the first
//!   warp copies it to global memory with
//!   `tensormap.cp_fenceproxy...release.gpu.sync.aligned`;
//! - `ttng.tensormap_fenceproxy_acquire`: `fence.proxy.tensormap::generic
//!   .acquire.gpu` (then `cp.async.bulk` commit and wait) in the first warp
//!   and a CTA barrier; `ttng.reinterpret_tensor_descriptor`: a generic
//!   pointer to the descriptor;
//! - `ttng.init_barrier` / `inval_barrier`: `mbarrier.init` / `inval` by one
//!   elected thread of warp 0 (a CTA barrier after the init);
//!   `barrier_expect` / `arrive_barrier`: a CTA barrier, then
//!   `mbarrier.arrive[.expect_tx]` by thread 0 (and the op's predicate);
//!   `wait_barrier`: a `mbarrier.try_wait.parity` loop, skipped inside the
//!   asm when the predicate is false; `async_copy_mbarrier_arrive`:
//!   `nvvm.cp.async.mbarrier.arrive`;
//! - `ttng.fence_mbarrier_init_release_cluster`: the fence by one elected
//!   thread of warp 0; `ttng.cluster_barrier`: `nvvm.cluster.arrive[.relaxed]`
//!   and `nvvm.cluster.wait`, aligned, in every warp (worker warps of
//!   `ttg.total-num-warps` through a `ttg.warp_specialize`);
//! - `ttng.async_tma_copy_global_to_local` / `local_to_global` /
//!   `async_tma_reduce`: the block is cut into TMA boxes (each dimension at
//!   most 256, the contiguous one the swizzle width), one
//!   `cp.async.bulk.tensor` (`cp.reduce.async.bulk.tensor`) per box, issued by
//!   an elected thread of warp `box % num_warps`, at the box's coordinates
//!   (innermost first) and at its origin in the `#ttg.nvmma_shared` buffer;
//!   stores and reductions commit a bulk group;
//! - `ttng.async_tma_store_wait`: `cp.async.bulk.wait_group[.read] N`.
use tritium_conversions::ttg_to_llvm::emit::{Emitter, ICmp};
use tritium_conversions::ttg_to_llvm::{LowerPattern, Lowering, MemDescValue};
use crate::passes::tma_lowering::host_descriptor_meta;
use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, string_ref, Attr, Op, Ty, Val};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;

/// `ttg-to-llvm.tma`: the ops of this file.
pub struct Tma;

/// The patterns of this file (added to the core's by the NVIDIA target).
pub static PATTERNS: &[&dyn LowerPattern] = &[&Tma];

/// Bytes of a TMA descriptor.
const TMA_SIZE_BYTES: i64 = 128;

impl LowerPattern for Tma {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.tma"
    }
    fn roots(&self) -> &'static [&'static str] {
        &[
            "ttng.tensormap_create",
            "ttng.tensormap_fenceproxy_acquire",
            "ttng.reinterpret_tensor_descriptor",
            "ttng.init_barrier",
            "ttng.inval_barrier",
            "ttng.barrier_expect",
            "ttng.wait_barrier",
            "ttng.async_tma_copy_global_to_local",
            "ttng.async_tma_copy_local_to_global",
            "ttng.async_tma_reduce",
            "ttng.async_tma_store_wait",
            "ttng.arrive_barrier",
            "ttng.async_copy_mbarrier_arrive",
            "ttng.fence_mbarrier_init_release_cluster",
            "ttng.cluster_barrier",
        ]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let name = op.name();
        let cc = op
            .enclosing_module()
            .and_then(|m| m.attr("ttg.target"))
            .and_then(|a| crate::compute_capability(a.to_string().trim_matches('"')))
            .unwrap_or(0);
        if cc != 0 && cc < 90 {
            return Err(format!("'{name}' needs TMA and transaction mbarriers (compute capability 90 or higher), got {cc}"));
        }
        match name {
            "ttng.tensormap_create" => tensormap_create(cx, op).map(|_| vec![]),
            "ttng.tensormap_fenceproxy_acquire" => {
                let desc = cx.scalar(op.operand(0))?;
                let pred = first_warp(cx);
                cx.e.inline_asm(
                    "@$1 fence.proxy.tensormap::generic.acquire.gpu [ $0 + 0 ], 0x80;\n\t\
                     @$2 cp.async.bulk.commit_group ;\n\t\
                     @$3 cp.async.bulk.wait_group.read 0 ;",
                    "l,b,b,b",
                    &[desc, pred, pred, pred],
                    &[],
                    true,
                );
                cx.barrier();
                Ok(vec![])
            }
            "ttng.reinterpret_tensor_descriptor" => {
                let raw = cx.scalar(op.operand(0))?;
                let generic = cx.e.ptr_ty(0);
                Ok(vec![vec![cx.e.cast("llvm.addrspacecast", raw, generic)]])
            }
            "ttng.init_barrier" => {
                let count = op.attr("count").and_then(|a| a.int()).ok_or("'ttng.init_barrier' without a count")?;
                let bar = barrier_ptr(cx, op.operand(0))?;
                let mask = cga_broadcast_mask(op.operand(0))?;
                let mut pred = elected_in_warp0(cx);
                if let Some(leader) = leader_cta_pred(cx, mask) {
                    pred = cx.e.and(pred, leader);
                }
                // The leader's barrier counts the arrivals of every CTA that
                // shares it (the verifier keeps the elements <= num-ctas).
                let elements: i64 = bridge::memdesc_of(op.operand(0).ty()).map(|m| m.shape.iter().product()).unwrap_or(1).max(1);
                let count = count * (num_ctas(op) / elements).max(1);
                cx.e.inline_asm(&format!("@$0 mbarrier.init.shared::cta.b64 [$1], {count};"), "b,r", &[pred, bar], &[], true);
                cx.barrier();
                Ok(vec![])
            }
            "ttng.inval_barrier" => {
                let bar = barrier_ptr(cx, op.operand(0))?;
                let mask = cga_broadcast_mask(op.operand(0))?;
                let mut pred = elected_in_warp0(cx);
                if let Some(leader) = leader_cta_pred(cx, mask) {
                    pred = cx.e.and(pred, leader);
                }
                let bar = leader_address(cx, bar, mask);
                cx.e.inline_asm("@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r", &[pred, bar], &[], true);
                Ok(vec![])
            }
            "ttng.barrier_expect" => {
                let size = op.attr("size").and_then(|a| a.int()).ok_or("'ttng.barrier_expect' without a size")?;
                let bar = barrier_ptr(cx, op.operand(0))?;
                let user = cx.scalar(op.operand(1))?;
                // The arrival may release other warps: the block first
                // synchronises (the membar analysis counts on it).
                cx.barrier();
                let first = is_thread0(cx);
                let (pred, bar, space) = if let Some(from) = op.attr("fromCTA").and_then(|a| a.int()) {
                    let (group, bar) = from_cta_arrival(cx, op, from, bar);
                    (cx.e.and(group, user), bar, "cluster")
                } else {
                    // A barrier shared by several CTAs lives in the leader's
                    // shared memory: its address there, through the cluster
                    // window.
                    let mask = cga_broadcast_mask(op.operand(0))?;
                    let bar = leader_address(cx, bar, mask);
                    (cx.e.and(first, user), bar, if mask != 0 { "cluster" } else { "cta" })
                };
                cx.e.inline_asm(
                    &format!("@$0 mbarrier.arrive.expect_tx.shared::{space}.b64 _, [$1], {size};"),
                    "b,r",
                    &[pred, bar],
                    &[],
                    true,
                );
                Ok(vec![])
            }
            "ttng.wait_barrier" => {
                // Operands: alloc, phase, optional pred, deps. A predicate
                // that is not the constant true skips the wait inside the
                // asm, as Triton's lowering does.
                let bar = barrier_ptr(cx, op.operand(0))?;
                let phase = cx.scalar(op.operand(1))?;
                let user = if op.segment_size(2) == 1 { Some(cx.scalar(op.operand(2))?) } else { None };
                // Only the leader CTA of a barrier shared by several waits on it.
                let pred = match (user, leader_cta_pred(cx, cga_broadcast_mask(op.operand(0))?)) {
                    (Some(u), Some(leader)) => Some(cx.e.and(u, leader)),
                    (None, Some(leader)) => Some(leader),
                    (Some(u), None) if !is_true(op.operand(2)) => Some(u),
                    _ => None,
                };
                let (skip, skip_label, constraints) = match pred {
                    Some(_) => ("\t@!$2 bra.uni skipWait;\n", "\tskipWait:\n", "r,r,b"),
                    None => ("", "", "r,r"),
                };
                let asm = format!(
                    "\n{{\n{skip}\t.reg .pred complete;\n\twaitLoop:\n\tmbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\n\t@!complete bra.uni waitLoop;\n{skip_label}}}\n"
                );
                let mut args = vec![bar, phase];
                args.extend(pred);
                cx.e.inline_asm(&asm, constraints, &args, &[], true);
                Ok(vec![])
            }
            "ttng.arrive_barrier" => {
                // Operands: alloc, optional pred.
                let multicast = op.attr("multicastCTA").and_then(|a| a.int()).unwrap_or(0);
                let count = op.attr("count").and_then(|a| a.int()).ok_or("'ttng.arrive_barrier' without a count")?;
                let bar = barrier_ptr(cx, op.operand(0))?;
                let user = if op.num_operands() > 1 { Some(cx.scalar(op.operand(1))?) } else { None };
                // As for `barrier_expect`: the block synchronises, then
                // thread 0 arrives.
                cx.barrier();
                let first = is_thread0(cx);
                if multicast != 0 {
                    // Thread 0 arrives on the barrier at the same offset in
                    // every CTA of its multicast group (PTX 9.4's
                    // multicast::cluster form, which Triton 3.9 emits).
                    let pred = match user {
                        Some(p) => cx.e.and(first, p),
                        None => first,
                    };
                    let ctas = tma_multicast_mask(cx, num_ctas(op), multicast);
                    let count = if count == 1 { String::new() } else { format!(" {count},") };
                    cx.e.inline_asm(
                        &format!("@$0 mbarrier.arrive.shared::cluster.multicast::cluster::32b.b64 _, [$1],{count} $2;"),
                        "b,r,r",
                        &[pred, bar, ctas],
                        &[],
                        true,
                    );
                    return Ok(vec![]);
                }
                let (pred, bar, space) = if let Some(from) = op.attr("fromCTA").and_then(|a| a.int()) {
                    let (group, bar) = from_cta_arrival(cx, op, from, bar);
                    (match user { Some(p) => cx.e.and(group, p), None => group }, bar, "cluster")
                } else {
                    let pred = match user {
                        Some(p) => cx.e.and(first, p),
                        None => first,
                    };
                    let mask = cga_broadcast_mask(op.operand(0))?;
                    (pred, leader_address(cx, bar, mask), if mask != 0 { "cluster" } else { "cta" })
                };
                // A count of 1 is the instruction's default, which Triton leaves out.
                let count = if count == 1 { String::new() } else { format!(", {count}") };
                cx.e.inline_asm(&format!("@$0 mbarrier.arrive.shared::{space}.b64 _, [$1]{count};"), "b,r", &[pred, bar], &[], true);
                Ok(vec![])
            }
            "ttng.async_copy_mbarrier_arrive" => {
                let bar = barrier_ptr(cx, op.operand(0))?;
                let mut attrs = Vec::new();
                if op.attr("noIncrement").is_some() {
                    attrs.push(("noinc", cx.e.attr("true")));
                }
                cx.e.op("nvvm.cp.async.mbarrier.arrive", &[bar], &[], &attrs);
                Ok(vec![])
            }
            "ttng.fence_mbarrier_init_release_cluster" => {
                let pred = elected_in_warp0(cx);
                cx.e.inline_asm("@$0 fence.mbarrier_init.release.cluster ;", "b", &[pred], &[], true);
                Ok(vec![])
            }
            "ttng.cluster_barrier" => {
                // Every warp of the kernel meets the cluster: the worker
                // warps of a warp-specialized kernel (ttg.total-num-warps)
                // through a ttg.warp_specialize, as Triton's
                // lowerClusterSyncForAllWarps.
                let relaxed = op.attr("relaxed").and_then(|a| a.bool()).unwrap_or(false);
                let (default_warps, total_warps) = crate::passes::ws_cluster_barriers::warp_counts(op)?;
                crate::passes::ws_cluster_barriers::cluster_sync_for_all_warps(&mut cx.e, default_warps, total_warps, relaxed);
                Ok(vec![])
            }
            "ttng.async_tma_copy_global_to_local" => tma_load(cx, op).map(|_| vec![]),
            "ttng.async_tma_copy_local_to_global" | "ttng.async_tma_reduce" => tma_store(cx, op).map(|_| vec![]),
            "ttng.async_tma_store_wait" => {
                let pendings = op.attr("pendings").and_then(|a| a.int()).unwrap_or(0);
                let i32t = cx.e.i32();
                let group = cx.e.int_attr(i32t, pendings);
                let mut attrs = vec![("group", group)];
                if op.attr("read_only").is_some() {
                    attrs.push(("read", cx.e.unit_attr()));
                }
                cx.e.op("nvvm.cp.async.bulk.wait_group", &[], &[], &attrs);
                Ok(vec![])
            }
            _ => Err(format!("'{name}' is not a TMA op")),
        }
    }
}

/// The attributes of a kernel parameter of type `ty` when it is a host-side
/// tensor descriptor (Triton 3.9's sm90 ABI): a 128-byte `CUtensorMap`
/// passed by value (`.param .align 64 .b8 [128]`), read where it lies
/// (`nvvm.grid_constant`), marked `tt.nv_tma_desc` as Triton marks it; and
/// `tritium.tensordesc`, the descriptor's type, from which the kernel
/// metadata's `tensordesc_meta` is computed ([`tensordesc_meta_json`]).
/// `None` for other types.
pub fn host_descriptor_param_attrs(ty: Ty) -> Result<Option<String>, String> {
    if is_im2col_descriptor(ty) {
        // The same by-value `CUtensorMap`, as Triton passes it.
        return Ok(Some(format!(
            "llvm.align = 64 : i32, llvm.byval = !llvm.array<{TMA_SIZE_BYTES} x i8>, nvvm.grid_constant, tt.nv_tma_desc = 1 : i32"
        )));
    }
    if !ty.is_tensordesc() {
        return Ok(None);
    }
    host_descriptor_meta(ty)?;
    Ok(Some(format!(
        "llvm.align = 64 : i32, llvm.byval = !llvm.array<{TMA_SIZE_BYTES} x i8>, nvvm.grid_constant, tt.nv_tma_desc = 1 : i32, {TENSORDESC_ATTR} = {ty}"
    )))
}

/// Triton's `handleByvalTmaDescArgs`: a kernel's pointer argument marked
/// `tt.nv_tma_desc = 1` (the host-side descriptors of the API before tensor
/// descriptors) is a 128-byte `CUtensorMap` passed by value and read where
/// it lies; the mark is refused on a device function's argument, on a
/// non-pointer and with another value. `None` for unmarked arguments.
pub fn byval_descriptor_param_attrs(ty: Ty, arg_attrs: Attr, kernel: bool) -> Result<Option<String>, String> {
    let mark = unsafe { mlirDictionaryAttrGetElementByName(arg_attrs.0, string_ref("tt.nv_tma_desc")) };
    if mark.ptr.is_null() {
        return Ok(None);
    }
    if !kernel {
        return Err("tt.nv_tma_desc is not supported for device functions".into());
    }
    if Attr(mark).int() != Some(1) {
        return Err("tt.nv_tma_desc must be 1".into());
    }
    if ty.is_tensor() || tritium_dialects::tt::types::pointee(ty).is_none() {
        return Err(format!("tt.nv_tma_desc marks a pointer argument, not {ty}"));
    }
    Ok(Some(format!("llvm.align = 64 : i32, llvm.byval = !llvm.array<{TMA_SIZE_BYTES} x i8>, nvvm.grid_constant")))
}

/// Whether `ty` is a `!ttng.tensordesc_im2col` (an im2col TMA descriptor).
pub fn is_im2col_descriptor(ty: Ty) -> bool {
    ty.dialect_namespace() == "ttng" && ty.to_string().starts_with("!ttng.tensordesc_im2col<")
}

/// The kernel-parameter attribute that keeps a host-side descriptor's type
/// through the lowering.
pub const TENSORDESC_ATTR: &str = "tritium.tensordesc";

/// Triton's `tensordesc_meta` for `kernel` (a `tt.func`, or the `llvm.func`
/// this backend lowered one to): one entry per host-side tensor descriptor
/// argument, in order (`[]` when there is none, as on targets where
/// `make_ttir` rewrites descriptors to pointers). `Ok(None)` when the
/// kernel's descriptors carry no encoding and no lowered kernel recorded
/// them (TTIR without its lowering).
pub fn tensordesc_meta_json(kernel: Op, lowered: Option<Op>) -> Result<Option<String>, String> {
    let mut types: Vec<Ty> = Vec::new();
    let mut unencoded = false;
    if kernel.name() == "tt.func" {
        for arg in kernel.entry_block(0).map(block_arguments).unwrap_or_default() {
            if arg.ty().is_tensordesc() {
                unencoded |= crate::passes::tma_lowering::descriptor_encoding(arg.ty()).is_none();
                types.push(arg.ty());
            }
        }
    }
    if unencoded || kernel.name() != "tt.func" {
        // The lowered kernel's parameters say what the lowering chose.
        let Some(lowered) = lowered.filter(|l| l.name() == "llvm.func") else {
            return Ok(if types.is_empty() && kernel.name() == "tt.func" { Some("[]".into()) } else { None });
        };
        types.clear();
        let arg_attrs = lowered.attr("arg_attrs");
        let n = arg_attrs.map_or(0, |a| unsafe { mlirArrayAttrGetNumElements(a.0) });
        for i in 0..n {
            let dict = Attr(unsafe { mlirArrayAttrGetElement(arg_attrs.unwrap().0, i) });
            let entry = Attr(unsafe { mlirDictionaryAttrGetElementByName(dict.0, string_ref(TENSORDESC_ATTR)) });
            if !entry.0.ptr.is_null() && unsafe { mlirAttributeIsAType(entry.0) } {
                types.push(Ty(unsafe { mlirTypeAttrGetValue(entry.0) }));
            }
        }
    }
    let entries = types.into_iter().map(|t| host_descriptor_meta(t).map(|m| m.to_json())).collect::<Result<Vec<_>, _>>()?;
    Ok(Some(format!("[{}]", entries.join(", "))))
}

/// `tid < 32`: the first warp.
fn first_warp(cx: &mut Lowering<'_>) -> Val {
    let tid = cx.target.thread_id(&mut cx.e);
    let warp = cx.e.i32_const(32);
    cx.e.icmp(ICmp::Slt, tid, warp)
}

fn elect(e: &mut Emitter) -> Val {
    let i1 = e.i1();
    e.val("nvvm.elect.sync", &[], i1, &[])
}

/// `tid == 0`, the thread id masked to the block's threads as Triton's
/// `getThreadId` reads it.
fn is_thread0(cx: &mut Lowering<'_>) -> Val {
    let tid = cx.target.thread_id(&mut cx.e);
    let threads = i64::from(cx.num_warps.max(1)) * i64::from(cx.threads_per_warp);
    let tid = cx.e.and_i32(tid, threads - 1);
    let zero = cx.e.i32_const(0);
    cx.e.icmp(ICmp::Eq, tid, zero)
}

/// One elected thread of warp 0.
fn elected_in_warp0(cx: &mut Lowering<'_>) -> Val {
    let (_, _, warp) = cx.thread_ids();
    let zero = cx.e.i32_const(0);
    let is0 = cx.e.icmp(ICmp::Eq, warp, zero);
    let elected = elect(&mut cx.e);
    cx.e.and(is0, elected)
}

fn warp_sync(e: &mut Emitter) {
    let all = e.i32_const(-1);
    e.op("nvvm.bar.warp.sync", &[all], &[], &[]);
}

/// A memdesc's base in shared memory; its view offsets must be 0 (TMA and
/// mbarrier instructions take the buffer's own address). A dimension the
/// view spans whole has offset 0 whatever value carries it (a kernel
/// argument's, say), as Triton takes the base of such a view.
fn memdesc_base(cx: &Lowering<'_>, value: Val, what: &str) -> Result<Val, String> {
    let md = MemDescValue::from_values(&cx.get(value)?)?;
    let ty = bridge::memdesc_of(value.ty()).ok_or("expected a !ttg.memdesc")?;
    let alloc = if ty.alloc_shape.is_empty() { ty.shape.clone() } else { ty.alloc_shape.clone() };
    // The view's dimensions are the allocation's last ones.
    let skip = alloc.len().saturating_sub(ty.shape.len());
    for (d, offset) in md.offsets.iter().enumerate() {
        let whole = ty.shape.get(d).is_some_and(|s| alloc.get(skip + d) == Some(s));
        let zero = offset
            .defining_op()
            .filter(|d| d.name() == "llvm.mlir.constant")
            .and_then(|d| d.attr("value"))
            .and_then(|a| a.int())
            == Some(0);
        if !whole && !zero {
            return Err(format!("the {what} is a view with a run-time offset, which TMA lowering does not support"));
        }
    }
    Ok(md.base)
}

fn barrier_ptr(cx: &Lowering<'_>, value: Val) -> Result<Val, String> {
    memdesc_base(cx, value, "mbarrier")
}

/// The CTAs of `op`'s cluster (`ttg.num-ctas`, 1 when absent).
fn num_ctas(op: Op) -> i64 {
    op.inherited_int("ttg.num-ctas").unwrap_or(1).max(1)
}

/// Triton's `getCGABroadcastMask`: the CTA-id bits along which the
/// barrier `value` is one object shared by several CTAs (the free variables
/// of the `block` dimension of its layout, over its allocation's shape); 0
/// when every CTA has its own.
fn cga_broadcast_mask(value: Val) -> Result<u32, String> {
    Ok(memdesc_blocks(value)?.map_or(0, |(_, mask)| mask))
}

/// The CTAs a `!ttg.memdesc` value's layout spans (the size of its `block`
/// dimension) and the broadcast mask of that dimension, over the
/// allocation's shape (Triton's `toLinearLayout` of a memdesc type).
fn memdesc_blocks(value: Val) -> Result<Option<(u32, u32)>, String> {
    use tritium_dialects::ttg::to_linear::{to_linear_layout, BLOCK};
    let Some(md) = bridge::memdesc_of(value.ty()) else { return Ok(None) };
    let Some(enc) = bridge::encoding_of(md.encoding) else { return Ok(None) };
    let enc = enc?;
    let shape: Vec<i64> = if md.alloc_shape.len() >= md.shape.len() {
        md.alloc_shape[md.alloc_shape.len() - md.shape.len()..].to_vec()
    } else {
        md.shape.clone()
    };
    let layout = to_linear_layout(&enc, &shape)?;
    let blocks = layout.in_dim_size(BLOCK).unwrap_or(1).max(1) as u32;
    let mask = layout.get_free_variable_masks().into_iter().find(|(d, _)| d == BLOCK).map_or(0, |(_, m)| m as u32);
    Ok(Some((blocks, mask)))
}

/// The broadcast mask of a TMA copy's shared buffer, which every CTA of
/// the cluster holds whole (a buffer split over the CTAs, whose copies
/// would need per-CTA coordinates, is refused).
fn tma_buffer_broadcast(value: Val, what: &str) -> Result<u32, String> {
    match memdesc_blocks(value)? {
        Some((blocks, mask)) if mask != blocks - 1 => {
            Err(format!("TMA copies of a {what} split over several CTAs (its CGA layout) are not supported"))
        }
        Some((_, mask)) => Ok(mask),
        None => Ok(0),
    }
}

/// Triton's `ttng.two-ctas` module flag (absent: `None`).
fn two_ctas(op: Op) -> Option<bool> {
    op.enclosing_module().and_then(|m| m.attr("ttng.two-ctas")).and_then(|a| a.bool())
}

/// Triton's `getLeaderCTAPredicate`: whether this CTA is the leader (the
/// broadcast bits of its cluster id are 0) of a barrier shared along
/// `mask`; `None` for a barrier of its own.
fn leader_cta_pred(cx: &mut Lowering<'_>, mask: u32) -> Option<Val> {
    if mask == 0 {
        return None;
    }
    let i32t = cx.e.i32();
    let cta = cx.e.val("nvg.cluster_id", &[], i32t, &[]);
    let bits = cx.e.i32_const(i64::from(mask));
    let in_group = cx.e.and(cta, bits);
    let zero = cx.e.i32_const(0);
    Some(cx.e.icmp(ICmp::Eq, in_group, zero))
}

/// An arrival `fromCTA = from` on a barrier with one element per CTA, as
/// Triton 3.9 lowers it: the CTA-id bits that are 0 in `from` form the
/// group; in each group the CTA whose group bits are 0 arrives, its thread
/// `t` (t < 2^|group|) on the barrier of the CTA `self ^ deposit(t, group)`
/// (the group bits of `t`, one by one, moved to the cluster-rank bits of the
/// address from bit 24). Returns that predicate and that address.
fn from_cta_arrival(cx: &mut Lowering<'_>, op: Op, from: i64, bar: Val) -> (Val, Val) {
    let group = (!from) & (num_ctas(op) - 1);
    let tid = thread_id(cx);
    let targets = cx.e.i32_const(1i64 << group.count_ones());
    let in_range = cx.e.icmp(ICmp::Ult, tid, targets);
    let i32t = cx.e.i32();
    let rank = cx.e.val("nvvm.read.ptx.sreg.cluster.ctarank", &[], i32t, &[]);
    let bits = cx.e.i32_const(group);
    let in_group = cx.e.and(rank, bits);
    let zero = cx.e.i32_const(0);
    let leader = cx.e.icmp(ICmp::Eq, in_group, zero);
    let pred = cx.e.and(in_range, leader);
    let mut offset = cx.e.i32_const(0);
    let mut k = 0i64;
    for b in 0..31i64 {
        if group & (1 << b) == 0 {
            continue;
        }
        let select = cx.e.i32_const(1 << k);
        let bit = cx.e.and(tid, select);
        let amount = cx.e.i32_const(24 + b - k);
        let moved = cx.e.shl(bit, amount);
        offset = cx.e.or(offset, moved);
        k += 1;
    }
    let int = cx.e.cast("llvm.ptrtoint", bar, i32t);
    let peer = cx.e.xor(int, offset);
    (pred, cx.e.cast("llvm.inttoptr", peer, bar.ty()))
}

/// Triton's `createTMAMulticastMask`: the CTAs of this CTA's multicast
/// group along the CTA-id bits `broadcast`, as a bit set: the group of CTA 0
/// (every combination of the broadcast bits) shifted to this CTA's group
/// (its fixed bits).
fn tma_multicast_mask(cx: &mut Lowering<'_>, ctas: i64, broadcast: i64) -> Val {
    let fixed = !broadcast & (ctas - 1);
    let mut pattern: i64 = 1;
    for i in 0..ctas.max(1).trailing_zeros() {
        if fixed & (1 << i) == 0 {
            pattern |= pattern << (1i64 << i);
        }
    }
    let i32t = cx.e.i32();
    let cta = cx.e.val("nvg.cluster_id", &[], i32t, &[]);
    let fixed = cx.e.i32_const(fixed);
    let base = cx.e.and(cta, fixed);
    let pattern = cx.e.i32_const(pattern);
    cx.e.shl(pattern, base)
}

/// The thread id within the CTA, as Triton's `getThreadId` reads it.
fn thread_id(cx: &mut Lowering<'_>) -> Val {
    let tid = cx.target.thread_id(&mut cx.e);
    let threads = i64::from(cx.num_warps.max(1)) * i64::from(cx.threads_per_warp);
    cx.e.and_i32(tid, threads - 1)
}

/// Triton's `getLeaderAddress`: the address of the leader CTA's copy of a
/// barrier shared along `mask` (the CTA-rank bits of a shared::cluster
/// address, from bit 24, cleared: CUTLASS's `mapa` in one `and`).
fn leader_address(cx: &mut Lowering<'_>, ptr: Val, mask: u32) -> Val {
    if mask == 0 {
        return ptr;
    }
    let i32t = cx.e.i32();
    let int = cx.e.cast("llvm.ptrtoint", ptr, i32t);
    let keep = cx.e.i32_const(i64::from(!(mask << 24) as i32));
    let leader = cx.e.and(int, keep);
    cx.e.cast("llvm.inttoptr", leader, ptr.ty())
}

/// The `tensormap.replace.tile.<field>` of one field, unpredicated (the
/// caller runs it in thread 0).
fn replace(e: &mut Emitter, smem: Val, field: &str, ordinal: Option<usize>, value: Result<Val, i64>) {
    let ord = ordinal.map(|i| format!(" 0x{i:x},")).unwrap_or_default();
    match value {
        Ok(v) => {
            let wide = v.ty().bit_width() == 64 || v.ty().to_string().starts_with("!llvm.ptr");
            let (bits, class) = if wide { ("b64", "l") } else { ("b32", "r") };
            let asm = format!("tensormap.replace.tile.{field}.shared::cta.b1024.{bits} [ $0 + 0 ],{ord} $1;");
            e.inline_asm(&asm, &format!("l,{class}"), &[smem, v], &[], true);
        }
        // The scratch starts zeroed: a field of value 0 is left as it is.
        Err(0) => {}
        Err(imm) => {
            let asm = format!("tensormap.replace.tile.{field}.shared::cta.b1024.b32 [ $0 + 0 ],{ord} 0x{imm:x};");
            e.inline_asm(&asm, "l", &[smem], &[], true);
        }
    }
}

fn tensormap_create(cx: &mut Lowering<'_>, op: Op) -> Result<(), String> {
    let rank = op.segment_size(2) as usize;
    if rank == 0 {
        return Err("'ttng.tensormap_create' needs a box of rank >= 1".into());
    }
    let operands = op.operands();
    let mut at = 2;
    let mut segment = |n: usize| {
        let s = operands[at..at + n].to_vec();
        at += n;
        s
    };
    let box_dims = segment(rank);
    let global_dims = segment(rank);
    let global_strides = segment(rank - 1);
    let element_strides = segment(rank);
    let attr = |name: &str| op.attr(name).and_then(|a| a.int()).unwrap_or(0);
    let desc = cx.scalar(op.operand(0))?;
    let global = cx.scalar(op.operand(1))?;
    let smem = cx.scratch(op)?;

    // Zero the scratch: 32 threads × 4 bytes.
    let tid = cx.target.thread_id(&mut cx.e);
    let warp = cx.e.i32_const(32);
    let in_warp0 = cx.e.icmp(ICmp::Slt, tid, warp);
    let i32t = cx.e.i32();
    let word = cx.e.gep(smem, i32t, tid);
    let zero = cx.e.i32_const(0);
    cx.e.inline_asm("@$2 st.shared::cta.b32 [ $0 + 0 ], $1;", "r,r,b", &[word, zero, in_warp0], &[], true);
    warp_sync(&mut cx.e);

    let is_first = cx.e.icmp(ICmp::Eq, tid, zero);
    let rest = cx.e.begin_if(is_first);
    replace(&mut cx.e, smem, "global_address", None, Ok(global));
    replace(&mut cx.e, smem, "rank", None, Err(rank as i64 - 1));
    for (field, values) in [("box_dim", &box_dims), ("global_dim", &global_dims), ("global_stride", &global_strides)] {
        for (i, v) in values.iter().enumerate() {
            let v = cx.scalar(*v)?;
            replace(&mut cx.e, smem, field, Some(i), Ok(v));
        }
    }
    for (i, v) in element_strides.iter().enumerate() {
        let v = cx.scalar(*v)?;
        replace(&mut cx.e, smem, "element_stride", Some(i), Ok(v));
    }
    replace(&mut cx.e, smem, "elemtype", None, Err(attr("elem_type")));
    replace(&mut cx.e, smem, "interleave_layout", None, Err(attr("interleave_layout")));
    replace(&mut cx.e, smem, "swizzle_mode", None, Err(attr("swizzle_mode")));
    replace(&mut cx.e, smem, "fill_mode", None, Err(attr("fill_mode")));
    cx.e.end_if(rest);
    warp_sync(&mut cx.e);
    cx.e.inline_asm(
        &format!(
            "@$2 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [ $0 + 0 ], [ $1 + 0 ], 0x{TMA_SIZE_BYTES:x};"
        ),
        "l,l,b",
        &[desc, smem, in_warp0],
        &[],
        true,
    );
    Ok(())
}

/// The TMA boxes of a shared buffer: their origins (coordinates) and their
/// element offsets in the `#ttg.nvmma_shared` buffer.
struct Boxes {
    origins: Vec<Vec<i64>>,
    offsets: Vec<i64>,
}

/// Cuts `shape` into TMA boxes of the buffer's `#ttg.nvmma_shared`
/// encoding: each dimension at most 256, the contiguous one the swizzle
/// width. An nvmma buffer stores its column blocks (of the swizzle width)
/// one after the other, rows in order inside each, so a box origin `(r, c)`
/// with `c` a multiple of the width `W` sits at `(c / W)·rows·W + r·W`.
fn boxes(memdesc_ty: tritium_dialects::ir::Ty) -> Result<Boxes, String> {
    let md = bridge::memdesc_of(memdesc_ty).ok_or("expected a !ttg.memdesc")?;
    let shape = md.shape.clone();
    let encoding = bridge::encoding_of(md.encoding).and_then(|r| r.ok());
    let Some(Encoding::NvmmaShared { swizzling_byte_width, transposed: false, element_bit_width, fp4_padded: false, .. }) = encoding else {
        return Err("TMA copies need a non-transposed #ttg.nvmma_shared buffer without fp4 padding".into());
    };
    if shape.len() < 2 {
        return Err("TMA copies of rank-1 blocks are not supported".into());
    }
    if md.alloc_shape != md.shape {
        return Err("TMA copies need the whole buffer (the memdesc shape must equal its allocation shape)".into());
    }
    let rank = shape.len();
    let mut block: Vec<i64> = shape.iter().map(|d| (*d).min(256)).collect();
    let width = if swizzling_byte_width != 0 {
        8 * i64::from(swizzling_byte_width) / i64::from(element_bit_width.max(1))
    } else {
        shape[rank - 1]
    };
    if width > shape[rank - 1] {
        return Err("the block's contiguous dimension is narrower than its swizzle".into());
    }
    block[rank - 1] = block[rank - 1].min(width);
    let counts: Vec<i64> = shape.iter().zip(&block).map(|(s, b)| s / b).collect();
    if shape.iter().zip(&block).any(|(s, b)| s % b != 0) {
        return Err("the block is not a whole number of TMA boxes".into());
    }
    let rows: i64 = shape[..rank - 1].iter().product();
    let total: i64 = counts.iter().product();
    let mut origins = Vec::new();
    let mut offsets = Vec::new();
    for index in 0..total {
        // Row-major over the box grid, the innermost dimension fastest.
        let mut rem = index;
        let mut origin = vec![0i64; rank];
        for d in (0..rank).rev() {
            origin[d] = (rem % counts[d]) * block[d];
            rem /= counts[d];
        }
        let mut row = 0;
        for d in 0..rank - 1 {
            row = row * shape[d] + origin[d];
        }
        offsets.push((origin[rank - 1] / width) * rows * width + row * width + origin[rank - 1] % width);
        origins.push(origin);
    }
    Ok(Boxes { origins, offsets })
}

/// The LLVM type of a memdesc's elements.
fn memdesc_element(cx: &Lowering<'_>, value: Val) -> Result<tritium_dialects::ir::Ty, String> {
    let md = bridge::memdesc_of(value.ty()).ok_or("expected a !ttg.memdesc")?;
    tritium_conversions::ttg_to_llvm::llvm_scalar_type(&cx.e, md.element)
}

/// Whether `v` is the constant `true`.
fn is_true(v: Val) -> bool {
    v.defining_op()
        .filter(|d| d.name() == "arith.constant")
        .and_then(|d| d.attr("value"))
        .and_then(|a| a.int())
        .is_some_and(|x| x != 0)
}

/// The predicate of box `index`: an elected thread of warp `index % warps`.
fn box_pred(cx: &mut Lowering<'_>, index: usize, user: Option<Val>) -> Val {
    let elected = elect(&mut cx.e);
    let mut pred = match user {
        Some(p) => cx.e.and(p, elected),
        None => elected,
    };
    let warps = cx.num_warps.max(1) as usize;
    let (_, _, warp) = cx.thread_ids();
    let issuer = cx.e.i32_const((index % warps) as i64);
    let mine = cx.e.icmp(ICmp::Eq, warp, issuer);
    pred = cx.e.and(pred, mine);
    pred
}

/// The coordinates of a box (innermost first) at `origin` from `coords`.
fn box_coords(cx: &mut Lowering<'_>, coords: &[Val], origin: &[i64]) -> Result<Vec<Val>, String> {
    let mut out = Vec::with_capacity(coords.len());
    for d in (0..coords.len()).rev() {
        let c = cx.scalar(coords[d])?;
        out.push(if origin[d] == 0 { c } else { cx.e.add_i32(c, origin[d]) });
    }
    Ok(out)
}

fn coord_list(n: usize, first: usize) -> String {
    (first..first + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

fn tma_load(cx: &mut Lowering<'_>, op: Op) -> Result<(), String> {
    // Operands: desc, coord..., offsets..., barrier, result, pred.
    let rank = op.segment_size(1) as usize;
    if op.segment_size(2) != 0 {
        return tma_load_im2col(cx, op);
    }
    if op.attr("multicast").is_some() {
        return Err("multicast TMA loads are not supported".into());
    }
    if op.attr("isVolatile").and_then(|a| a.bool()).unwrap_or(false) {
        return Err("volatile TMA loads are not supported".into());
    }
    if op.attr("cachePolicy").is_some() {
        return Err("cache policies on TMA loads are not supported".into());
    }
    let operands = op.operands();
    let coords = operands[1..1 + rank].to_vec();
    let (barrier, result, user_pred) = (operands[1 + rank], operands[2 + rank], operands[3 + rank]);
    let boxes = boxes(result.ty())?;
    if boxes.origins[0].len() != rank {
        return Err("the coordinates do not match the buffer's rank".into());
    }
    tma_buffer_broadcast(result, "destination buffer")?;
    let desc = cx.scalar(operands[0])?;
    let bar = barrier_ptr(cx, barrier)?;
    // A barrier shared by several CTAs is the leader's, signalled through
    // the cluster window; in a two-CTA module the instruction names its CTA
    // group (2 for a barrier of the CTA pair).
    let mask = cga_broadcast_mask(barrier)?;
    let bar = leader_address(cx, bar, mask);
    let group = match two_ctas(op) {
        Some(true) => format!("cta_group::{}.", if mask != 0 { 2 } else { 1 }),
        _ => String::new(),
    };
    let space = if mask != 0 { "cluster" } else { "cta" };
    let base = memdesc_base(cx, result, "destination buffer")?;
    let element = memdesc_element(cx, result)?;
    let user = if is_true(user_pred) { None } else { Some(cx.scalar(user_pred)?) };
    let user = Some(match user {
        Some(p) => p,
        None => cx.e.bool_const(true),
    });
    let asm = format!(
        "@$0 cp.async.bulk.tensor.{rank}d.{group}shared::{space}.global.mbarrier::complete_tx::bytes [$1], [$2, {{{}}}], [${}];",
        coord_list(rank, 3),
        3 + rank
    );
    let constraints = format!("b,r,l,{}r", "r,".repeat(rank));
    for (i, (origin, offset)) in boxes.origins.iter().zip(&boxes.offsets).enumerate() {
        let pred = box_pred(cx, i, user);
        let off = cx.e.i32_const(*offset);
        let dst = cx.e.gep(base, element, off);
        let mut args = vec![pred, dst, desc];
        args.extend(box_coords(cx, &coords, origin)?);
        args.push(bar);
        cx.e.inline_asm(&asm, &constraints, &args, &[], true);
    }
    Ok(())
}

/// An im2col TMA load (Triton 3.9's lowering): the 2-d block (pixels ×
/// channels) is cut into messages along the channels (the swizzle width,
/// at most 256 each); message `k` reads channels from `k · width` (added
/// to the innermost coordinate, computed as `k << log2(width)` as Triton
/// does) into its column block of the buffer; the im2col offsets follow,
/// innermost first, as 16-bit operands.
fn tma_load_im2col(cx: &mut Lowering<'_>, op: Op) -> Result<(), String> {
    // Operands: desc, coord..., offsets..., barrier, result, pred.
    let (rank, n_offsets) = (op.segment_size(1) as usize, op.segment_size(2) as usize);
    if op.attr("multicast").is_some() {
        return Err("multicast TMA loads are not supported".into());
    }
    if op.attr("isVolatile").and_then(|a| a.bool()).unwrap_or(false) || op.attr("cachePolicy").is_some() {
        return Err("volatile loads and cache policies on TMA loads are not supported".into());
    }
    let operands = op.operands();
    let coords = operands[1..1 + rank].to_vec();
    let offsets = operands[1 + rank..1 + rank + n_offsets].to_vec();
    let at = 1 + rank + n_offsets;
    let (barrier, result, user_pred) = (operands[at], operands[at + 1], operands[at + 2]);
    let boxes = boxes(result.ty())?;
    if boxes.origins[0].len() != 2 || boxes.origins.iter().any(|o| o[0] != 0) {
        return Err("im2col TMA loads need a 2-d block of at most 256 pixels".into());
    }
    let width = boxes.origins.get(1).map(|o| o[1]).unwrap_or(1).max(1);
    if width & (width - 1) != 0 {
        return Err("im2col TMA loads need a power-of-two channel block".into());
    }
    let desc = cx.scalar(operands[0])?;
    let bar = barrier_ptr(cx, barrier)?;
    let base = memdesc_base(cx, result, "destination buffer")?;
    let element = memdesc_element(cx, result)?;
    let user = if is_true(user_pred) { cx.e.bool_const(true) } else { cx.scalar(user_pred)? };
    let mut offset_vals = Vec::with_capacity(n_offsets);
    for o in offsets.iter().rev() {
        offset_vals.push(cx.scalar(*o)?);
    }
    let asm = format!(
        "@$0 cp.async.bulk.tensor.{rank}d.shared::cta.global.im2col.mbarrier::complete_tx::bytes [$1], [$2, {{{}}}], [${}], {{{}}};",
        coord_list(rank, 3),
        3 + rank,
        coord_list(n_offsets, 4 + rank)
    );
    let constraints = format!("b,r,l,{}r,{}", "r,".repeat(rank), vec!["h"; n_offsets].join(","));
    let shift = width.trailing_zeros() as i64;
    // Message k fills the k-th column block of the buffer (rows × width).
    let rows = bridge::memdesc_of(result.ty()).map(|m| m.shape[0]).unwrap_or(1);
    for i in 0..boxes.offsets.len() {
        let pred = box_pred(cx, i, Some(user));
        let off = cx.e.i32_const(i as i64 * width * rows);
        let dst = cx.e.gep(base, element, off);
        let mut args = vec![pred, dst, desc];
        // Innermost first: the channel coordinate gets the message's offset.
        for d in (0..rank).rev() {
            let c = cx.scalar(coords[d])?;
            if d == rank - 1 {
                let k = cx.e.i32_const(i as i64);
                let s = cx.e.i32_const(shift);
                let channel = cx.e.shl(k, s);
                args.push(cx.e.add(c, channel));
            } else {
                args.push(c);
            }
        }
        args.push(bar);
        args.extend(&offset_vals);
        cx.e.inline_asm(&asm, &constraints, &args, &[], true);
    }
    Ok(())
}

fn tma_store(cx: &mut Lowering<'_>, op: Op) -> Result<(), String> {
    // Operands: desc, coord..., src.
    let operands = op.operands();
    let src = *operands.last().ok_or("a TMA store without operands")?;
    let coords = operands[1..operands.len() - 1].to_vec();
    let rank = coords.len();
    let boxes = boxes(src.ty())?;
    if boxes.origins[0].len() != rank {
        return Err("the coordinates do not match the buffer's rank".into());
    }
    let instr = if op.name() == "ttng.async_tma_reduce" {
        let kind = op.attr("kind").ok_or("'ttng.async_tma_reduce' without a kind")?;
        let kind = reduce_kind(kind).ok_or_else(|| format!("unsupported TMA reduction {kind}"))?;
        // The element type (and its signedness) comes from the descriptor:
        // the instruction names only the operation.
        format!("cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta.{kind}.bulk_group")
    } else {
        format!("cp.async.bulk.tensor.{rank}d.global.shared::cta.bulk_group")
    };
    let asm = format!("@$0 {instr} [$1, {{{}}}], [${}];", coord_list(rank, 2), 2 + rank);
    let constraints = format!("b,l,{}r", "r,".repeat(rank));
    // A buffer every CTA holds whole is stored by the leader CTA only.
    let mask = tma_buffer_broadcast(src, "source buffer")?;
    let desc = cx.scalar(operands[0])?;
    let base = memdesc_base(cx, src, "source buffer")?;
    let element = memdesc_element(cx, src)?;
    let mut leader = None;
    for (i, (origin, offset)) in boxes.origins.iter().zip(&boxes.offsets).enumerate() {
        let mut pred = box_pred(cx, i, None);
        if i == 0 {
            leader = leader_cta_pred(cx, mask);
        }
        if let Some(l) = leader {
            pred = cx.e.and(pred, l);
        }
        let off = cx.e.i32_const(*offset);
        let ptr = cx.e.gep(base, element, off);
        let mut args = vec![pred, desc];
        args.extend(box_coords(cx, &coords, origin)?);
        args.push(ptr);
        cx.e.inline_asm(&asm, &constraints, &args, &[], true);
    }
    cx.e.op("nvvm.cp.async.bulk.commit.group", &[], &[], &[]);
    Ok(())
}

/// The PTX name of a `DescriptorReduceKind` (the op's `kind`, an i32:
/// NONE 0, ADD 1, MIN 2, MAX 3, INC 4, DEC 5, AND 6, OR 7, XOR 8).
fn reduce_kind(kind: Attr) -> Option<&'static str> {
    Some(match kind.int()? {
        1 => "add",
        2 => "min",
        3 => "max",
        4 => "inc",
        5 => "dec",
        6 => "and",
        7 => "or",
        8 => "xor",
        _ => return None,
    })
}
