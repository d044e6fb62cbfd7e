//! How the CPU lowering holds a value: a scalar is an SSA value; a tensor is
//! either a buffer in memory (row-major, on the stack) or a *lazy* tensor, an
//! expression evaluated element by element inside the loop of whoever
//! consumes it (index arithmetic, splats, broadcasts, cheap elementwise math).
//!
//! Lazy tensors are how elementwise chains fuse: `tt.store(ptr + i, a + b)`
//! becomes one loop that computes the address and the sum per element, and
//! LLVM sees a contiguous access it can vectorize. Evaluating a lazy tensor
//! reads the buffers it refers to *when it is evaluated*; that is the value
//! they held when the lazy op was reached, because a buffer is only written
//! by its own op (whose re-execution also re-defines every lazy value built
//! on it) or, for a block argument, on a branch into its block (see
//! `lower.rs`, where branch copies that could overlap go through temporaries).
use mlir_sys::MlirValue;
use std::rc::Rc;
use tritium_dialects::ir::{Op, Ty, Val};

/// A lowered value.
#[derive(Clone)]
pub enum Value {
    /// A scalar (or pointer) SSA value.
    Scalar(Val),
    /// A tensor.
    Tensor(Rc<Tensor>),
}

/// A lowered tensor: its shape, its LLVM element type, and how to get an
/// element.
pub struct Tensor {
    pub shape: Vec<i64>,
    /// The LLVM element type (`i1`, `f32`, `!llvm.ptr`, ...).
    pub elem: Ty,
    pub kind: Kind,
    /// Ops evaluated per element (with multiplicity): a bound on inlining.
    pub cost: usize,
}

/// How an element of a [`Tensor`] is obtained.
pub enum Kind {
    /// Held in memory at this pointer, row-major.
    Buf(Val),
    /// `tt.make_range`: `start + i` (i32).
    Range(i64),
    /// Every element is this scalar.
    Splat(Val),
    /// `tt.broadcast` of the source (size-1 dimensions repeat).
    Broadcast(Rc<Tensor>),
    /// `tt.expand_dims` at this axis.
    ExpandDims(Rc<Tensor>, usize),
    /// `tt.reshape`: the same elements in row-major order.
    Reshape(Rc<Tensor>),
    /// `tt.trans`: result dimension `k` is source dimension `order[k]`.
    Trans(Rc<Tensor>, Vec<usize>),
    /// `tt.join`: a new minor dimension of size 2.
    Join(Rc<Tensor>, Rc<Tensor>),
    /// One half (0 or 1) of `tt.split` over the minor dimension.
    Split(Rc<Tensor>, i64),
    /// `tt.cat` along dimension 0.
    Cat(Rc<Tensor>, Rc<Tensor>),
    /// An elementwise op applied to its operands' elements.
    Map(Op, Vec<Value>),
    /// An LLVM cast (`llvm.fpext`, `llvm.sext`, ...) of each element.
    Cast(Rc<Tensor>, &'static str),
    /// Each pointer of the source advanced by this many bytes (an `i64`):
    /// a loop-carried pointer tensor (see `carried.rs`).
    Offset(Rc<Tensor>, Val),
}

impl Tensor {
    /// A tensor of `kind`.
    pub fn new(shape: Vec<i64>, elem: Ty, kind: Kind) -> Rc<Tensor> {
        let cost = match &kind {
            Kind::Buf(_) | Kind::Range(_) | Kind::Splat(_) => 1,
            Kind::Broadcast(s) | Kind::ExpandDims(s, _) | Kind::Reshape(s) | Kind::Trans(s, _) | Kind::Split(s, _) => s.cost + 1,
            Kind::Cast(s, _) | Kind::Offset(s, _) => s.cost + 1,
            Kind::Join(a, b) | Kind::Cat(a, b) => a.cost + b.cost + 2,
            Kind::Map(_, args) => {
                1 + args
                    .iter()
                    .map(|a| match a {
                        Value::Scalar(_) => 0,
                        Value::Tensor(t) => t.cost,
                    })
                    .sum::<usize>()
            }
        };
        Rc::new(Tensor { shape, elem, kind, cost })
    }

    /// The number of elements.
    pub fn len(&self) -> i64 {
        self.shape.iter().product()
    }

    /// Whether the tensor has no elements (never, for Triton's shapes).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The buffer, when the tensor is held in memory.
    pub fn buffer(&self) -> Option<Val> {
        match self.kind {
            Kind::Buf(p) => Some(p),
            _ => None,
        }
    }

    /// The buffers an evaluation reads (by pointer identity).
    pub fn reads(&self, out: &mut Vec<MlirValue>) {
        match &self.kind {
            Kind::Buf(p) => out.push(p.0),
            Kind::Range(_) | Kind::Splat(_) => {}
            Kind::Broadcast(s) | Kind::ExpandDims(s, _) | Kind::Reshape(s) | Kind::Trans(s, _) | Kind::Split(s, _) | Kind::Cast(s, _) | Kind::Offset(s, _) => {
                s.reads(out)
            }
            Kind::Join(a, b) | Kind::Cat(a, b) => {
                a.reads(out);
                b.reads(out);
            }
            Kind::Map(_, args) => {
                for a in args {
                    if let Value::Tensor(t) = a {
                        t.reads(out);
                    }
                }
            }
        }
    }
}

/// Row-major strides of `shape`.
pub fn strides(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1] * shape[k + 1];
    }
    s
}

#[cfg(test)]
mod tests {
    use super::strides;

    #[test]
    fn row_major_strides() {
        assert_eq!(strides(&[4, 256]), vec![256, 1]);
        assert_eq!(strides(&[2, 3, 5]), vec![15, 5, 1]);
        assert_eq!(strides(&[7]), vec![1]);
        assert!(strides(&[]).is_empty());
    }
}
