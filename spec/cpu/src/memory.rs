//! Memory ops: `tt.load` and `tt.store` (masked, with `other`), and the
//! atomics `tt.atomic_rmw` / `tt.atomic_cas` as LLVM `atomicrmw` /
//! `cmpxchg`, one per element, which are real atomics between the threads
//! that run programs concurrently.
//!
//! A masked element is a branch around its access, which LLVM's loop
//! vectorizer turns into masked vector loads and stores where the target has
//! them (AVX2, AVX-512), since the addresses of Triton's loads are usually
//! contiguous once the lazy index arithmetic is inlined.
use crate::lower::Cx;
use crate::patterns::truth;
use crate::tensor::{Kind, Tensor, Value};
use std::rc::Rc;
use tritium_conversions::ttg_to_llvm::emit::ICmp;
use tritium_dialects::ir::{Op, Ty, Val};

/// The mask and `other` operands of a `tt.load` (by its operand segments).
fn load_operands(op: Op) -> (Val, Option<Val>, Option<Val>) {
    let operands = op.operands();
    let (has_mask, has_other) = if op.attr("operandSegmentSizes").is_some() {
        (op.segment_size(1) > 0, op.segment_size(2) > 0)
    } else {
        (operands.len() >= 2, operands.len() >= 3)
    };
    let mask = has_mask.then(|| operands[1]);
    let other = has_other.then(|| operands[if has_mask { 2 } else { 1 }]);
    (operands[0], mask, other)
}

/// An element of a lowered value at `coords` (a scalar is itself).
pub fn element(cx: &mut Cx<'_>, v: &Value, coords: &[Val]) -> Result<Val, String> {
    match v {
        Value::Scalar(s) => Ok(*s),
        Value::Tensor(t) => cx.eval(t, coords),
    }
}

/// The value a masked-off load yields: `other`, else zero.
fn default_value(cx: &mut Cx<'_>, other: &Option<Value>, coords: &[Val], elem: Ty) -> Result<Val, String> {
    match other {
        Some(o) => element(cx, o, coords),
        None => Ok(cx.e.zero(elem)),
    }
}

/// Loads one element at `ptr` when `mask` holds.
fn load_one(cx: &mut Cx<'_>, ptr: Val, elem: Ty, mask: Option<Val>, other: Val) -> Result<Val, String> {
    match mask {
        None => Ok(cx.e.load(ptr, elem)),
        Some(m) => {
            let m = truth(cx, m);
            cx.if_value(m, elem, &mut |cx| Ok(cx.e.load(ptr, elem)), other)
        }
    }
}

