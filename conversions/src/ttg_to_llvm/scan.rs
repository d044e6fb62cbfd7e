//! `tt.scan` (inclusive, forward or `reverse`).
//!
//! When the axis runs as in a blocked layout (contiguous elements in
//! registers, then consecutive lane bits, then the warps, then registers
//! again: chunks one layout tile apart), the lowering follows Triton 3.9's
//! ScanOpToLLVM: each thread scans each chunk in axis order, the chunk
//! totals are scanned with shuffles up, the last lane of each warp publishes
//! its chunk totals through shared memory (chunk, warp, position), each
//! thread folds the totals of the chunks and warps before into its chunk's
//! inclusive total, and one more shuffle up gives the prefix of everything
//! before a thread, combined into its other elements. With one warp along
//! the axis the running total of the chunks comes from the last lane. A
//! reverse scan with lanes along the axis is a forward scan between two
//! reversals (lane `lane ^ (W - 1)`, register `N - 1 - r`), the warps walked
//! backwards; without lanes along the axis the registers are walked
//! backwards too.
//!
//! Every other layout (lanes out of order, lanes above warps, ...) takes
//! [`hypercube`]: one step per bit of the axis coordinate, whichever of
//! register, lane or warp owns it.
//!
//! The combiner must be associative (as Triton requires), so that combining
//! a prefix with a partial scan equals scanning the whole.
use super::emit::ICmp;
use super::reduce::{shuffle_any, Source, WarpExchange};
use super::layout::DistLayout;
use std::collections::BTreeMap;
use super::{LowerPattern, Lowering};
use std::collections::HashMap;
use tritium_dialects::ir::{Op, Ty, Val};

