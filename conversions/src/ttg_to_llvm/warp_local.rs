//! Data movement that stays inside each warp: `ttg.convert_layout` between
//! layouts that agree on the warps, and `tt.gather` along an axis held by
//! one warp. The allocator gives these no shared memory; elements move with
//! `shuffle_idx`.
//!
//! Algorithm: with the source layout's register and lane bases each one bit
//! of the row-major element index (as blocked layouts are), the element at
//! index x (taken within the reader's warp) lives in register
//! `gather(x, register bits)` of lane `gather(x, lane bits)`. A reader knows
//! x at run time; the register a shuffle reads must be the same in every
//! lane, so for each register the wanted element may be in (those whose
//! register bits the run-time part of x can reach), one shuffle fetches it
//! and a select keeps the right one.
use super::emit::ICmp;
use super::layout::DistLayout;
use super::reduce::{shuffle_any, Source};
use super::Lowering;
use tritium_dialects::ir::Val;

/// Where a source layout keeps each bit of the element index.
pub struct IndexBits {
    /// For each bit of the register index: the element-index bit it holds.
    reg: Vec<Option<u32>>,
    /// For each lane bit: the element-index bit it holds.
    lane: Vec<Option<u32>>,
}

/// The single set bit of `x`, if it has exactly one.
fn single_bit(x: i64) -> Result<Option<u32>, ()> {
    match x.count_ones() {
        0 => Ok(None),
        1 => Ok(Some(x.trailing_zeros())),
        _ => Err(()),
    }
}

impl IndexBits {
    /// The index bits of `l`'s registers and lanes; `None` unless each basis
    /// is a single bit (or zero, a copy) and no two share a bit.
    pub fn of(l: &DistLayout) -> Option<IndexBits> {
        let bits = |bases: &[Vec<i64>]| -> Option<Vec<Option<u32>>> {
            bases.iter().map(|b| single_bit(l.linear(b)).ok()).collect()
        };
        let reg = bits(&l.reg_bases)?;
        let lane = bits(&l.lanes)?;
        let mut seen = 0i64;
        for b in reg.iter().chain(&lane).flatten() {
            if seen >> b & 1 == 1 {
                return None;
            }
            seen |= 1 << b;
        }
        Some(IndexBits { reg, lane })
    }

    /// Every index bit held by a register or a lane.
    pub fn covered(&self) -> i64 {
        self.reg.iter().chain(&self.lane).flatten().fold(0, |m, b| m | 1 << b)
    }
}

/// Copies bit `from` of `x` to bit `to` (i32 values).
fn move_bit(cx: &mut Lowering<'_>, x: Val, from: u32, to: u32) -> Val {
    let m = cx.e.and_i32(x, 1 << from);
    if to >= from {
        cx.e.shl_i32(m, to - from)
    } else {
        cx.e.lshr_i32(m, from - to)
    }
}

/// The element at index `x` (an i32 the reader computes; the bits in
/// `varying` may differ between lanes, the others equal `fixed`'s) of the
/// source tensor whose registers are `values` under layout `bits`. With
/// `own_lane` the caller knows the element is in its own lane (x's lane
/// bits are the reader's): registers are selected without shuffles.
pub fn fetch(cx: &mut Lowering<'_>, bits: &IndexBits, values: &[Val], x: Val, fixed: i64, varying: i64, own_lane: bool) -> Val {
    // The source lane: the lane bits gathered from x.
    let mut lane: Option<Val> = None;
    for (j, b) in bits.lane.iter().enumerate() {
        if let Some(b) = b {
            let t = move_bit(cx, x, *b, j as u32);
            lane = Some(match lane {
                Some(a) => cx.e.or(a, t),
                None => t,
            });
        }
    }
    let lane = lane.unwrap_or_else(|| cx.e.i32_const(0));
    // The registers the element may be in.
    let mut fixed_reg = 0usize;
    let mut free: Vec<usize> = Vec::new();
    for (i, b) in bits.reg.iter().enumerate() {
        if let Some(b) = b {
            if varying >> b & 1 == 1 {
                free.push(i);
            } else if fixed >> b & 1 == 1 {
                fixed_reg |= 1 << i;
            }
        }
    }
    let mut result: Option<Val> = None;
    for combo in 0..(1usize << free.len()) {
        let mut reg = fixed_reg;
        for (k, &i) in free.iter().enumerate() {
            if combo >> k & 1 == 1 {
                reg |= 1 << i;
            }
        }
        let v = if own_lane { values[reg] } else { shuffle_any(cx, values[reg], Source::Lane(lane)) };
        result = Some(match result {
            None => v,
            Some(prev) => {
                // Is this the register x names? Compare x's free register bits.
                let mut want: Option<Val> = None;
                let mut expect = 0i64;
                for (k, &i) in free.iter().enumerate() {
                    let b = bits.reg[i].expect("free bits are held");
                    let t = cx.e.and_i32(x, 1 << b);
                    want = Some(match want {
                        Some(a) => cx.e.or(a, t),
                        None => t,
                    });
                    if combo >> k & 1 == 1 {
                        expect |= 1 << b;
                    }
                }
                let want = want.expect("at least one free bit");
                let k = cx.e.i32_const(expect);
                let hit = cx.e.icmp(ICmp::Eq, want, k);
                cx.e.select(hit, v, prev)
            }
        });
    }
    result.expect("at least one register")
}

/// The row-major index part the calling thread's lanes (and warps, when
/// `with_warps`) add in layout `l` (i32), and the index bits it can touch.
pub fn thread_index(cx: &mut Lowering<'_>, l: &DistLayout, with_warps: bool) -> (Val, i64) {
    let lanes: Vec<i64> = l.lanes.iter().map(|b| l.linear(b)).collect();
    let warps: Vec<i64> = if with_warps { l.warps.iter().map(|b| l.linear(b)).collect() } else { Vec::new() };
    let touched = lanes.iter().chain(&warps).fold(0i64, |m, x| m | x);
    let acc = cx.xor_of_thread_bits(&lanes, &warps, None);
    (acc.unwrap_or_else(|| cx.e.i32_const(0)), touched)
}
