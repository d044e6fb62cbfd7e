//! Reductions, scans, histograms and gathers: loops over the reduced axis
//! that apply the op's combine region (lowered inline, element by element).
//!
//! `tt.reduce` with a combine on floating-point values, over a
//! power-of-two axis, combines in a GPU's tree order: element `j` with
//! element `j + n/2`, then `j` with `j + n/4`, ... (`combine(x[j], x[j+s])`,
//! the lane order of a butterfly over the axis). A sequential order differs
//! from it well beyond the last bits: a bf16 sum of 1024 ones stops at 256,
//! and an argmax whose combine is not commutative for NaN picks another
//! index (Triton's own tests check both).
//! Other reductions (integers, or an axis of another size) are sequential:
//! along the minor axis the accumulators stay in registers (one loop per
//! result element); along another axis a result buffer is updated slice by
//! slice, so that the inner loop runs over contiguous elements.
use crate::lower::Cx;
use crate::memory::element;
use crate::patterns::truth;
use crate::tensor::{Kind, Tensor, Value};
use std::rc::Rc;
use tritium_conversions::ttg_to_llvm::emit::ICmp;
use tritium_dialects::ir::{Op, Val};

fn axis_of(op: Op) -> Result<usize, String> {
    op.attr("axis").and_then(|a| a.int()).map(|a| a as usize).ok_or_else(|| format!("'{}' without an axis", op.name()))
}

/// `coords` with `k` inserted at `axis`.
fn with_axis(coords: &[Val], axis: usize, k: Val) -> Vec<Val> {
    let mut c = coords.to_vec();
    c.insert(axis, k);
    c
}

fn srcs(cx: &Cx<'_>, op: Op) -> Result<Vec<Rc<Tensor>>, String> {
    op.operands().into_iter().map(|v| cx.tensor(v)).collect()
}

