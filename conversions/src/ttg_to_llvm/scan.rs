//! `tt.scan` (inclusive, forward or `reverse`): within each thread, then
//! across the lanes of a warp (Hillis–Steele on the threads' totals), then
//! across warps through shared memory.
//!
//! Algorithm (forward; reverse mirrors every "lower" into "higher"):
//! 1. Group the thread's registers by their coordinates with the scanned
//!    axis zeroed; scan each group in axis order with the combiner.
//! 2. Let i be the thread's lane index along the axis. Scan the groups'
//!    totals over i with log2(lanes) steps reading lane i - 2^j; the thread's
//!    exclusive prefix is then the inclusive total of lane i - 1, combined
//!    into each of its elements when i > 0.
//! 3. With W warps along the axis, the last lane of each warp writes its
//!    totals to shared memory at `((w * P) + p) * G + g`, barrier, and each
//!    thread folds the totals of the warps before its own into its elements.
//!
//! When the axis runs through the registers, then consecutive lane bits,
//! then the warps (every blocked layout), steps 2-3 follow Triton 3.9
//! instead: the thread totals are scanned with shuffles up (down when
//! `reverse`), the last lane of each warp publishes the warp's total, each
//! thread folds the warps before its own into its inclusive total, and one
//! more shuffle up gives each thread the prefix of everything before it,
//! combined once into its elements (its last element is its inclusive total).
//!
//! The combiner must be associative (as Triton requires), so that combining
//! a prefix with a partial scan equals scanning the whole.
use super::emit::ICmp;
use super::reduce::{gather_bits, shuffle_any, Source, WarpExchange};
use super::{LowerPattern, Lowering};
use std::collections::HashMap;
use tritium_dialects::ir::{Op, Ty, Val};

/// `ttg-to-llvm.scan`.
pub struct Scan;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&Scan];

/// Moves the bits of `index` (i32) to the positions `bits` (inverse of
/// `gather_bits`).
fn scatter_bits(cx: &mut Lowering<'_>, index: Val, bits: &[usize]) -> Val {
    let mut acc: Option<Val> = None;
    for (k, &b) in bits.iter().enumerate() {
        let m = cx.e.and_i32(index, 1 << k);
        let t = if b >= k { cx.e.shl_i32(m, (b - k) as u32) } else { cx.e.lshr_i32(m, (k - b) as u32) };
        acc = Some(match acc {
            Some(a) => cx.e.or(a, t),
            None => t,
        });
    }
    acc.unwrap_or_else(|| cx.e.i32_const(0))
}

/// `cond ? a : b` element-wise.
fn select_all(cx: &mut Lowering<'_>, cond: Val, a: &[Val], b: &[Val]) -> Vec<Val> {
    a.iter().zip(b).map(|(x, y)| cx.e.select(cond, *x, *y)).collect()
}

