//! The NVIDIA passes of Triton 3.9's `make_llir` besides allocation, Membar
//! and the conversion: the async-proxy fences of sm90, and the passes of
//! features Tritium does not compile (Blackwell tensor memory, CTA-cluster
//! barriers, warp specialization), which refuse such input with a located
//! diagnostic and, as Triton's do on code without them, change nothing
//! otherwise; and `convert-nv-gpu-to-llvm`, which lowers the `nvg` ops
//! (`crate::nvg`).
use mlir_sys::*;
use tritium_dialects::ir::{block_ops, region_blocks, Attr, Op};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services::shared_memory_effects;

/// The first op nested in `module` whose name `pred` accepts, refused with
/// `what` ("<flag>: <what> is not supported by Tritium").
fn refuse_any(module: Op, flag: &str, what: &str, pred: impl Fn(&str) -> bool) -> Result<(), ()> {
    if let Some(op) = module.nested_ops().into_iter().find(|o| pred(o.name())) {
        emit_error(op, &format!("{flag}: {what} ('{}') is not supported by Tritium", op.name()));
        return Err(());
    }
    Ok(())
}

/// Tensor-memory (Blackwell) ops.
fn is_tmem_op(name: &str) -> bool {
    name.starts_with("ttng.tmem_") || name.starts_with("ttng.tc_gen5") || name == "ttng.tmem_copy"
}

/// `triton-nvidia-gpu-tmem-barrier-insertion`: barriers between tensor-memory
/// accesses of different warps.
pub struct TmemBarrierInsertion;

impl Pass for TmemBarrierInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-tmem-barrier-insertion"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "tensor memory", is_tmem_op)
    }
}

/// `triton-nvidia-gpu-tmem-wait-insertion`: waits for asynchronous
/// tensor-memory loads and stores.
pub struct TmemWaitInsertion;

impl Pass for TmemWaitInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-tmem-wait-insertion"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "tensor memory", is_tmem_op)
    }
}

/// `triton-nvidia-gpu-cluster-barrier-mbar-allocator`: the mbarriers of
/// CTA-cluster barriers.
pub struct ClusterBarrierMbarAllocator;

impl Pass for ClusterBarrierMbarAllocator {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-cluster-barrier-mbar-allocator"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "a CTA-cluster barrier", |n| n.starts_with("ttng.cluster_"))
    }
}

/// `convert-nv-gpu-to-llvm`: Triton's `nvg` ops (wgmma, its waits, cluster
/// ids, acquire loads) and `ttg.warp_id` to PTX and NVVM ops
/// (`crate::nvg`); tensor memory is refused.
pub struct ConvertNvGpuToLlvm;

impl Pass for ConvertNvGpuToLlvm {
    fn argument(&self) -> &'static str {
        "convert-nv-gpu-to-llvm"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        crate::nvg::lower_module(module)
    }
}

/// `triton-nvidia-gpu-proxy-fence-insertion{compute-capability}`: from sm90
/// on, a `ttng.fence_async_shared` before an async-proxy access of shared
/// memory (wgmma operands, TMA loads and stores) that generic-proxy
/// accesses precede since the last fence.
///
/// Algorithm (a structured form of Triton 3.9's dataflow analysis): walk
/// each block in order, keeping the generic shared-memory accesses since the
/// last fence of each scope (CTA; the cluster when the module has a
/// multicast TMA load) as byte spans from `allocation.offset` (anywhere when
/// unknown). A function's entry block starts empty, other blocks from an
/// access anywhere; a nested region starts from the accesses before its op
/// plus all generic accesses inside that op (back edges, sibling branches).
/// An async-proxy access that reads or writes a span written since, or writes
/// a span read since, gets a fence at its scope (`bCluster` for multicast),
/// which clears that scope (a cluster fence clears both). A `tt.call` is
/// summarized conservatively: a fence before it when the caller has pending
/// generic accesses of a scope its callee reaches an async access of before
/// a fence on the callee's entry path; afterwards, when the callee makes
/// generic accesses, an access anywhere is pending.
pub struct ProxyFenceInsertion;