/// `cpu.tt.reduce`.
pub fn reduce(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let srcs = srcs(cx, op)?;
    let axis = axis_of(op)?;
    let shape = srcs.first().ok_or("tt.reduce without operands")?.shape.clone();
    if axis >= shape.len() {
        return Err("tt.reduce axis out of range".into());
    }
    let n = shape[axis];
    let region = op.region(0);
    let mut rshape = shape.clone();
    rshape.remove(axis);
    let eval_all = |cx: &mut Cx<'_>, c: &[Val]| -> Result<Vec<Val>, String> { srcs.iter().map(|s| cx.eval(s, c)).collect() };
    if n >= 2 && n & (n - 1) == 0 && srcs.iter().any(|s| s.elem.is_float()) && float_min_max_num(region).is_none() {
        return reduce_tree(cx, op, &srcs, axis, &shape, &rshape);
    }
    if rshape.is_empty() || axis == shape.len() - 1 {
        // Accumulators in registers, one loop per result element.
        let mut results: Vec<Option<(Rc<Tensor>, Val)>> = Vec::new();
        if !rshape.is_empty() {
            for (i, s) in srcs.iter().enumerate() {
                let elem = cx.tensor_type(op.result(i).ty())?.1;
                let _ = s;
                let b = cx.alloca(elem, rshape.iter().product());
                results.push(Some((Tensor::new(rshape.clone(), elem, Kind::Buf(b)), b)));
            }
        }
        let mut finals: Vec<Val> = Vec::new();
        let identity = identity(region);
        let fminmax = float_min_max_num(region);
        cx.for_each(&rshape.clone(), &mut |cx, c| {
            if let Some(max) = fminmax {
                let r = reduce_min_max_num(cx, &srcs[0], c, axis, n, region, max)?;
                match results.first() {
                    Some(Some((t, b))) => {
                        let a = cx.element_ptr(*b, t, c);
                        cx.e.store(r, a);
                    }
                    _ => finals = vec![r],
                }
                return Ok(());
            }
            // From the combine's identity over all n elements when it has
            // one (a trip count of n, a multiple of the vector width, not
            // n - 1: no scalar remainder), else from element 0.
            let (init, start) = match identity {
                Some(id) => {
                    let elem = srcs[0].elem;
                    (vec![id.emit(cx, elem)], 0)
                }
                None => {
                    let z = cx.c64(0);
                    (eval_all(cx, &with_axis(c, axis, z))?, 1)
                }
            };
            let out = cx.for_dynamic_from(start, n, &init, &mut |cx, k, accs| {
                let x = eval_all(cx, &with_axis(c, axis, k))?;
                let mut args = accs.to_vec();
                args.extend(x);
                cx.apply_region_with(region, &args, true)
            })?;
            if results.is_empty() {
                finals = out;
            } else {
                for (r, v) in results.iter().zip(&out) {
                    let (t, b) = r.as_ref().expect("result buffer");
                    let a = cx.element_ptr(*b, t, c);
                    cx.e.store(*v, a);
                }
            }
            Ok(())
        })?;
        for i in 0..op.num_results() {
            let v = match &results.get(i) {
                Some(Some((t, _))) => Value::Tensor(t.clone()),
                _ => Value::Scalar(*finals.get(i).ok_or("tt.reduce result count")?),
            };
            cx.set(op.result(i), v);
        }
        return Ok(());
    }
    // Along a major axis: result buffers updated slice by slice.
    let mut outs = Vec::new();
    for i in 0..op.num_results() {
        let elem = cx.tensor_type(op.result(i).ty())?.1;
        let b = cx.alloca(elem, rshape.iter().product());
        outs.push(Tensor::new(rshape.clone(), elem, Kind::Buf(b)));
    }
    cx.for_each(&rshape.clone(), &mut |cx, c| {
        let z = cx.c64(0);
        let x = eval_all(cx, &with_axis(c, axis, z))?;
        for (o, v) in outs.iter().zip(x) {
            let a = cx.element_ptr(o.buffer().expect("buffer"), o, c);
            cx.e.store(v, a);
        }
        Ok(())
    })?;
    cx.for_dynamic_from_serial(1, n, &[], &mut |cx, k, _| {
        cx.for_each(&rshape.clone(), &mut |cx, c| {
            let mut args = Vec::new();
            let mut addrs = Vec::new();
            for o in &outs {
                let a = cx.element_ptr(o.buffer().expect("buffer"), o, c);
                args.push(cx.e.load(a, o.elem));
                addrs.push(a);
            }
            args.extend(eval_all(cx, &with_axis(c, axis, k))?);
            let r = cx.apply_region_with(region, &args, true)?;
            for (v, a) in r.iter().zip(&addrs) {
                cx.e.store(*v, *a);
            }
            Ok(())
        })?;
        Ok(Vec::new())
    })?;
    for (i, o) in outs.into_iter().enumerate() {
        cx.set(op.result(i), Value::Tensor(o));
    }
    Ok(())
}