/// `ttg-to-llvm.scan`.
pub struct Scan;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&Scan];

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
        let Some((e, s, m)) = contiguous_axis(&l, axis) else {
            return hypercube(cx, op, &l, axis, reverse, &regs, &combine);
        };
        // A reverse scan with lanes along the axis runs forward on flipped
        // data (Triton's order): every value moves to the lane `lane ^ (W - 1)`
        // and the register `N - 1 - r`, which reverses the axis within the
        // registers and lanes and permutes the other coordinates alike; the
        // warps keep their data and are walked in reverse. `rev` is the
        // direction within registers and lanes, `reverse` that of the warps.
        let flip = reverse && m > 0;
        let rev = reverse && !flip;
        let nregs = l.num_regs();
        let canon: Vec<usize> = (0..nregs).map(|r| l.regs.iter().position(|c| *c == l.regs[r]).unwrap_or(r)).collect();
        let lane_mask = cx.threads_per_warp.wrapping_sub(1);
        let flipped;
        let regs: &Vec<Vec<Val>> = if flip {
            flipped = flip_values(cx, &regs, &canon, lane_mask);
            &flipped
        } else {
            &regs
        };
        // 1. Within the thread: each chunk (the registers that differ only
        // in the element bits of the axis) in axis order; duplicate
        // registers copy their original.
        let elem_mask = (1i64 << e) - 1;
        let mut out: Vec<Vec<Option<Val>>> = vec![vec![None; l.num_regs()]; k];
        let mut group_of: HashMap<Vec<i64>, usize> = HashMap::new();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut chunk_key: Vec<Vec<i64>> = Vec::new();
        for (r, c) in l.regs.iter().enumerate() {
            let mut key = c.clone();
            key[axis] &= !elem_mask;
            let g = *group_of.entry(key.clone()).or_insert_with(|| {
                groups.push(Vec::new());
                chunk_key.push(key);
                groups.len() - 1
            });
            if !groups[g].iter().any(|&m| l.regs[m] == *c) {
                groups[g].push(r);
            }
        }
        // The rows (chunks with the same coordinates off the axis), each
        // in scan order.
        let mut rows: BTreeMap<Vec<i64>, Vec<usize>> = BTreeMap::new();
        for (g, key) in chunk_key.iter().enumerate() {
            let mut row = key.clone();
            row[axis] = 0;
            rows.entry(row).or_default().push(g);
        }
        let scan_order = |a: i64| if rev { -a } else { a };
        for chunks in rows.values_mut() {
            chunks.sort_by_key(|&g| scan_order(chunk_key[g][axis]));
        }
        let mut totals: Vec<Vec<Val>> = Vec::with_capacity(groups.len());
        for members in &mut groups {
            members.sort_by_key(|&r| scan_order(l.regs[r][axis]));
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
        // 2. Within the warp: the chunk totals scanned with shuffles up
        // (down when `rev`), one step per lane bit of the axis.
        let (_, lane, _) = cx.thread_ids();
        let n = 1i64 << m;
        let idx = if m == 0 {
            cx.e.i32_const(0)
        } else {
            let sh = cx.e.lshr_i32(lane, s as u32);
            cx.e.and_i32(sh, n - 1)
        };
        let mut inclusive = totals;
        // Whether the lane `d` steps before holds a value: emitted where the
        // first chunk needs it (as Triton's lowering does), then reused.
        let mut valid: Vec<Option<Val>> = vec![None; m as usize];
        for t in inclusive.iter_mut() {
            for step in 0..m as usize {
                let d = 1u32 << step;
                let src = up_down(cx, lane, d << s, !rev);
                let other: Vec<Val> = t.iter().map(|v| shuffle_any(cx, *v, src)).collect();
                let ok = match valid[step] {
                    Some(v) => v,
                    None => {
                        let v = if rev {
                            let lim = cx.e.i32_const(n - i64::from(d));
                            cx.e.icmp(ICmp::Ult, idx, lim)
                        } else {
                            let lim = cx.e.i32_const(i64::from(d));
                            cx.e.icmp(ICmp::Uge, idx, lim)
                        };
                        valid[step] = Some(v);
                        v
                    }
                };
                let merged = combine(cx, &other, t)?;
                *t = select_all(cx, ok, &merged, t);
            }
        }
        // 3. The prefix of each chunk from the warps and chunks before it:
        // (values, predicate) where `None` means every thread has one.
        let mut chunk_prefix: Vec<Option<(Vec<Val>, Option<Val>)>> = vec![None; groups.len()];
        let types: Vec<Ty> = inclusive[0].iter().map(|v| v.ty()).collect();
        let last_idx = if rev { 0 } else { n - 1 };
        if let Some(x) = WarpExchange::new(cx, op, &l, axis, groups.len() as i64, &types, false)? {
            // The last lane along the axis publishes each chunk's warp total
            // (Triton's layout: chunk, then warp, then position, so that a
            // warp's lanes store to consecutive words). With several chunks,
            // every lane stores the totals read from the last lane (one
            // indexed shuffle each) instead of one predicated store per
            // chunk: the code generator needs far fewer registers
            // (x_scan_tiles_2d: 168 instead of 255 and spills).
            let last = if m == 0 {
                None
            } else {
                let k_last = cx.e.i32_const(last_idx);
                Some(cx.e.icmp(ICmp::Eq, idx, k_last))
            };
            let broadcast = (m > 0 && groups.len() > 1).then(|| {
                let others = cx.e.and_i32(lane, !((n - 1) << s));
                cx.e.add_i32(others, last_idx << s)
            });
            for (g, t) in inclusive.iter().enumerate() {
                let slot = lane_major_slot(cx, &x, x.w_idx, g as i64);
                match broadcast {
                    Some(src) => {
                        let total: Vec<Val> = t.iter().map(|v| shuffle_any(cx, *v, Source::Lane(src))).collect();
                        x.store(cx, slot, &total);
                    }
                    None => x.store_if(cx, slot, t, last),
                }
            }
            cx.barrier();
            // Per row, the chunks in order: the total of every warp of the
            // chunks before, then the warps before this one.
            let warp_order: Vec<i64> = if reverse { (0..x.w_count).rev().collect() } else { (0..x.w_count).collect() };
            for chunks in rows.values() {
                let mut running: Option<Vec<Val>> = None;
                for &g in chunks {
                    let mut prefix: Option<(Vec<Val>, Option<Val>)> = running.clone().map(|r| (r, None));
                    let mut acc = running.take();
                    for (i, &w) in warp_order.iter().enumerate() {
                        let wc = cx.e.i32_const(w);
                        let slot = lane_major_slot(cx, &x, wc, g as i64);
                        let part = x.load(cx, slot);
                        let sum = match acc {
                            Some(a) => combine(cx, &a, &part)?,
                            None => part,
                        };
                        if i + 1 < warp_order.len() {
                            // The warps after `w` in scan order take `sum`.
                            let wv = cx.e.i32_const(w);
                            let after = cx.e.icmp(if reverse { ICmp::Slt } else { ICmp::Sgt }, x.w_idx, wv);
                            prefix = Some(match prefix {
                                None => (sum.clone(), Some(after)),
                                Some((p, has)) => {
                                    let p = select_all(cx, after, &sum, &p);
                                    (p, has.map(|h| cx.e.or(h, after)))
                                }
                            });
                        }
                        acc = Some(sum);
                    }
                    running = acc;
                    chunk_prefix[g] = prefix;
                }
            }
        } else if rows.values().any(|c| c.len() > 1) {
            // One warp along the axis: each chunk after the first takes the
            // total of the chunks before it, read from the last lane.
            let last_lane = (m > 0).then(|| {
                let others = cx.e.and_i32(lane, !((n - 1) << s));
                cx.e.add_i32(others, last_idx << s)
            });
            for chunks in rows.values() {
                let mut running: Option<Vec<Val>> = None;
                for (i, &g) in chunks.iter().enumerate() {
                    if let Some(p) = running.take() {
                        inclusive[g] = combine(cx, &p, &inclusive[g])?;
                        chunk_prefix[g] = Some((p, None));
                    }
                    if i + 1 < chunks.len() {
                        running = Some(match last_lane {
                            Some(src) => inclusive[g].iter().map(|v| shuffle_any(cx, *v, Source::Lane(src))).collect(),
                            None => inclusive[g].clone(),
                        });
                    }
                }
            }
        }
        // The warp prefix goes into the chunk's inclusive total (the one-warp
        // path has already combined it).
        if l.warps.iter().any(along) {
            for (g, t) in inclusive.iter_mut().enumerate() {
                if let Some((p, has)) = &chunk_prefix[g] {
                    let merged = combine(cx, p, t)?;
                    *t = match has {
                        Some(h) => select_all(cx, *h, &merged, t),
                        None => merged,
                    };
                }
            }
        }
        // 4. The prefix of everything before this thread's chunk, combined
        // into its elements; the chunk's last element is its inclusive total.
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
                let src = up_down(cx, lane, 1 << s, !rev);
                let ex: Vec<Val> = inclusive[g].iter().map(|v| shuffle_any(cx, *v, src)).collect();
                let first = cx.e.i32_const(if rev { n - 1 } else { 0 });
                let has = cx.e.icmp(ICmp::Ne, idx, first);
                Some((ex, has))
            };
            let prefix = match (lane_prefix, chunk_prefix[g].take()) {
                (Some((ex, has_l)), Some((wp, has_w))) => {
                    let p = select_all(cx, has_l, &ex, &wp);
                    let h = has_w.map(|hw| cx.e.or(has_l, hw));
                    Some((p, h))
                }
                (Some((ex, has_l)), None) => Some((ex, Some(has_l))),
                (None, b) => b,
            };
            let Some((prefix, has)) = prefix else { continue };
            for &r in rest {
                let mine: Vec<Val> = (0..k).map(|j| out[j][r].expect("scanned")).collect();
                let merged = combine(cx, &prefix, &mine)?;
                let chosen = match has {
                    Some(h) => select_all(cx, h, &merged, &mine),
                    None => merged,
                };
                for j in 0..k {
                    out[j][r] = Some(chosen[j]);
                }
            }
        }
        let result = assemble(&l, k, &out)?;
        Ok(if flip { flip_values(cx, &result, &canon, lane_mask) } else { result })
    }
}

