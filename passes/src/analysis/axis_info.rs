//! Axis information (Triton's `AxisInfoAnalysis`): for every integer or
//! pointer value, per dimension, how many consecutive elements are
//! contiguous (`x, x+1, …`), the largest power of two dividing every
//! element (its first one for contiguous runs), how many consecutive elements
//! are equal, and the constant value when there is one. The lowering reads
//! it to vectorise loads and stores.
//!
//! Algorithm: a sparse forward dataflow over each function to a fixpoint.
//! Function arguments start from their `tt.divisibility` / `tt.contiguity` /
//! `tt.constancy` attributes; ops compute their results from their operands
//! with Triton's transfer rules (arith, `tt.make_range`, `tt.splat`,
//! `tt.broadcast`, `tt.expand_dims`, `tt.addptr`, casts, …; anything else is
//! unknown: 1, 1, 1); block arguments and region results join what flows
//! into them (the gcd per dimension, the constant when all agree).
use std::collections::HashMap;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_terminator, Attr, Op, Ty, Val};
use tritium_dialects::ttg::to_linear::{matrix_order, order_per_dim, REGISTER};

use super::allocation::successor_operands;
use super::{successors, tensor_layout};

/// The largest divisibility tracked (2^62), that of 0.
pub const MAX_DIVISOR: i64 = 1 << 62;

/// What is known about the elements of a value, per dimension (one entry
/// for a scalar).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisInfo {
    /// Length of the runs of consecutive integers along each dimension.
    pub contiguity: Vec<i64>,
    /// Largest power of two dividing the first element of each run.
    pub divisibility: Vec<i64>,
    /// Length of the runs of equal elements along each dimension.
    pub constancy: Vec<i64>,
    /// The value of every element, when it is a known constant.
    pub constant: Option<i64>,
}

