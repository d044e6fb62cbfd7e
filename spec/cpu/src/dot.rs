//! `tt.dot` on the CPU: `D = A·B + C` over buffers.
//!
//! A 3-D dot is a batch of 2-D ones (dimension 0), run one after the other.
//! A and B are first written to buffers in the accumulator's element type
//! (f16/bf16 extended to f32, i8 sign-extended to i32; tf32 is computed as
//! full f32), D starts as a copy of C. Then, when the shape allows it, a
//! register-blocked micro-kernel in LLVM vector types: for each block of
//! `MR` rows and `NV` vectors of `VW` columns, `MR × NV` vector
//! accumulators stay in registers across the whole K loop, each step loading
//! `NV` vectors of a row of B and broadcasting `MR` elements of A
//! (`fma` for floats, `mul` + `add` for integers). Other shapes take the
//! plain `m, k, n` loop nest (n innermost and contiguous, which LLVM
//! vectorizes).
use crate::lower::Cx;
use crate::tensor::{Kind, Tensor, Value};
use std::rc::Rc;
use mlir_sys::{mlirOperationGetSuccessor, MlirOperation};
use tritium_dialects::ir::{block_arguments, block_ops, Op, Ty, Val};

/// Rows of A per micro-kernel block.
const MR: i64 = 4;
/// Vectors of B per micro-kernel block.
const NV: i64 = 2;

/// `cpu.tt.dot`.
pub fn dot(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let a = cx.tensor(op.operand(0))?;
    let b = cx.tensor(op.operand(1))?;
    let c = cx.tensor(op.operand(2))?;
    let (shape, acc) = cx.tensor_type(op.result(0).ty())?;
    let rank = shape.len();
    if !(rank == 2 || rank == 3) || a.shape.len() != rank || b.shape.len() != rank {
        return Err("tt.dot on the CPU takes 2-D operands, or 3-D ones (a batch of dots)".into());
    }
    for i in 0..2 {
        let elem = op.operand(i).ty().element().to_string();
        if elem.starts_with("f8") {
            // Stored as bytes: converting them as integers gave wrong products.
            return Err(format!("tt.dot with {elem} operands is not supported by the CPU backend"));
        }
    }
    // A batch of `batch` dots of (m x k) . (k x n), one after the other in memory.
    let batch = if rank == 3 { shape[0] } else { 1 };
    let (m, n, k) = (shape[rank - 2], shape[rank - 1], a.shape[rank - 1]);
    let lead_ok = rank == 2 || (a.shape[0] == batch && b.shape[0] == batch);
    if !lead_ok || a.shape[rank - 2] != m || b.shape[rank - 2] != k || b.shape[rank - 1] != n {
        return Err("tt.dot operand shapes do not match".into());
    }
    // An f16/bf16 accumulator is kept in f32 and rounded once at the end, as
    // a GPU's MMA accumulates a whole instruction's K in f32 (rounding to
    // f16 after every product drifts by several ulps over K = 64).
    let result_elem = acc;
    let narrow = acc.is_float() && acc.bit_width() < 32;
    let acc = if narrow { cx.e.f32() } else { acc };
    let c = if narrow { cx.materialize_as(&c, acc)? } else { c };
    let a = cx.materialize_as(&a, acc)?;
    let b = cx.materialize_as(&b, acc)?;
    let d = match in_place(op, &c, acc).filter(|_| !narrow) {
        Some(p) => Tensor::new(shape.clone(), acc, Kind::Buf(p)),
        None => {
            let d = Tensor::new(shape.clone(), acc, Kind::Buf(cx.alloca(acc, batch * m * n)));
            cx.store_into(&c, d.buffer().expect("buffer"))?;
            d
        }
    };
    let bits = acc.bit_width().max(8) as i64;
    let vw = (i64::from(cx.options.vector_bits) / bits).max(1);
    let one = |cx: &mut Cx<'_>, a: &Rc<Tensor>, b: &Rc<Tensor>, d: &Rc<Tensor>| -> Result<(), String> {
        if acc.bit_width() >= 32 && m % MR == 0 && n % (vw * NV) == 0 {
            micro_kernel(cx, a, b, d, (m, n, k), vw)
        } else {
            loop_nest(cx, a, b, d, (m, n, k))
        }
    };
    if rank == 2 {
        one(cx, &a, &b, &d)?;
    } else {
        let (pa, pb, pd) = (buf(&a), buf(&b), buf(&d));
        cx.for_range(batch, &[], &mut |cx, ib, _| {
            let view = |cx: &mut Cx<'_>, base: Val, rows: i64, cols: i64| {
                let size = cx.c64(rows * cols);
                let off = cx.e.mul(ib, size);
                let p = cx.e.gep(base, acc, off);
                Tensor::new(vec![rows, cols], acc, Kind::Buf(p))
            };
            let (va, vb, vd) = (view(cx, pa, m, k), view(cx, pb, k, n), view(cx, pd, m, n));
            one(cx, &va, &vb, &vd)?;
            Ok(Vec::new())
        })?;
    }
    let d = if narrow { cx.materialize_as(&d, result_elem)? } else { d };
    cx.set(op.result(0), Value::Tensor(d));
    Ok(())
}

