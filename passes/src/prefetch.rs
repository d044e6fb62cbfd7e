//! `tritongpu-prefetch`: splits the MMA v2 / MFMA dot of a pipelined loop
//! along K and loads the first K-slice of the next iteration's operands from
//! shared memory one iteration early.
//!
//! Algorithm (Triton's `TritonGPUPrefetch`, checked against Triton 3.9):
//! 1. apply greedily the canonicalization of `ttg.convert_layout`;
//! 2. for every `scf.for` (inner loops first) with exactly one `tt.dot`, whose
//!    result is `#nvidia_mma` v2 or `#amd_mfma` (any other dot in the body
//!    rejects the loop), and whose operands come through single-use chains
//!    from `ttg.local_load`s into `#dot_op`:
//!    - the slice width is `8 * kWidth` (f64 too, whatever the target's f64
//!      MMA depth: Triton 3.9 splits a kWidth-1 f64 dot in slices of 8),
//!      `256 / bits` without a kWidth; K must be at least one slice;
//!    - the shared buffers must be iteration arguments, or (when a load has
//!      a token) be rebuilt, with the tokens, from
//!      promotable values (elementwise ops, constants, `ttg.async_wait`,
//!      `ttg.memdesc_index` of loop-invariant or loop-carried values);
//! 3. before the loop: rebuild the first iteration's buffers and tokens and
//!    `local_load` the first slice of each operand (`memdesc_subslice`);
//! 4. a new loop carries, after the old iteration arguments, the buffers and
//!    tokens that are not carried already and the two prefetched slices;
//! 5. the body is copied; the dot becomes a chain: the prefetched slices
//!    first, then one dot per further slice, loaded just before it; the
//!    last dot is issued as late as possible (after everything not using it);
//! 6. before the last dot, the next iteration's buffers and tokens are
//!    rebuilt from the yielded values and their first slices loaded and
//!    yielded;
//! 7. the old loop's results are replaced and the old loop erased.
//!
//! A loop that does not fit is left as it is. Like Triton's, the copied body
//! keeps the full-width dot and its loads (dead); later passes erase them.
use std::collections::HashMap;
use std::sync::OnceLock;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, RewritePattern, Rewriter};
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;

use crate::mma_utils::is_elementwise;
use crate::pipeliner::{
    arg_number, body, body_args, body_ops, clone_mapped, erase, init_args, is_block_arg, loops_post_order,
    replace_all_uses, vkey, yield_of, InsertPoint,
};

/// The pass.
pub struct Prefetch;

impl Pass for Prefetch {
    fn argument(&self) -> &'static str {
        "tritongpu-prefetch"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        // Step 1.
        let converged = apply_patterns_greedily(op, cleanup_patterns());
        // Step 2-7.
        for for_op in loops_post_order(op) {
            if let Some(plan) = Plan::analyze(for_op) {
                plan.rewrite();
            }
        }
        if !converged {
            emit_error(op, "tritongpu-prefetch: the convert_layout clean-up did not converge");
            return Err(());
        }
        Ok(())
    }
}

/// The canonicalization patterns of `ttg.convert_layout`.
fn cleanup_patterns() -> &'static [&'static dyn RewritePattern] {
    static SET: OnceLock<&'static [&'static dyn RewritePattern]> = OnceLock::new();
    SET.get_or_init(|| {
        let canonical =
            tritium_dialects::spec::rewrite_patterns("canonicalize", tritium_dialects::tt::patterns::PATTERNS);
        let set: Vec<&'static dyn RewritePattern> =
            canonical.iter().copied().filter(|p| p.root() == "ttg.convert_layout").collect();
        Box::leak(set.into_boxed_slice())
    })
}

/// One dot operand (A or B) to prefetch.
struct Operand {
    /// 0 for A, 1 for B.
    op_idx: usize,
    /// The chain from the shared buffer to the dot operand: the buffer, the
    /// `local_load` result, then single-operand ops ending at the operand.
    chain: Vec<Val>,
    /// The `local_load`'s token, if any.
    token: Option<Val>,
    /// The type of one K-slice of the buffer.
    slice_ty: Ty,
    /// The type of one K-slice loaded into the dot-operand layout.
    load_ty: Ty,
}

impl Operand {
    /// The shared buffer the operand is loaded from.
    fn source(&self) -> Val {
        self.chain[0]
    }
    /// The rank of the buffer.
    fn rank(&self) -> usize {
        bridge::memdesc_of(self.slice_ty).map(|m| m.shape.len()).unwrap_or(2)
    }
}