/// `tt.reduce` in tree order over a power-of-two axis: the operands are
/// copied to buffers of their shape, then for `s = n/2, n/4, ..., 1` every
/// `x[.., j, ..]` with `j < s` becomes `combine(x[.., j, ..], x[.., j + s, ..])`
/// (the inner loop over the other dimensions, contiguous for a major axis);
/// the result is the slice `j = 0`.
fn reduce_tree(cx: &mut Cx<'_>, op: Op, srcs: &[Rc<Tensor>], axis: usize, shape: &[i64], rshape: &[i64]) -> Result<(), String> {
    let region = op.region(0);
    let n = shape[axis];
    let mut bufs = Vec::new();
    for s in srcs {
        let b = cx.alloca(s.elem, s.len());
        cx.store_into(s, b)?;
        bufs.push(Tensor::new(shape.to_vec(), s.elem, Kind::Buf(b)));
    }
    let rshape = rshape.to_vec();
    let mut step = n / 2;
    while step >= 1 {
        cx.for_range(step, &[], &mut |cx, j, _| {
            let off = cx.c64(step);
            let k = cx.e.add(j, off);
            cx.for_each(&rshape, &mut |cx, c| {
                let lo = with_axis(c, axis, j);
                let hi = with_axis(c, axis, k);
                let mut args = Vec::new();
                let mut addrs = Vec::new();
                for t in &bufs {
                    let a = cx.element_ptr(t.buffer().expect("buffer"), t, &lo);
                    args.push(cx.e.load(a, t.elem));
                    addrs.push(a);
                }
                for t in &bufs {
                    let a = cx.element_ptr(t.buffer().expect("buffer"), t, &hi);
                    args.push(cx.e.load(a, t.elem));
                }
                let r = cx.apply_region(region, &args)?;
                for (v, a) in r.iter().zip(&addrs) {
                    cx.e.store(*v, *a);
                }
                Ok(())
            })?;
            Ok(Vec::new())
        })?;
        step /= 2;
    }
    for (i, t) in bufs.iter().enumerate() {
        let zero = cx.c64(0);
        if rshape.is_empty() {
            let v = cx.eval(t, &[zero])?;
            cx.set(op.result(i), Value::Scalar(v));
            continue;
        }
        let out = cx.alloca(t.elem, rshape.iter().product());
        let o = Tensor::new(rshape.clone(), t.elem, Kind::Buf(out));
        let t = t.clone();
        cx.for_each(&rshape, &mut |cx, c| {
            let v = cx.eval(&t, &with_axis(c, axis, zero))?;
            let a = cx.element_ptr(out, &o, c);
            cx.e.store(v, a);
            Ok(())
        })?;
        cx.set(op.result(i), Value::Tensor(o));
    }
    Ok(())
}

/// `cpu.tt.scan`: sequential along the axis (reversed with `reverse`).
pub fn scan(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let srcs = srcs(cx, op)?;
    let axis = axis_of(op)?;
    let reverse = op.attr("reverse").and_then(|a| a.bool()).unwrap_or(false);
    let shape = srcs.first().ok_or("tt.scan without operands")?.shape.clone();
    if axis >= shape.len() {
        return Err("tt.scan axis out of range".into());
    }
    let n = shape[axis];
    let region = op.region(0);
    let mut outs = Vec::new();
    for i in 0..op.num_results() {
        let (s, elem) = cx.tensor_type(op.result(i).ty())?;
        let b = cx.alloca(elem, s.iter().product());
        outs.push(Tensor::new(s, elem, Kind::Buf(b)));
    }
    let mut oshape = shape.clone();
    oshape.remove(axis);
    cx.for_each(&oshape, &mut |cx, c| {
        let pos = |cx: &mut Cx<'_>, j: Val| -> Val {
            if reverse {
                let last = cx.c64(n - 1);
                cx.e.sub(last, j)
            } else {
                j
            }
        };
        let write = |cx: &mut Cx<'_>, k: Val, vals: &[Val]| {
            let cc = with_axis(c, axis, k);
            for (o, v) in outs.iter().zip(vals) {
                let a = cx.element_ptr(o.buffer().expect("buffer"), o, &cc);
                cx.e.store(*v, a);
            }
        };
        let z = cx.c64(0);
        let k0 = pos(cx, z);
        let init: Vec<Val> = srcs.iter().map(|s| cx.eval(s, &with_axis(c, axis, k0))).collect::<Result<_, _>>()?;
        write(cx, k0, &init);
        cx.for_dynamic_from(1, n, &init, &mut |cx, j, accs| {
            let k = pos(cx, j);
            let mut args = accs.to_vec();
            for s in &srcs {
                args.push(cx.eval(s, &with_axis(c, axis, k))?);
            }
            let r = cx.apply_region(region, &args)?;
            write(cx, k, &r);
            Ok(r)
        })?;
        Ok(())
    })?;
    for (i, o) in outs.into_iter().enumerate() {
        cx.set(op.result(i), Value::Tensor(o));
    }
    Ok(())
}

