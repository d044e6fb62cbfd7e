//! `convert-warp-specialize-to-llvm`, as Triton 3.9's NVIDIA pass: lowers
//! the `ttg.warp_specialize` ops left in a kernel after the ttg→LLVM
//! conversion (their regions already hold LLVM-dialect code) to one function
//! whose worker warps wait in a loop for the default warps to send them to a
//! partition. The target-independent steps (types, recomputed captures, the
//! switch loop, the states and captures in shared memory) are
//! `tritium_conversions::warp_specialize`; this pass gives them NVIDIA's
//! warp id, barriers and register moves.
//!
//! Algorithm:
//! 1. types: `warp_specialize::prepare`;
//! 2. barriers: in a module with a warp-specialized kernel (only kernels,
//!    external functions, may be), each warp group gets a hardware barrier:
//!    the default warps barrier 0, partition `i` barrier `i + 2` (at most 14
//!    partitions); operand-less `nvvm.barrier`s become `nvvm.barrier id =
//!    <barrier> number_of_threads = <threads of the group>`
//!    (`nvvm.bar.warp.sync` for one warp) and `nvg.warp_group_barrier_id`
//!    the barrier id. Every internal function (`ws_num_warps` = the warps of
//!    its caller's group) takes its caller's barrier id as an extra last
//!    argument and is renamed `<name>_ws`, as are the calls to it;
//! 3. per kernel: `ttg.warp_id` in a partition becomes relative to its first
//!    warp, then `warp_specialize::lower_kernel` with the warp id
//!    `tid.x / 32` made warp-uniform by a shuffle from lane 0 and barrier 1
//!    (`llvm.nvvm.barrier.cta.sync.all`) around the switch loop;
//! 4. registers, when the module has `ttg.maxnreg` and no
//!    `ttg.warp_specialize` carries `tti.disable_setmaxregister`: the worker
//!    warps drop to a low count in the switch loop (24, or more when the
//!    default warps would pass 256) and the default warps rise to what the
//!    workers gave up; a partition (the default region) moves between that
//!    count and its `actualRegisters` on entry and exit
//!    (`nvvm.setmaxregister`).
use std::collections::HashSet;
use tritium_conversions::ttg_to_llvm::emit::Emitter;
use tritium_conversions::warp_specialize::{
    self as ws, emit_before, front, i32_array, is_external, module_functions, partitions_op, string_value, ws_ops, Failure,
    Realloc, WarpSpecializeTarget,
};
use mlir_sys::*;
use tritium_dialects::ir::{block_ops, region_blocks, string_ref, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The barrier of the default warps.
const DEFAULT_BARRIER: i64 = 0;
/// The barrier every thread meets around the switch loop.
const SWITCH_LOOP_BARRIER: i64 = 1;
/// Barriers reserved before the partitions' own.
const RESERVED_BARRIERS: i64 = 2;
/// Hardware barriers of a CTA.
const NUM_BARRIERS: i64 = 16;
/// The fewest registers a worker warp drops to.
const LOW_REGISTERS: i64 = 24;
/// The most registers per thread.
const MAX_REGISTERS: i64 = 256;
/// A `ttg.warp_specialize` attribute that turns register reallocation off
/// for the whole kernel.
const DISABLE_REALLOCATION: &str = "tti.disable_setmaxregister";
/// The attribute of an internal function giving the warps that run it.
const WS_NUM_WARPS: &str = "ws_num_warps";

/// The pass (see the module documentation).
pub struct ConvertWarpSpecializeToLlvm;

impl Pass for ConvertWarpSpecializeToLlvm {
    fn argument(&self) -> &'static str {
        "convert-warp-specialize-to-llvm"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let report = |(op, message): Failure| emit_error(op, &format!("{}: {message}", self.argument()));
        ws::prepare(module, options).map_err(|f| {
            if let Some(f) = f {
                report(f)
            }
        })?;
        lower_barriers(module).map_err(report)?;
        let kernels: Vec<Op> = module_functions(module).into_iter().filter(|f| !ws_ops(*f).is_empty()).collect();
        for kernel in kernels {
            lower_kernel(module, kernel).map_err(report)?;
        }
        Ok(())
    }
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
// 3-4. The kernel
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

/// NVIDIA's part of the lowering of one kernel.
struct Nvidia {
    threads_per_warp: i64,
    registers: Option<Registers>,
}

impl WarpSpecializeTarget for Nvidia {
    fn warp_id(&self, e: &mut Emitter) -> Val {
        let i32t = e.i32();
        let tid = e.val("nvvm.read.ptx.sreg.tid.x", &[], i32t, &[]);
        let warp = e.i32_const(self.threads_per_warp);
        let wid = e.binary("llvm.udiv", tid, warp);
        // Warp-uniform for ptxas: a shuffle from lane 0.
        let lane = e.i32_const(0);
        let clamp = e.i32_const(31);
        let mask = e.i32_const(-1);
        let kind = e.attr("#nvvm<shfl_kind idx>");
        e.val("nvvm.shfl.sync", &[mask, wid, lane, clamp], i32t, &[("kind", kind)])
    }
    fn all_barrier(&self, e: &mut Emitter) {
        all_barrier(e);
    }
    fn reallocate(&self, e: &mut Emitter, op: Option<Op>, at: Realloc) {
        let Some(regs) = self.registers else { return };
        let actual = op.and_then(|o| o.attr("actualRegisters")).and_then(|a| a.i32_array());
        let actual = |i: usize| actual.as_ref().and_then(|v| v.get(i).copied()).map(i64::from);
        let (from, to) = match at {
            Realloc::KernelEntry => (regs.start, regs.default),
            Realloc::SwitchLoop => (regs.start, regs.low),
            Realloc::WorkerStart(r) => match actual(r + 1) {
                Some(n) => (regs.low, n),
                None => return,
            },
            Realloc::WorkerEnd(r) => match actual(r + 1) {
                Some(n) => (n, regs.low),
                None => return,
            },
            Realloc::DefaultStart => match actual(0) {
                Some(n) => (regs.default, n),
                None => return,
            },
            Realloc::DefaultEnd => match actual(0) {
                Some(n) => (n, regs.default),
                None => return,
            },
        };
        reallocate(e, from, to);
    }
}

/// Steps 3 and 4 for one kernel.
fn lower_kernel(module: Op, func: Op) -> Result<(), Failure> {
    let ops = ws_ops(func);
    let (default_warps, total_warps) = ws::warp_counts(module, func)?;
    let threads_per_warp = module.attr("ttg.threads-per-warp").and_then(|a| a.int()).unwrap_or(32);
    let registers = registers(module, &ops, default_warps, total_warps);
    for &op in &ops {
        relative_warp_ids(op)?;
    }
    ws::lower_kernel(module, func, &Nvidia { threads_per_warp, registers })
}
