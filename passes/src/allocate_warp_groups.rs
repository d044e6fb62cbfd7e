//! `tritongpu-allocate-warp-groups{instrumented}`, as Triton 3.9's pass:
//! places the partitions of every `ttg.warp_specialize` on warp groups and,
//! where the partitions ask for registers, divides the register file between
//! the default warps and the partitions.
//!
//! Algorithm:
//! 1. the widest `ttg.warp_specialize` (most partition warps) is rounded up
//!    to whole warp groups (4 warps); every `ttg.warp_specialize` is padded to
//!    that many warps with empty partitions of decreasing powers of two
//!    (each padding partition requests 16 registers when registers are
//!    requested), so that every warp can take part in a register exchange;
//! 2. the partitions get their first warp ids (`warpGroupStartIds`) from
//!    `ttg.num-warps` on, widest partition first (ties in partition order);
//!    the module gets `ttg.total-num-warps` = `ttg.num-warps` + the padded
//!    partition warps;
//! 3. when some `ttg.warp_specialize` has `requestedRegisters`, the registers
//!    per thread at launch are the module's `ttg.maxnreg`, else the register
//!    file (64K) over all threads, rounded down to 8. For each such op whose
//!    partition warps fill whole warp groups, each warp group (partitions by
//!    start id, a new group at each multiple of 4) gets the largest request
//!    of its partitions (at least 24, at least 32 where the partition prints
//!    or asserts or the kernel is instrumented, rounded up to 8); what the
//!    groups leave of the launch budget goes to the default warps (rounded
//!    down to 8). If that is at least 24 (32 for a default region that
//!    prints or asserts, or when instrumented), the op gets
//!    `actualRegisters` = [default, partition 0, ...] and the module
//!    `ttg.maxnreg` = the launch value;
//! 4. a function that is not a kernel (private) gets the warp-id offset 0
//!    (`ttg.warp-id-offset`) when it has none.
use mlir_sys::*;
use tritium_dialects::ir::{region_blocks, Attr, Op};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;

use crate::analysis::i32_attr;

/// The pass.
pub struct AllocateWarpGroups;

/// Warps in a warp group.
const WARP_GROUP: i64 = 4;
/// The fewest registers per thread a warp group can be given.
const MIN_REGISTERS: i64 = 24;
/// The fewest registers per thread of code that may call the device's
/// system functions (assert, print), or of an instrumented kernel.
const MIN_REGISTERS_FOR_SYSTEM_CALLS: i64 = 32;
/// Registers a padding partition (which does nothing) requests.
const PADDING_REGISTERS: i32 = 16;
/// Registers of the register file, shared by all threads of a CTA.
const REGISTER_FILE: i64 = 64 * 1024;

fn i32_array(context: MlirContext, values: &[i32]) -> Attr {
    Attr(unsafe { mlirDenseI32ArrayGet(context, values.len() as isize, values.as_ptr()) })
}

/// The `ttg.warp_specialize.partitions` op of a `ttg.warp_specialize`.
fn partitions_op(ws: Op) -> Option<Op> {
    let block = *region_blocks(ws.region(1)).first()?;
    tritium_dialects::ir::block_ops(block).into_iter().next()
}

/// The partition sizes of `ws` (`partitionNumWarps`).
fn partition_warps(ws: Op) -> Vec<i32> {
    ws.attr("partitionNumWarps").and_then(|a| a.i32_array()).unwrap_or_default()
}

/// Whether `region` contains a `tt.assert` or `tt.print`.
fn region_calls_system(region: MlirRegion) -> bool {
    region_blocks(region).into_iter().flat_map(tritium_dialects::ir::block_ops).any(|op| {
        matches!(op.name(), "tt.assert" | "tt.print")
            || op.nested_ops().iter().any(|o| matches!(o.name(), "tt.assert" | "tt.print"))
    })
}

/// The fewest registers `region` may run with, starting from `min`.
fn min_registers(region: MlirRegion, instrumented: bool, min: i64) -> i64 {
    if instrumented || region_calls_system(region) {
        min.max(MIN_REGISTERS_FOR_SYSTEM_CALLS)
    } else {
        min
    }
}

/// Step 1 for one op: pads `ws` with empty partitions up to `warps` warps.
fn pad(ws: Op, warps: i64) -> Result<(), String> {
    let mut sizes = partition_warps(ws);
    let mut missing = warps - sizes.iter().map(|&w| w as i64).sum::<i64>();
    let mut padding = Vec::new();
    while missing > 0 {
        // The largest power of two not above what is missing.
        let size = 1i64 << (63 - missing.leading_zeros());
        padding.push(size as i32);
        missing -= size;
    }
    if padding.is_empty() {
        return Ok(());
    }
    let old = partitions_op(ws).ok_or("'ttg.warp_specialize' has no partitions op")?;
    let context = ws.context();
    let captures = old.operands();
    let n = old.num_regions();
    let new = Rewriter::build(old.location(), old.name(), &captures, &[], &[], n + padding.len());
    unsafe {
        for r in 0..n {
            mlirRegionTakeBody(new.region(r), old.region(r));
        }
        for (k, _) in padding.iter().enumerate() {
            let types: Vec<MlirType> = captures.iter().map(|c| c.ty().0).collect();
            let locs: Vec<MlirLocation> = captures.iter().map(|_| ws.location()).collect();
            let block = mlirBlockCreate(types.len() as isize, types.as_ptr(), locs.as_ptr());
            mlirRegionAppendOwnedBlock(new.region(n + k), block);
            let ret = Rewriter::build(ws.location(), "ttg.warp_return", &[], &[], &[], 0);
            mlirBlockAppendOwnedOperation(block, ret.0);
        }
        let holder = old.block().ok_or("the partitions op has no block")?;
        mlirBlockInsertOwnedOperationBefore(holder, old.0, new.0);
        mlirOperationDestroy(old.0);
    }
    sizes.extend(&padding);
    ws.set_attr("partitionNumWarps", i32_array(context, &sizes));
    if let Some(mut requested) = ws.attr("requestedRegisters").and_then(|a| a.i32_array()) {
        requested.extend(std::iter::repeat(PADDING_REGISTERS).take(padding.len()));
        ws.set_attr("requestedRegisters", i32_array(context, &requested));
    }
    Ok(())
}

