//! The target-independent part of the lowering of `ttg.warp_specialize` to
//! LLVM (Triton 3.9's `WarpSpecializeUtility`), which a backend's
//! `convert-warp-specialize-to-llvm` pass drives with its own warp id,
//! barriers and register moves ([`WarpSpecializeTarget`]).
//!
//! Algorithm:
//! 1. types ([`convert_types`]): the captures, partition arguments and
//!    results of every `ttg.warp_specialize` get their LLVM types
//!    (`!tt.ptr` → `!llvm.ptr`) through unrealized casts, which
//!    `reconcile-unrealized-casts` then removes ([`prepare`]);
//! 2. per kernel ([`lower_kernel`]): captures computed from kernel arguments
//!    by at most 16 pure ops are recomputed in each partition instead of
//!    being passed; a header block sends warps below `ttg.num-warps` to the
//!    old entry and the others to a switch loop: the all-threads barrier,
//!    then each warp reads its state (one byte per worker warp at the
//!    kernel's `allocation.offset` in shared memory) and jumps to its
//!    partition (the partitions' blocks, which load their captures from the
//!    op's `allocation.offset`, meet the barrier, run, meet it again and
//!    loop back), to the exit, or (state -1, idle) back to the loop after
//!    the two barriers the default warps meet;
//! 3. each `ttg.warp_specialize` becomes: the default warps write every
//!    worker warp's state and the captures, meet the barrier twice
//!    (release, captures read), run the default region, meet the barrier
//!    once more and continue with its yielded values; every `llvm.return`
//!    first writes the exit state for all worker warps and meets the
//!    barrier.
use mlir_sys::*;
use std::collections::{HashMap, HashSet};
use crate::ttg_to_llvm::emit::{Emitter, ICmp};
use crate::ttg_to_llvm::SHARED_SYMBOL;
use tritium_dialects::ir::{block_arguments, block_ops, region_blocks, str_of, Attr, Op, Ty, Val};
use tritium_dialects::pass::PassOptions;
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services;

/// Captures computed by more pure ops than this are passed, not recomputed.
const MAX_REMATERIALIZED_OPS: usize = 16;

/// A failure: the op to report it at and the message.
pub type Failure = (Op, String);

/// Where a target may move registers between warp groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Realloc {
    /// The default warps, at the old entry.
    KernelEntry,
    /// The worker warps, at the top of the switch loop.
    SwitchLoop,
    /// A worker warp entering partition `n` of the op.
    WorkerStart(usize),
    /// A worker warp leaving partition `n` of the op.
    WorkerEnd(usize),
    /// The default warps entering the op's default region.
    DefaultStart,
    /// The default warps leaving the op's default region.
    DefaultEnd,
}

/// What a backend contributes to the lowering of one kernel.
pub trait WarpSpecializeTarget {
    /// The id of the current thread's warp, the same in every lane, built in
    /// the header block.
    fn warp_id(&self, e: &mut Emitter) -> Val;
    /// The barrier every thread of the CTA meets around the switch loop.
    fn all_barrier(&self, e: &mut Emitter);
    /// Moves registers at `at` (`ws` is None for the kernel-wide points);
    /// nothing by default.
    fn reallocate(&self, _e: &mut Emitter, _ws: Option<Op>, _at: Realloc) {}
}

/// Step 1 for the whole module: LLVM types, then the casts reconciled.
pub fn prepare(module: Op, options: &PassOptions) -> Result<(), Option<Failure>> {
    convert_types(module).map_err(Some)?;
    if !options.run_pipeline(module, "reconcile-unrealized-casts") {
        return Err(None);
    }
    Ok(())
}

// --------------------------------------------------------------------------
// IR helpers
// --------------------------------------------------------------------------

/// The `llvm.func`s of the module.
pub fn module_functions(module: Op) -> Vec<Op> {
    region_blocks(module.region(0)).into_iter().flat_map(block_ops).filter(|o| o.name() == "llvm.func").collect()
}

/// The `ttg.warp_specialize` ops nested in `op`, in program order.
pub fn ws_ops(op: Op) -> Vec<Op> {
    op.nested_ops().into_iter().filter(|o| o.name() == "ttg.warp_specialize").collect()
}

