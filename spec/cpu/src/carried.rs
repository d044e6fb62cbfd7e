//! Loop-carried pointer tensors that advance by uniform steps.
//!
//! Triton's loops carry their load addresses: `ptrs` starts as some pointer
//! tensor `V` before the loop and each iteration yields
//! `tt.addptr(ptrs, splat(step))`. Held in a buffer, such a block argument
//! costs a copy of the whole pointer tensor per iteration, and every load
//! through it is a gather. When every value a block argument receives is `V`
//! or itself advanced by splats (through chains of `tt.addptr` with a splat
//! or splat-constant offset), the argument is instead `V` (lazy, so loads
//! through it stay contiguous in LLVM's eyes) plus a scalar byte offset, an
//! `i64` block argument: a branch passes the sum of its chain's steps.
//!
//! Conditions: every predecessor ends in `cf.br` / `cf.cond_br`; `V` is the
//! same value on every entry, and it is defined in a block that dominates
//! the argument's block and comes before it in block order (so it is lowered
//! first and available everywhere the argument is).
use mlir_sys::*;
use std::collections::HashMap;
use tritium_dialects::ir::{block_arguments, block_ops, Op, Val};

/// A block argument held as `base` plus a byte offset.
#[derive(Clone, Copy)]
pub struct OffsetArg {
    /// `V`, the value the argument starts from.
    pub base: Val,
}

/// The `tt.addptr` ops between `w` and its start: the start is `None` when
/// the chain reaches `arg` itself, else the first value that is not a
/// uniform `tt.addptr`.
pub fn chain(mut w: Val, arg: Val) -> (Option<Val>, Vec<Op>) {
    let mut ops = Vec::new();
    loop {
        if w.same(arg) {
            return (None, ops);
        }
        match w.defining_op() {
            Some(def) if def.name() == "tt.addptr" && uniform(def.operand(1)) && step_bytes(def).is_some() => {
                ops.push(def);
                w = def.operand(0);
            }
            _ => return (Some(w), ops),
        }
    }
}

/// Whether `v` is a splat (`tt.splat` or a splat constant).
fn uniform(v: Val) -> bool {
    match v.defining_op() {
        Some(d) if d.name() == "tt.splat" => true,
        Some(d) if d.name() == "arith.constant" => d.attr("value").and_then(|a| a.splat_value()).is_some(),
        _ => false,
    }
}

/// The bytes one unit of a `tt.addptr`'s offset advances (i1 is a byte),
/// for integer and float pointees.
pub fn step_bytes(addptr: Op) -> Option<i64> {
    let pointee = tritium_dialects::tt::types::pointee(addptr.operand(0).ty().element())?;
    if !(pointee.is_integer() || pointee.is_float()) {
        return None;
    }
    Some(i64::from(pointee.bit_width().div_ceil(8)))
}

/// The operands each block receives from each predecessor's terminator;
/// `None` for a block with a predecessor whose terminator is not `cf.br` or
/// `cf.cond_br`.
fn incoming(blocks: &[MlirBlock]) -> HashMap<usize, Option<Vec<Vec<Val>>>> {
    let mut map: HashMap<usize, Option<Vec<Vec<Val>>>> = HashMap::new();
    for b in blocks {
        let Some(term) = block_ops(*b).last().copied() else { continue };
        let n = unsafe { mlirOperationGetNumSuccessors(term.0) };
        let operands = term.operands();
        for i in 0..n {
            let s = unsafe { mlirOperationGetSuccessor(term.0, i) };
            let list = match term.name() {
                "cf.br" => Some(operands.clone()),
                "cf.cond_br" => {
                    let nt = term.segment_size(1).max(0) as usize;
                    if i == 0 {
                        operands.get(1..1 + nt).map(|s| s.to_vec())
                    } else {
                        operands.get(1 + nt..).map(|s| s.to_vec())
                    }
                }
                _ => None,
            };
            let entry = map.entry(s.ptr as usize).or_insert_with(|| Some(Vec::new()));
            match (entry.as_mut(), list) {
                (Some(v), Some(l)) => v.push(l),
                _ => *entry = None,
            }
        }
    }
    map
}

/// `dom[i][j]`: block `j` dominates block `i` (block 0 is the entry).
fn dominators(blocks: &[MlirBlock]) -> Vec<Vec<bool>> {
    let n = blocks.len();
    let index: HashMap<usize, usize> = blocks.iter().enumerate().map(|(i, b)| (b.ptr as usize, i)).collect();
    let mut preds = vec![Vec::new(); n];
    for (i, b) in blocks.iter().enumerate() {
        let Some(term) = block_ops(*b).last().copied() else { continue };
        for k in 0..unsafe { mlirOperationGetNumSuccessors(term.0) } {
            let s = unsafe { mlirOperationGetSuccessor(term.0, k) };
            if let Some(j) = index.get(&(s.ptr as usize)) {
                preds[*j].push(i);
            }
        }
    }
    let mut dom = vec![vec![true; n]; n];
    if n == 0 {
        return dom;
    }
    dom[0] = (0..n).map(|j| j == 0).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 1..n {
            let mut d = vec![true; n];
            for p in &preds[i] {
                for j in 0..n {
                    d[j] = d[j] && dom[*p][j];
                }
            }
            d[i] = true;
            if d != dom[i] {
                dom[i] = d;
                changed = true;
            }
        }
    }
    dom
}

/// The block arguments of `blocks` (a function body) that can be held as a
/// base plus an offset, by their `MlirValue` pointer.
pub fn analyze(blocks: &[MlirBlock]) -> HashMap<usize, OffsetArg> {
    let mut out = HashMap::new();
    let incoming = incoming(blocks);
    let dom = dominators(blocks);
    let index: HashMap<usize, usize> = blocks.iter().enumerate().map(|(i, b)| (b.ptr as usize, i)).collect();
    for (bi, b) in blocks.iter().enumerate().skip(1) {
        let Some(Some(lists)) = incoming.get(&(b.ptr as usize)) else { continue };
        for (ai, arg) in block_arguments(*b).into_iter().enumerate() {
            let ty = arg.ty();
            if !ty.is_tensor() || !ty.element().is_ptr() {
                continue;
            }
            let mut base: Option<Val> = None;
            let mut ok = !lists.is_empty();
            for l in lists {
                let Some(w) = l.get(ai) else {
                    ok = false;
                    break;
                };
                match chain(*w, arg).0 {
                    None => {}
                    Some(v) => match base {
                        Some(b0) if !b0.same(v) => ok = false,
                        _ => base = Some(v),
                    },
                }
            }
            let Some(v) = base.filter(|_| ok) else { continue };
            let def_block = v.owner_block().or_else(|| v.defining_op().and_then(|d| d.block()));
            let Some(vi) = def_block.and_then(|d| index.get(&(d.ptr as usize)).copied()) else { continue };
            if vi < bi && dom[bi][vi] {
                out.insert(arg.0.ptr as usize, OffsetArg { base: v });
            }
        }
    }
    out
}