/// A loop the pass rewrites, with everything decided up front (the rewrite
/// itself cannot fail).
struct Plan {
    for_op: Op,
    body: MlirBlock,
    yield_op: Op,
    dot: Op,
    a: Operand,
    b: Operand,
    /// The K width of one slice.
    width: i64,
    /// K of the dot.
    k_size: i64,
}

impl Plan {
    fn analyze(for_op: Op) -> Option<Plan> {
        let body = body(for_op)?;
        let yield_op = yield_of(for_op)?;
        let mut dots = Vec::new();
        for op in body_ops(for_op) {
            if op.name() != "tt.dot" {
                continue;
            }
            match result_encoding(op) {
                Some(Encoding::NvidiaMma { version_major: 2, .. }) | Some(Encoding::AmdMfma { .. }) => dots.push(op),
                _ => return None,
            }
        }
        // Triton handles loops with one dot only.
        let [dot] = dots[..] else { return None };
        let parent = result_encoding(dot)?;
        let a_ty = dot.operand(0).ty();
        let b_ty = dot.operand(1).ty();
        let (Some(Encoding::DotOperand { k_width: a_kw, .. }), Some(Encoding::DotOperand { k_width: b_kw, .. })) =
            (tensor_encoding(a_ty), tensor_encoding(b_ty))
        else {
            return None;
        };
        if a_kw != b_kw {
            return None;
        }
        let element = a_ty.element();
        let scale: i64 = 8;
        let width = if a_kw == 0 {
            let bits = element.bit_width() as i64;
            if bits == 0 {
                return None;
            }
            256 / bits
        } else {
            scale * a_kw as i64
        };
        let k_size = *a_ty.shape()?.last()?;
        if width <= 0 || k_size < width || k_size % width != 0 || width % scale != 0 {
            return None;
        }
        let k_width = (width / scale) as u32;
        let a_chain = prefetch_chain(dot.operand(0))?;
        let b_chain = prefetch_chain(dot.operand(1))?;
        let mut plan = Plan {
            for_op,
            body,
            yield_op,
            dot,
            a: Operand {
                op_idx: 0,
                token: load_token(dot.operand(0)),
                slice_ty: a_ty,
                load_ty: a_ty,
                chain: a_chain,
            },
            b: Operand {
                op_idx: 1,
                token: load_token(dot.operand(1)),
                slice_ty: b_ty,
                load_ty: b_ty,
                chain: b_chain,
            },
            width,
            k_size,
        };
        let module_ctas = for_op.inherited_int("ttg.num-ctas").unwrap_or(1);
        for operand in [&mut plan.a, &mut plan.b] {
            let md = bridge::memdesc_of(operand.source().ty())?;
            if !trivial_block_layout(md.encoding, module_ctas) {
                return None;
            }
            let (slice_ty, load_ty) = slice_types(&md, operand.op_idx, width, &parent, k_width, for_op.context())?;
            operand.slice_ty = slice_ty;
            operand.load_ty = load_ty;
        }
        let carried_sources = plan.is_loop_carried(plan.a.source()) && plan.is_loop_carried(plan.b.source());
        let promotable = (plan.a.token.is_some() || plan.b.token.is_some())
            && plan.is_promotable(Some(plan.a.source()))
            && plan.is_promotable(Some(plan.b.source()))
            && plan.is_promotable(plan.a.token)
            && plan.is_promotable(plan.b.token);
        (carried_sources || promotable).then_some(plan)
    }

    /// Whether `v` is an iteration argument of the loop body.
    fn is_loop_carried(&self, v: Val) -> bool {
        is_block_arg(v) && v.owner_block().is_some_and(|b| b.ptr == self.body.ptr) && arg_number(v) >= 1
    }

    /// Whether `v` can be rebuilt before the loop and for the next iteration.
    fn is_promotable(&self, v: Option<Val>) -> bool {
        let Some(v) = v else { return true };
        let Some(def) = v.defining_op() else { return true };
        if def.block().is_none_or(|b| b.ptr != self.body.ptr) {
            return true;
        }
        if def.num_regions() != 0 {
            return false;
        }
        let kind_ok = is_elementwise(def)
            || matches!(def.name(), "arith.constant" | "ub.poison" | "ttg.async_wait" | "ttg.memdesc_index");
        kind_ok && def.operands().into_iter().all(|o| self.is_promotable(Some(o)))
    }