/// The buffer of the accumulator `c` when the dot may accumulate into it in
/// place: `c` is a loop-carried block argument (its own buffer), the dot's
/// only use is the branch ending its block that passes it back to the same
/// argument (`scf.yield` of a K loop), and no op between the dot and that
/// branch reads `c`, even through other values (lazy ones read it when they
/// are evaluated; the branch itself must not pass `c` on). After the branch
/// the buffer holds the argument's new value anyway, so the old one is never
/// read again and the branch needs no copy.
fn in_place(op: Op, c: &Rc<Tensor>, acc: Ty) -> Option<Val> {
    let p = c.buffer()?;
    let cv = op.operand(2);
    let block = cv.owner_block()?;
    if c.elem != acc || op.operand(0).same(cv) || op.operand(1).same(cv) {
        return None;
    }
    let index = block_arguments(block).iter().position(|a| a.same(cv))?;
    let result = op.result(0);
    let [user] = result.users()[..] else { return None };
    if user.name() != "cf.br" || unsafe { mlirOperationGetSuccessor(user.0, 0) }.ptr != block.ptr {
        return None;
    }
    let here = op.block()?;
    if user.block()?.ptr != here.ptr {
        return None;
    }
    let operands = user.operands();
    let passed: Vec<usize> = operands.iter().enumerate().filter(|(_, v)| v.same(result)).map(|(i, _)| i).collect();
    if passed != [index] {
        return None;
    }
    // Every op that depends on `c` (not through block arguments).
    let mut seen: Vec<MlirOperation> = Vec::new();
    let mut work = vec![cv];
    while let Some(v) = work.pop() {
        for u in v.users() {
            if u.same(op) || seen.iter().any(|s| s.ptr == u.0.ptr) {
                continue;
            }
            seen.push(u.0);
            work.extend(u.results());
        }
    }
    let ops = block_ops(here);
    let at = ops.iter().position(|o| o.same(op))?;
    let reads_after = ops[at + 1..].iter().any(|o| seen.iter().any(|s| s.ptr == o.0.ptr));
    (!reads_after).then_some(p)
}

/// `acc + x * y` for elements or vectors of `ty` (float: fma).
fn mul_add(cx: &mut Cx<'_>, x: Val, y: Val, acc: Val, float: bool) -> Val {
    let ty = acc.ty();
    if float {
        cx.e.val("llvm.intr.fma", &[x, y, acc], ty, &[])
    } else {
        let p = cx.e.mul(x, y);
        cx.e.add(acc, p)
    }
}

fn buf(t: &Rc<Tensor>) -> Val {
    t.buffer().expect("a materialized tensor")
}

/// The plain loop nest: for m, for k: a = A[m,k]; for n: D[m,n] += a B[k,n].
fn loop_nest(cx: &mut Cx<'_>, a: &Rc<Tensor>, b: &Rc<Tensor>, d: &Rc<Tensor>, (m, n, k): (i64, i64, i64)) -> Result<(), String> {
    let elem = d.elem;
    let float = elem.is_float();
    let (pa, pb, pd) = (buf(a), buf(b), buf(d));
    cx.for_range(m, &[], &mut |cx, im, _| {
        cx.for_range(k, &[], &mut |cx, ik, _| {
            let ia = cx.linear(&[im, ik], &[m, k]);
            let pa_mk = cx.e.gep(pa, elem, ia);
            let av = cx.e.load(pa_mk, elem);
            cx.for_range(n, &[], &mut |cx, inn, _| {
                let ib = cx.linear(&[ik, inn], &[k, n]);
                let id = cx.linear(&[im, inn], &[m, n]);
                let pbk = cx.e.gep(pb, elem, ib);
                let bv = cx.e.load(pbk, elem);
                let pdm = cx.e.gep(pd, elem, id);
                let dv = cx.e.load(pdm, elem);
                let r = mul_add(cx, av, bv, dv, float);
                cx.e.store(r, pdm);
                Ok(Vec::new())
            })?;
            Ok(Vec::new())
        })?;
        Ok(Vec::new())
    })?;
    Ok(())
}