const FENCE: &str = "ttng.fence_async_shared";

/// Whether `op` reads or writes shared memory through the async proxy.
fn is_async_proxy(op: Op) -> bool {
    match op.name() {
        "ttng.warp_group_dot" => true,
        n => {
            n.starts_with("ttng.async_tma_copy")
                || matches!(n, "ttng.async_tma_gather" | "ttng.async_tma_scatter" | "ttng.async_tma_reduce")
        }
    }
}

/// mbarrier ops, which Triton's analysis ignores.
fn is_barrier_op(name: &str) -> bool {
    matches!(
        name,
        "ttng.init_barrier" | "ttng.inval_barrier" | "ttng.wait_barrier" | "ttng.arrive_barrier" | "ttng.barrier_expect"
    )
}

fn is_generic_access(op: Op) -> bool {
    if is_async_proxy(op) || is_barrier_op(op.name()) {
        return false;
    }
    op.attr("allocation.size").is_some() || !shared_memory_effects(op).is_empty()
}

/// A span of shared memory, in bytes from the start of the kernel's shared
/// memory; `None` is anywhere (a function argument, a value carried by a
/// block argument, a buffer without an `allocation.offset`).
type Span = Option<(i64, i64)>;

/// The bytes a `!ttg.memdesc` view covers, unpadded.
fn memdesc_bytes(ty: tritium_dialects::ir::Ty) -> Option<(i64, bool)> {
    let md = tritium_dialects::ttg::bridge::memdesc_of(ty)?;
    let bits = md.element.bit_width() as i64;
    let padded = format!("{}", md.encoding).contains("padded_shared");
    Some((md.shape.iter().product::<i64>() * bits / 8, padded))
}

/// Whether `ty` is an mbarrier buffer (`!ttg.memdesc<Nxi64>`), which the
/// proxy analysis ignores as Triton's does.
fn is_barrier_buffer(ty: tritium_dialects::ir::Ty) -> bool {
    tritium_dialects::ttg::bridge::memdesc_of(ty).is_some_and(|md| md.element.bit_width() == 64 && md.element.is_integer())
}

/// The shared memory `v` names: its allocation's bytes, or one stage of it
/// through a constant `ttg.memdesc_index`; the whole allocation through any
/// other view.
fn span_of(v: tritium_dialects::ir::Val) -> Span {
    let def = v.defining_op()?;
    match def.name() {
        "ttg.local_alloc" => {
            let offset = def.attr("allocation.offset")?.int()?;
            let (bytes, padded) = memdesc_bytes(v.ty())?;
            if padded {
                return None;
            }
            Some((offset, offset + bytes))
        }
        "ttg.memdesc_index" => {
            let (start, end) = span_of(def.operand(0))?;
            let (stage, padded) = memdesc_bytes(v.ty())?;
            let index = def
                .operand(1)
                .defining_op()
                .filter(|c| c.name() == "arith.constant")
                .and_then(|c| c.attr("value"))
                .and_then(|a| a.int());
            match index {
                Some(i) if !padded && i >= 0 && start + (i + 1) * stage <= end => {
                    Some((start + i * stage, start + (i + 1) * stage))
                }
                _ => Some((start, end)),
            }
        }
        "ttg.memdesc_subslice" | "ttg.memdesc_trans" | "ttg.memdesc_reshape" | "ttg.memdesc_reinterpret" => {
            span_of(def.operand(0))
        }
        _ => None,
    }
}

fn overlaps(a: Span, b: Span) -> bool {
    match (a, b) {
        (Some((s0, e0)), Some((s1, e1))) => s0 < e1 && s1 < e0,
        _ => true,
    }
}