/// The `ttg.warp_specialize.partitions` op of a `ttg.warp_specialize`.
pub fn partitions_op(ws: Op) -> Result<Op, Failure> {
    region_blocks(ws.region(1))
        .first()
        .and_then(|b| block_ops(*b).into_iter().next())
        .ok_or((ws, "'ttg.warp_specialize' has no partitions".to_string()))
}

/// The entry block of `region`.
pub fn front(region: MlirRegion) -> MlirBlock {
    unsafe { mlirRegionGetFirstBlock(region) }
}

fn same_block(a: MlirBlock, b: MlirBlock) -> bool {
    unsafe { mlirBlockEqual(a, b) }
}

pub fn string_value(attr: Attr) -> String {
    unsafe {
        if mlirAttributeIsAString(attr.0) {
            str_of(mlirStringAttrGetValue(attr.0)).to_string()
        } else if mlirAttributeIsAFlatSymbolRef(attr.0) {
            str_of(mlirFlatSymbolRefAttrGetValue(attr.0)).to_string()
        } else {
            attr.to_string()
        }
    }
}

/// Whether an `llvm.func` has external linkage (the default).
pub fn is_external(func: Op) -> bool {
    func.attr("linkage").is_none_or(|l| l.to_string() == "#llvm.linkage<external>")
}

pub fn int_attr(op: Op, name: &str) -> Result<i64, Failure> {
    op.attr(name).and_then(|a| a.int()).ok_or((op, format!("missing integer attribute '{name}'")))
}

pub fn i32_array(op: Op, name: &str) -> Result<Vec<i64>, Failure> {
    op.attr(name)
        .and_then(|a| a.i32_array())
        .map(|v| v.into_iter().map(i64::from).collect())
        .ok_or((op, format!("missing attribute '{name}'")))
}

/// Builds ops through an [`Emitter`] into a scratch block, then moves them
/// before `anchor` in `block` (to its end when `anchor` is None).
pub fn emit_at<T>(ctx: MlirContext, loc: MlirLocation, block: MlirBlock, anchor: Option<MlirOperation>, f: impl FnOnce(&mut Emitter) -> T) -> T {
    let mut e = Emitter::new(ctx, loc);
    let scratch = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    e.set_block(scratch);
    let result = f(&mut e);
    unsafe {
        loop {
            let op = mlirBlockGetFirstOperation(scratch);
            if op.ptr.is_null() {
                break;
            }
            mlirOperationRemoveFromParent(op);
            match anchor {
                Some(a) => mlirBlockInsertOwnedOperationBefore(block, a, op),
                None => mlirBlockAppendOwnedOperation(block, op),
            }
        }
        mlirBlockDestroy(scratch);
    }
    result
}

/// [`emit_at`] just before `op`.
pub fn emit_before<T>(op: Op, f: impl FnOnce(&mut Emitter) -> T) -> T {
    let block = op.block().expect("an op in a block");
    emit_at(op.context(), op.location(), block, Some(op.0), f)
}

/// [`emit_at`] at the start of `block`, before its current first op.
pub fn emit_at_start<T>(loc_op: Op, block: MlirBlock, f: impl FnOnce(&mut Emitter) -> T) -> T {
    let first = unsafe { mlirBlockGetFirstOperation(block) };
    let anchor = if first.ptr.is_null() { None } else { Some(first) };
    emit_at(loc_op.context(), loc_op.location(), block, anchor, f)
}


/// `&global_smem[offset]` in bytes.
pub fn shared_base(e: &mut Emitter, offset: i64) -> Val {
    let index = e.i32_const(offset);
    let ptr = e.ptr_ty(3);
    let sym = e.attr(&format!("@{SHARED_SYMBOL}"));
    let base = e.val("llvm.mlir.addressof", &[], ptr, &[("global_name", sym)]);
    let i8t = e.int_ty(8);
    e.gep(base, i8t, index)
}