    /// Copies the body ops computing `v` at `at`, with the body's arguments
    /// taken from `args` (values defined outside the body are reused).
    fn rebuild(&self, v: Val, at: InsertPoint, args: &mut dyn FnMut(Val) -> Val, cache: &mut HashMap<usize, Val>) -> Val {
        if let Some(&done) = cache.get(&vkey(v)) {
            return done;
        }
        let result = match v.defining_op() {
            None => args(v),
            Some(def) if def.block().is_none_or(|b| b.ptr != self.body.ptr) => v,
            Some(def) => {
                let mut operands: HashMap<usize, Val> = HashMap::new();
                for o in def.operands() {
                    let new = self.rebuild(o, at, args, cache);
                    operands.insert(vkey(o), new);
                }
                let clone = clone_mapped(def, at, &mut operands);
                for (old, new) in def.results().into_iter().zip(clone.results()) {
                    cache.insert(vkey(old), new);
                }
                return cache.get(&vkey(v)).copied().unwrap_or(v);
            }
        };
        cache.insert(vkey(v), result);
        result
    }

    /// `v` (a value of the old body) for the first iteration, built at `at`.
    fn rebuild_init(&self, v: Val, at: InsertPoint, cache: &mut HashMap<usize, Val>) -> Val {
        let body = self.body;
        let for_op = self.for_op;
        let mut args = |arg: Val| -> Val {
            if arg.owner_block().is_none_or(|b| b.ptr != body.ptr) {
                arg
            } else if arg_number(arg) == 0 {
                for_op.operand(0)
            } else {
                init_args(for_op)[arg_number(arg) - 1]
            }
        };
        self.rebuild(v, at, &mut args, cache)
    }

    /// `v` (a value of the old body) for the next iteration, built at `at` in
    /// the new body.
    fn rebuild_next(&self, v: Val, at: InsertPoint, mapping: &HashMap<usize, Val>) -> Val {
        if self.is_loop_carried(v) {
            return lookup(mapping, self.yield_op.operand(arg_number(v) - 1));
        }
        let body = self.body;
        let for_op = self.for_op;
        let yield_op = self.yield_op;
        let mut args = |arg: Val| -> Val {
            if arg.owner_block().is_none_or(|b| b.ptr != body.ptr) {
                arg
            } else if arg_number(arg) == 0 {
                let iv = lookup(mapping, arg);
                at.create(for_op.location(), "arith.addi", &[iv, for_op.operand(2)], &[iv.ty()], &[]).result(0)
            } else {
                lookup(mapping, yield_op.operand(arg_number(arg) - 1))
            }
        };
        self.rebuild(v, at, &mut args, &mut HashMap::new())
    }

    /// Loads the K-slice at `offset` of `buffer` (of operand `operand`) into
    /// the dot-operand layout, then repeats the ops between the operand's
    /// `local_load` and the dot on it.
    fn load_slice(&self, operand: &Operand, buffer: Val, token: Option<Val>, offset: i64, at: InsertPoint) -> Val {
        let rank = operand.rank();
        let k_dim = if operand.op_idx == 0 { rank - 1 } else { rank - 2 };
        let mut offsets = vec![0i32; rank];
        offsets[k_dim] = offset as i32;
        let ctx = buffer.ty().context();
        let offsets_attr = Attr(unsafe { mlirDenseI32ArrayGet(ctx, offsets.len() as isize, offsets.as_ptr()) });
        let loc = unsafe { mlirValueGetLocation(buffer.0) };
        let view = at.create(loc, "ttg.memdesc_subslice", &[buffer], &[operand.slice_ty], &[("offsets", offsets_attr)]);
        let mut load_operands = vec![view.result(0)];
        load_operands.extend(token);
        let loaded = at.create(loc, "ttg.local_load", &load_operands, &[operand.load_ty], &[]).result(0);
        self.repeat_chain(operand, loaded, at)
    }

    /// Applies the chain's ops after the `local_load` to `loaded`, each
    /// result taking the slice's shape and its operand's encoding.
    fn repeat_chain(&self, operand: &Operand, loaded: Val, at: InsertPoint) -> Val {
        if operand.chain.len() <= 2 {
            return loaded;
        }
        let Some(shape) = loaded.ty().shape() else { return loaded };
        let mut mapping: HashMap<usize, Val> = HashMap::new();
        mapping.insert(vkey(operand.chain[1]), loaded);
        let mut current = loaded;
        for v in &operand.chain[2..] {
            let Some(def) = v.defining_op() else { return current };
            let clone = clone_mapped(def, at, &mut mapping);
            let result = clone.result(0);
            if result.ty().is_tensor() {
                let encoding = clone.operand(0).ty().encoding();
                result.set_type(Ty::tensor(&shape, result.ty().element(), encoding));
            }
            mapping.insert(vkey(*v), result);
            current = result;
        }
        current
    }