/// The shared memory an op touches through the generic proxy (or, for an
/// async-proxy op, the async proxy): (span, write).
fn accesses(op: Op) -> Vec<(Span, bool)> {
    let mut out = Vec::new();
    for (v, write) in shared_memory_effects(op) {
        if v.0.ptr.is_null() {
            out.push((None, write));
        } else if !is_barrier_buffer(v.ty()) {
            out.push((span_of(v), write));
        }
    }
    if let (Some(offset), Some(size)) =
        (op.attr("allocation.offset").and_then(|a| a.int()), op.attr("allocation.size").and_then(|a| a.int()))
    {
        let span = Some((offset, offset + size));
        out.push((span, false));
        out.push((span, true));
    } else if op.attr("allocation.size").is_some() {
        out.push((None, true));
    }
    out
}

/// Fence scopes: the CTA, the cluster (multicast TMA).
const CTA: u8 = 1;
const CLUSTER: u8 = 2;

/// A generic access since the last fence of each of its scopes.
#[derive(Clone, Copy, PartialEq)]
struct Generic {
    span: Span,
    write: bool,
    scopes: u8,
}

/// The scope an async-proxy access must be fenced at (Triton's
/// `getProxyFenceScope`): the cluster for a multicast TMA load.
fn proxy_scope(op: Op) -> u8 {
    let load = matches!(op.name(), "ttng.async_tma_copy_global_to_local" | "ttng.async_tma_gather");
    if load && op.attr("multicast").is_some() {
        CLUSTER
    } else {
        CTA
    }
}

/// The generic accesses of `op` (an invalidated mbarrier's storage may be
/// reused, so `ttng.inval_barrier` writes it).
fn generic_accesses(op: Op, scopes: u8) -> Vec<Generic> {
    let list = if op.name() == "ttng.inval_barrier" && op.num_operands() > 0 {
        vec![(span_of(op.operand(0)), true)]
    } else {
        accesses(op)
    };
    list.into_iter().map(|(span, write)| Generic { span, write, scopes }).collect()
}

/// Whether an async access after the generic accesses `frontier` needs a
/// fence at `scope`: a generic write it reads or writes, or a generic read it
/// writes.
fn hazard(frontier: &[Generic], async_accesses: &[(Span, bool)], scope: u8) -> bool {
    async_accesses.iter().any(|(a, aw)| {
        frontier.iter().any(|g| g.scopes & scope != 0 && (g.write || *aw) && overlaps(*a, g.span))
    })
}

/// Inserts the proxy fence of `scope` (cluster or CTA) before `op` in `block`.
fn insert_fence_before(block: MlirBlock, op: Op, scope: u8) {
    let flag = Attr(unsafe { mlirBoolAttrGet(op.context(), (scope == CLUSTER) as i32) });
    let fence = Rewriter::build(op.location(), FENCE, &[], &[], &[("bCluster", flag.0)], 0);
    unsafe { mlirBlockInsertOwnedOperationBefore(block, op.0, fence.0) };
}

/// A fence at `scope` (a cluster fence covers the CTA too).
fn fence_frontier(frontier: &mut Vec<Generic>, scope: u8) {
    let erase = if scope & CLUSTER != 0 { CLUSTER | CTA } else { scope };
    for g in frontier.iter_mut() {
        g.scopes &= !erase;
    }
    frontier.retain(|g| g.scopes != 0);
}

fn is_generic(op: Op) -> bool {
    is_generic_access(op) || op.name() == "ttng.inval_barrier"
}

/// The generic accesses of `op`'s nested ops.
fn nested_generic(op: Op, scopes: u8) -> Vec<Generic> {
    op.nested_ops().into_iter().filter(|o| is_generic(*o)).flat_map(|o| generic_accesses(o, scopes)).collect()
}