/// `getelementptr elem, ptr[indices...]` with constant indices.
pub fn const_gep(e: &mut Emitter, ptr: Val, elem: Ty, indices: &[i32]) -> Val {
    let elem = e.type_attr(elem);
    let raw = e.i32_array_attr(indices);
    e.val("llvm.getelementptr", &[ptr], ptr.ty(), &[("elem_type", elem), ("rawConstantIndices", raw)])
}

/// The packed struct the captures are passed in.
pub fn capture_struct(ctx: MlirContext, types: &[Ty]) -> Ty {
    let raw: Vec<MlirType> = types.iter().map(|t| t.0).collect();
    Ty(unsafe { mlirLLVMStructTypeLiteralGet(ctx, raw.len() as isize, raw.as_ptr(), true) })
}

/// The shared-memory offset an op's allocation starts at.
pub fn allocation_offset(op: Op) -> Result<i64, Failure> {
    int_attr(op, "allocation.offset")
}

// --------------------------------------------------------------------------
// 1. Types
// --------------------------------------------------------------------------

/// The LLVM type of a value of type `ty` (`!tt.ptr<T, n>` → `!llvm.ptr<n>`;
/// other types are kept).
fn llvm_type(ty: Ty) -> Ty {
    if tritium_dialects::tt::types::pointee(ty).is_some() {
        let text = ty.to_string();
        let space = text
            .trim_end_matches('>')
            .rsplit_once(", ")
            .and_then(|(_, s)| s.trim().parse::<u32>().ok())
            .unwrap_or(1);
        return Ty(unsafe { mlirLLVMPointerTypeGet(ty.context(), space) });
    }
    ty
}

/// `unrealized_conversion_cast value : T to ty`, before `anchor`.
fn cast_before(anchor: Op, value: Val, ty: Ty) -> Val {
    emit_before(anchor, |e| e.val("builtin.unrealized_conversion_cast", &[value], ty, &[]))
}

/// Step 1: the LLVM types of captures, partition arguments and results.
pub fn convert_types(module: Op) -> Result<(), Failure> {
    let ops: Vec<Op> = module
        .nested_ops()
        .into_iter()
        .filter(|o| matches!(o.name(), "ttg.warp_specialize" | "ttg.warp_specialize.partitions" | "ttg.warp_yield"))
        .collect();
    for op in ops {
        // Operands (the partitions op's captures are cast before its
        // parent, whose operands dominate it).
        let anchor = if op.name() == "ttg.warp_specialize.partitions" { op.parent().unwrap_or(op) } else { op };
        for (i, v) in op.operands().into_iter().enumerate() {
            let ty = llvm_type(v.ty());
            if ty.0.ptr != v.ty().0.ptr {
                let cast = cast_before(anchor, v, ty);
                op.set_operand(i, cast);
            }
        }
        // Region arguments.
        for r in 0..op.num_regions() {
            let block = front(op.region(r));
            if block.ptr.is_null() {
                continue;
            }
            let args = block_arguments(block);
            for arg in args.iter().rev() {
                let ty = llvm_type(arg.ty());
                if ty.0.ptr == arg.ty().0.ptr {
                    continue;
                }
                let old = arg.ty();
                unsafe { mlirValueSetType(arg.0, ty.0) };
                let users = arg.uses();
                if !users.is_empty() {
                    let cast = emit_at_start(op, block, |e| e.val("builtin.unrealized_conversion_cast", &[*arg], old, &[]));
                    for (user, index) in users {
                        user.set_operand(index, cast);
                    }
                }
            }
        }
        // Results (only `ttg.warp_specialize` has some).
        let results = op.results();
        let converted: Vec<Ty> = results.iter().map(|r| llvm_type(r.ty())).collect();
        if results.iter().zip(&converted).any(|(r, t)| r.ty().0.ptr != t.0.ptr) {
            let attrs: Vec<(&str, MlirAttribute)> = op.attributes().into_iter().map(|(n, a)| (n, a.0)).collect();
            let new = Rewriter::build(op.location(), op.name(), &op.operands(), &converted, &attrs, op.num_regions());
            unsafe {
                for r in 0..op.num_regions() {
                    mlirRegionTakeBody(new.region(r), op.region(r));
                }
                let block = op.block().expect("an op in a block");
                mlirBlockInsertOwnedOperationBefore(block, op.0, new.0);
            }
            for (i, old) in results.iter().enumerate() {
                let next = op.next().expect("a terminator after the op");
                let cast = cast_before(next, new.result(i), old.ty());
                unsafe { mlirValueReplaceAllUsesOfWith(old.0, cast.0) };
            }
            unsafe { mlirOperationDestroy(op.0) };
        }
    }
    Ok(())
}