    fn rewrite(self) {
        let for_op = self.for_op;
        let before = InsertPoint::Before(for_op);
        let old_args = body_args(for_op);

        // Step 3.
        let mut init_cache: HashMap<usize, Val> = HashMap::new();
        let mut heads = Vec::new();
        for operand in [&self.a, &self.b] {
            let buffer = self.rebuild_init(operand.source(), before, &mut init_cache);
            let token = operand.token.map(|t| self.rebuild_init(t, before, &mut init_cache));
            heads.push(self.load_slice(operand, buffer, token, 0, before));
        }

        // Step 4. Indices (into the iteration arguments) of the values the
        // new loop carries for the buffers and tokens.
        let mut loop_args = init_args(for_op);
        let tracked = [Some(self.a.source()), Some(self.b.source()), self.a.token, self.b.token];
        let mut carried: [Option<usize>; 4] = [None; 4];
        for (slot, value) in tracked.iter().enumerate() {
            let Some(v) = *value else { continue };
            if self.is_loop_carried(v) {
                continue;
            }
            carried[slot] = Some(loop_args.len());
            loop_args.push(self.rebuild_init(v, before, &mut init_cache));
        }
        let head_a_idx = loop_args.len();
        loop_args.extend(heads.iter().copied());

        let mut operands = vec![for_op.operand(0), for_op.operand(1), for_op.operand(2)];
        operands.extend(loop_args.iter().copied());
        let types: Vec<Ty> = loop_args.iter().map(|v| v.ty()).collect();
        let new_for = before.insert(Rewriter::build(for_op.location(), "scf.for", &operands, &types, &[], 1));
        let new_body = unsafe {
            let mut arg_types = vec![old_args[0].ty().0];
            arg_types.extend(types.iter().map(|t| t.0));
            let mut locs = vec![for_op.location()];
            locs.extend(loop_args.iter().map(|v| mlirValueGetLocation(v.0)));
            let block = mlirBlockCreate(arg_types.len() as isize, arg_types.as_ptr(), locs.as_ptr());
            mlirRegionAppendOwnedBlock(new_for.region(0), block);
            block
        };
        let new_args = block_arguments(new_body);
        let mut mapping: HashMap<usize, Val> = HashMap::new();
        for (old, new) in old_args.iter().zip(&new_args) {
            mapping.insert(vkey(*old), *new);
        }
        let iter_arg = |slot: usize| carried[slot].map(|i| new_args[i + 1]);

        // Step 5.
        let end = InsertPoint::End(new_body);
        let mut at = end;
        for op in body_ops(for_op) {
            if op.num_regions() > 0 {
                at = end;
            }
            if op.operands().iter().any(|o| o.defining_op().is_some_and(|d| d.same(self.dot))) {
                at = end;
            }
            let mut new_op = clone_mapped(op, at, &mut mapping);
            if op.same(self.dot) {
                let first = clone_mapped(op, at, &mut mapping);
                first.set_operand(0, new_args[head_a_idx + 1]);
                first.set_operand(1, new_args[head_a_idx + 2]);
                let mut previous = first;
                let mut offset = self.width;
                if offset == self.k_size {
                    at = InsertPoint::Before(first);
                    new_op = first;
                }
                while offset < self.k_size {
                    let here = InsertPoint::Before(previous);
                    let slices: Vec<Val> = [(&self.a, 0usize, 2usize), (&self.b, 1, 3)]
                        .into_iter()
                        .map(|(operand, src_slot, tok_slot)| {
                            let buffer = self.current(operand.source(), iter_arg(src_slot), &mapping);
                            let token = operand.token.and_then(|t| {
                                if self.is_loop_carried(t) {
                                    Some(lookup(&mapping, t))
                                } else {
                                    iter_arg(tok_slot)
                                }
                            });
                            self.load_slice(operand, buffer, token, offset, here)
                        })
                        .collect();
                    new_op = clone_mapped(op, at, &mut mapping);
                    new_op.set_operand(0, slices[0]);
                    new_op.set_operand(1, slices[1]);
                    new_op.set_operand(2, previous.result(0));
                    previous = new_op;
                    offset += self.width;
                    if offset >= self.k_size {
                        at = InsertPoint::Before(new_op);
                    }
                }
            }
            for (old, new) in op.results().into_iter().zip(new_op.results()) {
                mapping.insert(vkey(old), new);
            }
        }

        // Step 6.
        let mut yields: Vec<Val> = self.yield_op.operands().into_iter().map(|v| lookup(&mapping, v)).collect();
        let next: Vec<Option<Val>> = tracked.iter().map(|v| v.map(|v| self.rebuild_next(v, at, &mapping))).collect();
        for slot in 0..4 {
            if carried[slot].is_some() {
                yields.extend(next[slot]);
            }
        }
        for (operand, src_slot, tok_slot) in [(&self.a, 0usize, 2usize), (&self.b, 1, 3)] {
            let Some(buffer) = next[src_slot] else { continue };
            yields.push(self.load_slice(operand, buffer, next[tok_slot], 0, at));
        }
        end.create(self.yield_op.location(), "scf.yield", &yields, &[], &[]);

        // Step 7.
        for (old, new) in for_op.results().into_iter().zip(new_for.results()) {
            replace_all_uses(old, new);
        }
        erase(for_op);
    }

