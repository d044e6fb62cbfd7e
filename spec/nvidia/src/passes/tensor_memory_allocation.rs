//! `triton-tensor-memory-allocation`: gives every `ttng.tmem_alloc` its
//! place in tensor memory (Blackwell TMEM: 128 lanes of 512 32-bit
//! columns per CTA) and records the kernel's total, as Triton 3.9's
//! `TensorMemoryAllocation`.
//!
//! Algorithm:
//! 1. Number the ops of the module in post-order; collect the allocations
//!    in that order. An MMA whose A operand lives in tensor memory in 64
//!    lanes ties A's allocation and its accumulator's to the same lanes.
//! 2. The live interval of an allocation: from its op to the last op (in
//!    the allocation's block, one past it) using it or a view of it.
//! 3. Linear scan, first fit: each allocation frees the chunks whose
//!    interval ended at its start, then takes the first free place (columns
//!    aligned to 4, then the half of the lanes, 64 each) of its size
//!    (Triton's `getTmemAllocSizes`), avoiding the chunks of allocations in
//!    other regions of the same `ttg.warp_specialize` (they run at the same
//!    time); `tensor_memory_col_offset` and `tensor_memory_row_offset`
//!    (16 per half) record it.
//! 4. `ttg.tensor_memory_size` on the module: the end of the last column
//!    used, rounded up to 32, 64, 128, 256 or 512 (kept above 512, which
//!    the driver reports as out of resources).
use std::collections::HashMap;

use tritium_dialects::ir::{Op, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

use crate::ttng::tmem_alloc_size;
use tritium_passes::analysis::i32_attr;
use tritium_passes::pipeliner::{ancestor_in_block, arg_number, walk_post};

const ALLOC: &str = "ttng.tmem_alloc";
/// The ops that view (part of) a buffer.
const VIEWS: &[&str] = &[
    "ttg.memdesc_index",
    "ttg.memdesc_subslice",
    "ttng.tmem_subslice",
    "ttg.memdesc_reinterpret",
    "ttg.memdesc_reshape",
    "ttg.memdesc_trans",
];

/// The pass.
pub struct TensorMemoryAllocation;

impl Pass for TensorMemoryAllocation {
    fn argument(&self) -> &'static str {
        "triton-tensor-memory-allocation"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let total = allocate(module)?;
        let size = [0, 32, 64, 128, 256, 512].into_iter().find(|&s| total <= s).unwrap_or(total);
        module.set_attr("ttg.tensor_memory_size", i32_attr(module.context(), size));
        // tcgen05.alloc writes the base address to shared memory.
        if total > 0 {
            let shared = module.attr("ttg.shared").and_then(|a| a.int()).unwrap_or(0);
            if shared < 4 {
                module.set_attr("ttg.shared", i32_attr(module.context(), 4));
            }
        }
        Ok(())
    }
}

/// A place in tensor memory: lane halves `[row, row + rows)`, columns
/// `[col, col + cols)`.
#[derive(Clone, Copy, Debug)]
struct Chunk {
    row: i64,
    col: i64,
    rows: i64,
    cols: i64,
}

impl Chunk {
    fn overlaps(&self, other: &Chunk) -> bool {
        self.row < other.row + other.rows
            && other.row < self.row + self.rows
            && self.col < other.col + other.cols
            && other.col < self.col + self.cols
    }
}

/// The number of 64-lane halves.
const HALVES: i64 = 2;

fn first_fit(used: &[Chunk], rows: i64, cols: i64, row_constraint: Option<i64>, align: i64) -> Chunk {
    let mut col = 0i64;
    loop {
        if col % align != 0 {
            col = (col / align + 1) * align;
        }
        for row in 0..=(HALVES - rows) {
            if row_constraint.is_some_and(|r| r != row) {
                continue;
            }
            let c = Chunk { row, col, rows, cols };
            if !used.iter().any(|u| u.overlaps(&c)) {
                return c;
            }
        }
        col += 1;
    }
}