// --------------------------------------------------------------------------
// --------------------------------------------------------------------------
// 2. Captures
// --------------------------------------------------------------------------

/// The pure ops that compute `capture` from the kernel's arguments (at most
/// 16), or None.
fn trivial_subcomputation(entry: MlirBlock, capture: Val) -> Option<Vec<Op>> {
    let mut worklist = vec![capture];
    let mut seen: HashSet<*mut std::ffi::c_void> = HashSet::from([capture.0.ptr as *mut _]);
    let mut ops: Vec<Op> = Vec::new();
    let mut i = 0;
    while i < worklist.len() {
        let v = worklist[i];
        i += 1;
        if unsafe { mlirValueIsABlockArgument(v.0) } {
            if same_block(unsafe { mlirBlockArgumentGetOwner(v.0) }, entry) {
                continue;
            }
            return None;
        }
        let op = v.defining_op()?;
        if !(services::is_speculatable(op) && services::is_memory_effect_free(op)) || op.num_regions() > 0 {
            return None;
        }
        if !ops.iter().any(|o| o.same(op)) {
            ops.push(op);
        }
        for operand in op.operands() {
            if seen.insert(operand.0.ptr as *mut _) {
                worklist.push(operand);
            }
        }
    }
    (ops.len() <= MAX_REMATERIALIZED_OPS).then_some(ops)
}

/// Recomputes trivially computed captures in each partition and drops them
/// from the captures.
pub fn elide_trivial_captures(func: Op, ws_ops: &[Op]) -> Result<(), Failure> {
    let entry = front(func.region(0));
    let order: HashMap<*mut std::ffi::c_void, usize> =
        func.nested_ops().into_iter().enumerate().map(|(i, o)| (o.0.ptr as *mut _, i)).collect();
    for &ws in ws_ops {
        let holder = partitions_op(ws)?;
        let captures = holder.operands();
        let mut keep = vec![true; captures.len()];
        for (i, &capture) in captures.iter().enumerate() {
            let Some(mut sub) = trivial_subcomputation(entry, capture) else { continue };
            keep[i] = false;
            sub.sort_by_key(|o| order.get(&(o.0.ptr as *mut _)).copied().unwrap_or(usize::MAX));
            for r in 0..holder.num_regions() {
                let block = front(holder.region(r));
                let first = unsafe { mlirBlockGetFirstOperation(block) };
                let mut mapping: HashMap<*mut std::ffi::c_void, Val> = HashMap::new();
                for &op in &sub {
                    let clone = Op(unsafe { mlirOperationClone(op.0) });
                    for (k, operand) in clone.operands().into_iter().enumerate() {
                        if let Some(v) = mapping.get(&(operand.0.ptr as *mut _)) {
                            clone.set_operand(k, *v);
                        }
                    }
                    unsafe {
                        if first.ptr.is_null() {
                            mlirBlockAppendOwnedOperation(block, clone.0);
                        } else {
                            mlirBlockInsertOwnedOperationBefore(block, first, clone.0);
                        }
                    }
                    for (old, new) in op.results().into_iter().zip(clone.results()) {
                        mapping.insert(old.0.ptr as *mut _, new);
                    }
                }
                let remat = mapping.get(&(capture.0.ptr as *mut _)).copied().unwrap_or(capture);
                let arg = block_arguments(block)[i];
                unsafe { mlirValueReplaceAllUsesOfWith(arg.0, remat.0) };
            }
        }
        if keep.iter().all(|k| *k) {
            continue;
        }
        let kept: Vec<Val> = captures.iter().zip(&keep).filter(|(_, k)| **k).map(|(v, _)| *v).collect();
        holder.set_operands(&kept);
        for r in 0..holder.num_regions() {
            let block = front(holder.region(r));
            for i in (0..keep.len()).rev() {
                if !keep[i] {
                    unsafe { mlirBlockEraseArgument(block, i as u32) };
                }
            }
        }
    }
    Ok(())
}