/// `cpu.tt.load`.
pub fn load(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let (ptr, mask, other) = load_operands(op);
    let ptr = cx.get(ptr)?;
    let mask = mask.map(|m| cx.get(m)).transpose()?;
    let other = other.map(|o| cx.get(o)).transpose()?;
    let rty = op.result(0).ty();
    if !rty.is_tensor() {
        let elem = cx.scalar_type(rty)?;
        let p = element(cx, &ptr, &[])?;
        let m = mask.as_ref().map(|m| element(cx, m, &[])).transpose()?;
        let d = default_value(cx, &other, &[], elem)?;
        let v = load_one(cx, p, elem, m, d)?;
        cx.set(op.result(0), Value::Scalar(v));
        return Ok(());
    }
    let (shape, elem) = cx.tensor_type(rty)?;
    let n = shape.iter().product();
    let buf = cx.alloca(elem, n);
    let out = Tensor::new(shape.clone(), elem, Kind::Buf(buf));
    let o = out.clone();
    // `base`: the row's first address, when its addresses are known to be
    // consecutive.
    let one = |cx: &mut Cx<'_>, ptr: &Value, base: Option<Val>, mask: &Option<Value>, other: &Option<Value>, c: &[Val]| -> Result<(), String> {
        let p = match base {
            Some(p0) => cx.e.gep(p0, elem, *c.last().expect("a tensor load has coordinates")),
            None => element(cx, ptr, c)?,
        };
        let m = mask.as_ref().map(|m| element(cx, m, c)).transpose()?;
        let d = if m.is_some() { default_value(cx, other, c, elem)? } else { cx.e.zero(elem) };
        let v = load_one(cx, p, elem, m, d)?;
        let a = cx.element_ptr(buf, &o, c);
        cx.e.store(v, a);
        Ok(())
    };
    // The minor dimension is a loop LLVM vectorizes (masked vector loads).
    // What the address, mask and `other` compute per row (not varying along
    // the minor dimension) is evaluated once per row, before that loop.
    let (outer, minor) = shape.split_at(shape.len() - 1);
    let w = minor[0];
    cx.for_each(outer, &mut |cx, oc| {
        if w == 1 {
            let mut c = oc.to_vec();
            c.push(cx.c64(0));
            return one(cx, &ptr, None, &mask, &other, &c);
        }
        let ptr = hoist_row(cx, &ptr, oc)?;
        let mask = mask.as_ref().map(|m| hoist_row(cx, m, oc)).transpose()?;
        let other = other.as_ref().map(|o| hoist_row(cx, o, oc)).transpose()?;
        let row = |cx: &mut Cx<'_>, base: Option<Val>| {
            cx.for_range_vectorized(w, &mut |cx, j, _| {
                let mut c = oc.to_vec();
                c.push(j);
                one(cx, &ptr, base, &mask, &other, &c)?;
                Ok(Vec::new())
            })
        };
        let gathered = matches!(&ptr, Value::Tensor(t) if !affine_along_minor(t));
        if !gathered {
            return row(cx, None);
        }
        // Addresses LLVM cannot see are consecutive (read from a buffer,
        // computed by a division, ...): checked at run time, the row is
        // loaded from its first address when they are, else gathered.
        let at = |cx: &mut Cx<'_>, j: Val| {
            let mut c = oc.to_vec();
            c.push(j);
            element(cx, &ptr, &c)
        };
        let z = cx.c64(0);
        let p0 = at(cx, z)?;
        let yes = cx.e.const_int(cx.e.i1(), 1);
        let consecutive = cx.for_range(w, &[yes], &mut |cx, j, acc| {
            let p = at(cx, j)?;
            let want = cx.e.gep(p0, elem, j);
            let same = cx.e.icmp(ICmp::Eq, p, want);
            Ok(vec![cx.e.and(acc[0], same)])
        })?[0];
        let fast = cx.new_block(&[]);
        let slow = cx.new_block(&[]);
        let done = cx.new_block(&[]);
        cx.e.cond_br(consecutive, fast, &[], slow, &[]);
        cx.e.set_block(fast);
        row(cx, Some(p0))?;
        cx.e.br(done, &[]);
        cx.e.set_block(slow);
        row(cx, None)?;
        cx.e.br(done, &[]);
        cx.e.set_block(done);
        Ok(())
    })?;
    cx.set(op.result(0), Value::Tensor(out));
    Ok(())
}

/// Whether an element of `t` depends on its minor (last) coordinate; `false`
/// only where that is sure (a splat, a size-1 minor dimension broadcast or
/// inserted by `tt.expand_dims`, elementwise ops of such tensors).
fn varies_along_minor(t: &Tensor) -> bool {
    let r = t.shape.len();
    if r == 0 || t.shape[r - 1] == 1 {
        return false;
    }
    match &t.kind {
        Kind::Splat(_) => false,
        Kind::Broadcast(s) => s.shape[r - 1] != 1 && varies_along_minor(s),
        Kind::ExpandDims(s, axis) => *axis != r - 1 && varies_along_minor(s),
        Kind::Map(_, args) => args.iter().any(|a| matches!(a, Value::Tensor(x) if varies_along_minor(x))),
        Kind::Cast(s, _) | Kind::Offset(s, _) => varies_along_minor(s),
        _ => true,
    }
}

