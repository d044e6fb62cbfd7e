//! `convert-warp-specialize-to-llvm`, as Triton 3.9's NVIDIA pass: lowers
//! the `ttg.warp_specialize` ops left in a kernel after the ttg→LLVM
//! conversion (their regions already hold LLVM-dialect code) to one function
//! whose worker warps wait in a loop for the default warps to send them to a
//! partition.
//!
//! Algorithm:
//! 1. types: the captures, partition arguments and results of every
//!    `ttg.warp_specialize` get their LLVM types (`!tt.ptr` → `!llvm.ptr`)
//!    through unrealized casts, which `reconcile-unrealized-casts` then
//!    removes;
//! 2. barriers: in a module with a warp-specialized kernel (only kernels,
//!    external functions, may be), each warp group gets a hardware barrier:
//!    the default warps barrier 0, partition `i` barrier `i + 2` (at most 14
//!    partitions); operand-less `nvvm.barrier`s become `nvvm.barrier id =
//!    <barrier> number_of_threads = <threads of the group>`
//!    (`nvvm.bar.warp.sync` for one warp) and `nvg.warp_group_barrier_id`
//!    the barrier id. Every internal function (`ws_num_warps` = the warps of
//!    its caller's group) takes its caller's barrier id as an extra last
//!    argument and is renamed `<name>_ws`, as are the calls to it;
//! 3. per kernel with `ttg.warp_specialize` ops: `ttg.warp_id` in a
//!    partition becomes relative to its first warp; captures computed from
//!    kernel arguments by at most 16 pure ops are recomputed in each
//!    partition instead of being passed; then a header block sends warps
//!    below `ttg.num-warps` to the old entry and the others to a switch
//!    loop: barrier 1 with every thread, then each warp reads its state (one
//!    byte per worker warp at the kernel's `allocation.offset` in shared
//!    memory) and jumps to its partition (the partitions' blocks, which load
//!    their captures from the op's `allocation.offset`, meet barrier 1, run,
//!    meet barrier 1 again and loop back), to the exit, or (state -1, idle)
//!    back to the loop after the two barriers the default warps meet;
//! 4. each `ttg.warp_specialize` becomes: the default warps write every
//!    worker warp's state and the captures, meet barrier 1 twice (release,
//!    captures read), run the default region, meet barrier 1 once more and
//!    continue with its yielded values; every `llvm.return` first writes the
//!    exit state for all worker warps and meets barrier 1;
//! 5. registers, when the module has `ttg.maxnreg` and no
//!    `ttg.warp_specialize` carries `tti.disable_setmaxregister`: the worker
//!    warps drop to a low count in the switch loop (24, or more when the
//!    default warps would pass 256) and the default warps rise to what the
//!    workers gave up; a partition (the default region) moves between that
//!    count and its `actualRegisters` on entry and exit
//!    (`nvvm.setmaxregister`).
use mlir_sys::*;
use std::collections::{HashMap, HashSet};
use tritium_conversions::ttg_to_llvm::emit::{Emitter, ICmp};
use tritium_conversions::ttg_to_llvm::SHARED_SYMBOL;
use tritium_dialects::ir::{block_arguments, block_ops, region_blocks, string_ref, str_of, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services;

/// The barrier of the default warps.
const DEFAULT_BARRIER: i64 = 0;
/// The barrier every thread meets around the switch loop.
const SWITCH_LOOP_BARRIER: i64 = 1;
/// Barriers reserved before the partitions' own.
const RESERVED_BARRIERS: i64 = 2;
/// Hardware barriers of a CTA.
const NUM_BARRIERS: i64 = 16;
/// Captures computed by more pure ops than this are passed, not recomputed.
const MAX_REMATERIALIZED_OPS: usize = 16;
/// The fewest registers a worker warp drops to.
const LOW_REGISTERS: i64 = 24;
/// The most registers per thread.
const MAX_REGISTERS: i64 = 256;
/// A `ttg.warp_specialize` attribute that turns register reallocation off
/// for the whole kernel.
const DISABLE_REALLOCATION: &str = "tti.disable_setmaxregister";
/// The attribute of an internal function giving the warps that run it.
const WS_NUM_WARPS: &str = "ws_num_warps";

/// A failure: the op to report it at and the message.
type Failure = (Op, String);

/// The pass (see the module documentation).
pub struct ConvertWarpSpecializeToLlvm;

impl Pass for ConvertWarpSpecializeToLlvm {
    fn argument(&self) -> &'static str {
        "convert-warp-specialize-to-llvm"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let report = |(op, message): Failure| emit_error(op, &format!("{}: {message}", self.argument()));
        convert_types(module).map_err(report)?;
        if !options.run_pipeline(module, "reconcile-unrealized-casts") {
            return Err(());
        }
        lower_barriers(module).map_err(report)?;
        let kernels: Vec<Op> = module_functions(module).into_iter().filter(|f| !ws_ops(*f).is_empty()).collect();
        for kernel in kernels {
            lower_kernel(module, kernel).map_err(report)?;
        }
        Ok(())
    }
}