// --------------------------------------------------------------------------
// --------------------------------------------------------------------------
// 2-3. The kernel
// --------------------------------------------------------------------------

/// Step 3 for the partitions of one op: captures loaded, barriers, register
/// moves, `ttg.warp_return` → back to the switch loop.
fn rewrite_partition_regions(ws: Op, switch_loop: MlirBlock, target: &dyn WarpSpecializeTarget) -> Result<(), Failure> {
    let holder = partitions_op(ws)?;
    for r in 0..holder.num_regions() {
        let block = front(holder.region(r));
        let args = block_arguments(block);
        let offset = if args.is_empty() { 0 } else { allocation_offset(ws)? };
        let loaded = emit_at_start(ws, block, |e| {
            target.reallocate(e, Some(ws), Realloc::WorkerStart(r));
            let mut loaded = Vec::new();
            if !args.is_empty() {
                let types: Vec<Ty> = args.iter().map(|a| a.ty()).collect();
                let st = capture_struct(e.ctx, &types);
                let base = shared_base(e, offset);
                for (i, a) in args.iter().enumerate() {
                    let ptr = const_gep(e, base, st, &[0, i as i32]);
                    loaded.push(e.load_aligned(ptr, a.ty(), 1));
                }
            }
            target.all_barrier(e);
            loaded
        });
        for (a, v) in args.iter().zip(&loaded) {
            unsafe { mlirValueReplaceAllUsesOfWith(a.0, v.0) };
        }
        for i in (0..args.len()).rev() {
            unsafe { mlirBlockEraseArgument(block, i as u32) };
        }
        let returns: Vec<Op> =
            region_blocks(holder.region(r)).into_iter().flat_map(block_ops).flat_map(|o| std::iter::once(o).chain(o.nested_ops())).filter(|o| o.name() == "ttg.warp_return").collect();
        for ret in returns {
            emit_before(ret, |e| {
                target.all_barrier(e);
                target.reallocate(e, Some(ws), Realloc::WorkerEnd(r));
                e.br(switch_loop, &[]);
            });
            unsafe { mlirOperationDestroy(ret.0) };
        }
    }
    Ok(())
}

/// Moves every block of `region` after `anchor` (in order), returning the
/// last block moved (or `anchor`).
fn splice_after(func_region: MlirRegion, anchor: MlirBlock, region: MlirRegion) -> MlirBlock {
    let mut last = anchor;
    for block in region_blocks(region) {
        unsafe {
            mlirBlockDetach(block);
            mlirRegionInsertOwnedBlockAfter(func_region, last, block);
        }
        last = block;
    }
    last
}

/// Splits `op`'s block before `op`: `op` and what follows move to a new
/// block right after it, which is returned.
fn split_before(func_region: MlirRegion, op: Op) -> MlirBlock {
    let before = op.block().expect("an op in a block");
    let after = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    unsafe { mlirRegionInsertOwnedBlockAfter(func_region, before, after) };
    let mut cur = Some(op);
    while let Some(o) = cur {
        cur = o.next();
        unsafe {
            mlirOperationRemoveFromParent(o.0);
            mlirBlockAppendOwnedOperation(after, o.0);
        }
    }
    after
}

/// The warps of the default partition (the function's or module's
/// `ttg.num-warps`) and of the whole kernel (the module's
/// `ttg.total-num-warps`).
pub fn warp_counts(module: Op, func: Op) -> Result<(i64, i64), Failure> {
    let default_warps = func.inherited_int("ttg.num-warps").ok_or((func, "missing 'ttg.num-warps'".to_string()))?;
    let total_warps = module
        .attr("ttg.total-num-warps")
        .and_then(|a| a.int())
        .ok_or((module, "module missing 'ttg.total-num-warps' attribute".to_string()))?;
    Ok((default_warps, total_warps))
}