/// A vector of `vw` copies of the scalar `x`.
fn splat(cx: &mut Cx<'_>, x: Val, vt: Ty, vw: i64) -> Val {
    let poison = cx.e.val("llvm.mlir.poison", &[], vt, &[]);
    let zero = cx.e.i32_const(0);
    let v = cx.e.val("llvm.insertelement", &[poison, x, zero], vt, &[]);
    let mask = cx.e.i32_array_attr(&vec![0; vw as usize]);
    cx.e.val("llvm.shufflevector", &[v, v], vt, &[("mask", mask)])
}

/// The register-blocked micro-kernel (see the module documentation).
fn micro_kernel(
    cx: &mut Cx<'_>,
    a: &Rc<Tensor>,
    b: &Rc<Tensor>,
    d: &Rc<Tensor>,
    (m, n, k): (i64, i64, i64),
    vw: i64,
) -> Result<(), String> {
    let elem = d.elem;
    let float = elem.is_float();
    let vt = cx.e.vector_ty(elem, vw as u32);
    let (pa, pb, pd) = (buf(a), buf(b), buf(d));
    let align = i64::from(elem.bit_width() / 8);
    cx.for_range(m / MR, &[], &mut |cx, bm, _| {
        cx.for_range(n / (vw * NV), &[], &mut |cx, bn, _| {
            let mr = cx.c64(MR);
            let m0 = cx.e.mul(bm, mr);
            let nw = cx.c64(vw * NV);
            let n0 = cx.e.mul(bn, nw);
            // The accumulators, from D.
            let mut init = Vec::new();
            let mut addrs = Vec::new();
            for r in 0..MR {
                let row = cx.e.add_i64(m0, r);
                for j in 0..NV {
                    let col = cx.e.add_i64(n0, j * vw);
                    let id = cx.linear(&[row, col], &[m, n]);
                    let p = cx.e.gep(pd, elem, id);
                    init.push(cx.e.load_aligned(p, vt, align));
                    addrs.push(p);
                }
            }
            let accs = cx.for_range(k, &init, &mut |cx, ik, accs| {
                let mut bv = Vec::new();
                for j in 0..NV {
                    let col = cx.e.add_i64(n0, j * vw);
                    let ib = cx.linear(&[ik, col], &[k, n]);
                    let p = cx.e.gep(pb, elem, ib);
                    bv.push(cx.e.load_aligned(p, vt, align));
                }
                let mut next = Vec::new();
                for r in 0..MR {
                    let row = cx.e.add_i64(m0, r);
                    let ia = cx.linear(&[row, ik], &[m, k]);
                    let p = cx.e.gep(pa, elem, ia);
                    let x = cx.e.load(p, elem);
                    let xv = splat(cx, x, vt, vw);
                    for j in 0..NV {
                        let acc = accs[(r * NV + j) as usize];
                        next.push(mul_add(cx, xv, bv[j as usize], acc, float));
                    }
                }
                Ok(next)
            })?;
            for (v, p) in accs.iter().zip(&addrs) {
                cx.e.store_aligned(*v, *p, align);
            }
            Ok(Vec::new())
        })?;
        Ok(Vec::new())
    })?;
    Ok(())
}

/// `i64` helpers on the emitter.
trait AddI64 {
    fn add_i64(&mut self, a: Val, k: i64) -> Val;
}

impl AddI64 for tritium_conversions::ttg_to_llvm::emit::Emitter {
    fn add_i64(&mut self, a: Val, k: i64) -> Val {
        if k == 0 {
            return a;
        }
        let t = self.i64();
        let c = self.const_int(t, k);
        self.add(a, c)
    }
}