impl LowerPattern for Scan {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.scan"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.scan"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let axis = op.attr("axis").and_then(|a| a.int()).ok_or("scan without axis")? as usize;
        let reverse = op.attr("reverse").and_then(|a| a.bool()).unwrap_or(false);
        let operands = op.operands();
        let k = operands.len();
        let l = cx.layout(operands[0].ty())?;
        let regs: Vec<Vec<Val>> = operands.iter().map(|v| cx.get(*v)).collect::<Result<_, _>>()?;
        let region = op.region(0);
        let combine = |cx: &mut Lowering<'_>, a: &[Val], b: &[Val]| cx.combine(region, a, b);
        let along = |b: &Vec<i64>| b[axis] != 0;
        for b in l.lanes.iter().chain(&l.warps).chain(&l.reg_bases) {
            if along(b) && b.iter().enumerate().any(|(d, &x)| d != axis && x != 0) {
                return Err("tt.scan: a register, lane or warp moves along the axis and another dimension at once".into());
            }
        }
        // 1. Within the thread (duplicate registers copy their original).
        let mut out: Vec<Vec<Option<Val>>> = vec![vec![None; l.num_regs()]; k];
        let mut group_of: HashMap<Vec<i64>, usize> = HashMap::new();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (r, c) in l.regs.iter().enumerate() {
            let mut key = c.clone();
            key[axis] = 0;
            let g = *group_of.entry(key).or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            if !groups[g].iter().any(|&m| l.regs[m] == *c) {
                groups[g].push(r);
            }
        }
        let mut totals: Vec<Vec<Val>> = Vec::with_capacity(groups.len());
        for members in &mut groups {
            members.sort_by_key(|&r| if reverse { -l.regs[r][axis] } else { l.regs[r][axis] });
            let mut running: Vec<Val> = (0..k).map(|j| regs[j][members[0]]).collect();
            for j in 0..k {
                out[j][members[0]] = Some(running[j]);
            }
            for &r in &members[1..] {
                let x: Vec<Val> = (0..k).map(|j| regs[j][r]).collect();
                running = combine(cx, &running, &x)?;
                for j in 0..k {
                    out[j][r] = Some(running[j]);
                }
            }
            totals.push(running);
        }
        let (_, lane, _) = cx.thread_ids();
        if let Some((s, m)) = contiguous_axis(&l, axis) {
            // Triton's order: shuffle-up scan of the totals, warp totals
            // from the last lane, one shuffle for the exclusive prefix.
            let n = 1i64 << m;
            let idx = if m == 0 {
                cx.e.i32_const(0)
            } else {
                let sh = cx.e.lshr_i32(lane, s as u32);
                cx.e.and_i32(sh, n - 1)
            };
            let mut inclusive = totals.clone();
            let valid: Vec<Val> = (0..m)
                .map(|step| {
                    let d = 1i64 << step;
                    if reverse {
                        let lim = cx.e.i32_const(n - d);
                        cx.e.icmp(ICmp::Ult, idx, lim)
                    } else {
                        let lim = cx.e.i32_const(d);
                        cx.e.icmp(ICmp::Uge, idx, lim)
                    }
                })
                .collect();
            // Each group's whole scan in turn (Triton's order).
            for t in inclusive.iter_mut() {
                for (step, ok) in valid.iter().enumerate() {
                    let d = 1u32 << step;
                    let src = up_down(cx, lane, d << s, !reverse);
                    let other: Vec<Val> = t.iter().map(|v| shuffle_any(cx, *v, src)).collect();
                    let merged = combine(cx, &other, t)?;
                    *t = select_all(cx, *ok, &merged, t);
                }
            }
            // Across warps: the last lane along the axis publishes its warp's total.
            let types: Vec<Ty> = inclusive[0].iter().map(|v| v.ty()).collect();
            let mut warp_prefix: Vec<Option<(Vec<Val>, Val)>> = vec![None; groups.len()];
            if let Some(x) = WarpExchange::new(cx, op, &l, axis, groups.len() as i64, &types, false)? {
                let last = if m == 0 {
                    None
                } else {
                    let k_last = cx.e.i32_const(if reverse { 0 } else { n - 1 });
                    Some(cx.e.icmp(ICmp::Eq, idx, k_last))
                };
                // With several groups, every lane stores its warp's totals
                // (read from the last lane), so that the stores vectorize:
                // fewer registers than one predicated store per group.
                let broadcast = (m > 0 && groups.len() > 1).then(|| {
                    let others = cx.e.and_i32(lane, !((n - 1) << s));
                    cx.e.add_i32(others, if reverse { 0 } else { (n - 1) << s })
                });
                for (g, t) in inclusive.iter().enumerate() {
                    let slot = x.slot(cx, x.w_idx, g as i64);
                    match broadcast {
                        Some(src) => {
                            let total: Vec<Val> = t.iter().map(|v| shuffle_any(cx, *v, Source::Lane(src))).collect();
                            x.store(cx, slot, &total);
                        }
                        None => x.store_if(cx, slot, t, last),
                    }
                }
                cx.barrier();
                for g in 0..groups.len() {
                    if let Some((p, has)) = earlier_warps(cx, &x, g as i64, reverse, &combine)? {
                        let merged = combine(cx, &p, &inclusive[g])?;
                        inclusive[g] = select_all(cx, has, &merged, &inclusive[g]);
                        warp_prefix[g] = Some((p, has));
                    }
                }
            }
            // The prefix of everything before this thread, combined into its
            // elements; its last element is its inclusive total.
            for (g, members) in groups.iter().enumerate() {
                let Some((&last_member, rest)) = members.split_last() else { continue };
                for j in 0..k {
                    out[j][last_member] = Some(inclusive[g][j]);
                }
                if rest.is_empty() {
                    continue;
                }
                let lane_prefix = if m == 0 {
                    None
                } else {
                    let src = up_down(cx, lane, 1 << s, !reverse);
                    let ex: Vec<Val> = inclusive[g].iter().map(|v| shuffle_any(cx, *v, src)).collect();
                    let has = if reverse {
                        let lim = cx.e.i32_const(n - 1);
                        cx.e.icmp(ICmp::Ult, idx, lim)
                    } else {
                        let zero = cx.e.i32_const(0);
                        cx.e.icmp(ICmp::Ne, idx, zero)
                    };
                    Some((ex, has))
                };
                let prefix = match (lane_prefix, warp_prefix[g].take()) {
                    (Some((ex, has_l)), Some((wp, has_w))) => {
                        let p = select_all(cx, has_l, &ex, &wp);
                        let h = cx.e.or(has_l, has_w);
                        Some((p, h))
                    }
                    (a, b) => a.or(b),
                };
                let Some((prefix, has)) = prefix else { continue };
                for &r in rest {
                    let mine: Vec<Val> = (0..k).map(|j| out[j][r].expect("scanned")).collect();
                    let merged = combine(cx, &prefix, &mine)?;
                    let chosen = select_all(cx, has, &merged, &mine);
                    for j in 0..k {
                        out[j][r] = Some(chosen[j]);
                    }
                }
            }
            return assemble(&l, k, &out);
        }
        // 2. Across lanes.
        let lane_bits: Vec<usize> = (0..l.lanes.len()).filter(|&b| along(&l.lanes[b])).collect();
        if !lane_bits.is_empty() {
            let n = 1i64 << lane_bits.len();
            let idx = gather_bits(cx, lane, &lane_bits, 0, None).unwrap_or_else(|| cx.e.i32_const(0));
            let others_mask: i64 = !lane_bits.iter().fold(0i64, |m, &b| m | 1 << b);
            let rest = cx.e.and_i32(lane, others_mask);
            // The lane whose axis index is `i`.
            let lane_at = |cx: &mut Lowering<'_>, i: Val| -> Val {
                let clamped = cx.e.and_i32(i, n - 1);
                let s = scatter_bits(cx, clamped, &lane_bits);
                cx.e.or(rest, s)
            };
            let mut inclusive = totals.clone();
            for step in 0..lane_bits.len() {
                let d = 1i64 << step;
                let from = if reverse { cx.e.add_i32(idx, d) } else { cx.e.add_i32(idx, -d) };
                let src = lane_at(cx, from);
                let valid = if reverse {
                    let lim = cx.e.i32_const(n - d);
                    cx.e.icmp(ICmp::Slt, idx, lim)
                } else {
                    let lim = cx.e.i32_const(d);
                    cx.e.icmp(ICmp::Sge, idx, lim)
                };
                for t in inclusive.iter_mut() {
                    let other: Vec<Val> = t.iter().map(|v| shuffle_any(cx, *v, Source::Lane(src))).collect();
                    let merged = combine(cx, &other, t)?;
                    *t = select_all(cx, valid, &merged, t);
                }
            }
            // Exclusive prefix: the inclusive total of the previous lane.
            let from = if reverse { cx.e.add_i32(idx, 1) } else { cx.e.add_i32(idx, -1) };
            let src = lane_at(cx, from);
            let has_prefix = if reverse {
                let lim = cx.e.i32_const(n - 1);
                cx.e.icmp(ICmp::Slt, idx, lim)
            } else {
                let zero = cx.e.i32_const(0);
                cx.e.icmp(ICmp::Sgt, idx, zero)
            };
            for (g, members) in groups.iter().enumerate() {
                let prefix: Vec<Val> = inclusive[g].iter().map(|v| shuffle_any(cx, *v, Source::Lane(src))).collect();
                for &r in members {
                    let mine: Vec<Val> = (0..k).map(|j| out[j][r].expect("scanned")).collect();
                    let merged = combine(cx, &prefix, &mine)?;
                    let chosen = select_all(cx, has_prefix, &merged, &mine);
                    for j in 0..k {
                        out[j][r] = Some(chosen[j]);
                    }
                }
            }
            totals = inclusive;
            // Every lane needs its warp's total for step 3: the last lane's inclusive value.
            let last = cx.e.i32_const(if reverse { 0 } else { n - 1 });
            let src = lane_at(cx, last);
            for t in totals.iter_mut() {
                *t = t.iter().map(|v| shuffle_any(cx, *v, Source::Lane(src))).collect();
            }
        }
        // 3. Across warps.
        let types: Vec<Ty> = totals[0].iter().map(|v| v.ty()).collect();
        if let Some(x) = WarpExchange::new(cx, op, &l, axis, groups.len() as i64, &types, false)? {
            for (g, t) in totals.iter().enumerate() {
                let slot = x.slot(cx, x.w_idx, g as i64);
                x.store(cx, slot, t);
            }
            cx.barrier();
            for (g, members) in groups.iter().enumerate() {
                let Some((prefix, has)) = earlier_warps(cx, &x, g as i64, reverse, &combine)? else { continue };
                for &r in members {
                    let mine: Vec<Val> = (0..k).map(|j| out[j][r].expect("scanned")).collect();
                    let merged = combine(cx, &prefix, &mine)?;
                    let chosen = select_all(cx, has, &merged, &mine);
                    for j in 0..k {
                        out[j][r] = Some(chosen[j]);
                    }
                }
            }
        }
        assemble(&l, k, &out)
    }
}