/// Whether LLVM sees how the elements of `t` (addresses, indices) change
/// along the minor dimension: not at all, or through ranges and additions,
/// subtractions, multiplications, pointer offsets and integer casts of such
/// values. Otherwise (a buffer, a division, a select, ...) a row of
/// addresses is a gather to it even when they are consecutive.
fn affine_along_minor(t: &Tensor) -> bool {
    if !varies_along_minor(t) {
        return true;
    }
    match &t.kind {
        Kind::Range(_) => true,
        Kind::Broadcast(s) | Kind::ExpandDims(s, _) | Kind::Cast(s, _) | Kind::Offset(s, _) => affine_along_minor(s),
        Kind::Map(op, args) => {
            matches!(
                op.name(),
                "arith.addi" | "arith.subi" | "arith.muli" | "tt.addptr" | "arith.extsi" | "arith.extui" | "arith.trunci" | "arith.index_cast"
            ) && args.iter().all(|a| match a {
                Value::Scalar(_) => true,
                Value::Tensor(x) => affine_along_minor(x),
            })
        }
        _ => false,
    }
}

/// `v` for the elements of one row (`row`: the coordinates before the minor
/// one): each part of it that does not vary along the minor dimension is
/// evaluated here, once, and becomes a splat. A load's row of addresses
/// `base[i] + j` then stays `splat(b) + j` inside the vectorized loop: LLVM
/// sees consecutive addresses even when `base[i]` is costly (`(m0 + i) % M`
/// in Triton's matmul tutorial), where an integer division left inside a
/// masked access is executed per element under its mask and turns the load
/// into a gather.
fn hoist_row(cx: &mut Cx<'_>, v: &Value, row: &[Val]) -> Result<Value, String> {
    match v {
        Value::Scalar(_) => Ok(v.clone()),
        Value::Tensor(t) => Ok(Value::Tensor(hoist_tensor_row(cx, t, row)?)),
    }
}

fn hoist_tensor_row(cx: &mut Cx<'_>, t: &Rc<Tensor>, row: &[Val]) -> Result<Rc<Tensor>, String> {
    if !varies_along_minor(t) {
        if matches!(t.kind, Kind::Splat(_) | Kind::Buf(_)) {
            return Ok(t.clone());
        }
        let mut c = row.to_vec();
        c.push(cx.c64(0));
        let x = cx.eval(t, &c)?;
        return Ok(Tensor::new(t.shape.clone(), t.elem, Kind::Splat(x)));
    }
    Ok(match &t.kind {
        Kind::Map(op, args) => {
            let args = args.iter().map(|a| hoist_row(cx, a, row)).collect::<Result<Vec<_>, _>>()?;
            Tensor::new(t.shape.clone(), t.elem, Kind::Map(*op, args))
        }
        Kind::Cast(s, name) => Tensor::new(t.shape.clone(), t.elem, Kind::Cast(hoist_tensor_row(cx, s, row)?, name)),
        Kind::Offset(s, off) => Tensor::new(t.shape.clone(), t.elem, Kind::Offset(hoist_tensor_row(cx, s, row)?, *off)),
        _ => t.clone(),
    })
}

/// `cpu.tt.store`.
///
/// A store whose rows (the minor dimension) fill whole 64-byte lines may take
/// a streaming path, row by row: when every element of the row is unmasked,
/// its addresses are consecutive and the first is 64-byte aligned (all
/// checked at run time), the values are computed into a small aligned buffer
/// and written with non-temporal full-line vector stores, which do not read
/// the destination lines first (a plain store reads each line it writes:
/// a third of the traffic of a copy). Other rows take the per-element path.
pub fn store(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let operands = op.operands();
    let ptr = cx.get(operands[0])?;
    let value = cx.get(operands[1])?;
    let mask = operands.get(2).map(|m| cx.get(*m)).transpose()?;
    let shape = match &ptr {
        Value::Tensor(t) => t.shape.clone(),
        Value::Scalar(_) => Vec::new(),
    };
    let elem = match &value {
        Value::Tensor(t) => t.elem,
        Value::Scalar(s) => s.ty(),
    };
    if let Some(chunk) = streaming_chunk(&shape, elem) {
        return store_streaming(cx, &shape, elem, chunk, &ptr, &value, &mask);
    }
    cx.for_each(&shape, &mut |cx, c| store_element(cx, &ptr, &value, &mask, c))
}