/// `cpu.tt.histogram`: counts per bin (values outside `[0, bins)` and
/// masked-off elements are not counted).
pub fn histogram(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    let mask = op.operands().get(1).map(|m| cx.get(*m)).transpose()?;
    let (rshape, elem) = cx.tensor_type(op.result(0).ty())?;
    let bins = rshape[0];
    let b = cx.alloca(elem, bins);
    let out = Tensor::new(rshape.clone(), elem, Kind::Buf(b));
    let zero_t = Tensor::new(rshape.clone(), elem, Kind::Splat(cx.e.zero(elem)));
    cx.store_into(&zero_t, b)?;
    let shape = src.shape.clone();
    cx.for_each(&shape, &mut |cx, c| {
        let v = cx.eval(&src, c)?;
        let i64t = cx.e.i64();
        let idx = cx.e.cast("llvm.sext", v, i64t);
        let nb = cx.c64(bins);
        let mut ok = cx.e.icmp(ICmp::Ult, idx, nb);
        if let Some(m) = &mask {
            let m = element(cx, m, c)?;
            let m = truth(cx, m);
            ok = cx.e.and(ok, m);
        }
        cx.if_then(ok, &mut |cx| {
            let a = cx.e.gep(b, elem, idx);
            let old = cx.e.load(a, elem);
            let one = cx.e.const_int(elem, 1);
            let new = cx.e.add(old, one);
            cx.e.store(new, a);
            Ok(())
        })
    })?;
    cx.set(op.result(0), Value::Tensor(out));
    Ok(())
}

/// `cpu.tt.gather`: `out[c] = src[c with c[axis] = indices[c]]` (an index
/// outside the source reads element 0 of that axis).
pub fn gather(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    let src = cx.materialize(&src)?;
    let idx = cx.tensor(op.operand(1))?;
    let axis = axis_of(op)?;
    let (shape, elem) = cx.tensor_type(op.result(0).ty())?;
    let b = cx.alloca(elem, shape.iter().product());
    let out = Tensor::new(shape.clone(), elem, Kind::Buf(b));
    let o = out.clone();
    let n = src.shape[axis];
    cx.for_each(&shape, &mut |cx, c| {
        let i = cx.eval(&idx, c)?;
        let i64t = cx.e.i64();
        let i = cx.e.cast("llvm.sext", i, i64t);
        let nb = cx.c64(n);
        let inb = cx.e.icmp(ICmp::Ult, i, nb);
        let z = cx.c64(0);
        let i = cx.e.select(inb, i, z);
        let mut sc = c.to_vec();
        sc[axis] = i;
        let v = cx.eval(&src, &sc)?;
        let a = cx.element_ptr(b, &o, c);
        cx.e.store(v, a);
        Ok(())
    })?;
    cx.set(op.result(0), Value::Tensor(out));
    Ok(())
}

/// The identity element of a single-operand combine region made of one
/// commutative op of its two arguments (`x op id == x` for every x, NaN and
/// signed zeros included); `None` for anything else, and for `i1`.
#[derive(Clone, Copy)]
enum Identity {
    Float(f64),
    Int(i64),
    IntMin,
    IntMax,
}

impl Identity {
    fn emit(self, cx: &mut Cx<'_>, elem: tritium_dialects::ir::Ty) -> Val {
        let w = elem.bit_width();
        match self {
            Identity::Float(v) => cx.e.const_float(elem, v),
            Identity::Int(v) => cx.e.const_int(elem, v),
            Identity::IntMin => cx.e.const_int(elem, if w >= 64 { i64::MIN } else { -(1i64 << (w - 1)) }),
            Identity::IntMax => cx.e.const_int(elem, if w >= 64 { i64::MAX } else { (1i64 << (w - 1)) - 1 }),
        }
    }
}