/// Reading from lane `lane - delta` (`up`) or `lane + delta`: the target's
/// shuffle up/down on 32-lane warps, else an indexed shuffle.
/// The combined totals of group `g` of the warps before this one (after it,
/// for a reverse scan), read from the exchange in warp order, and whether
/// there is any such warp; `None` with a single warp.
fn earlier_warps(
    cx: &mut Lowering<'_>,
    x: &WarpExchange,
    g: i64,
    reverse: bool,
    combine: &dyn Fn(&mut Lowering<'_>, &[Val], &[Val]) -> Result<Vec<Val>, String>,
) -> Result<Option<(Vec<Val>, Val)>, String> {
    let order: Vec<i64> = if reverse { (0..x.w_count).rev().collect() } else { (0..x.w_count).collect() };
    let mut prefix: Option<Vec<Val>> = None;
    let mut any: Option<Val> = None;
    for w in order {
        let wv = cx.e.i32_const(w);
        let slot = x.slot(cx, wv, g);
        let part = x.load(cx, slot);
        let before = if reverse { cx.e.icmp(ICmp::Sgt, wv, x.w_idx) } else { cx.e.icmp(ICmp::Slt, wv, x.w_idx) };
        prefix = Some(match (prefix, any) {
            (Some(acc), Some(seen)) => {
                let merged = combine(cx, &acc, &part)?;
                let first = select_all(cx, seen, &merged, &part);
                select_all(cx, before, &first, &acc)
            }
            _ => part,
        });
        any = Some(match any {
            Some(seen) => cx.e.or(seen, before),
            None => before,
        });
    }
    Ok(prefix.zip(any))
}

fn up_down(cx: &mut Lowering<'_>, lane: Val, delta: u32, up: bool) -> Source {
    if cx.threads_per_warp == 32 {
        Source::UpDown(delta, up)
    } else {
        Source::Lane(cx.e.add_i32(lane, if up { -i64::from(delta) } else { i64::from(delta) }))
    }
}

/// The lanes along `axis` as Triton's scan needs them: the registers hold
/// the lowest coordinates along the axis (1, 2, 4, …), then the lanes the next
/// ones at consecutive lane bits `s..s + m` (returned), then the warps, in
/// bit order; `None` otherwise.
fn contiguous_axis(l: &super::layout::DistLayout, axis: usize) -> Option<(usize, usize)> {
    let mut next = 1i64;
    for b in l.reg_bases.iter().filter(|b| b.iter().any(|&x| x != 0)) {
        if b[axis] == 0 {
            continue;
        }
        if b[axis] != next {
            return None;
        }
        next *= 2;
    }
    let lane_bits: Vec<usize> = (0..l.lanes.len()).filter(|&i| l.lanes[i][axis] != 0).collect();
    let s = lane_bits.first().copied().unwrap_or(0);
    for (j, &b) in lane_bits.iter().enumerate() {
        if b != s + j || l.lanes[b][axis] != next {
            return None;
        }
        next *= 2;
    }
    for b in l.warps.iter().filter(|b| b[axis] != 0) {
        if b[axis] != next {
            return None;
        }
        next *= 2;
    }
    Some((s, lane_bits.len()))
}

/// The result registers (duplicate registers take their original's value).
fn assemble(l: &super::layout::DistLayout, k: usize, out: &[Vec<Option<Val>>]) -> Result<Vec<Vec<Val>>, String> {
    {
        let mut result = Vec::with_capacity(k);
        for j in 0..k {
            let mut vals = Vec::with_capacity(l.num_regs());
            for (r, c) in l.regs.iter().enumerate() {
                let v = match out[j][r] {
                    Some(v) => v,
                    None => {
                        let first = l.regs.iter().position(|x| x == c).unwrap_or(r);
                        out[j][first].ok_or("tt.scan: a register was not scanned")?
                    }
                };
                vals.push(v);
            }
            result.push(vals);
        }
        Ok(result)
    }
}