/// Step 2 for one op: the first warp of each partition.
fn assign_start_ids(ws: Op, base: i64) {
    let sizes = partition_warps(ws);
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by(|&a, &b| sizes[b].cmp(&sizes[a]));
    let mut start_ids = vec![0i32; sizes.len()];
    let mut next = base;
    for i in order {
        start_ids[i] = next as i32;
        next += sizes[i] as i64;
    }
    ws.set_attr("warpGroupStartIds", i32_array(ws.context(), &start_ids));
}

/// Step 3 for one op: `actualRegisters`, when the budget allows; returns
/// whether it was set.
fn allocate_registers(ws: Op, base: i64, threads_per_warp: i64, maxnreg: i64, instrumented: bool) -> bool {
    let Some(requested) = ws.attr("requestedRegisters").and_then(|a| a.i32_array()) else { return false };
    let sizes = partition_warps(ws);
    let start_ids = ws.attr("warpGroupStartIds").and_then(|a| a.i32_array()).unwrap_or_default();
    let total: i64 = sizes.iter().map(|&w| w as i64).sum();
    if total % WARP_GROUP != 0 {
        return false;
    }
    let Some(holder) = partitions_op(ws) else { return false };
    // (start id, partition index, registers, warps), by start id.
    let mut partitions: Vec<(i32, usize, i64, i64)> = Vec::new();
    for (i, ((&start, &req), &warps)) in start_ids.iter().zip(&requested).zip(&sizes).enumerate() {
        if i >= holder.num_regions() {
            break;
        }
        let regs = min_registers(holder.region(i), instrumented, (req as i64).max(MIN_REGISTERS));
        partitions.push((start, i, regs, warps as i64));
    }
    partitions.sort_by_key(|p| p.0);
    // Warp groups: (partitions, registers, warps).
    let mut groups: Vec<(Vec<usize>, i64, i64)> = Vec::new();
    for (start, index, regs, warps) in partitions {
        if start as i64 % WARP_GROUP == 0 || groups.is_empty() {
            groups.push((Vec::new(), 0, 0));
        }
        let group = groups.last_mut().unwrap();
        group.0.push(index);
        group.1 = group.1.max((regs + 7) / 8 * 8);
        group.2 += warps;
    }
    let mut budget = maxnreg * base * threads_per_warp;
    for (_, regs, warps) in &groups {
        budget += (maxnreg - regs) * warps * threads_per_warp;
    }
    if budget <= 0 {
        return false;
    }
    let leftover = budget / (base * threads_per_warp) / 8 * 8;
    if leftover < min_registers(ws.region(0), instrumented, MIN_REGISTERS) {
        return false;
    }
    let mut actual = vec![0i32; 1 + sizes.len()];
    actual[0] = leftover as i32;
    for (members, regs, _) in &groups {
        for &i in members {
            actual[1 + i] = *regs as i32;
        }
    }
    ws.set_attr("actualRegisters", i32_array(ws.context(), &actual));
    true
}

impl Pass for AllocateWarpGroups {
    fn argument(&self) -> &'static str {
        "tritongpu-allocate-warp-groups"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let instrumented = options.bool("instrumented", false);
        let Some(base) = module.attr("ttg.num-warps").and_then(|a| a.int()) else {
            emit_error(module, "tritongpu-allocate-warp-groups needs the module's 'ttg.num-warps'");
            return Err(());
        };
        let ops: Vec<Op> = module.nested_ops().into_iter().filter(|o| o.name() == "ttg.warp_specialize").collect();
        let widest = ops.iter().map(|&ws| partition_warps(ws).iter().map(|&w| w as i64).sum::<i64>()).max().unwrap_or(0);
        let groups = (widest + WARP_GROUP - 1) / WARP_GROUP;
        for &ws in &ops {
            if let Err(message) = pad(ws, groups * WARP_GROUP) {
                emit_error(ws, &format!("{}: {message}", self.argument()));
                return Err(());
            }
            assign_start_ids(ws, base);
        }
        let total = base + groups * WARP_GROUP;
        let context = module.context();
        module.set_attr("ttg.total-num-warps", i32_attr(context, total));

        if ops.iter().any(|ws| ws.attr("requestedRegisters").is_some()) {
            let threads_per_warp = module.attr("ttg.threads-per-warp").and_then(|a| a.int()).unwrap_or(32);
            let maxnreg = match module.attr("ttg.maxnreg").and_then(|a| a.int()) {
                Some(n) => n,
                None => REGISTER_FILE / total / threads_per_warp / 8 * 8,
            };
            for &ws in &ops {
                if allocate_registers(ws, base, threads_per_warp, maxnreg, instrumented) {
                    module.set_attr("ttg.maxnreg", i32_attr(context, maxnreg));
                }
            }
        }

        for func in crate::analysis::module_functions(module) {
            let private = func.attr("sym_visibility").is_some_and(|v| v.to_string().trim_matches('"') == "private");
            if private && func.attr("ttg.warp-id-offset").is_none() {
                func.set_attr("ttg.warp-id-offset", i32_attr(context, 0));
            }
        }
        Ok(())
    }
}