fn identity(region: mlir_sys::MlirRegion) -> Option<Identity> {
    let blocks = tritium_dialects::ir::region_blocks(region);
    let [block] = blocks.as_slice() else { return None };
    let args = tritium_dialects::ir::block_arguments(*block);
    let ops = tritium_dialects::ir::block_ops(*block);
    let ([a, b], [op, ret]) = (args.as_slice(), ops.as_slice()) else { return None };
    if ret.name() != "tt.reduce.return" || ret.operands().len() != 1 || !ret.operand(0).same(op.result(0)) {
        return None;
    }
    let operands = op.operands();
    let uses_args = operands.len() == 2
        && ((operands[0].same(*a) && operands[1].same(*b)) || (operands[0].same(*b) && operands[1].same(*a)));
    let elem = a.ty();
    if !uses_args || elem.bit_width() < 8 {
        return None;
    }
    let float = elem.is_float();
    let int = elem.is_integer();
    Some(match op.name() {
        "arith.addf" if float => Identity::Float(-0.0),
        "arith.mulf" if float => Identity::Float(1.0),
        "arith.maxnumf" | "arith.minnumf" if float => Identity::Float(f64::NAN),
        "arith.maximumf" if float => Identity::Float(f64::NEG_INFINITY),
        "arith.minimumf" if float => Identity::Float(f64::INFINITY),
        "arith.addi" | "arith.ori" | "arith.xori" | "arith.maxui" if int => Identity::Int(0),
        "arith.muli" if int => Identity::Int(1),
        "arith.andi" | "arith.minui" if int => Identity::Int(-1),
        "arith.maxsi" if int => Identity::IntMin,
        "arith.minsi" if int => Identity::IntMax,
        _ => return None,
    })
}

/// `Some(true)` for a combine region that is one `arith.maxnumf` of its two
/// arguments, `Some(false)` for one `arith.minnumf`.
fn float_min_max_num(region: mlir_sys::MlirRegion) -> Option<bool> {
    match identity(region)? {
        Identity::Float(v) if v.is_nan() => {}
        _ => return None,
    }
    let blocks = tritium_dialects::ir::region_blocks(region);
    let ops = tritium_dialects::ir::block_ops(blocks[0]);
    Some(ops[0].name() == "arith.maxnumf")
}

/// A `maxnumf` (`max`) or `minnumf` reduction along `axis` at `c`, with no
/// NaN in the loop: each element goes through `maxnum(x, -inf)` (one
/// `vmaxps` with a constant: a NaN becomes -inf), and the accumulator,
/// starting at -inf, is combined with `nnan` (so LLVM vectorizes it without
/// NaN checks and reduces the vector as a tree; the default lowering of
/// `maxnum` without `nnan` is a compare and blend per element and a
/// sequential chain of scalar combines per row). That gives the exact
/// result unless it is -inf (every element NaN or -inf): then the row is
/// reduced again with the region itself (which yields NaN if all are NaN).
fn reduce_min_max_num(
    cx: &mut Cx<'_>,
    src: &Rc<Tensor>,
    c: &[Val],
    axis: usize,
    n: i64,
    region: mlir_sys::MlirRegion,
    max: bool,
) -> Result<Val, String> {
    let elem = src.elem;
    let (intr, inf) = if max { ("llvm.intr.maxnum", f64::NEG_INFINITY) } else { ("llvm.intr.minnum", f64::INFINITY) };
    let init = cx.e.const_float(elem, inf);
    let flags = cx.e.attr("#llvm.fastmath<nnan, reassoc, nsz>");
    let out = cx.for_dynamic_from(0, n, &[init], &mut |cx, k, accs| {
        let x = cx.eval(src, &with_axis(c, axis, k))?;
        let inf = cx.e.const_float(elem, inf);
        let x = cx.e.val(intr, &[x, inf], elem, &[]);
        Ok(vec![cx.e.val(intr, &[accs[0], x], elem, &[("fastmathFlags", flags)])])
    })?;
    let slot = cx.alloca(elem, 1);
    cx.e.store(out[0], slot);
    let inf = cx.e.const_float(elem, inf);
    let p = cx.e.int_attr(cx.e.i64(), 1); // oeq
    let i1 = cx.e.i1();
    let rare = cx.e.val("llvm.fcmp", &[out[0], inf], i1, &[("predicate", p)]);
    cx.if_then(rare, &mut |cx| {
        let z = cx.c64(0);
        let first = cx.eval(src, &with_axis(c, axis, z))?;
        let exact = cx.for_dynamic_from(1, n, &[first], &mut |cx, k, accs| {
            let x = cx.eval(src, &with_axis(c, axis, k))?;
            cx.apply_region(region, &[accs[0], x])
        })?;
        cx.e.store(exact[0], slot);
        Ok(())
    })?;
    Ok(cx.e.load(slot, elem))
}