/// Stores element `c` of `value` at element `c` of `ptr` unless masked off.
fn store_element(cx: &mut Cx<'_>, ptr: &Value, value: &Value, mask: &Option<Value>, c: &[Val]) -> Result<(), String> {
    let p = element(cx, ptr, c)?;
    let v = element(cx, value, c)?;
    match mask {
        None => cx.e.store(v, p),
        Some(m) => {
            let m = element(cx, m, c)?;
            let m = truth(cx, m);
            cx.if_then(m, &mut |cx| {
                cx.e.store(v, p);
                Ok(())
            })?;
        }
    }
    Ok(())
}

/// The bytes of a cache line, the unit of a streaming store.
const LINE_BYTES: i64 = 64;
/// The most bytes of a row computed at once before streaming them out.
const CHUNK_BYTES: i64 = 2048;

/// The elements per chunk of the streaming path of a store of `shape` x
/// `elem`, when it applies: rows of whole lines of 1-, 2-, 4- or 8-byte
/// integers or floats.
fn streaming_chunk(shape: &[i64], elem: Ty) -> Option<i64> {
    let w = *shape.last()?;
    if !(elem.is_integer() || elem.is_float()) || !matches!(elem.bit_width(), 8 | 16 | 32 | 64) {
        return None;
    }
    let eb = i64::from(elem.bit_width() / 8);
    if w * eb < LINE_BYTES || (w * eb) % LINE_BYTES != 0 {
        return None;
    }
    let mut chunk = w;
    while chunk * eb > CHUNK_BYTES && chunk % 2 == 0 && ((chunk / 2) * eb) % LINE_BYTES == 0 {
        chunk /= 2;
    }
    Some(chunk)
}

