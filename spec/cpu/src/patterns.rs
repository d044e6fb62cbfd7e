//! The lowering patterns, one slot (`cpu.<op>`) each: what a tensor op
//! becomes on the CPU.
//!
//! Shape ops (`make_range`, `splat`, `broadcast`, `expand_dims`, `reshape`,
//! `trans`, `join`, `split`, `cat`) and cheap elementwise ops build lazy
//! tensors (no code until something consumes them). Memory ops, `dot`,
//! reductions, scans, atomics, histograms and gathers emit loop nests over
//! stack buffers.
use crate::lower::Cx;
use crate::scalar;
use crate::tensor::{Kind, Tensor, Value};
use crate::CpuPattern;
use std::collections::HashMap;
use std::rc::Rc;
use tritium_conversions::ttg_to_llvm::emit::ICmp;
use tritium_dialects::ir::{Attr, Op, Ty, Val};

type LowerFn = fn(&mut Cx<'_>, Op) -> Result<(), String>;

/// A pattern given by its slot name, its root ops and a function.
pub struct Pattern {
    name: &'static str,
    roots: &'static [&'static str],
    lower: LowerFn,
}

impl CpuPattern for Pattern {
    fn name(&self) -> &'static str {
        self.name
    }
    fn roots(&self) -> &'static [&'static str] {
        self.roots
    }
    fn lower(&self, cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
        (self.lower)(cx, op)
    }
}

macro_rules! pattern {
    ($name:expr, [$($root:expr),*], $f:expr) => {
        Pattern { name: $name, roots: &[$($root),*], lower: $f }
    };
}

/// Every pattern of the CPU lowering, in slot order.
pub static PATTERNS: &[Pattern] = &[
    Pattern { name: "cpu.elementwise", roots: scalar::ROOTS, lower: elementwise },
    pattern!("cpu.constant", ["arith.constant"], constant),
    pattern!("cpu.tt.get_program_id", ["tt.get_program_id", "tt.get_num_programs"], program_id),
    pattern!("cpu.tt.make_range", ["tt.make_range"], make_range),
    pattern!("cpu.tt.splat", ["tt.splat"], splat),
    pattern!("cpu.tt.broadcast", ["tt.broadcast"], broadcast),
    pattern!("cpu.tt.expand_dims", ["tt.expand_dims"], expand_dims),
    pattern!("cpu.tt.reshape", ["tt.reshape"], reshape),
    pattern!("cpu.tt.trans", ["tt.trans"], trans),
    pattern!("cpu.tt.join", ["tt.join"], join),
    pattern!("cpu.tt.split", ["tt.split"], split),
    pattern!("cpu.tt.cat", ["tt.cat"], cat),
    pattern!("cpu.tt.unsplat", ["tt.unsplat"], unsplat),
    pattern!("cpu.tt.load", ["tt.load"], crate::memory::load),
    pattern!("cpu.tt.store", ["tt.store"], crate::memory::store),
    pattern!("cpu.tt.atomic_rmw", ["tt.atomic_rmw"], crate::memory::atomic_rmw),
    pattern!("cpu.tt.atomic_cas", ["tt.atomic_cas"], crate::memory::atomic_cas),
    pattern!("cpu.tt.atomic_poll", ["tt.atomic_poll"], crate::memory::atomic_poll),
    pattern!("cpu.tt.dot", ["tt.dot"], crate::dot::dot),
    pattern!("cpu.tt.reduce", ["tt.reduce"], crate::reduce::reduce),
    pattern!("cpu.tt.scan", ["tt.scan"], crate::reduce::scan),
    pattern!("cpu.tt.map_elementwise", ["tt.map_elementwise"], crate::reduce::map_elementwise),
    pattern!("cpu.tt.histogram", ["tt.histogram"], crate::reduce::histogram),
    pattern!("cpu.tt.gather", ["tt.gather"], crate::reduce::gather),
    pattern!("cpu.tt.print", ["tt.print"], crate::debug::print),
    pattern!("cpu.tt.assert", ["tt.assert"], crate::debug::assert),
    pattern!("cpu.llvm.assume", ["llvm.intr.assume"], crate::debug::assume),
    pattern!("cpu.ordering", ["ttg.barrier", "tt.grid_dependency_wait", "tt.grid_dependency_launch_dependents"], crate::debug::no_op),
];

/// The pattern of each root op.
pub fn table() -> HashMap<&'static str, &'static dyn CpuPattern> {
    let mut t: HashMap<&'static str, &'static dyn CpuPattern> = HashMap::new();
    for p in PATTERNS {
        for r in p.roots {
            t.insert(r, p);
        }
    }
    t
}