/// The largest power of two dividing `v` ([`MAX_DIVISOR`] for 0).
pub fn highest_pow2_divisor(v: i64) -> i64 {
    if v == 0 {
        MAX_DIVISOR
    } else {
        (1i64 << v.trailing_zeros().min(62)).min(MAX_DIVISOR)
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn mul_div(a: i64, b: i64) -> i64 {
    if b != 0 && a > MAX_DIVISOR / b {
        MAX_DIVISOR
    } else {
        (a * b).min(MAX_DIVISOR)
    }
}

impl AxisInfo {
    /// Nothing known, for `rank` dimensions (at least one).
    pub fn unknown(rank: usize) -> AxisInfo {
        let r = rank.max(1);
        AxisInfo { contiguity: vec![1; r], divisibility: vec![1; r], constancy: vec![1; r], constant: None }
    }
    /// A constant `v` over `shape` (`[]` for a scalar).
    pub fn constant(v: i64, shape: &[i64]) -> AxisInfo {
        let shape = if shape.is_empty() { vec![1] } else { shape.to_vec() };
        AxisInfo {
            contiguity: vec![1; shape.len()],
            divisibility: vec![highest_pow2_divisor(v); shape.len()],
            constancy: shape,
            constant: Some(v),
        }
    }
    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.contiguity.len()
    }
    /// The lattice join: the gcd per dimension, the constant when equal.
    pub fn join(&self, other: &AxisInfo) -> AxisInfo {
        if self.rank() != other.rank() {
            return AxisInfo::unknown(self.rank());
        }
        let z = |a: &[i64], b: &[i64]| a.iter().zip(b).map(|(x, y)| gcd(*x, *y)).collect();
        AxisInfo {
            contiguity: z(&self.contiguity, &other.contiguity),
            divisibility: z(&self.divisibility, &other.divisibility),
            constancy: z(&self.constancy, &other.constancy),
            constant: if self.constant == other.constant { self.constant } else { None },
        }
    }
}

/// The analysis results of a module, keyed by value.
pub struct AxisInfoAnalysis {
    infos: HashMap<usize, AxisInfo>,
}

fn key(v: Val) -> usize {
    v.0.ptr as usize
}

/// The rank an axis info of a value of type `ty` has.
fn rank_of(ty: Ty) -> usize {
    ty.shape().map(|s| s.len()).unwrap_or(0).max(1)
}

/// The shape of a value (`[1]` for scalars).
fn shape_of(ty: Ty) -> Vec<i64> {
    match ty.shape() {
        Some(s) if !s.is_empty() => s,
        _ => vec![1],
    }
}

/// An integer or dense-splat attribute's value.
fn int_value(attr: Attr) -> Option<i64> {
    let v = attr.scalar_or_splat()?;
    unsafe {
        if mlirAttributeIsAInteger(v.0) {
            let ty = mlirAttributeGetType(v.0);
            if mlirTypeIsAInteger(ty) && mlirIntegerTypeGetWidth(ty) == 1 {
                return Some(mlirIntegerAttrGetValueInt(v.0) & 1);
            }
            return Some(mlirIntegerAttrGetValueInt(v.0));
        }
    }
    None
}

/// The per-dimension values of an argument attribute (an integer, or a
/// dense array for tensors).
fn arg_attr_values(attr: Attr, rank: usize) -> Option<Vec<i64>> {
    if let Some(v) = attr.int() {
        return Some(vec![v; rank]);
    }
    unsafe {
        if mlirAttributeIsADenseI32Array(attr.0) {
            let n = mlirDenseArrayGetNumElements(attr.0);
            return Some((0..n).map(|i| mlirDenseI32ArrayGetElement(attr.0, i) as i64).collect());
        }
        if mlirAttributeIsADenseI64Array(attr.0) {
            let n = mlirDenseArrayGetNumElements(attr.0);
            return Some((0..n).map(|i| mlirDenseI64ArrayGetElement(attr.0, i)).collect());
        }
        if mlirAttributeIsADenseElements(attr.0) {
            let n = mlirElementsAttrGetNumElements(attr.0);
            let element = mlirShapedTypeGetElementType(mlirAttributeGetType(attr.0));
            let width = if mlirTypeIsAInteger(element) { mlirIntegerTypeGetWidth(element) } else { 0 };
            return match width {
                32 => Some((0..n).map(|i| i64::from(mlirDenseElementsAttrGetInt32Value(attr.0, i as isize))).collect()),
                64 => Some((0..n).map(|i| mlirDenseElementsAttrGetInt64Value(attr.0, i as isize)).collect()),
                _ => None,
            };
        }
    }
    None
}

/// The bytes of a pointer's pointee (1 at least); 0 when not a pointer.
fn pointee_bytes(ty: Ty) -> i64 {
    let e = ty.element();
    match tritium_dialects::tt::types::pointee(e) {
        Some(p) => ((p.element().bit_width() / 8) as i64).max(1),
        None => 0,
    }
}

impl AxisInfoAnalysis {
    /// Analyses every function of `module` (or `module` itself when it is a
    /// function).
    pub fn run(module: Op) -> Self {
        let mut analysis = AxisInfoAnalysis { infos: HashMap::new() };
        let funcs = if matches!(module.name(), "tt.func" | "func.func") { vec![module] } else { super::module_functions(module) };
        for f in funcs {
            analysis.run_function(f);
        }
        analysis
    }

    /// The information about `v`, when it is an integer or pointer value of
    /// an analysed function.
    pub fn get(&self, v: Val) -> Option<&AxisInfo> {
        self.infos.get(&key(v))
    }

    /// The order and contiguous-elements-per-thread of a tensor's layout.
    fn layout_order_contig(ty: Ty) -> Option<(Vec<u32>, Vec<i64>)> {
        let ll = tensor_layout(ty)?;
        let rank = ll.num_out_dims();
        let order = order_per_dim(&ll, REGISTER, &matrix_order(rank, true));
        let regs: Vec<Vec<i32>> = ll.bases().iter().find(|(n, _)| n == REGISTER).map(|(_, v)| v.clone()).unwrap_or_default();
        let mut contig = vec![1i64; rank];
        let mut it = regs.iter().peekable();
        for &d in &order {
            let mut basis = vec![0i32; rank];
            basis[d as usize] = 1;
            while it.peek().is_some_and(|r| **r == basis) {
                contig[d as usize] *= 2;
                basis[d as usize] *= 2;
                it.next();
            }
        }
        Some((order, contig))
    }

    /// Triton's `getAlignment(value, elemBits)`: along the fastest dimension,
    /// min(contiguity, divisibility in elements).
    fn alignment(&self, value: Val, elem_bits: u32) -> u32 {
        let ty = value.ty();
        if !ty.is_tensor() {
            return 1;
        }
        let (Some(info), Some((order, _))) = (self.get(value), Self::layout_order_contig(ty)) else { return 1 };
        let d = order.first().copied().unwrap_or(0) as usize;
        let (Some(&div), Some(&contig)) = (info.divisibility.get(d), info.contiguity.get(d)) else { return 1 };
        let elem_bytes = (elem_bits / 8).max(1) as i64;
        let multiple = (div / elem_bytes).max(1);
        multiple.min(contig).clamp(1, u32::MAX as i64) as u32
    }

    /// Triton's `getContiguity(ptr)`: contiguous elements along the layout's
    /// fastest per-thread dimension, capped by the elements per thread along
    /// it (1 for scalars).
    pub fn contiguity(&self, ptr: Val) -> u32 {
        let ty = ptr.ty();
        if !ty.is_tensor() {
            return 1;
        }
        let elem = ty.element();
        let bits = tritium_dialects::tt::types::pointee(elem).map(|p| p.bit_width()).unwrap_or(elem.bit_width());
        let Some((order, contig)) = Self::layout_order_contig(ty) else { return 1 };
        let d = order.first().copied().unwrap_or(0) as usize;
        let per_thread = contig.get(d).copied().unwrap_or(1).max(1) as u32;
        self.alignment(ptr, bits).min(per_thread)
    }

    /// Triton's `getPtrAlignment` (in elements): along the fastest dimension,
    /// min(contiguity, divisibility in bytes / element bytes).
    pub fn ptr_alignment(&self, ptr: Val) -> u32 {
        let ty = ptr.ty();
        if !ty.is_tensor() {
            return 1;
        }
        let bits = tritium_dialects::tt::types::pointee(ty.element()).map(|p| p.bit_width()).unwrap_or(8);
        self.alignment(ptr, bits)
    }

    /// Triton's `getMaskAlignment`: the constancy of the mask along the
    /// layout's fastest dimension.
    pub fn mask_alignment(&self, mask: Val) -> u32 {
        let ty = mask.ty();
        if !ty.is_tensor() {
            return 1;
        }
        let (Some(info), Some((order, _))) = (self.get(mask), Self::layout_order_contig(ty)) else { return 1 };
        let d = order.first().copied().unwrap_or(0) as usize;
        info.constancy.get(d).copied().unwrap_or(1).clamp(1, u32::MAX as i64) as u32
    }

    /// Whether the analysis tracks values of type `ty`.
    fn tracked(ty: Ty) -> bool {
        let e = ty.element();
        e.is_integer() || e.is_ptr() || unsafe { mlirTypeIsAIndex(e.0) }
    }

    /// Joins `info` into `v`; returns whether it changed.
    fn join_into(&mut self, v: Val, info: AxisInfo) -> bool {
        if !Self::tracked(v.ty()) {
            return false;
        }
        let new = match self.infos.get(&key(v)) {
            Some(old) => old.join(&info),
            None => info,
        };
        if self.infos.get(&key(v)) == Some(&new) {
            return false;
        }
        self.infos.insert(key(v), new);
        true
    }

    /// Sets `v` to `info`; returns whether it changed.
    fn set(&mut self, v: Val, info: AxisInfo) -> bool {
        if !Self::tracked(v.ty()) || self.infos.get(&key(v)) == Some(&info) {
            return false;
        }
        self.infos.insert(key(v), info);
        true
    }

    fn run_function(&mut self, func: Op) {
        // Arguments.
        if let Some(entry) = func.entry_block(0) {
            for (i, arg) in block_arguments(entry).into_iter().enumerate() {
                let rank = rank_of(arg.ty());
                let mut info = AxisInfo::unknown(rank);
                let arg_attr = |name: &str| -> Option<Vec<i64>> {
                    let attrs = func.attr("arg_attrs")?;
                    unsafe {
                        if !mlirAttributeIsAArray(attrs.0) || (i as isize) >= mlirArrayAttrGetNumElements(attrs.0) {
                            return None;
                        }
                        let dict = mlirArrayAttrGetElement(attrs.0, i as isize);
                        let a = mlirDictionaryAttrGetElementByName(dict, tritium_dialects::ir::string_ref(name));
                        if a.ptr.is_null() {
                            return None;
                        }
                        arg_attr_values(Attr(a), rank)
                    }
                };
                if let Some(v) = arg_attr("tt.divisibility") {
                    info.divisibility = (0..rank).map(|d| v.get(d).copied().unwrap_or(1).max(1)).collect();
                }
                if let Some(v) = arg_attr("tt.contiguity") {
                    info.contiguity = (0..rank).map(|d| v.get(d).copied().unwrap_or(1).max(1)).collect();
                }
                if let Some(v) = arg_attr("tt.constancy") {
                    info.constancy = (0..rank).map(|d| v.get(d).copied().unwrap_or(1).max(1)).collect();
                }
                self.set(arg, info);
            }
        }
        let ops = func.nested_ops();
        for _round in 0..32 {
            let mut changed = false;
            for &op in &ops {
                changed |= self.visit(op);
            }
            if !changed {
                break;
            }
        }
        // Whatever stayed unreached is unknown.
        for &op in &ops {
            for r in op.results() {
                if Self::tracked(r.ty()) && self.get(r).is_none() {
                    self.infos.insert(key(r), AxisInfo::unknown(rank_of(r.ty())));
                }
            }
            for i in 0..op.num_regions() {
                for b in tritium_dialects::ir::region_blocks(op.region(i)) {
                    for a in block_arguments(b) {
                        if Self::tracked(a.ty()) && self.get(a).is_none() {
                            self.infos.insert(key(a), AxisInfo::unknown(rank_of(a.ty())));
                        }
                    }
                }
            }
        }
    }

    /// Applies the transfer function of `op`; returns whether anything changed.
    fn visit(&mut self, op: Op) -> bool {
        let mut changed = false;
        // Control flow: propagate into successors / regions.
        for (i, succ) in successors(op).into_iter().enumerate() {
            for (arg, val) in block_arguments(succ).into_iter().zip(successor_operands(op, i)) {
                if let Some(info) = self.get(val).cloned() {
                    changed |= self.join_into(arg, info);
                }
            }
        }
        match op.name() {
            "scf.for" => {
                let (lb, step) = (op.operand(0), op.operand(2));
                if let Some(body) = op.entry_block(0) {
                    let args = block_arguments(body);
                    if let (Some(iv), Some(l), Some(s)) = (args.first(), self.get(lb).cloned(), self.get(step).cloned()) {
                        let mut info = AxisInfo::unknown(1);
                        info.divisibility = vec![gcd(l.divisibility[0], s.divisibility[0])];
                        changed |= self.set(*iv, info);
                    }
                    let yields = block_terminator(body).map(|t| t.operands()).unwrap_or_default();
                    for (k, init) in op.operands().into_iter().skip(3).enumerate() {
                        let mut flows = vec![init];
                        if let Some(y) = yields.get(k) {
                            flows.push(*y);
                        }
                        for v in flows {
                            if let Some(info) = self.get(v).cloned() {
                                if let Some(arg) = args.get(k + 1) {
                                    changed |= self.join_into(*arg, info.clone());
                                }
                                if k < op.num_results() {
                                    changed |= self.join_into(op.result(k), info);
                                }
                            }
                        }
                    }
                }
                return changed;
            }
            "scf.if" | "scf.execute_region" | "scf.index_switch" => {
                for r in 0..op.num_regions() {
                    if let Some(block) = op.entry_block(r) {
                        let yields = block_terminator(block).map(|t| t.operands()).unwrap_or_default();
                        for (k, y) in yields.iter().enumerate() {
                            if k < op.num_results() {
                                if let Some(info) = self.get(*y).cloned() {
                                    changed |= self.join_into(op.result(k), info);
                                }
                            }
                        }
                    }
                }
                return changed;
            }
            "scf.while" => {
                let (before, after) = (op.entry_block(0), op.entry_block(1));
                if let (Some(before), Some(after)) = (before, after) {
                    let bargs = block_arguments(before);
                    let aargs = block_arguments(after);
                    let yields = block_terminator(after).map(|t| t.operands()).unwrap_or_default();
                    let cond = block_terminator(before).map(|t| t.operands()).unwrap_or_default();
                    for (k, v) in op.operands().into_iter().chain(yields).enumerate() {
                        let k = k % bargs.len().max(1);
                        if let (Some(arg), Some(info)) = (bargs.get(k), self.get(v).cloned()) {
                            changed |= self.join_into(*arg, info);
                        }
                    }
                    for (k, v) in cond.into_iter().skip(1).enumerate() {
                        if let Some(info) = self.get(v).cloned() {
                            if let Some(arg) = aargs.get(k) {
                                changed |= self.join_into(*arg, info.clone());
                            }
                            if k < op.num_results() {
                                changed |= self.join_into(op.result(k), info);
                            }
                        }
                    }
                }
                return changed;
            }
            _ => {}
        }
        if op.num_results() != 1 {
            return changed;
        }
        let result = op.result(0);
        if !Self::tracked(result.ty()) {
            return changed;
        }
        if let Some(info) = self.transfer(op) {
            changed |= self.set(result, info);
        }
        changed
    }

    /// The result information of a single-result op, `None` while an operand
    /// is still unknown to the dataflow.
    fn transfer(&self, op: Op) -> Option<AxisInfo> {
        let ty = op.result(0).ty();
        let shape = shape_of(ty);
        let rank = shape.len();
        let operand = |i: usize| -> Option<AxisInfo> { self.get(op.operand(i)).cloned() };
        let is_contig = |info: &AxisInfo, d: usize| info.contiguity[d] == shape[d];
        let is_const = |info: &AxisInfo, d: usize| info.constancy[d] == shape[d];
        let per_dim = |f: &dyn Fn(usize) -> (i64, i64, i64), constant: Option<i64>| -> AxisInfo {
            let mut info = AxisInfo::unknown(rank);
            for d in 0..rank {
                let (c, v, k) = f(d);
                info.contiguity[d] = c.max(1);
                info.divisibility[d] = v.max(1);
                info.constancy[d] = k.max(1);
            }
            info.constant = constant;
            info
        };
        let name = op.name();
        Some(match name {
            "arith.constant" => match op.attr("value").and_then(int_value) {
                Some(v) => AxisInfo::constant(v, &ty.shape_or_scalar()),
                None => AxisInfo::unknown(rank),
            },
            "tt.make_range" => {
                let start = op.attr("start").and_then(|a| a.int()).unwrap_or(0);
                let end = op.attr("end").and_then(|a| a.int()).unwrap_or(start + 1);
                AxisInfo { contiguity: vec![end - start], divisibility: vec![highest_pow2_divisor(start)], constancy: vec![1], constant: None }
            }
            "tt.splat" => {
                let a = operand(0)?;
                AxisInfo { contiguity: vec![1; rank], divisibility: vec![a.divisibility[0]; rank], constancy: shape.clone(), constant: a.constant }
            }
            "tt.broadcast" => {
                let a = operand(0)?;
                let src = shape_of(op.operand(0).ty());
                if src.len() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                per_dim(
                    &|d| {
                        let same = src[d] == shape[d];
                        (if same { a.contiguity[d] } else { 1 }, a.divisibility[d], if same { a.constancy[d] } else { shape[d] })
                    },
                    a.constant,
                )
            }
            "tt.expand_dims" => {
                let a = operand(0)?;
                let axis = op.attr("axis").and_then(|x| x.int()).unwrap_or(0).max(0) as usize;
                let div = match a.constant {
                    Some(c) => highest_pow2_divisor(c),
                    None => {
                        let mut g = 0;
                        for d in 0..a.rank() {
                            g = gcd(g, if a.contiguity[d] > 1 { 1 } else { a.divisibility[d] });
                        }
                        g.max(1)
                    }
                };
                let mut info = a.clone();
                let axis = axis.min(info.rank());
                info.contiguity.insert(axis, 1);
                info.divisibility.insert(axis, div);
                info.constancy.insert(axis, 1);
                if info.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                info
            }
            "tt.reshape" => {
                // Reshapes that only add or drop unit dimensions keep each
                // dimension's facts (an added unit dimension is like
                // expand_dims'); other reshapes are unknown.
                let a = operand(0)?;
                let src = shape_of(op.operand(0).ty());
                let src_dims: Vec<usize> = (0..src.len()).filter(|&d| src[d] != 1).collect();
                let dst_dims: Vec<usize> = (0..rank).filter(|&d| shape[d] != 1).collect();
                let same = src_dims.len() == dst_dims.len()
                    && src_dims.iter().zip(&dst_dims).all(|(&s, &d)| src[s] == shape[d])
                    && a.rank() == src.len();
                if !same {
                    return Some(AxisInfo::unknown(rank));
                }
                let unit_div = match a.constant {
                    Some(c) => highest_pow2_divisor(c),
                    None => src_dims.iter().fold(0, |g, &d| gcd(g, if a.contiguity[d] > 1 { 1 } else { a.divisibility[d] })).max(1),
                };
                let mut info = AxisInfo { contiguity: vec![1; rank], divisibility: vec![unit_div; rank], constancy: vec![1; rank], constant: a.constant };
                for (&s, &d) in src_dims.iter().zip(&dst_dims) {
                    info.contiguity[d] = a.contiguity[s];
                    info.divisibility[d] = a.divisibility[s];
                    info.constancy[d] = a.constancy[s];
                }
                info
            }
            "tt.trans" => {
                let a = operand(0)?;
                let order: Vec<usize> =
                    op.attr("order").and_then(|o| o.i32_array()).unwrap_or_default().iter().map(|&x| x as usize).collect();
                if order.len() != rank || a.rank() != rank || order.iter().any(|&o| o >= rank) {
                    return Some(AxisInfo::unknown(rank));
                }
                AxisInfo {
                    contiguity: order.iter().map(|&o| a.contiguity[o]).collect(),
                    divisibility: order.iter().map(|&o| a.divisibility[o]).collect(),
                    constancy: order.iter().map(|&o| a.constancy[o]).collect(),
                    constant: a.constant,
                }
            }
            "arith.extsi" | "arith.extui" | "arith.trunci" | "arith.index_cast" | "arith.index_castui" | "tt.ptr_to_int"
            | "tt.int_to_ptr" | "tt.bitcast" | "arith.bitcast" | "ttg.convert_layout" | "builtin.unrealized_conversion_cast" => {
                let a = operand(0)?;
                if a.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                a
            }
            "arith.addi" | "arith.subi" | "tt.addptr" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                let elem = if name == "tt.addptr" { pointee_bytes(op.operand(0).ty()).max(1) } else { 1 };
                let constant = match (a.constant, b.constant) {
                    (Some(x), Some(y)) => Some(if name == "arith.subi" { x.wrapping_sub(y) } else { x.wrapping_add(y.wrapping_mul(elem)) }),
                    _ => None,
                };
                per_dim(
                    &|d| {
                        let c = if name == "arith.subi" {
                            gcd(a.contiguity[d], b.constancy[d])
                        } else {
                            gcd(a.contiguity[d], b.constancy[d]).max(gcd(a.constancy[d], b.contiguity[d]))
                        };
                        let rdiv = if name == "tt.addptr" { mul_div(b.divisibility[d], elem) } else { b.divisibility[d] };
                        (c, gcd(a.divisibility[d], rdiv), gcd(a.constancy[d], b.constancy[d]))
                    },
                    constant,
                )
            }
            "arith.muli" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                let constant = match (a.constant, b.constant) {
                    (Some(x), Some(y)) => Some(x.wrapping_mul(y)),
                    _ => None,
                };
                per_dim(
                    &|d| {
                        let lc = if b.constant == Some(1) { a.contiguity[d] } else { 1 };
                        let rc = if a.constant == Some(1) { b.contiguity[d] } else { 1 };
                        let ld = if a.contiguity[d] > 1 && b.constant != Some(1) { 1 } else { a.divisibility[d] };
                        let rd = if b.contiguity[d] > 1 && a.constant != Some(1) { 1 } else { b.divisibility[d] };
                        (lc.max(rc), mul_div(ld, rd), gcd(a.constancy[d], b.constancy[d]))
                    },
                    constant.map(|c| c).or(None),
                )
            }
            "arith.divsi" | "arith.divui" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                let constant = match (a.constant, b.constant) {
                    (Some(x), Some(y)) if y != 0 => Some(x.wrapping_div(y)),
                    _ => None,
                };
                per_dim(
                    &|d| {
                        let c = if b.constant == Some(1) { a.contiguity[d] } else { 1 };
                        let mut k = gcd(a.constancy[d], b.constancy[d]);
                        if is_contig(&a, d) && is_const(&b, d) {
                            k = k.max(gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
                        }
                        let v = if a.constant == Some(0) || b.constant == Some(1) { a.divisibility[d] } else { 1 };
                        (c, v, k)
                    },
                    constant,
                )
            }
            "arith.remsi" | "arith.remui" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                let constant = match (a.constant, b.constant) {
                    (Some(x), Some(y)) if y != 0 => Some(x.wrapping_rem(y)),
                    (_, Some(1)) => Some(0),
                    _ => None,
                };
                per_dim(
                    &|d| {
                        let c = if ty.is_tensor() && is_contig(&a, d) && is_const(&b, d) {
                            gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d]))
                        } else {
                            1
                        };
                        let mut k = gcd(a.constancy[d], b.constancy[d]);
                        if ty.is_tensor() && is_contig(&a, d) && is_const(&b, d) {
                            // Runs of length gcd(...) stay distinct; constancy unchanged.
                            k = k.max(1);
                        }
                        (c, gcd(a.divisibility[d], b.divisibility[d]), k)
                    },
                    constant,
                )
            }
            "arith.andi" | "arith.ori" | "arith.xori" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                let constant = match (a.constant, b.constant) {
                    (Some(x), Some(y)) => Some(match name {
                        "arith.andi" => x & y,
                        "arith.ori" => x | y,
                        _ => x ^ y,
                    }),
                    _ => None,
                };
                per_dim(&|d| (1, constant.map(highest_pow2_divisor).unwrap_or(1), gcd(a.constancy[d], b.constancy[d])), constant)
            }
            "arith.shli" | "arith.shrsi" | "arith.shrui" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                let shift = b.constant;
                let constant = match (a.constant, shift) {
                    (Some(x), Some(s)) if (0..64).contains(&s) => Some(match name {
                        "arith.shli" => x.wrapping_shl(s as u32),
                        "arith.shrsi" => x >> s,
                        _ => ((x as u64) >> s) as i64,
                    }),
                    _ => None,
                };
                per_dim(
                    &|d| {
                        let c = if shift == Some(0) { a.contiguity[d] } else { 1 };
                        let v = match shift {
                            Some(s) if (0..62).contains(&s) => {
                                let base = if a.contiguity[d] > 1 && s != 0 { 1 } else { a.divisibility[d] };
                                if name == "arith.shli" {
                                    mul_div(base, 1i64 << s)
                                } else {
                                    (base >> s).max(1)
                                }
                            }
                            _ => 1,
                        };
                        (c, v, gcd(a.constancy[d], b.constancy[d]))
                    },
                    constant,
                )
            }
            "arith.maxsi" | "arith.minsi" | "arith.maxui" | "arith.minui" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                if let (Some(x), Some(y)) = (a.constant, b.constant) {
                    let v = match name {
                        "arith.maxsi" => x.max(y),
                        "arith.minsi" => x.min(y),
                        "arith.maxui" => (x as u64).max(y as u64) as i64,
                        _ => (x as u64).min(y as u64) as i64,
                    };
                    return Some(AxisInfo::constant(v, &ty.shape_or_scalar()));
                }
                per_dim(
                    &|d| {
                        (
                            a.contiguity[d].min(b.contiguity[d]),
                            a.divisibility[d].min(b.divisibility[d]),
                            a.constancy[d].min(b.constancy[d]),
                        )
                    },
                    None,
                )
            }
            "arith.select" => {
                let (c, a, b) = (operand(0), operand(1)?, operand(2)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                let c = c.unwrap_or_else(|| AxisInfo::unknown(rank));
                match c.constant {
                    Some(1) if !op.operand(0).ty().is_tensor() || c.rank() == rank => return Some(a),
                    Some(0) if !op.operand(0).ty().is_tensor() || c.rank() == rank => return Some(b),
                    _ => {}
                }
                let cond_k: Vec<i64> = if op.operand(0).ty().is_tensor() && c.rank() == rank { c.constancy.clone() } else { shape.clone() };
                let constant = if a.constant.is_some() && a.constant == b.constant { a.constant } else { None };
                per_dim(
                    &|d| {
                        (
                            gcd(a.contiguity[d], cond_k[d]).min(gcd(b.contiguity[d], cond_k[d])),
                            a.divisibility[d].min(b.divisibility[d]),
                            gcd(a.constancy[d], cond_k[d]).min(gcd(b.constancy[d], cond_k[d])),
                        )
                    },
                    constant,
                )
            }
            "arith.cmpi" => {
                let (a, b) = (operand(0)?, operand(1)?);
                if a.rank() != rank || b.rank() != rank {
                    return Some(AxisInfo::unknown(rank));
                }
                // eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5, ult 6, ule 7, ugt 8, uge 9.
                let pred = op.attr("predicate").and_then(|p| p.int()).unwrap_or(0);
                let constant = match (a.constant, b.constant) {
                    (Some(x), Some(y)) => Some(match pred {
                        0 => x == y,
                        1 => x != y,
                        2 => x < y,
                        3 => x <= y,
                        4 => x > y,
                        5 => x >= y,
                        6 => (x as u64) < (y as u64),
                        7 => (x as u64) <= (y as u64),
                        8 => (x as u64) > (y as u64),
                        _ => (x as u64) >= (y as u64),
                    } as i64),
                    _ => None,
                };
                let gt_le = matches!(pred, 3 | 4 | 7 | 8);
                let lt_ge = matches!(pred, 2 | 5 | 6 | 9);
                per_dim(
                    &|d| {
                        let mut k = gcd(a.constancy[d], b.constancy[d]);
                        if ty.is_tensor() {
                            if gt_le && is_const(&a, d) && is_contig(&b, d) {
                                k = k.max(gcd(b.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
                            } else if lt_ge && is_contig(&a, d) && is_const(&b, d) {
                                k = k.max(gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
                            }
                        }
                        (1, 1, k)
                    },
                    constant,
                )
            }
            _ => AxisInfo::unknown(rank),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_basics() {
        assert_eq!(highest_pow2_divisor(24), 8);
        assert_eq!(highest_pow2_divisor(0), MAX_DIVISOR);
        let a = AxisInfo { contiguity: vec![8], divisibility: vec![16], constancy: vec![1], constant: None };
        let b = AxisInfo { contiguity: vec![4], divisibility: vec![4], constancy: vec![2], constant: None };
        assert_eq!(a.join(&b), AxisInfo { contiguity: vec![4], divisibility: vec![4], constancy: vec![1], constant: None });
        let c = AxisInfo::constant(12, &[4, 8]);
        assert_eq!(c.constancy, vec![4, 8]);
        assert_eq!(c.divisibility, vec![4, 4]);
        assert_eq!(c.join(&c).constant, Some(12));
    }
}