    /// The buffer of the current iteration inside the new body.
    fn current(&self, source: Val, carried: Option<Val>, mapping: &HashMap<usize, Val>) -> Val {
        if self.is_loop_carried(source) {
            return lookup(mapping, source);
        }
        carried.unwrap_or_else(|| lookup(mapping, source))
    }
}

fn lookup(mapping: &HashMap<usize, Val>, v: Val) -> Val {
    mapping.get(&vkey(v)).copied().unwrap_or(v)
}

fn tensor_encoding(ty: Ty) -> Option<Encoding> {
    bridge::encoding_of(ty.encoding()?)?.ok()
}

fn result_encoding(op: Op) -> Option<Encoding> {
    tensor_encoding(op.result(0).ty())
}

/// Whether a shared encoding keeps every CTA's data in its own CTA.
fn trivial_block_layout(encoding: Attr, module_ctas: i64) -> bool {
    match bridge::encoding_of(encoding).and_then(Result::ok) {
        Some(
            Encoding::SwizzledShared { cga, .. }
            | Encoding::AmdRotatingShared { cga, .. }
            | Encoding::NvmmaShared { cga, .. },
        ) => cga.bases.is_empty(),
        Some(_) => module_ctas == 1,
        None => false,
    }
}

/// The types of one K-slice of a buffer of type `md`: the view and the
/// tensor it is loaded into.
fn slice_types(md: &MemDesc, op_idx: usize, width: i64, parent: &Encoding, k_width: u32, ctx: MlirContext) -> Option<(Ty, Ty)> {
    let rank = md.shape.len();
    if rank < 2 {
        return None;
    }
    let k_dim = if op_idx == 0 { rank - 1 } else { rank - 2 };
    let mut shape = md.shape.clone();
    shape[k_dim] = width;
    let view = bridge::build_memdesc(ctx, &MemDesc { shape: shape.clone(), ..md.clone() })?;
    let encoding = Encoding::DotOperand { op_idx: op_idx as u32, parent: Box::new(parent.clone()), k_width };
    let encoding = bridge::build(ctx, &encoding)?;
    Some((view, Ty::tensor(&shape, md.element, Some(encoding))))
}

/// The chain from a `local_load` (of a shared buffer into a `#dot_op`) to
/// the dot operand `v`, through single-use, single-operand ops: the buffer,
/// the load's result, ..., `v`.
fn prefetch_chain(v: Val) -> Option<Vec<Val>> {
    let mut op = v.defining_op()?;
    let mut chain = vec![v];
    loop {
        if op.num_results() == 0 || op.result(0).users().len() != 1 {
            return None;
        }
        if op.name() == "ttg.local_load" {
            chain.push(op.operand(0));
            if !matches!(tensor_encoding(op.result(0).ty()), Some(Encoding::DotOperand { .. })) {
                return None;
            }
            break;
        }
        if op.num_operands() != 1 {
            return None;
        }
        chain.push(op.operand(0));
        op = op.operand(0).defining_op()?;
    }
    chain.reverse();
    Some(chain)
}

/// The token of the `local_load` that `v` comes from.
fn load_token(v: Val) -> Option<Val> {
    let mut op = v.defining_op()?;
    loop {
        if op.name() == "ttg.local_load" {
            return (op.num_operands() > 1).then(|| op.operand(1));
        }
        if op.num_operands() != 1 {
            return None;
        }
        op = op.operand(0).defining_op()?;
    }
}