// --------------------------------------------------------------------------
// IR helpers
// --------------------------------------------------------------------------

/// The `llvm.func`s of the module.
fn module_functions(module: Op) -> Vec<Op> {
    region_blocks(module.region(0)).into_iter().flat_map(block_ops).filter(|o| o.name() == "llvm.func").collect()
}

/// The `ttg.warp_specialize` ops nested in `op`, in program order.
fn ws_ops(op: Op) -> Vec<Op> {
    op.nested_ops().into_iter().filter(|o| o.name() == "ttg.warp_specialize").collect()
}

/// The `ttg.warp_specialize.partitions` op of a `ttg.warp_specialize`.
fn partitions_op(ws: Op) -> Result<Op, Failure> {
    region_blocks(ws.region(1))
        .first()
        .and_then(|b| block_ops(*b).into_iter().next())
        .ok_or((ws, "'ttg.warp_specialize' has no partitions".to_string()))
}

/// The entry block of `region`.
fn front(region: MlirRegion) -> MlirBlock {
    unsafe { mlirRegionGetFirstBlock(region) }
}

fn same_block(a: MlirBlock, b: MlirBlock) -> bool {
    unsafe { mlirBlockEqual(a, b) }
}

fn string_value(attr: Attr) -> String {
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
fn is_external(func: Op) -> bool {
    func.attr("linkage").is_none_or(|l| l.to_string() == "#llvm.linkage<external>")
}

fn int_attr(op: Op, name: &str) -> Result<i64, Failure> {
    op.attr(name).and_then(|a| a.int()).ok_or((op, format!("missing integer attribute '{name}'")))
}

fn i32_array(op: Op, name: &str) -> Result<Vec<i64>, Failure> {
    op.attr(name)
        .and_then(|a| a.i32_array())
        .map(|v| v.into_iter().map(i64::from).collect())
        .ok_or((op, format!("missing attribute '{name}'")))
}

/// Builds ops through an [`Emitter`] into a scratch block, then moves them
/// before `anchor` in `block` (to its end when `anchor` is None).
fn emit_at<T>(ctx: MlirContext, loc: MlirLocation, block: MlirBlock, anchor: Option<MlirOperation>, f: impl FnOnce(&mut Emitter) -> T) -> T {
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
fn emit_before<T>(op: Op, f: impl FnOnce(&mut Emitter) -> T) -> T {
    let block = op.block().expect("an op in a block");
    emit_at(op.context(), op.location(), block, Some(op.0), f)
}

/// [`emit_at`] at the start of `block`, before its current first op.
fn emit_at_start<T>(loc_op: Op, block: MlirBlock, f: impl FnOnce(&mut Emitter) -> T) -> T {
    let first = unsafe { mlirBlockGetFirstOperation(block) };
    let anchor = if first.ptr.is_null() { None } else { Some(first) };
    emit_at(loc_op.context(), loc_op.location(), block, anchor, f)
}

/// `llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(barrier 1)`: every
/// thread of the CTA meets the switch-loop barrier.
fn all_barrier(e: &mut Emitter) {
    let index = e.i32_const(SWITCH_LOOP_BARRIER);
    let intrin = e.str_attr("llvm.nvvm.barrier.cta.sync.all");
    let fastmath = e.attr("#llvm.fastmath<none>");
    let bundles = e.i32_array_attr(&[]);
    let segments = e.i32_array_attr(&[1, 0]);
    e.op(
        "llvm.call_intrinsic",
        &[index],
        &[],
        &[("intrin", intrin), ("fastmathFlags", fastmath), ("op_bundle_sizes", bundles), ("operandSegmentSizes", segments)],
    );
}

/// The barrier of a warp group of `threads` threads with id `handle`
/// (`nvvm.bar.warp.sync` for one warp).
fn group_barrier(e: &mut Emitter, handle: Val, threads: i64) {
    if threads == 32 {
        let mask = e.i32_const(-1);
        e.op("nvvm.bar.warp.sync", &[mask], &[], &[]);
    } else {
        let count = e.i32_const(threads);
        let segments = e.i32_array_attr(&[1, 1, 0]);
        e.op("nvvm.barrier", &[handle, count], &[], &[("operandSegmentSizes", segments)]);
    }
}

/// `nvvm.setmaxregister` from `current` to `target` registers (both capped
/// at 256; equal counts increase).
fn reallocate(e: &mut Emitter, current: i64, target: i64) {
    let (current, target) = (current.min(MAX_REGISTERS), target.min(MAX_REGISTERS));
    let action = if target < current { "decrease" } else { "increase" };
    let action = e.attr(&format!("#nvvm<action {action}>"));
    let count = e.int_attr(e.i32(), target);
    e.op("nvvm.setmaxregister", &[], &[], &[("action", action), ("regCount", count)]);
}

/// `&global_smem[offset]` in bytes.
fn shared_base(e: &mut Emitter, offset: i64) -> Val {
    let index = e.i32_const(offset);
    let ptr = e.ptr_ty(3);
    let sym = e.attr(&format!("@{SHARED_SYMBOL}"));
    let base = e.val("llvm.mlir.addressof", &[], ptr, &[("global_name", sym)]);
    let i8t = e.int_ty(8);
    e.gep(base, i8t, index)
}

/// `getelementptr elem, ptr[indices...]` with constant indices.
fn const_gep(e: &mut Emitter, ptr: Val, elem: Ty, indices: &[i32]) -> Val {
    let elem = e.type_attr(elem);
    let raw = e.i32_array_attr(indices);
    e.val("llvm.getelementptr", &[ptr], ptr.ty(), &[("elem_type", elem), ("rawConstantIndices", raw)])
}

/// The packed struct the captures are passed in.
fn capture_struct(ctx: MlirContext, types: &[Ty]) -> Ty {
    let raw: Vec<MlirType> = types.iter().map(|t| t.0).collect();
    Ty(unsafe { mlirLLVMStructTypeLiteralGet(ctx, raw.len() as isize, raw.as_ptr(), true) })
}

/// The shared-memory offset an op's allocation starts at.
fn allocation_offset(op: Op) -> Result<i64, Failure> {
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
fn convert_types(module: Op) -> Result<(), Failure> {
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
// 2. Barriers
// --------------------------------------------------------------------------

/// An operand-less `nvvm.barrier` (all threads of the warp group).
fn is_group_barrier(op: Op) -> bool {
    op.name() == "nvvm.barrier" && op.num_operands() == 0
}

/// The name of an internal function when it is warp-specialized.
fn mangled(name: &str) -> String {
    format!("{name}_ws")
}

/// Rewrites one op of a warp group's code: a barrier, a barrier id, or a
/// call to an internal function. `handle` builds the group's barrier id
/// before an op.
fn lower_group_op(op: Op, threads: i64, inner: &HashSet<String>, handle: &dyn Fn(&mut Emitter) -> Val) {
    if is_group_barrier(op) {
        emit_before(op, |e| {
            let id = handle(e);
            group_barrier(e, id, threads);
        });
        unsafe { mlirOperationDestroy(op.0) };
    } else if op.name() == "nvg.warp_group_barrier_id" {
        let id = emit_before(op, |e| handle(e));
        unsafe {
            mlirValueReplaceAllUsesOfWith(op.result(0).0, id.0);
            mlirOperationDestroy(op.0);
        }
    } else if op.name() == "llvm.call" {
        let Some(callee) = op.attr("callee").map(string_value) else { return };
        if !inner.contains(&callee) {
            return;
        }
        let id = emit_before(op, |e| handle(e));
        append_call_operand(op, &mangled(&callee), id);
    }
}

/// Renames the callee of an `llvm.call` and appends `value` to its
/// arguments.
fn append_call_operand(call: Op, callee: &str, value: Val) {
    let mut operands = call.operands();
    let segments = call.attr("operandSegmentSizes").and_then(|a| a.i32_array()).unwrap_or_default();
    let args = segments.first().copied().unwrap_or(operands.len() as i32) as usize;
    operands.insert(args.min(operands.len()), value);
    let ctx = call.context();
    unsafe {
        let raw: Vec<MlirValue> = operands.iter().map(|v| v.0).collect();
        mlirOperationSetOperands(call.0, raw.len() as isize, raw.as_ptr());
        let sym = mlirFlatSymbolRefAttrGet(ctx, string_ref(callee));
        mlirOperationSetAttributeByName(call.0, string_ref("callee"), sym);
        if !segments.is_empty() {
            let mut seg = segments.clone();
            seg[0] += 1;
            let attr = mlirDenseI32ArrayGet(ctx, seg.len() as isize, seg.as_ptr());
            mlirOperationSetAttributeByName(call.0, string_ref("operandSegmentSizes"), attr);
        }
    }
}

/// The ops nested in `op`'s regions, outside `ttg.warp_specialize.partitions`
/// ops, in pre-order; `partitions` collects the skipped partitions ops.
fn ops_outside_partitions(op: Op, out: &mut Vec<Op>, partitions: &mut Vec<Op>) {
    for r in 0..op.num_regions() {
        for block in region_blocks(op.region(r)) {
            for inner in block_ops(block) {
                if inner.name() == "ttg.warp_specialize.partitions" {
                    partitions.push(inner);
                    continue;
                }
                out.push(inner);
                ops_outside_partitions(inner, out, partitions);
            }
        }
    }
}

/// Step 2 for one kernel.
fn lower_kernel_barriers(kernel: Op, inner: &HashSet<String>, threads_per_warp: i64) -> Result<(), Failure> {
    let default_warps = kernel.inherited_int("ttg.num-warps").ok_or((kernel, "missing 'ttg.num-warps'".to_string()))?;
    let mut ops = Vec::new();
    let mut holders = Vec::new();
    ops_outside_partitions(kernel, &mut ops, &mut holders);
    let default_handle = |e: &mut Emitter| e.i32_const(DEFAULT_BARRIER);
    for op in ops {
        lower_group_op(op, default_warps * threads_per_warp, inner, &default_handle);
    }
    for holder in holders {
        let ws = holder.parent().ok_or((holder, "a partitions op outside 'ttg.warp_specialize'".to_string()))?;
        let warps = i32_array(ws, "partitionNumWarps")?;
        for idx in 0..holder.num_regions() {
            let barrier = idx as i64 + RESERVED_BARRIERS;
            if barrier >= NUM_BARRIERS {
                return Err((kernel, format!("cannot support more than {} warp group partitions", NUM_BARRIERS - RESERVED_BARRIERS)));
            }
            let threads = warps.get(idx).copied().unwrap_or(0) * threads_per_warp;
            let handle = move |e: &mut Emitter| e.i32_const(barrier);
            let region_ops: Vec<Op> =
                region_blocks(holder.region(idx)).into_iter().flat_map(block_ops).flat_map(|o| std::iter::once(o).chain(o.nested_ops())).collect();
            for op in region_ops {
                lower_group_op(op, threads, inner, &handle);
            }
        }
    }
    Ok(())
}

/// Step 2 for one internal function: the barrier id becomes its last
/// argument and its name `<name>_ws`.
fn lower_inner_function_barriers(func: Op, inner: &HashSet<String>, threads_per_warp: i64) -> Result<(), Failure> {
    let ctx = func.context();
    let fty = func.attr("function_type").ok_or((func, "missing 'function_type'".to_string()))?;
    let i32t = Ty::int(ctx, 32);
    unsafe {
        let ty = mlirTypeAttrGetValue(fty.0);
        let n = mlirLLVMFunctionTypeGetNumInputs(ty);
        let mut params: Vec<MlirType> = (0..n).map(|i| mlirLLVMFunctionTypeGetInput(ty, i)).collect();
        params.push(i32t.0);
        let result = mlirLLVMFunctionTypeGetReturnType(ty);
        let var_arg = fty.to_string().contains("...");
        let new_ty = mlirLLVMFunctionTypeGet(result, params.len() as isize, params.as_ptr(), var_arg);
        mlirOperationSetAttributeByName(func.0, string_ref("function_type"), mlirTypeAttrGet(new_ty));
    }
    let body = front(func.region(0));
    let handle = Val(unsafe { mlirBlockAddArgument(body, i32t.0, func.location()) });
    let name = func.attr("sym_name").map(string_value).unwrap_or_default();
    unsafe {
        mlirOperationSetAttributeByName(func.0, string_ref("sym_name"), mlirStringAttrGet(ctx, string_ref(&mangled(&name))));
    }
    if let Some(arg_attrs) = func.attr("arg_attrs") {
        unsafe {
            let n = mlirArrayAttrGetNumElements(arg_attrs.0);
            let mut elems: Vec<MlirAttribute> = (0..n).map(|i| mlirArrayAttrGetElement(arg_attrs.0, i)).collect();
            elems.push(mlirDictionaryAttrGet(ctx, 0, std::ptr::null()));
            let new = mlirArrayAttrGet(ctx, elems.len() as isize, elems.as_ptr());
            mlirOperationSetAttributeByName(func.0, string_ref("arg_attrs"), new);
        }
    }
    let warps = func
        .attr(WS_NUM_WARPS)
        .and_then(|a| a.int())
        .ok_or((func, format!("function missing '{WS_NUM_WARPS}' attribute")))?;
    let id = move |_: &mut Emitter| handle;
    for op in func.nested_ops() {
        lower_group_op(op, warps * threads_per_warp, inner, &id);
    }
    Ok(())
}

/// Step 2.
fn lower_barriers(module: Op) -> Result<(), Failure> {
    let funcs = module_functions(module);
    let mut kernels = Vec::new();
    for &f in &funcs {
        if ws_ops(f).is_empty() {
            continue;
        }
        if !is_external(f) {
            return Err((f, "only top-level kernel functions can be warp-specialized".into()));
        }
        kernels.push(f);
    }
    if kernels.is_empty() {
        return Ok(());
    }
    let threads_per_warp = module.attr("ttg.threads-per-warp").and_then(|a| a.int()).unwrap_or(32);
    let inner: HashSet<String> =
        funcs.iter().filter(|f| !is_external(**f)).filter_map(|f| f.attr("sym_name").map(string_value)).collect();
    for &k in &kernels {
        lower_kernel_barriers(k, &inner, threads_per_warp)?;
    }
    for &f in &funcs {
        if !is_external(f) {
            lower_inner_function_barriers(f, &inner, threads_per_warp)?;
        }
    }
    Ok(())
}

// --------------------------------------------------------------------------
// 3. Captures
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
fn elide_trivial_captures(func: Op, ws_ops: &[Op]) -> Result<(), Failure> {
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
// 3-5. The kernel
// --------------------------------------------------------------------------

/// Register counts of the reallocation (step 5): the module's `ttg.maxnreg`,
/// the worker warps' count in the switch loop and the default warps'.
#[derive(Clone, Copy)]
struct Registers {
    start: i64,
    low: i64,
    default: i64,
}

fn registers(module: Op, ws: &[Op], default_warps: i64, total_warps: i64) -> Option<Registers> {
    let start = module.attr("ttg.maxnreg").and_then(|a| a.int())?;
    if ws.iter().any(|op| op.attr(DISABLE_REALLOCATION).is_some()) {
        return None;
    }
    let workers = total_warps - default_warps;
    let mut low = LOW_REGISTERS;
    let extra = (start - low) * workers / default_warps;
    let mut default = (start + extra) / 8 * 8;
    if default > MAX_REGISTERS {
        default = MAX_REGISTERS;
        let give = if workers > 0 { (default - start) * default_warps / workers } else { 0 };
        low = (start - give) / 8 * 8;
    }
    Some(Registers { start, low, default })
}

/// `actualRegisters` of a `ttg.warp_specialize`, when reallocating.
fn actual_registers(ws: Op, regs: Option<Registers>) -> Option<Vec<i64>> {
    regs?;
    ws.attr("actualRegisters").and_then(|a| a.i32_array()).map(|v| v.into_iter().map(i64::from).collect())
}

/// `ttg.warp_id` in a partition becomes relative to the partition's first
/// warp.
fn relative_warp_ids(ws: Op) -> Result<(), Failure> {
    let holder = partitions_op(ws)?;
    let starts = i32_array(ws, "warpGroupStartIds")?;
    for r in 0..holder.num_regions() {
        let start = starts.get(r).copied().ok_or((ws, format!("no warp-group start id for partition {r}")))?;
        let ids: Vec<Op> =
            region_blocks(holder.region(r)).into_iter().flat_map(block_ops).flat_map(|o| std::iter::once(o).chain(o.nested_ops())).filter(|o| o.name() == "ttg.warp_id").collect();
        for id in ids {
            let next = id.next().ok_or((id, "'ttg.warp_id' at the end of a block".to_string()))?;
            let uses = id.result(0).uses();
            let relative = emit_before(next, |e| {
                let c = e.i32_const(start);
                e.sub(id.result(0), c)
            });
            for (user, index) in uses {
                user.set_operand(index, relative);
            }
        }
    }
    Ok(())
}

/// Step 3 for the partitions of one op: captures loaded, barriers, register
/// moves, `ttg.warp_return` → back to the switch loop.
fn rewrite_partition_regions(ws: Op, switch_loop: MlirBlock, regs: Option<Registers>) -> Result<(), Failure> {
    let holder = partitions_op(ws)?;
    let actual = actual_registers(ws, regs);
    for r in 0..holder.num_regions() {
        let block = front(holder.region(r));
        let args = block_arguments(block);
        let offset = if args.is_empty() { 0 } else { allocation_offset(ws)? };
        let loaded = emit_at_start(ws, block, |e| {
            if let (Some(regs), Some(actual)) = (regs, &actual) {
                reallocate(e, regs.low, actual.get(r + 1).copied().unwrap_or(regs.low));
            }
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
            all_barrier(e);
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
                all_barrier(e);
                if let (Some(regs), Some(actual)) = (regs, &actual) {
                    reallocate(e, actual.get(r + 1).copied().unwrap_or(regs.low), regs.low);
                }
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

/// Steps 3 to 5 for one kernel.
fn lower_kernel(module: Op, func: Op) -> Result<(), Failure> {
    let ws_list = ws_ops(func);
    let threads_per_warp = module.attr("ttg.threads-per-warp").and_then(|a| a.int()).unwrap_or(32);
    let default_warps = func.inherited_int("ttg.num-warps").ok_or((func, "missing 'ttg.num-warps'".to_string()))?;
    let total_warps = module
        .attr("ttg.total-num-warps")
        .and_then(|a| a.int())
        .ok_or((module, "module missing 'ttg.total-num-warps' attribute".to_string()))?;
    let regs = registers(module, &ws_list, default_warps, total_warps);
    let func_offset = allocation_offset(func)?;
    for &ws in &ws_list {
        relative_warp_ids(ws)?;
    }
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
        let i32t = e.i32();
        let tid = e.val("nvvm.read.ptx.sreg.tid.x", &[], i32t, &[]);
        let warp = e.i32_const(threads_per_warp);
        let wid = e.binary("llvm.udiv", tid, warp);
        // Warp-uniform for ptxas: a shuffle from lane 0.
        let lane = e.i32_const(0);
        let clamp = e.i32_const(31);
        let mask = e.i32_const(-1);
        let kind = e.attr("#nvvm<shfl_kind idx>");
        let wid = e.val("nvvm.shfl.sync", &[mask, wid, lane, clamp], i32t, &[("kind", kind)]);
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
    if let Some(regs) = regs {
        emit_at_start(func, entry, |e| reallocate(e, regs.start, regs.default));
    }
    let state = emit_at(ctx, func.location(), switch_loop, None, |e| {
        if let Some(regs) = regs {
            reallocate(e, regs.start, regs.low);
        }
        all_barrier(e);
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
        rewrite_partition_regions(ws, switch_loop, regs)?;
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
        all_barrier(e);
        all_barrier(e);
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
        let actual = actual_registers(ws, regs);
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
            all_barrier(e);
            if let (Some(regs), Some(actual)) = (regs, &actual) {
                reallocate(e, regs.default, actual[0]);
            }
            all_barrier(e);
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
                all_barrier(e);
                if let (Some(regs), Some(actual)) = (regs, &actual) {
                    reallocate(e, actual[0], regs.default);
                }
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
            all_barrier(e);
        });
    }
    emit_at(ctx, func.location(), exit, None, |e| e.ret(None));
    Ok(())
}