/// The allocations a tensor-memory buffer value may come from (through
/// views, `arith.select`, branch arguments and `ttg.warp_specialize`
/// captures).
fn allocs_of(v: Val, out: &mut Vec<Op>, seen: &mut Vec<Val>) {
    if seen.iter().any(|s| s.same(v)) || seen.len() > 10_000 {
        return;
    }
    seen.push(v);
    match v.defining_op() {
        Some(def) if def.name() == ALLOC => {
            if !out.iter().any(|o| o.same(def)) {
                out.push(def);
            }
        }
        Some(def) if VIEWS.contains(&def.name()) => allocs_of(def.operand(0), out, seen),
        Some(def) if def.name() == "arith.select" => {
            allocs_of(def.operand(1), out, seen);
            allocs_of(def.operand(2), out, seen);
        }
        Some(_) => {}
        None => {
            let Some(block) = v.owner_block() else { return };
            let index = arg_number(v);
            let owner = Op(unsafe { mlir_sys::mlirBlockGetParentOperation(block) });
            if owner.0.ptr.is_null() {
                return;
            }
            if owner.name() == "ttg.warp_specialize.partitions" {
                if let Some(capture) = owner.operands().get(index) {
                    allocs_of(*capture, out, seen);
                }
                return;
            }
            // A block reached by branches: the values they pass.
            let region = unsafe { mlir_sys::mlirBlockGetParentRegion(block) };
            for b in tritium_dialects::ir::region_blocks(region) {
                let Some(term) = tritium_dialects::ir::block_terminator(b) else { continue };
                match term.name() {
                    "cf.br" => {
                        if successor(term, 0).is_some_and(|s| s.ptr == block.ptr) {
                            if let Some(x) = term.operands().get(index) {
                                allocs_of(*x, out, seen);
                            }
                        }
                    }
                    "cf.cond_br" => {
                        let sizes = term.attr("operandSegmentSizes").and_then(|a| a.i32_array()).unwrap_or_default();
                        if sizes.len() == 3 {
                            let (nt, nf) = (sizes[1] as usize, sizes[2] as usize);
                            let ops = term.operands();
                            if successor(term, 0).is_some_and(|s| s.ptr == block.ptr) && index < nt {
                                allocs_of(ops[1 + index], out, seen);
                            }
                            if successor(term, 1).is_some_and(|s| s.ptr == block.ptr) && index < nf {
                                allocs_of(ops[1 + nt + index], out, seen);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

fn successor(op: Op, i: isize) -> Option<mlir_sys::MlirBlock> {
    unsafe {
        if i >= mlir_sys::mlirOperationGetNumSuccessors(op.0) {
            return None;
        }
        Some(mlir_sys::mlirOperationGetSuccessor(op.0, i))
    }
}

/// The values a buffer is used through: itself and its views, recursively.
fn with_views(v: Val, out: &mut Vec<Val>) {
    out.push(v);
    for user in v.users() {
        if VIEWS.contains(&user.name()) && out.len() < 10_000 {
            with_views(user.result(0), out);
        }
    }
}

/// The ancestor of `op` (or `op`) in a block of `region`.
fn ancestor_in_region(op: Op, region: mlir_sys::MlirRegion) -> Option<Op> {
    let mut cur = op;
    loop {
        let b = cur.block()?;
        if unsafe { mlir_sys::mlirBlockGetParentRegion(b) }.ptr == region.ptr {
            return Some(cur);
        }
        cur = cur.parent()?;
    }
}

fn parent_ws(op: Op) -> Option<Op> {
    let mut cur = op.parent();
    while let Some(p) = cur {
        if p.name() == "ttg.warp_specialize" {
            return Some(p);
        }
        cur = p.parent();
    }
    None
}

fn same_region(a: Op, b: Op) -> bool {
    let ra = a.block().map(|b| unsafe { mlir_sys::mlirBlockGetParentRegion(b) }.ptr);
    let rb = b.block().map(|b| unsafe { mlir_sys::mlirBlockGetParentRegion(b) }.ptr);
    ra == rb
}

fn allocate(module: Op) -> Result<i64, ()> {
    let mut ops = Vec::new();
    walk_post(module, &mut ops);
    let id: HashMap<usize, usize> = ops.iter().enumerate().map(|(i, o)| (o.0.ptr as usize, i)).collect();
    let id_of = |o: Op| id.get(&(o.0.ptr as usize)).copied().unwrap_or(0) as i64;
    let allocs: Vec<Op> = ops.iter().copied().filter(|o| o.name() == ALLOC).collect();

    // Lane constraints: union-find over allocations.
    let mut leader: HashMap<usize, usize> = HashMap::new();
    fn find(leader: &mut HashMap<usize, usize>, x: usize) -> usize {
        let mut r = x;
        while let Some(&p) = leader.get(&r) {
            if p == r {
                break;
            }
            r = p;
        }
        r
    }
    for op in &ops {
        if !matches!(op.name(), "ttng.tc_gen5_mma" | "ttng.tc_gen5_mma_scaled") {
            continue;
        }
        let a = op.operand(0);
        if tritium_dialects::ttg::bridge::memdesc_of(a.ty())
            .is_none_or(|m| !m.encoding.to_string().starts_with("#ttng.tensor_memory_encoding"))
        {
            continue;
        }
        let Some((rows, _)) = tmem_alloc_size(a.ty()) else { continue };
        if rows != 64 {
            continue;
        }
        let mut all = Vec::new();
        allocs_of(a, &mut all, &mut Vec::new());
        allocs_of(op.operand(2), &mut all, &mut Vec::new());
        let keys: Vec<usize> = all.iter().map(|x| x.0.ptr as usize).collect();
        for &k in &keys {
            leader.entry(k).or_insert(k);
        }
        for w in keys.windows(2) {
            let (rx, ry) = (find(&mut leader, w[0]), find(&mut leader, w[1]));
            if rx != ry {
                leader.insert(rx, ry);
            }
        }
    }
    let mut row_of_set: HashMap<usize, i64> = HashMap::new();

    let mut total = 0i64;
    let mut live: Vec<(i64, Chunk)> = Vec::new();
    let mut placed: Vec<(Op, Chunk)> = Vec::new();
    for &alloc in &allocs {
        let Some((rows, cols)) = tmem_alloc_size(alloc.result(0).ty()) else {
            emit_error(alloc, "triton-tensor-memory-allocation: unsupported tensor-memory buffer type");
            return Err(());
        };
        let start = id_of(alloc);
        let mut end = start + 1;
        let block = alloc.block().expect("op in a block");
        let region = unsafe { mlir_sys::mlirBlockGetParentRegion(block) };
        let mut values = Vec::new();
        with_views(alloc.result(0), &mut values);
        for v in values {
            for user in v.users() {
                if let Some(anc) = ancestor_in_block(user, block) {
                    end = end.max(id_of(anc) + 1);
                } else if let Some(anc) = ancestor_in_region(user, region) {
                    // Used in another block of the region: live out of its
                    // own block, and into the user's.
                    end = end.max(id_of(anc) + 1);
                    if let Some(term) = tritium_dialects::ir::block_terminator(block) {
                        end = end.max(id_of(term) + 1);
                    }
                }
            }
        }
        let mut coexisting: Vec<Chunk> = Vec::new();
        if let Some(ws) = parent_ws(alloc) {
            for (prev, chunk) in &placed {
                if parent_ws(*prev).is_some_and(|p| p.same(ws)) && !same_region(*prev, alloc) {
                    coexisting.push(*chunk);
                }
            }
        }
        live.retain(|(e, _)| *e > start);
        let key = alloc.0.ptr as usize;
        let set = leader.contains_key(&key).then(|| find(&mut leader, key));
        let constraint = set.and_then(|s| row_of_set.get(&s).copied());
        let halves = (rows / 64).clamp(1, HALVES);
        let mut used: Vec<Chunk> = live.iter().map(|(_, c)| *c).collect();
        used.extend(coexisting);
        let chunk = first_fit(&used, halves, cols, constraint, 4);
        if let Some(s) = set {
            row_of_set.insert(s, chunk.row);
        }
        live.push((end, chunk));
        placed.push((alloc, chunk));
        let ctx = alloc.context();
        alloc.set_attr("tensor_memory_col_offset", i32_attr(ctx, chunk.col));
        alloc.set_attr("tensor_memory_row_offset", i32_attr(ctx, chunk.row * 16));
        total = total.max(chunk.col + cols);
    }
    Ok(total)
}