/// The streaming path of [`store`] (see there).
fn store_streaming(
    cx: &mut Cx<'_>,
    shape: &[i64],
    elem: Ty,
    chunk: i64,
    ptr: &Value,
    value: &Value,
    mask: &Option<Value>,
) -> Result<(), String> {
    let rank = shape.len();
    let w = shape[rank - 1];
    let eb = i64::from(elem.bit_width() / 8);
    let lanes = LINE_BYTES / eb;
    let vt = cx.e.vector_ty(elem, lanes as u32);
    let tmp = cx.alloca(elem, chunk);
    let outer = shape[..rank - 1].to_vec();
    cx.for_each(&outer, &mut |cx, o| {
        let at = |j: Val| {
            let mut c = o.to_vec();
            c.push(j);
            c
        };
        let z = cx.c64(0);
        let c0 = at(z);
        let p0 = element(cx, ptr, &c0)?;
        // Whether the row may stream: consecutive, unmasked, element-aligned.
        let i64t = cx.e.i64();
        let addr = cx.e.cast("llvm.ptrtoint", p0, i64t);
        let emask = cx.c64(eb - 1);
        let erem = cx.e.and(addr, emask);
        let zero = cx.c64(0);
        let aligned = cx.e.icmp(ICmp::Eq, erem, zero);
        let t = cx.e.const_int(cx.e.i1(), 1);
        let ok = cx.for_range(w, &[t], &mut |cx, j, acc| {
            let c = at(j);
            let p = element(cx, ptr, &c)?;
            let want = cx.e.gep(p0, elem, j);
            let mut ok = cx.e.icmp(ICmp::Eq, p, want);
            if let Some(m) = mask {
                let m = element(cx, m, &c)?;
                let m = truth(cx, m);
                ok = cx.e.and(ok, m);
            }
            Ok(vec![cx.e.and(acc[0], ok)])
        })?[0];
        let ok = cx.e.and(ok, aligned);
        let stream = cx.new_block(&[]);
        let slow = cx.new_block(&[]);
        let done = cx.new_block(&[]);
        cx.e.cond_br(ok, stream, &[], slow, &[]);
        cx.e.set_block(stream);
        // Elements before the first line boundary (the same in every chunk,
        // whose bytes are whole lines), the whole lines, then the rest.
        let lmask = cx.c64(LINE_BYTES - 1);
        let lrem = cx.e.and(addr, lmask);
        let line = cx.c64(LINE_BYTES);
        let gap = cx.e.sub(line, lrem);
        let gap = cx.e.and(gap, lmask);
        let ebv = cx.c64(eb);
        let head = cx.e.binary("llvm.udiv", gap, ebv);
        let ck = cx.c64(chunk);
        let body = cx.e.sub(ck, head);
        let lv = cx.c64(lanes);
        let nlines = cx.e.binary("llvm.udiv", body, lv);
        let mid = cx.e.mul(nlines, lv);
        let tail = cx.e.add(head, mid);
        cx.for_range(w / chunk, &[], &mut |cx, ch, _| {
            let base = cx.e.mul(ch, ck);
            cx.for_range(chunk, &[], &mut |cx, j, _| {
                let jj = cx.e.add(base, j);
                let v = element(cx, value, &at(jj))?;
                let a = cx.e.gep(tmp, elem, j);
                cx.e.store(v, a);
                Ok(Vec::new())
            })?;
            let dst = cx.e.gep(p0, elem, base);
            let plain = |cx: &mut Cx<'_>, lo: Val, hi: Val| {
                cx.for_dynamic(lo, hi, &[], &mut |cx, j, _| {
                    let src = cx.e.gep(tmp, elem, j);
                    let v = cx.e.load(src, elem);
                    let d = cx.e.gep(dst, elem, j);
                    cx.e.store(v, d);
                    Ok(Vec::new())
                })
            };
            let z = cx.c64(0);
            plain(cx, z, head)?;
            cx.for_dynamic(z, nlines, &[], &mut |cx, l, _| {
                let off = cx.e.mul(l, lv);
                let off = cx.e.add(off, head);
                let src = cx.e.gep(tmp, elem, off);
                let v = cx.e.load_aligned(src, vt, eb);
                let d = cx.e.gep(dst, elem, off);
                let a = cx.e.int_attr(cx.e.i64(), LINE_BYTES);
                let nt = cx.e.unit_attr();
                cx.e.op("llvm.store", &[v, d], &[], &[("alignment", a), ("nontemporal", nt)]);
                Ok(Vec::new())
            })?;
            plain(cx, tail, ck)?;
            Ok(Vec::new())
        })?;
        cx.e.br(done, &[]);
        cx.e.set_block(slow);
        cx.for_range(w, &[], &mut |cx, j, _| {
            let c = at(j);
            store_element(cx, ptr, value, mask, &c)?;
            Ok(Vec::new())
        })?;
        cx.e.br(done, &[]);
        cx.e.set_block(done);
        Ok(())
    })
}

/// LLVM's `AtomicOrdering` for Triton's `MemSemantic`.
fn ordering(op: Op) -> i64 {
    match op.attr("sem").and_then(|a| a.int()).unwrap_or(4) {
        1 => 2, // relaxed: monotonic
        2 => 4, // acquire
        3 => 5, // release
        _ => 6, // acq_rel
    }
}

/// LLVM's `AtomicBinOp` for Triton's `RMWOp` on elements of `elem`.
fn bin_op(code: i64, elem: Ty) -> Result<i64, String> {
    let float = elem.is_float();
    Ok(match code {
        1 => 3,                           // and
        2 => 5,                           // or
        3 => 6,                           // xor
        4 if float => 11,                 // add on floats: fadd
        4 => 1,                           // add
        5 => 11,                          // fadd
        6 => if float { 13 } else { 7 },  // max / fmax
        7 => if float { 14 } else { 8 },  // min / fmin
        8 => 9,                           // umax
        9 => 10,                          // umin
        10 => 0,                          // xchg
        other => return Err(format!("unknown atomic_rmw op {other}")),
    })
}