/// The values of register `N - 1 - r` of the lane `lane ^ mask`, per
/// operand and register (one shuffle per distinct register; a duplicate
/// register takes its original's value).
fn flip_values(cx: &mut Lowering<'_>, values: &[Vec<Val>], canon: &[usize], mask: u32) -> Vec<Vec<Val>> {
    let last = canon.len() - 1;
    values
        .iter()
        .map(|vals| {
            let mut moved: Vec<Option<Val>> = vec![None; canon.len()];
            for r in 0..canon.len() {
                if canon[r] == r {
                    moved[r] = Some(shuffle_any(cx, vals[last - r], Source::Xor(mask)));
                }
            }
            (0..canon.len()).map(|r| moved[canon[r]].expect("a distinct register")).collect()
        })
        .collect()
}

/// Reading from lane `lane - delta` (`up`) or `lane + delta`: the target's
/// shuffle up/down on 32-lane warps, else an indexed shuffle.
fn up_down(cx: &mut Lowering<'_>, lane: Val, delta: u32, up: bool) -> Source {
    if cx.threads_per_warp == 32 {
        Source::UpDown(delta, up)
    } else {
        Source::Lane(cx.e.add_i32(lane, if up { -i64::from(delta) } else { i64::from(delta) }))
    }
}

/// The axis as Triton's scan sees a blocked layout: `e` register bits hold
/// the lowest coordinates (1, 2, 4, …, the elements of a chunk), then `m`
/// consecutive lane bits `s..s + m`, then the warps in bit order, then
/// registers again (the chunks one layout tile apart, in any bit order).
/// Returns `(e, s, m)`, `None` for every other arrangement.
fn contiguous_axis(l: &DistLayout, axis: usize) -> Option<(usize, usize, usize)> {
    let mut reg_vals: Vec<i64> = l.reg_bases.iter().map(|b| b[axis]).filter(|&x| x != 0).collect();
    reg_vals.sort_unstable();
    if reg_vals.windows(2).any(|w| w[0] == w[1]) || reg_vals.iter().any(|&x| x < 0 || x.count_ones() != 1) {
        return None;
    }
    let mut next = 1i64;
    let mut e = 0usize;
    while reg_vals.first() == Some(&next) {
        reg_vals.remove(0);
        next *= 2;
        e += 1;
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
    for x in reg_vals {
        if x != next {
            return None;
        }
        next *= 2;
    }
    Some((e, s, lane_bits.len()))
}

/// The result registers (duplicate registers take their original's value).
fn assemble(l: &DistLayout, k: usize, out: &[Vec<Option<Val>>]) -> Result<Vec<Vec<Val>>, String> {
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

/// Which part of a thread's identity selects one bit of the axis coordinate.
#[derive(Clone, Copy)]
enum BitOwner {
    Register,
    Lane(usize),
    Warp(usize),
}

/// The combiner of a scan, as the lowering applies it.
type Combine<'a> = dyn Fn(&mut Lowering<'_>, &[Val], &[Val]) -> Result<Vec<Val>, String> + 'a;

/// The scan for every layout whose axis bits are not registers, then
/// consecutive lanes, then warps (e.g. registers one layout tile apart):
/// one step per bit `b` of the axis coordinate, lowest first. Before step
/// `b`, every element holds the scan of its aligned block of `2^b`
/// elements and that block's total; the partner block differs in bit `b`
/// only, so its total is in another register of this thread, in the lane
/// `lane ^ bit` or in the warp `warp ^ bit` (through shared memory). The
/// later of the two blocks (higher positions; lower when `reverse`) combines
/// the partner's total in front of its scan and total, the earlier one after
/// its total. Totals are kept once per distinct key (the register's
/// coordinates with the axis bits below `b` cleared).
fn hypercube(
    cx: &mut Lowering<'_>,
    op: Op,
    l: &DistLayout,
    axis: usize,
    reverse: bool,
    regs: &[Vec<Val>],
    combine: &Combine<'_>,
) -> Result<Vec<Vec<Val>>, String> {
    let k = regs.len();
    let size = l.shape[axis];
    if size <= 0 || size.count_ones() != 1 {
        return Err(format!("tt.scan: the scanned dimension has {size} elements, not a power of two"));
    }
    let nbits = size.trailing_zeros() as usize;
    let mut owner: Vec<Option<BitOwner>> = vec![None; nbits];
    let bases = l
        .reg_bases
        .iter()
        .map(|b| (b, BitOwner::Register))
        .chain(l.lanes.iter().enumerate().map(|(i, b)| (b, BitOwner::Lane(i))))
        .chain(l.warps.iter().enumerate().map(|(i, b)| (b, BitOwner::Warp(i))));
    for (b, who) in bases {
        let x = b[axis];
        if x == 0 {
            continue;
        }
        let bit = x.trailing_zeros() as usize;
        if x < 0 || x.count_ones() != 1 || bit >= nbits || owner[bit].is_some() {
            return Err("tt.scan: the layout does not map its registers, lanes and warps one-to-one onto the scanned axis".into());
        }
        owner[bit] = Some(who);
    }
    let owner: Vec<BitOwner> = owner
        .into_iter()
        .collect::<Option<_>>()
        .ok_or("tt.scan: the layout does not cover the scanned axis")?;
    let warp_axis_bits: Vec<usize> = (0..l.warps.len()).filter(|&i| l.warps[i][axis] != 0).collect();
    let exchange = match owner.iter().position(|o| matches!(o, BitOwner::Warp(_))) {
        Some(first) => {
            // The warps exchange one total per key; lanes along the axis above
            // a warp bit would hold different totals for the same slot.
            let lane_above = owner[first..].iter().any(|o| matches!(o, BitOwner::Lane(_)));
            if lane_above {
                return Err("tt.scan: lanes above warps along the scanned axis are not supported".into());
            }
            let mask = !((1i64 << first) - 1);
            let keys = distinct_keys(l, axis, mask);
            let types: Vec<Ty> = regs.iter().map(|r| r[0].ty()).collect();
            WarpExchange::new(cx, op, l, axis, keys, &types, false)?
        }
        None => None,
    };
    // The distinct registers: scans per register, totals per key.
    let mut reps: Vec<usize> = Vec::new();
    let mut seen: std::collections::HashSet<&Vec<i64>> = std::collections::HashSet::new();
    for (r, c) in l.regs.iter().enumerate() {
        if seen.insert(c) {
            reps.push(r);
        }
    }
    let key = |r: usize, bit: usize| -> Vec<i64> {
        let mut c = l.regs[r].clone();
        c[axis] &= !((1i64 << bit) - 1);
        c
    };
    let mut scan: Vec<Option<Vec<Val>>> = vec![None; l.num_regs()];
    let mut totals: BTreeMap<Vec<i64>, Vec<Val>> = BTreeMap::new();
    for &r in &reps {
        let v: Vec<Val> = (0..k).map(|j| regs[j][r]).collect();
        totals.insert(l.regs[r].clone(), v.clone());
        scan[r] = Some(v);
    }
    // The axis bits from `tail` up are all registers (the layout's tiles):
    // those are scanned serially, tile after tile, instead of bit by bit.
    let tail = (0..=nbits).rev().take_while(|&b| b == nbits || matches!(owner[b], BitOwner::Register)).last().unwrap_or(nbits);
    let (_, lane, warp) = cx.thread_ids();
    let mut stored_before = false;
    for (bit, who) in owner.iter().enumerate() {
        let m = 1i64 << bit;
        if bit == tail {
            serial_tiles(cx, l, axis, reverse, &reps, bit, &totals, &mut scan, combine)?;
            break;
        }
        let last_step = bit + 1 == nbits;
        // Whether a key (or this thread) lies in the later block.
        let later_key = |c: &Vec<i64>| (c[axis] & m != 0) != reverse;
        if let BitOwner::Register = who {
            for &r in &reps {
                let c = key(r, bit);
                if later_key(&c) {
                    let mut p = c.clone();
                    p[axis] ^= m;
                    let pt = totals.get(&p).ok_or("tt.scan: a register block has no partner")?.clone();
                    let mine = scan[r].take().ok_or("tt.scan: a register was not scanned")?;
                    scan[r] = Some(combine(cx, &pt, &mine)?);
                }
            }
            if !last_step {
                let mut next = BTreeMap::new();
                for (c, t) in &totals {
                    if later_key(c) {
                        continue;
                    }
                    let mut p = c.clone();
                    p[axis] ^= m;
                    let pt = totals.get(&p).ok_or("tt.scan: a register block has no partner")?;
                    let merged = combine(cx, t, pt)?;
                    let mut cleared = c.clone();
                    cleared[axis] &= !m;
                    next.insert(cleared, merged);
                }
                totals = next;
            }
            continue;
        }
        // A lane or warp bit: the partner's totals, and whether this thread
        // holds the later block.
        let (id, id_bit) = match *who {
            BitOwner::Lane(i) => (lane, i),
            BitOwner::Warp(i) => (warp, i),
            BitOwner::Register => unreachable!("handled above"),
        };
        let masked = cx.e.and_i32(id, 1 << id_bit);
        let zero = cx.e.i32_const(0);
        let later = cx.e.icmp(if reverse { ICmp::Eq } else { ICmp::Ne }, masked, zero);
        let partner: Vec<Vec<Val>> = match *who {
            BitOwner::Lane(i) => totals
                .values()
                .map(|t| t.iter().map(|v| shuffle_any(cx, *v, Source::Xor(1 << i))).collect())
                .collect(),
            _ => {
                let x = exchange.as_ref().ok_or("tt.scan: warps along the axis need scratch memory")?;
                let j = warp_axis_bits.iter().position(|&b| b == id_bit).ok_or("tt.scan: unknown warp bit")?;
                if stored_before {
                    cx.barrier();
                }
                for (g, t) in totals.values().enumerate() {
                    let slot = lane_major_slot(cx, x, x.w_idx, g as i64);
                    x.store(cx, slot, t);
                }
                cx.barrier();
                stored_before = true;
                let flip = cx.e.i32_const(1 << j);
                let other = cx.e.xor(x.w_idx, flip);
                (0..totals.len()).map(|g| {
                    let slot = lane_major_slot(cx, x, other, g as i64);
                    x.load(cx, slot)
                }).collect()
            }
        };
        let keys: Vec<Vec<i64>> = totals.keys().cloned().collect();
        for &r in &reps {
            let g = keys.binary_search(&key(r, bit)).map_err(|_| "tt.scan: a register has no total")?;
            let mine = scan[r].take().ok_or("tt.scan: a register was not scanned")?;
            let merged = combine(cx, &partner[g], &mine)?;
            scan[r] = Some(select_all(cx, later, &merged, &mine));
        }
        if !last_step {
            for (g, t) in totals.values_mut().enumerate() {
                let front = combine(cx, &partner[g], t)?;
                let back = combine(cx, t, &partner[g])?;
                *t = select_all(cx, later, &front, &back);
            }
        }
    }
    let out: Vec<Vec<Option<Val>>> =
        (0..k).map(|j| scan.iter().map(|s| s.as_ref().map(|v| v[j])).collect()).collect();
    assemble(l, k, &out)
}

/// Slot `(g * W + w) * P + pos` of the exchange: the threads of a warp
/// store one group's values to consecutive words (no bank conflicts), where
/// [`WarpExchange::slot`] puts a thread's groups side by side.
fn lane_major_slot(cx: &mut Lowering<'_>, x: &WarpExchange, w: Val, g: i64) -> Val {
    let gw = cx.e.i32_const(g * x.w_count);
    let row = cx.e.add(gw, w);
    let row = cx.e.mul_i32(row, x.p_count);
    cx.e.add(row, x.pos)
}

/// The last steps of [`hypercube`] when every axis bit from `bit` up is a
/// register bit: per row, the tiles in axis order (descending when
/// `reverse`), each combining the running total of the tiles before it in
/// front of its elements.
#[allow(clippy::too_many_arguments)]
fn serial_tiles(
    cx: &mut Lowering<'_>,
    l: &DistLayout,
    axis: usize,
    reverse: bool,
    reps: &[usize],
    bit: usize,
    totals: &BTreeMap<Vec<i64>, Vec<Val>>,
    scan: &mut [Option<Vec<Val>>],
    combine: &Combine<'_>,
) -> Result<(), String> {
    let low = (1i64 << bit) - 1;
    // Rows: the keys with the axis coordinate cleared; their tiles in order.
    let mut rows: BTreeMap<Vec<i64>, Vec<&Vec<i64>>> = BTreeMap::new();
    for c in totals.keys() {
        let mut row = c.clone();
        row[axis] = 0;
        rows.entry(row).or_default().push(c);
    }
    for tiles in rows.values_mut() {
        tiles.sort_by_key(|c| if reverse { -c[axis] } else { c[axis] });
        let mut running: Option<Vec<Val>> = None;
        for c in tiles.iter() {
            if let Some(prefix) = &running {
                for &r in reps {
                    let mut kr = l.regs[r].clone();
                    kr[axis] &= !low;
                    if &kr != *c {
                        continue;
                    }
                    let mine = scan[r].take().ok_or("tt.scan: a register was not scanned")?;
                    scan[r] = Some(combine(cx, prefix, &mine)?);
                }
            }
            let t = &totals[*c];
            running = Some(match running {
                Some(p) => combine(cx, &p, t)?,
                None => t.clone(),
            });
        }
    }
    Ok(())
}

/// The number of distinct register coordinates once the axis coordinate is
/// masked with `mask`.
fn distinct_keys(l: &DistLayout, axis: usize, mask: i64) -> i64 {
    let mut keys: std::collections::HashSet<Vec<i64>> = std::collections::HashSet::new();
    for c in &l.regs {
        let mut c = c.clone();
        c[axis] &= mask;
        keys.insert(c);
    }
    keys.len() as i64
}