/// Walks one block from the generic accesses `frontier` on its entry and
/// returns those on its exit; with `insert`, fences go in where needed and
/// nested regions are fenced too, otherwise the fences are only simulated.
fn walk_block(block: MlirBlock, mut frontier: Vec<Generic>, scopes: u8, insert: bool) -> Vec<Generic> {
    for op in block_ops(block) {
        if op.name() == FENCE {
            let cluster = op.attr("bCluster").and_then(|a| a.bool()).unwrap_or(false);
            fence_frontier(&mut frontier, if cluster { CLUSTER } else { CTA });
            continue;
        }
        if op.num_regions() > 0 {
            let inner = nested_generic(op, scopes);
            if insert {
                for r in 0..op.num_regions() {
                    fence_region(op.region(r), frontier.clone(), &inner, scopes);
                }
            }
            union(&mut frontier, &inner);
        }
        if op.name() == "tt.call" {
            // A callee is summarized conservatively: the scopes of the
            // async-proxy accesses it may reach (anywhere), and whether it
            // makes generic accesses (anywhere).
            let (async_scopes, generic) = callee_summary(op, 0);
            for scope in [CLUSTER, CTA] {
                if scopes & scope != 0 && async_scopes & scope != 0 && frontier.iter().any(|g| g.scopes & scope != 0) {
                    if insert {
                        insert_fence_before(block, op, scope);
                    }
                    fence_frontier(&mut frontier, scope);
                    break;
                }
            }
            if generic {
                union(&mut frontier, &[Generic { span: None, write: true, scopes }]);
            }
            continue;
        }
        if is_async_proxy(op) {
            let mut acc = accesses(op);
            if acc.is_empty() {
                acc.push((None, true));
            }
            let own = proxy_scope(op);
            for scope in [CLUSTER, CTA] {
                if scopes & scope != 0 && own & scope != 0 && hazard(&frontier, &acc, scope) {
                    if insert {
                        insert_fence_before(block, op, scope);
                    }
                    fence_frontier(&mut frontier, scope);
                    break;
                }
            }
        } else if is_generic(op) {
            union(&mut frontier, &generic_accesses(op, scopes));
        }
    }
    frontier
}

/// The function a `tt.call` calls.
fn callee_of(call: Op) -> Option<Op> {
    let name = format!("{}", call.attr("callee")?);
    let name = name.trim_start_matches('@').trim_matches('"');
    let module = call.enclosing_module()?;
    block_ops(module.entry_block(0)?).into_iter().find(|f| {
        f.attr("sym_name").map(|a| format!("{a}")).is_some_and(|n| n.trim_matches('"') == name)
    })
}

/// The async-proxy scopes a call may reach before a fence of that scope on
/// the way from the callee's entry, and whether it makes generic
/// shared-memory accesses (transitively; an unknown callee does both).
fn callee_summary(call: Op, depth: u32) -> (u8, bool) {
    let Some(callee) = callee_of(call).filter(|_| depth < 16) else { return (CLUSTER | CTA, true) };
    let mut generic = false;
    for o in callee.nested_ops() {
        if o.name() == "tt.call" {
            generic |= callee_summary(o, depth + 1).1;
        } else if is_generic(o) {
            generic = true;
        }
    }
    let mut exposed = 0u8;
    // Each block of a CFG body from no fence (one may be reached first).
    for block in region_blocks(callee.region(0)) {
        exposed |= exposure(block, 0, depth).0;
    }
    (exposed, generic)
}

/// The async-proxy scopes reached in `block` before a fence of that scope,
/// given the scopes `fenced` on entry, and the scopes fenced on every path
/// through it (an `scf.if` fences what both branches fence; a loop may not
/// run).
fn exposure(block: MlirBlock, mut fenced: u8, depth: u32) -> (u8, u8) {
    let mut exposed = 0u8;
    for op in block_ops(block) {
        if op.name() == FENCE {
            let cluster = op.attr("bCluster").and_then(|a| a.bool()).unwrap_or(false);
            fenced |= if cluster { CLUSTER | CTA } else { CTA };
        } else if op.name() == "tt.call" {
            exposed |= callee_summary(op, depth + 1).0 & !fenced;
        } else if op.name() == "scf.if" {
            let mut after = CLUSTER | CTA;
            for r in 0..2 {
                match region_blocks(op.region(r)).first() {
                    Some(b) => {
                        let (e, f) = exposure(*b, fenced, depth);
                        exposed |= e;
                        after &= f;
                    }
                    None => after &= fenced,
                }
            }
            fenced = after;
        } else if op.num_regions() > 0 {
            for r in 0..op.num_regions() {
                for b in region_blocks(op.region(r)) {
                    exposed |= exposure(b, fenced, depth).0;
                }
            }
        } else if is_async_proxy(op) {
            exposed |= proxy_scope(op) & !fenced;
        }
    }
    (exposed, fenced)
}