/// Steps 2 and 3 for one kernel (`func`, an `llvm.func` with
/// `ttg.warp_specialize` ops).
pub fn lower_kernel(module: Op, func: Op, target: &dyn WarpSpecializeTarget) -> Result<(), Failure> {
    let ws_list = ws_ops(func);
    let (default_warps, total_warps) = warp_counts(module, func)?;
    let func_offset = allocation_offset(func)?;
    elide_trivial_captures(func, &ws_list)?;

    let ctx = func.context();
    let region = func.region(0);
    let entry = front(region);
    // The header and the switch loop, before the old entry.
    let entry_args = block_arguments(entry);
    let types: Vec<MlirType> = entry_args.iter().map(|a| a.ty().0).collect();
    let locs: Vec<MlirLocation> = entry_args.iter().map(|a| unsafe { mlirValueGetLocation(a.0) }).collect();
    let header = unsafe { mlirBlockCreate(types.len() as isize, types.as_ptr(), locs.as_ptr()) };
    let switch_loop = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    unsafe {
        mlirRegionInsertOwnedBlockBefore(region, entry, header);
        mlirRegionInsertOwnedBlockBefore(region, entry, switch_loop);
    }
    let wid = emit_at(ctx, func.location(), header, None, |e| {
        let wid = target.warp_id(e);
        let limit = e.i32_const(default_warps);
        let is_default = e.icmp(ICmp::Ult, wid, limit);
        e.cond_br(is_default, entry, &[], switch_loop, &[]);
        wid
    });
    for (new, old) in block_arguments(header).into_iter().zip(&entry_args) {
        unsafe { mlirValueReplaceAllUsesOfWith(old.0, new.0) };
    }
    for i in (0..entry_args.len()).rev() {
        unsafe { mlirBlockEraseArgument(entry, i as u32) };
    }
    emit_at_start(func, entry, |e| target.reallocate(e, None, Realloc::KernelEntry));
    let state = emit_at(ctx, func.location(), switch_loop, None, |e| {
        target.reallocate(e, None, Realloc::SwitchLoop);
        target.all_barrier(e);
        let base = shared_base(e, func_offset);
        let limit = e.i32_const(default_warps);
        let relative = e.sub(wid, limit);
        let i8t = e.int_ty(8);
        let ptr = e.gep(base, i8t, relative);
        e.load(ptr, i8t)
    });

    // The partitions, their states and each op's state of every worker warp.
    let workers = (total_warps - default_warps).max(0) as usize;
    let mut partition_regions: Vec<MlirRegion> = Vec::new();
    let mut state_maps: Vec<Vec<i64>> = Vec::new();
    for &ws in &ws_list {
        rewrite_partition_regions(ws, switch_loop, target)?;
        let holder = partitions_op(ws)?;
        let sizes = i32_array(ws, "partitionNumWarps")?;
        let starts = i32_array(ws, "warpGroupStartIds")?;
        let mut map = vec![-1i64; workers];
        for r in 0..holder.num_regions() {
            let state = partition_regions.len() as i64;
            partition_regions.push(holder.region(r));
            let (start, size) = (starts.get(r).copied().unwrap_or(0), sizes.get(r).copied().unwrap_or(0));
            let first = start - default_warps;
            if first < 0 || first + size > workers as i64 {
                return Err((ws, format!("partition {r}'s warps [{start}, {}) are outside the worker warps [{default_warps}, {total_warps})", start + size)));
            }
            for w in first..first + size {
                map[w as usize] = state;
            }
        }
        state_maps.push(map);
    }
    let exit_state = partition_regions.len() as i64;
    if exit_state > u8::MAX as i64 {
        return Err((func, "too many warp group partitions".into()));
    }
    let partition_blocks: Vec<MlirBlock> = partition_regions.iter().map(|r| front(*r)).collect();
    let mut last = switch_loop;
    for r in &partition_regions {
        last = splice_after(region, last, *r);
    }
    let _ = last;
    // The idle state's block and the exit.
    let idle = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    let exit = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    unsafe {
        mlirRegionInsertOwnedBlockAfter(region, switch_loop, idle);
        mlirRegionInsertOwnedBlockAfter(region, idle, exit);
    }
    emit_at(ctx, func.location(), idle, None, |e| {
        target.all_barrier(e);
        target.all_barrier(e);
        let annotation = e.attr("#llvm.loop_annotation<licm = <disable = true>>");
        e.branch_op("llvm.br", &[], &[switch_loop], &[("loop_annotation", annotation)]);
    });
    emit_at(ctx, func.location(), switch_loop, None, |e| {
        let mut targets = vec![idle];
        targets.extend(&partition_blocks);
        targets.push(exit);
        let values: Vec<String> = (0..=exit_state).map(|s| s.to_string()).collect();
        let cases = e.attr(&format!("dense<[{}]> : vector<{}xi8>", values.join(", "), values.len()));
        let case_segments = e.i32_array_attr(&vec![0; values.len()]);
        let segments = e.i32_array_attr(&[1, 0, 0]);
        e.branch_op(
            "llvm.switch",
            &[state],
            &targets,
            &[("case_values", cases), ("case_operand_segments", case_segments), ("operandSegmentSizes", segments)],
        );
    });

    // Step 4: the default warps around each op.
    for (&ws, map) in ws_list.iter().zip(&state_maps) {
        let before = ws.block().expect("an op in a block");
        let after = split_before(region, ws);
        let holder = partitions_op(ws)?;
        let captures = holder.operands();
        let capture_offset = if captures.is_empty() { 0 } else { allocation_offset(ws)? };
        let default_front = front(ws.region(0));
        emit_at(ctx, ws.location(), before, None, |e| {
            let base = shared_base(e, func_offset);
            let i8t = e.int_ty(8);
            for (j, state) in map.iter().enumerate() {
                let value = e.const_int(i8t, *state);
                let ptr = const_gep(e, base, i8t, &[j as i32]);
                e.store(value, ptr);
            }
            if !captures.is_empty() {
                let types: Vec<Ty> = captures.iter().map(|c| c.ty()).collect();
                let st = capture_struct(e.ctx, &types);
                let base = shared_base(e, capture_offset);
                for (j, c) in captures.iter().enumerate() {
                    let ptr = const_gep(e, base, st, &[0, j as i32]);
                    e.store_aligned(*c, ptr, 1);
                }
            }
            target.all_barrier(e);
            target.reallocate(e, Some(ws), Realloc::DefaultStart);
            target.all_barrier(e);
            e.br(default_front, &[]);
        });
        let yields: Vec<Op> = region_blocks(ws.region(0))
            .into_iter()
            .flat_map(block_ops)
            .flat_map(|o| std::iter::once(o).chain(o.nested_ops()))
            .filter(|o| o.name() == "ttg.warp_yield")
            .collect();
        for y in yields {
            let values = y.operands();
            emit_before(y, |e| {
                target.all_barrier(e);
                target.reallocate(e, Some(ws), Realloc::DefaultEnd);
                e.br(after, &values);
            });
            unsafe { mlirOperationDestroy(y.0) };
        }
        // The default region's blocks go between `before` and `after`.
        let mut last = before;
        for block in region_blocks(ws.region(0)) {
            unsafe {
                mlirBlockDetach(block);
                mlirRegionInsertOwnedBlockAfter(region, last, block);
            }
            last = block;
        }
        for result in ws.results() {
            let arg = unsafe { mlirBlockAddArgument(after, result.ty().0, ws.location()) };
            unsafe { mlirValueReplaceAllUsesOfWith(result.0, arg) };
        }
        unsafe { mlirOperationDestroy(ws.0) };
    }

    // Every return first sends the worker warps to the exit.
    let returns: Vec<Op> = func.nested_ops().into_iter().filter(|o| o.name() == "llvm.return").collect();
    for ret in returns {
        emit_before(ret, |e| {
            let base = shared_base(e, func_offset);
            let i8t = e.int_ty(8);
            let value = e.const_int(i8t, exit_state);
            for i in 0..workers {
                let ptr = const_gep(e, base, i8t, &[i as i32]);
                e.store(value, ptr);
            }
            target.all_barrier(e);
        });
    }
    emit_at(ctx, func.location(), exit, None, |e| e.ret(None));
    Ok(())
}