/// `cpu.tt.map_elementwise`: the operands in buffers, then one loop over
/// groups of `pack` consecutive elements (row-major), each applying the
/// scalar region (inline, any blocks: [`Cx::apply_region_cfg`]) to the
/// group's elements, operand by operand (`a0, a1, .., b0, b1, ..`), and
/// storing its results, result by result, into the result buffers. A group
/// past the end (fewer elements than `pack`) repeats the last element.
pub fn map_elementwise(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let pack = op.attr("pack").and_then(|a| a.int()).unwrap_or(1);
    if pack < 1 {
        return Err(format!("tt.map_elementwise with pack = {pack}"));
    }
    let mut srcs = Vec::new();
    for v in op.operands() {
        let t = cx.tensor(v)?;
        srcs.push(cx.materialize(&t)?);
    }
    let mut outs = Vec::new();
    for r in op.results() {
        let (shape, elem) = cx.tensor_type(r.ty())?;
        let n = shape.iter().product();
        let buf = cx.alloca(elem, n);
        outs.push(Tensor::new(shape, elem, Kind::Buf(buf)));
    }
    let Some(n) = outs.first().map(|t| t.len()).or_else(|| srcs.first().map(|t| t.len())) else {
        return Ok(());
    };
    if srcs.iter().chain(&outs).any(|t| t.len() != n) {
        return Err("tt.map_elementwise: operands and results of different sizes".into());
    }
    let mut join_types = Vec::new();
    for o in &outs {
        join_types.extend(std::iter::repeat_n(o.elem, pack as usize));
    }
    let region = op.region(0);
    let groups = (n + pack - 1) / pack;
    cx.for_range(groups, &[], &mut |cx, g, _| {
        let p = cx.c64(pack);
        let first = cx.e.mul(g, p);
        let last = cx.c64(n - 1);
        let mut idx = Vec::new();
        for j in 0..pack {
            let jj = cx.c64(j);
            let i = cx.e.add(first, jj);
            idx.push(if n % pack == 0 { i } else { cx.e.val("llvm.intr.umin", &[i, last], i.ty(), &[]) });
        }
        let mut args = Vec::new();
        for s in &srcs {
            let buf = s.buffer().expect("materialized");
            for i in &idx {
                let a = cx.e.gep(buf, s.elem, *i);
                args.push(cx.e.load(a, s.elem));
            }
        }
        let vals = cx.apply_region_cfg(region, &args, "tt.map_elementwise.return", &join_types)?;
        for (r, o) in outs.iter().enumerate() {
            let buf = o.buffer().expect("a result buffer");
            for (j, i) in idx.iter().enumerate() {
                let a = cx.e.gep(buf, o.elem, *i);
                cx.e.store(vals[r * pack as usize + j], a);
            }
        }
        Ok(Vec::new())
    })?;
    for (r, o) in op.results().into_iter().zip(outs) {
        cx.set(r, Value::Tensor(o));
    }
    Ok(())
}