/// Runs `f` on every element (or once for scalars), returning the results
/// as the lowered value of `op.result(0)` (a buffer for tensors).
fn per_element(
    cx: &mut Cx<'_>,
    op: Op,
    shape: Vec<i64>,
    elem: Ty,
    f: &mut dyn FnMut(&mut Cx<'_>, &[Val]) -> Result<Val, String>,
) -> Result<(), String> {
    let rty = op.result(0).ty();
    if !rty.is_tensor() {
        let v = f(cx, &[])?;
        cx.set(op.result(0), Value::Scalar(v));
        return Ok(());
    }
    let n = shape.iter().product();
    let buf = cx.alloca(elem, n);
    let out: Rc<Tensor> = Tensor::new(shape.clone(), elem, Kind::Buf(buf));
    let o = out.clone();
    cx.for_each(&shape, &mut |cx, c| {
        let v = f(cx, c)?;
        let a = cx.element_ptr(buf, &o, c);
        cx.e.store(v, a);
        Ok(())
    })?;
    cx.set(op.result(0), Value::Tensor(out));
    Ok(())
}

fn result_shape(cx: &Cx<'_>, op: Op) -> Result<(Vec<i64>, Ty), String> {
    let rty = op.result(0).ty();
    if rty.is_tensor() {
        cx.tensor_type(rty)
    } else {
        Ok((Vec::new(), cx.scalar_type(rty)?))
    }
}

/// `cpu.tt.atomic_rmw`.
pub fn atomic_rmw(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let operands = op.operands();
    let ptr = cx.get(operands[0])?;
    let val = cx.get(operands[1])?;
    let mask = operands.get(2).map(|m| cx.get(*m)).transpose()?;
    let (shape, elem) = result_shape(cx, op)?;
    let code = op.attr("atomic_rmw_op").and_then(|a| a.int()).ok_or("atomic_rmw without an op")?;
    let bin = bin_op(code, elem)?;
    let ord = ordering(op);
    per_element(cx, op, shape, elem, &mut |cx, c| {
        let p = element(cx, &ptr, c)?;
        let v = element(cx, &val, c)?;
        let mut rmw = |cx: &mut Cx<'_>| {
            let b = cx.e.int_attr(cx.e.i64(), bin);
            let o = cx.e.int_attr(cx.e.i64(), ord);
            Ok(cx.e.val("llvm.atomicrmw", &[p, v], elem, &[("bin_op", b), ("ordering", o)]))
        };
        match &mask {
            None => rmw(cx),
            Some(m) => {
                let m = element(cx, m, c)?;
                let m = truth(cx, m);
                let zero = cx.e.zero(elem);
                cx.if_value(m, elem, &mut rmw, zero)
            }
        }
    })
}

/// `cpu.tt.atomic_cas`.
pub fn atomic_cas(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let operands = op.operands();
    let ptr = cx.get(operands[0])?;
    let cmp = cx.get(operands[1])?;
    let val = cx.get(operands[2])?;
    let (shape, elem) = result_shape(cx, op)?;
    let ord = ordering(op);
    // cmpxchg takes integers (or pointers): floats go through their bits.
    let int = if elem.is_float() { cx.e.int_ty(elem.bit_width()) } else { elem };
    let failure = match ord {
        6 | 4 => 4, // acquire
        _ => 2,     // monotonic
    };
    per_element(cx, op, shape, elem, &mut |cx, c| {
        let p = element(cx, &ptr, c)?;
        let k = element(cx, &cmp, c)?;
        let v = element(cx, &val, c)?;
        let k = cx.e.cast("llvm.bitcast", k, int);
        let v = cx.e.cast("llvm.bitcast", v, int);
        let i1 = cx.e.i1();
        let st = cx.e.struct_ty(&[int, i1]);
        let so = cx.e.int_attr(cx.e.i64(), ord);
        let fo = cx.e.int_attr(cx.e.i64(), failure);
        let pair = cx.e.val("llvm.cmpxchg", &[p, k, v], st, &[("success_ordering", so), ("failure_ordering", fo)]);
        let old = cx.e.extract_value(pair, 0, int);
        Ok(cx.e.cast("llvm.bitcast", old, elem))
    })
}