/// Sets the single result of `op` to a tensor of `kind` of the result's type.
fn set_tensor(cx: &mut Cx<'_>, op: Op, kind: Kind) -> Result<Rc<Tensor>, String> {
    let (shape, elem) = cx.tensor_type(op.result(0).ty())?;
    let t = Tensor::new(shape, elem, kind);
    cx.set(op.result(0), Value::Tensor(t.clone()));
    Ok(t)
}

/// The largest lazy expression kept unmaterialized.
const MAX_LAZY_COST: usize = 64;

/// Whether the lazy result of `op` should be computed into a buffer now:
/// it is big, or expensive and used more than once or in another block
/// (e.g. inside a loop), directly or through the ops computed from it.
fn should_materialize(op: Op, t: &Tensor) -> bool {
    if t.cost > MAX_LAZY_COST {
        return true;
    }
    let users = op.result(0).users();
    let elsewhere = users.iter().any(|u| u.block().map(|b| b.ptr) != op.block().map(|b| b.ptr));
    let expensive = scalar::is_expensive(op.name());
    (expensive && (users.len() > 1 || elsewhere || feeds_other_block(op))) || (elsewhere && t.cost > 8)
}

/// Ops looked at by [`feeds_other_block`].
const FEED_SEARCH_LIMIT: usize = 64;

/// Whether a value computed from `op`'s result in its block (through the
/// results of the ops that use it, up to [`FEED_SEARCH_LIMIT`] ops) is used
/// in another block or passed to one by a branch. Triton's matmul computes
/// `(m0 + arange) % M` before its K loop and the loop's loads use it through
/// `expand_dims`, `broadcast`, `addptr` and the loop's carried pointers: kept
/// lazy, each iteration would divide again per element.
fn feeds_other_block(op: Op) -> bool {
    let home = op.block().map(|b| b.ptr);
    let mut work = vec![op.result(0)];
    let mut seen = 0;
    while let Some(v) = work.pop() {
        for u in v.users() {
            if u.block().map(|b| b.ptr) != home || u.name().starts_with("cf.") {
                return true;
            }
            seen += 1;
            if seen > FEED_SEARCH_LIMIT {
                return false;
            }
            work.extend(u.results());
        }
    }
    false
}

fn elementwise(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    // Refused here, at the op, rather than where a lazy use evaluates it.
    scalar::check(op)?;
    let result = op.result(0);
    let operands: Vec<Value> = op.operands().into_iter().map(|v| cx.get(v)).collect::<Result<_, _>>()?;
    if !result.ty().is_tensor() {
        let args: Vec<Val> = operands
            .iter()
            .map(|v| match v {
                Value::Scalar(s) => Ok(*s),
                Value::Tensor(_) => Err(format!("'{}' mixes a scalar result with tensor operands", op.name())),
            })
            .collect::<Result<_, String>>()?;
        let out = cx.scalar_type(result.ty())?;
        let v = scalar::lower(&mut cx.e, cx.options, op, &args, out)?;
        cx.set(result, Value::Scalar(v));
        return Ok(());
    }
    let (shape, elem) = cx.tensor_type(result.ty())?;
    for v in &operands {
        if let Value::Tensor(t) = v {
            if t.shape != shape {
                return Err(format!("'{}': operand and result shapes differ", op.name()));
            }
        }
    }
    let t = Tensor::new(shape, elem, Kind::Map(op, operands));
    let t = if should_materialize(op, &t) { cx.materialize(&t)? } else { t };
    cx.set(result, Value::Tensor(t));
    Ok(())
}

fn constant(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let ty = op.result(0).ty();
    let value = op.attr("value").ok_or("arith.constant without a value")?;
    if !ty.is_tensor() {
        let t = cx.scalar_type(ty)?;
        let v = cx.e.const_attr(t, value);
        cx.set(op.result(0), Value::Scalar(v));
        return Ok(());
    }
    let (shape, elem) = cx.tensor_type(ty)?;
    if let Some(s) = value.splat_value() {
        let v = cx.e.const_attr(elem, s);
        cx.set(op.result(0), Value::Tensor(Tensor::new(shape, elem, Kind::Splat(v))));
        return Ok(());
    }
    // A dense constant: an internal global holding its elements.
    let buf = dense_global(cx, value, &shape, elem)?;
    cx.set(op.result(0), Value::Tensor(Tensor::new(shape, elem, Kind::Buf(buf))));
    Ok(())
}