/// Adds the accesses of `more` that `into` lacks.
fn union(into: &mut Vec<Generic>, more: &[Generic]) {
    for g in more {
        if !into.contains(g) {
            into.push(*g);
        }
    }
}

/// Fences the blocks of `region`. `entry`: the generic accesses since the
/// last fence on entry to its first block; every block (a loop's back edge,
/// a sibling branch) also sees `carried`. The other blocks of a CFG start
/// from the union of their predecessors' exits, iterated to a fixed point
/// (from an access anywhere when it does not settle, or for a block without
/// predecessors).
fn fence_region(region: MlirRegion, entry: Vec<Generic>, carried: &[Generic], scopes: u8) {
    let blocks = region_blocks(region);
    let anywhere = vec![Generic { span: None, write: true, scopes }];
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
    for (i, block) in blocks.iter().enumerate() {
        if let Some(term) = block_ops(*block).last() {
            let n = unsafe { mlirOperationGetNumSuccessors(term.0) };
            for k in 0..n {
                let succ = unsafe { mlirOperationGetSuccessor(term.0, k) };
                if let Some(j) = blocks.iter().position(|b| b.ptr == succ.ptr) {
                    preds[j].push(i);
                }
            }
        }
    }
    let mut first = entry;
    union(&mut first, carried);
    let mut ins: Vec<Option<Vec<Generic>>> = vec![None; blocks.len()];
    ins[0] = Some(first.clone());
    let mut outs: Vec<Option<Vec<Generic>>> = vec![None; blocks.len()];
    let mut settled = blocks.len() <= 1;
    for _ in 0..16 {
        if settled {
            break;
        }
        let mut changed = false;
        for (i, block) in blocks.iter().enumerate() {
            let mut input = if i == 0 { first.clone() } else { Vec::new() };
            if i > 0 && preds[i].is_empty() {
                input = anywhere.clone();
            }
            for p in &preds[i] {
                if let Some(out) = &outs[*p] {
                    union(&mut input, out);
                }
            }
            union(&mut input, carried);
            let same = ins[i].as_ref().is_some_and(|old| old.len() == input.len() && old.iter().all(|g| input.contains(g)));
            if !same || outs[i].is_none() {
                changed = true;
                outs[i] = Some(walk_block(*block, input.clone(), scopes, false));
                ins[i] = Some(input);
            }
        }
        settled = !changed;
    }
    for (i, block) in blocks.iter().enumerate() {
        let input = if i == 0 {
            first.clone()
        } else if settled {
            ins[i].clone().unwrap_or_else(|| anywhere.clone())
        } else {
            let mut a = anywhere.clone();
            union(&mut a, carried);
            a
        };
        walk_block(*block, input, scopes, true);
    }
}

impl Pass for ProxyFenceInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-proxy-fence-insertion"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        if options.int("compute-capability", 90) < 90 {
            return Ok(());
        }
        let Some(body) = module.entry_block(0) else { return Ok(()) };
        let mut scopes = 0u8;
        for op in module.nested_ops() {
            if is_async_proxy(op) {
                scopes |= proxy_scope(op) | CTA;
            }
        }
        if scopes == 0 {
            return Ok(());
        }
        for f in block_ops(body) {
            if f.num_regions() == 1 {
                fence_region(f.region(0), Vec::new(), &[], scopes);
            }
        }
        Ok(())
    }
}