/// Nanoseconds of `CLOCK_MONOTONIC` (`clock_gettime` into a stack
/// `timespec`), as an `i64`.
fn monotonic_ns(cx: &mut Cx<'_>, ts: Val) -> Result<Val, String> {
    let i32t = cx.e.i32();
    let i64t = cx.e.i64();
    let ptr = cx.e.ptr_ty(0);
    let fty = cx.e.func_ty(i32t, &[i32t, ptr]);
    cx.e.declare_func(crate::runtime::CLOCK_GETTIME, fty)?;
    let monotonic = cx.e.i32_const(1);
    cx.e.call(crate::runtime::CLOCK_GETTIME, &[monotonic, ts], Some(i32t));
    let secs = cx.e.load(ts, i64t);
    let one = cx.c64(1);
    let nsec_at = cx.e.gep(ts, i64t, one);
    let nsecs = cx.e.load(nsec_at, i64t);
    let billion = cx.c64(1_000_000_000);
    let s = cx.e.mul(secs, billion);
    Ok(cx.e.add(s, nsecs))
}

/// `cpu.tt.atomic_poll`: per element, relaxed (`monotonic`) atomic loads
/// until the value equals the expected one; with a timeout, every element
/// is loaded at least once and stops (false) once `timeout` nanoseconds of
/// `CLOCK_MONOTONIC` have passed since the op began (one budget for all
/// elements, as Triton's). With `acquire` semantics an acquire fence
/// follows the polls. The CPU has one memory scope, so `scope` changes
/// nothing.
pub fn atomic_poll(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let operands = op.operands();
    let ptr = cx.get(operands[0])?;
    let expected = cx.get(operands[1])?;
    let timeout = operands.get(2).map(|t| cx.scalar(*t)).transpose()?;
    let ptr_ty = operands[0].ty();
    let pointee = tritium_dialects::tt::types::pointee(ptr_ty.element()).ok_or("tt.atomic_poll of a non-pointer")?;
    if !pointee.is_integer() || !matches!(pointee.bit_width(), 16 | 32 | 64) {
        return Err(format!("tt.atomic_poll on {pointee} elements is not supported (16-, 32- or 64-bit integers are)"));
    }
    let elem = pointee;
    let sem = op.attr("sem").and_then(|a| a.int()).unwrap_or(2);
    let i1 = cx.e.i1();
    let (shape, _) = result_shape(cx, op)?;
    // The start of the shared time budget.
    let clock = match timeout {
        Some(t) => {
            let i64t = cx.e.i64();
            let ts = cx.alloca(i64t, 2);
            let start = monotonic_ns(cx, ts)?;
            Some((ts, start, t))
        }
        None => None,
    };
    per_element(cx, op, shape, i1, &mut |cx, c| {
        let p = element(cx, &ptr, c)?;
        let want = element(cx, &expected, c)?;
        // loop: v = load atomic monotonic p; matched -> done(true);
        // else timed out -> done(false); else loop.
        let spin = cx.new_block(&[]);
        let check = cx.new_block(&[]);
        let done = cx.new_block(&[i1]);
        cx.e.br(spin, &[]);
        cx.e.set_block(spin);
        let o = cx.e.int_attr(cx.e.i64(), 2);
        let align = cx.e.int_attr(cx.e.i64(), (elem.bit_width() / 8) as i64);
        let v = cx.e.val("llvm.load", &[p], elem, &[("ordering", o), ("alignment", align)]);
        let matched = cx.e.icmp(ICmp::Eq, v, want);
        let yes = cx.e.bool_const(true);
        cx.e.cond_br(matched, done, &[yes], check, &[]);
        cx.e.set_block(check);
        match clock {
            None => cx.e.br(spin, &[]),
            Some((ts, start, budget)) => {
                let now = monotonic_ns(cx, ts)?;
                let elapsed = cx.e.sub(now, start);
                let out = cx.e.icmp(ICmp::Uge, elapsed, budget);
                let no = cx.e.bool_const(false);
                cx.e.cond_br(out, done, &[no], spin, &[]);
            }
        }
        cx.e.set_block(done);
        Ok(tritium_dialects::ir::block_arguments(done)[0])
    })?;
    if sem != 1 {
        let o = cx.e.int_attr(cx.e.i64(), 4);
        cx.e.op("llvm.fence", &[], &[], &[("ordering", o)]);
    }
    Ok(())
}