/// A pointer to an internal constant global holding `value`'s elements.
fn dense_global(cx: &mut Cx<'_>, value: Attr, shape: &[i64], elem: Ty) -> Result<Val, String> {
    use mlir_sys::*;
    let n: i64 = shape.iter().product();
    let flat_ty = Ty::tensor(&[n], elem, None);
    let flat = Attr(unsafe { mlirDenseElementsAttrReshapeGet(value.0, flat_ty.0) });
    if flat.is_null() {
        return Err("a dense tensor constant the CPU backend cannot flatten".into());
    }
    let name = format!("__tritium_cpu_cst_{:x}", value.0.ptr as usize);
    let arr = cx.e.array_ty(elem, n as u32);
    let loc = cx.e.loc;
    let attrs = [
        ("sym_name", cx.e.str_attr(&name).0),
        ("global_type", cx.e.type_attr(arr).0),
        ("linkage", cx.e.attr("#llvm.linkage<internal>").0),
        ("constant", cx.e.unit_attr().0),
        ("value", flat.0),
        ("addr_space", cx.e.int_attr(cx.e.i32(), 0).0),
    ];
    let g = tritium_dialects::rewrite::Rewriter::build(loc, "llvm.mlir.global", &[], &[], &attrs, 1);
    cx.add_global(g)?;
    let sym = cx.e.symbol_attr(&name);
    let ptr = cx.e.ptr_ty(0);
    Ok(cx.e.val("llvm.mlir.addressof", &[], ptr, &[("global_name", sym)]))
}

fn program_id(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let axis = op.attr("axis").and_then(|a| a.int()).unwrap_or(0);
    if !(0..3).contains(&axis) {
        return Err(format!("program id axis {axis} out of range"));
    }
    let base = if op.name() == "tt.get_program_id" { 0 } else { 3 };
    let v = cx.abi[base + axis as usize];
    cx.set(op.result(0), Value::Scalar(v));
    Ok(())
}

fn make_range(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let start = op.attr("start").and_then(|a| a.int()).ok_or("make_range without start")?;
    set_tensor(cx, op, Kind::Range(start))?;
    Ok(())
}

fn splat(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let v = cx.scalar(op.operand(0))?;
    set_tensor(cx, op, Kind::Splat(v))?;
    Ok(())
}

fn broadcast(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    set_tensor(cx, op, Kind::Broadcast(src))?;
    Ok(())
}

fn expand_dims(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    let axis = op.attr("axis").and_then(|a| a.int()).ok_or("expand_dims without axis")? as usize;
    set_tensor(cx, op, Kind::ExpandDims(src, axis))?;
    Ok(())
}

fn reshape(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    set_tensor(cx, op, Kind::Reshape(src))?;
    Ok(())
}

fn trans(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    let order: Vec<usize> = op.attr("order").and_then(|a| a.i32_array()).ok_or("trans without order")?.iter().map(|x| *x as usize).collect();
    set_tensor(cx, op, Kind::Trans(src, order))?;
    Ok(())
}

fn join(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let a = cx.tensor(op.operand(0))?;
    let b = cx.tensor(op.operand(1))?;
    set_tensor(cx, op, Kind::Join(a, b))?;
    Ok(())
}

fn split(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    for i in 0..2 {
        let (shape, elem) = cx.tensor_type(op.result(i).ty())?;
        cx.set(op.result(i), Value::Tensor(Tensor::new(shape, elem, Kind::Split(src.clone(), i as i64))));
    }
    Ok(())
}

fn cat(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let a = cx.tensor(op.operand(0))?;
    let b = cx.tensor(op.operand(1))?;
    set_tensor(cx, op, Kind::Cat(a, b))?;
    Ok(())
}

fn unsplat(cx: &mut Cx<'_>, op: Op) -> Result<(), String> {
    let src = cx.tensor(op.operand(0))?;
    let zeros: Vec<Val> = src.shape.iter().map(|_| cx.c64(0)).collect();
    let v = cx.eval(&src, &zeros)?;
    cx.set(op.result(0), Value::Scalar(v));
    Ok(())
}

/// `cond` as an `i1` (a scalar mask may be a wider integer in hand-written IR).
pub fn truth(cx: &mut Cx<'_>, v: Val) -> Val {
    if v.ty().is_integer() && v.ty().bit_width() == 1 {
        v
    } else {
        let z = cx.e.zero(v.ty());
        cx.e.icmp(ICmp::Ne, v, z)
    }
}
