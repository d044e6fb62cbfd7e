//! Axis information (Triton 3.9's `AxisInfoAnalysis`): for every integer or
//! pointer value, per dimension, how many consecutive elements are
//! contiguous (`x, x+1, …`), the largest power of two dividing the first
//! element of each run (every element where the contiguity is 1), how many
//! consecutive elements are equal, and the constant value when there is one.
//! The layout passes and the lowering read it to vectorise loads and stores.
//!
//! Algorithm: a sparse forward dataflow over each function to a fixpoint.
//! Function arguments start from their `tt.divisibility` / `tt.contiguity` /
//! `tt.constancy` attributes. An op's results are its operands' constant
//! folded in the result's width when there is one, else Triton's rule for
//! the op (arith, `tt.make_range`, `tt.splat`, `tt.broadcast`,
//! `tt.expand_dims`, `tt.reshape`, `tt.trans`, `tt.addptr`, `tt.load`,
//! integer casts, …); the same hint attributes on the op (`tl.multiple_of`,
//! `tl.max_contiguous`, `tl.max_constancy`) then replace the rule's vectors.
//! An op without a rule (`tt.int_to_ptr`, `tt.get_program_id`, a scalar
//! `arith.cmpi`, …) gets nothing but its hints. Every value joins what flows
//! into it (the gcd per dimension, the constant when all agree), and facts
//! are normalised: a dimension of contiguity 1 lends its divisibility to the
//! others. `llvm.intr.assume` facts are not used: Triton 3.9's analysis does
//! not read them either.
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
    /// An axis info from its three vectors, normalised as Triton 3.9's
    /// `AxisInfo` constructor does: a dimension with contiguity 1 makes every
    /// element a group base, so its divisibility holds for every element and
    /// raises the divisibility of every other dimension to it.
    pub fn new(contiguity: Vec<i64>, divisibility: Vec<i64>, constancy: Vec<i64>, constant: Option<i64>) -> AxisInfo {
        let mut info = AxisInfo { contiguity, divisibility, constancy, constant };
        let global = info.global_divisibility();
        for d in info.divisibility.iter_mut() {
            *d = (*d).max(global);
        }
        info
    }
    /// The divisibility every element has: the largest one of a dimension
    /// whose contiguity is 1 (1 when there is none).
    pub fn global_divisibility(&self) -> i64 {
        (0..self.rank()).filter(|&d| self.contiguity[d] == 1).map(|d| self.divisibility[d]).fold(1, i64::max)
    }
    /// Nothing known, for `rank` dimensions (at least one).
    pub fn unknown(rank: usize) -> AxisInfo {
        let r = rank.max(1);
        AxisInfo { contiguity: vec![1; r], divisibility: vec![1; r], constancy: vec![1; r], constant: None }
    }
    /// Every fact at its largest (an unreachable `ub.poison`).
    fn top(rank: usize) -> AxisInfo {
        let r = rank.max(1);
        AxisInfo::new(vec![MAX_DIVISOR; r], vec![MAX_DIVISOR; r], vec![MAX_DIVISOR; r], None)
    }
    /// A constant `v` over `shape` (`[]` for a scalar): Triton's
    /// `getConstantValueState`.
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
    /// The lattice join: the gcd of contiguity and constancy per dimension,
    /// the divisibility of [`div_from_contiguity`], the constant when equal.
    pub fn join(&self, other: &AxisInfo) -> AxisInfo {
        if self.rank() != other.rank() {
            return AxisInfo::unknown(self.rank());
        }
        let r = self.rank();
        AxisInfo::new(
            (0..r).map(|d| gcd(self.contiguity[d], other.contiguity[d])).collect(),
            (0..r).map(|d| div_from_contiguity(self, other, d)).collect(),
            (0..r).map(|d| gcd(self.constancy[d], other.constancy[d])).collect(),
            if self.constant == other.constant { self.constant } else { None },
        )
    }
}

/// The divisibility of a value that is either `a` or `b` along `d`: the
/// gcd of theirs, and of their contiguities too when those differ (a group
/// base of the merged runs may lie inside a run of the other).
fn div_from_contiguity(a: &AxisInfo, b: &AxisInfo, d: usize) -> i64 {
    let (ca, cb) = (a.contiguity[d], b.contiguity[d]);
    if ca == cb || ca == MAX_DIVISOR || cb == MAX_DIVISOR {
        gcd(a.divisibility[d], b.divisibility[d])
    } else {
        gcd(gcd(a.divisibility[d], b.divisibility[d]), gcd(ca, cb))
    }
}

/// The bit width of an integer (or integer tensor) type; 0 for index,
/// pointers, floats.
fn int_width(ty: Ty) -> u32 {
    let e = ty.element();
    if e.is_integer() {
        e.bit_width()
    } else {
        0
    }
}

/// `v` reduced to `w` bits, sign-extended (how constants are kept).
fn sext(v: i64, w: u32) -> i64 {
    if w == 0 || w >= 64 {
        v
    } else {
        (v << (64 - w)) >> (64 - w)
    }
}

/// `v` reduced to `w` bits, zero-extended.
fn zext(v: i64, w: u32) -> u64 {
    if w == 0 || w >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << w) - 1)
    }
}

/// The `overflowFlags` of an arith op: (nsw, nuw).
fn overflow_flags(op: Op) -> (bool, bool) {
    match op.attr("overflowFlags") {
        Some(a) => {
            let text = a.to_string();
            (text.contains("nsw"), text.contains("nuw"))
        }
        None => (false, false),
    }
}

/// Why the result facts of an op are what they are.
enum Transfer {
    /// An operand has no facts yet.
    NotReady,
    /// No rule: the pessimistic state (with the op's own hints).
    Entry,
    /// The rule's facts.
    Info(AxisInfo),
}

/// The analysis results of a module, keyed by value.
pub struct AxisInfoAnalysis {
    infos: HashMap<usize, AxisInfo>,
    /// Facts a callee's scalar (or 1-D) arguments take from its call sites:
    /// per (function, argument), the gcd over the calls analysed so far of
    /// contiguity, divisibility and constancy, seeded with the argument's own
    /// integer hints (Triton 3.9 writes these into the callee's argument
    /// attributes; Tritium keeps them here and leaves the IR alone).
    call_hints: HashMap<(usize, usize), [i64; 3]>,
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

/// Attribute `name` of argument `i` of function `func`.
fn func_arg_attr(func: Op, i: usize, name: &str) -> Option<Attr> {
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
        Some(Attr(a))
    }
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
        let mut analysis = AxisInfoAnalysis { infos: HashMap::new(), call_hints: HashMap::new() };
        let funcs = if matches!(module.name(), "tt.func" | "func.func") { vec![module] } else { super::module_functions(module) };
        let by_name: HashMap<String, Op> =
            funcs.iter().filter_map(|&f| super::symbol_name(f).map(|n| (n, f))).collect();
        let calls_of = |f: Op| -> Vec<(Op, Op)> {
            f.nested_ops()
                .into_iter()
                .filter(|c| matches!(c.name(), "tt.call" | "func.call"))
                .filter_map(|c| super::callee_name(c).and_then(|n| by_name.get(&n).copied()).map(|callee| (c, callee)))
                .collect()
        };
        // Callers before callees: the reverse of a post-order of the call
        // graph, taken from the functions in module order.
        let mut seen = std::collections::HashSet::new();
        let mut post = Vec::new();
        for &root in &funcs {
            if !seen.insert(root.0.ptr as usize) {
                continue;
            }
            let mut stack = vec![(root, calls_of(root), 0usize)];
            while let Some((f, callees, next)) = stack.last_mut() {
                if *next < callees.len() {
                    let callee = callees[*next].1;
                    *next += 1;
                    if seen.insert(callee.0.ptr as usize) {
                        let cs = calls_of(callee);
                        stack.push((callee, cs, 0));
                    }
                } else {
                    post.push(*f);
                    stack.pop();
                }
            }
        }
        for f in post.into_iter().rev() {
            analysis.run_function(f);
            for (call, callee) in calls_of(f) {
                analysis.note_call(call, callee);
            }
        }
        analysis
    }

    /// Folds a call's operand facts into its callee's argument hints (only
    /// rank-1 facts travel, as in Triton 3.9).
    fn note_call(&mut self, call: Op, callee: Op) {
        for (i, v) in call.operands().into_iter().enumerate() {
            let Some(info) = self.get(v).cloned() else { continue };
            if info.rank() != 1 {
                continue;
            }
            let k = (callee.0.ptr as usize, i);
            let start = self.call_hints.get(&k).copied().unwrap_or_else(|| {
                let own = |name: &str| func_arg_attr(callee, i, name).and_then(|a| a.int()).unwrap_or(MAX_DIVISOR);
                [own("tt.contiguity"), own("tt.divisibility"), own("tt.constancy")]
            });
            let new = [
                gcd(start[0], info.contiguity[0]),
                gcd(start[1], info.divisibility[0]),
                gcd(start[2], info.constancy[0]),
            ];
            self.call_hints.insert(k, new);
        }
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
        // Offsets (integer tensors) count elements already.
        let multiple = if ty.element().is_ptr() { (div / elem_bytes).max(1) } else { div };
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

    /// Triton's `getScalarizedContiguousRun`: for masked accesses of one
    /// element, the run of consecutive elements along the layout's fastest
    /// dimension that one base pointer plus immediate offsets can address
    /// (the pointer's contiguity there, capped by the thread's consecutive
    /// elements; alignment does not matter for one-element accesses).
    pub fn scalarized_run(&self, ptr: Val) -> u32 {
        let ty = ptr.ty();
        if !ty.is_tensor() {
            return 1;
        }
        let (Some(info), Some((order, contig))) = (self.get(ptr), Self::layout_order_contig(ty)) else { return 1 };
        let d = order.first().copied().unwrap_or(0) as usize;
        let per_thread = contig.get(d).copied().unwrap_or(1).max(1);
        info.contiguity.get(d).copied().unwrap_or(1).min(per_thread).clamp(1, u32::MAX as i64) as u32
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
    /// Every value has facts, as in Triton 3.9 (floats, structs and the
    /// like only ever hold the pessimistic state or what a cast forwards).
    fn tracked(_ty: Ty) -> bool {
        true
    }

    /// Whether `op` sits in a region of an `scf.if` whose condition is a
    /// constant selecting the other region: dead code, which Triton 3.9's
    /// dead-code analysis never visits (its values get the pessimistic state).
    fn is_dead(op: Op) -> bool {
        let mut cur = op;
        while let (Some(block), Some(parent)) = (cur.block(), cur.parent()) {
            if parent.name() == "scf.if" && parent.num_regions() == 2 {
                let cond = parent.operand(0).defining_op().filter(|c| c.name() == "arith.constant");
                if let Some(taken) = cond.and_then(|c| c.attr("value")).and_then(int_value) {
                    let region = unsafe { mlirBlockGetParentRegion(block) };
                    let dead = if taken != 0 { parent.region(1) } else { parent.region(0) };
                    if unsafe { mlirRegionEqual(region, dead) } {
                        return true;
                    }
                }
            }
            cur = parent;
        }
        false
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

    /// A function argument's or op result's pessimistic state (Triton's
    /// `getPessimisticValueState`): nothing known but the `tt.contiguity` /
    /// `tt.divisibility` / `tt.constancy` hints of the function argument or
    /// of the defining op.
    fn pessimistic(v: Val) -> AxisInfo {
        let info = AxisInfo::unknown(rank_of(v.ty()));
        match v.defining_op() {
            Some(op) => Self::with_op_hints(op, info),
            None => info,
        }
    }

    /// `info` with the hints an op carries replacing its vectors (a hint
    /// whose length is not the rank is ignored; an integer hint applies to
    /// every dimension).
    fn with_op_hints(op: Op, mut info: AxisInfo) -> AxisInfo {
        let rank = info.rank();
        let mut hinted = false;
        for (name, which) in [("tt.contiguity", 0), ("tt.divisibility", 1), ("tt.constancy", 2)] {
            let Some(v) = op.attr(name).and_then(|a| arg_attr_values(a, rank)) else { continue };
            if v.len() != rank {
                continue;
            }
            let v: Vec<i64> = v.into_iter().map(|x| x.max(1)).collect();
            match which {
                0 => info.contiguity = v,
                1 => info.divisibility = v,
                _ => info.constancy = v,
            }
            hinted = true;
        }
        if hinted {
            AxisInfo::new(info.contiguity, info.divisibility, info.constancy, info.constant)
        } else {
            info
        }
    }

    fn run_function(&mut self, func: Op) {
        // Arguments.
        if let Some(entry) = func.entry_block(0) {
            for (i, arg) in block_arguments(entry).into_iter().enumerate() {
                let rank = rank_of(arg.ty());
                let mut info = AxisInfo::unknown(rank);
                let hints = self.call_hints.get(&(func.0.ptr as usize, i)).copied();
                let arg_attr = |name: &str| -> Option<Vec<i64>> {
                    if let Some(h) = hints {
                        let v = match name {
                            "tt.contiguity" => h[0],
                            "tt.divisibility" => h[1],
                            _ => h[2],
                        };
                        return Some(vec![v; rank]);
                    }
                    arg_attr_values(func_arg_attr(func, i, name)?, rank)
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
                let info = AxisInfo::new(info.contiguity, info.divisibility, info.constancy, None);
                self.set(arg, info);
            }
        }
        let ops: Vec<Op> = func.nested_ops().into_iter().filter(|&op| !Self::is_dead(op)).collect();
        for _round in 0..64 {
            let mut changed = false;
            for &op in &ops {
                changed |= self.visit(op);
            }
            if !changed {
                break;
            }
        }
        // Whatever stayed unreached (or is dead) gets its pessimistic state.
        for op in func.nested_ops() {
            for r in op.results() {
                if Self::tracked(r.ty()) && self.get(r).is_none() {
                    self.infos.insert(key(r), Self::pessimistic(r));
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
            "ttg.warp_specialize.partitions" => {
                // Each partition's arguments are the explicit captures (the
                // partitions op's operands).
                let captures = op.operands();
                for r in 0..op.num_regions() {
                    let Some(entry) = op.entry_block(r) else { continue };
                    for (arg, v) in block_arguments(entry).into_iter().zip(captures.iter()) {
                        if let Some(info) = self.get(*v).cloned() {
                            changed |= self.join_into(arg, info);
                        }
                    }
                }
                return changed;
            }
            "scf.for" => {
                let (lb, step) = (op.operand(0), op.operand(2));
                if let Some(body) = op.entry_block(0) {
                    let args = block_arguments(body);
                    if let (Some(iv), Some(l), Some(s)) = (args.first(), self.get(lb).cloned(), self.get(step).cloned()) {
                        let info = AxisInfo::new(vec![1], vec![gcd(l.divisibility[0], s.divisibility[0])], vec![1], None);
                        changed |= self.join_into(*iv, info);
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
        let results = op.results();
        if results.is_empty() || !results.iter().any(|r| Self::tracked(r.ty())) {
            return changed;
        }
        // Triton waits until every operand has facts (values of untracked
        // types, floats, have none here and never hold an op back).
        if op.operands().iter().any(|&v| Self::tracked(v.ty()) && self.get(v).is_none()) {
            return changed;
        }
        let single_int = results.len() == 1 && int_width(results[0].ty()) > 0;
        let folded = self.constant_result(op).filter(|_| single_int);
        let transfer = match folded {
            Some(c) => Transfer::Info(AxisInfo::constant(c, &results[0].ty().shape_or_scalar())),
            None => self.transfer(op),
        };
        match transfer {
            Transfer::NotReady => {}
            Transfer::Entry => {
                for r in results {
                    changed |= self.join_into(r, Self::pessimistic(r));
                }
            }
            Transfer::Info(mut info) => {
                // A rule that forwards a known constant: the constant's facts
                // for the result shape (dropped for non-integer results).
                if let (Some(c), None) = (info.constant, folded) {
                    info = if single_int {
                        AxisInfo::constant(sext(c, int_width(results[0].ty())), &results[0].ty().shape_or_scalar())
                    } else if op.name() == "tt.bitcast" {
                        // A same-width cast to floats keeps the bits.
                        info
                    } else {
                        AxisInfo::new(info.contiguity, info.divisibility, info.constancy, None)
                    };
                }
                let info = Self::with_op_hints(op, info);
                for r in results {
                    if r.ty().is_tensor() && rank_of(r.ty()) != info.rank() {
                        changed |= self.join_into(r, Self::pessimistic(r));
                    } else {
                        changed |= self.join_into(r, info.clone());
                    }
                }
            }
        }
        changed
    }

    /// The constant an integer op folds to, from its operands' constants
    /// (Triton 3.9's constant evaluation: wrapping in the result's width, no
    /// value where a flag makes the result poison).
    fn constant_result(&self, op: Op) -> Option<i64> {
        if op.num_results() != 1 {
            return None;
        }
        let w = int_width(op.result(0).ty());
        if w == 0 {
            return None;
        }
        let c = |i: usize| -> Option<i64> {
            if i >= op.num_operands() {
                return None;
            }
            self.get(op.operand(i)).and_then(|info| info.constant)
        };
        let in_w = |i: usize| int_width(op.operand(i).ty());
        let name = op.name();
        let fits_signed = |v: i128| -> bool {
            let lo = -(1i128 << (w - 1));
            let hi = (1i128 << (w - 1)) - 1;
            (lo..=hi).contains(&v)
        };
        let fits_unsigned = |v: i128| -> bool { v >= 0 && v < (1i128 << w) };
        let checked = |signed: i128, unsigned: i128, wrapped: i64| -> Option<i64> {
            let (nsw, nuw) = overflow_flags(op);
            if (nsw && !fits_signed(signed)) || (nuw && !fits_unsigned(unsigned)) {
                return None;
            }
            Some(sext(wrapped, w))
        };
        let exact = op.attr("isExact").is_some();
        match name {
            "arith.constant" => op.attr("value").and_then(int_value).map(|v| sext(v, w)),
            "arith.extsi" => c(0).map(|v| sext(v, in_w(0))),
            "arith.extui" => {
                let v = c(0)?;
                if op.attr("nonNeg").is_some() && sext(v, in_w(0)) < 0 {
                    return None;
                }
                Some(sext(zext(v, in_w(0)) as i64, w))
            }
            "arith.trunci" => {
                let v = c(0)?;
                let t = sext(v, w);
                let (nsw, nuw) = overflow_flags(op);
                if (nsw && t != sext(v, in_w(0))) || (nuw && zext(v, in_w(0)) != zext(v, w)) {
                    return None;
                }
                Some(t)
            }
            "arith.addi" | "arith.subi" | "arith.muli" => {
                if name == "arith.muli" && (c(0) == Some(0) || c(1) == Some(0)) {
                    return Some(0);
                }
                let (a, b) = (c(0)?, c(1)?);
                let (sa, sb) = (sext(a, w) as i128, sext(b, w) as i128);
                let (ua, ub) = (zext(a, w) as i128, zext(b, w) as i128);
                match name {
                    "arith.addi" => checked(sa + sb, ua + ub, a.wrapping_add(b)),
                    "arith.subi" => checked(sa - sb, ua - ub, a.wrapping_sub(b)),
                    _ => checked(sa * sb, ua * ub, a.wrapping_mul(b)),
                }
            }
            "arith.divsi" => {
                let (a, b) = (sext(c(0)?, w), sext(c(1)?, w));
                if b == 0 || !fits_signed(a as i128 / b as i128) || (exact && a % b != 0) {
                    return None;
                }
                Some(sext(a / b, w))
            }
            "arith.divui" => {
                let (a, b) = (zext(c(0)?, w), zext(c(1)?, w));
                if b == 0 || (exact && a % b != 0) {
                    return None;
                }
                Some(sext((a / b) as i64, w))
            }
            "arith.remsi" | "arith.remui" => {
                if let Some(b) = c(1) {
                    if zext(b, w) == 1 || (name == "arith.remsi" && sext(b, w) == -1) {
                        return Some(0);
                    }
                }
                let (a, b) = (c(0)?, c(1)?);
                if zext(b, w) == 0 {
                    return None;
                }
                if name == "arith.remsi" {
                    Some(sext(((sext(a, w) as i128) % (sext(b, w) as i128)) as i64, w))
                } else {
                    Some(sext((zext(a, w) % zext(b, w)) as i64, w))
                }
            }
            "arith.andi" => Some(sext(c(0)? & c(1)?, w)),
            "arith.ori" => Some(sext(c(0)? | c(1)?, w)),
            "arith.xori" => Some(sext(c(0)? ^ c(1)?, w)),
            "arith.shli" | "arith.shrsi" | "arith.shrui" => {
                let (a, b) = (c(0)?, c(1)?);
                let s = zext(b, w);
                if s >= w as u64 {
                    return None;
                }
                let s = s as u32;
                match name {
                    "arith.shli" => {
                        let wide = (sext(a, w) as i128) << s;
                        let uwide = (zext(a, w) as i128) << s;
                        checked(wide, uwide, a.wrapping_shl(s))
                    }
                    _ => {
                        if exact && zext(a, w).trailing_zeros() < s {
                            return None;
                        }
                        if name == "arith.shrsi" {
                            Some(sext(sext(a, w) >> s, w))
                        } else {
                            Some(sext((zext(a, w) >> s) as i64, w))
                        }
                    }
                }
            }
            "arith.minsi" | "arith.maxsi" => {
                let (a, b) = (sext(c(0)?, w), sext(c(1)?, w));
                Some(if name == "arith.minsi" { a.min(b) } else { a.max(b) })
            }
            "arith.minui" | "arith.maxui" => {
                let (a, b) = (zext(c(0)?, w), zext(c(1)?, w));
                Some(sext((if name == "arith.minui" { a.min(b) } else { a.max(b) }) as i64, w))
            }
            "arith.cmpi" => {
                let iw = in_w(0);
                if iw == 0 {
                    return None;
                }
                let (a, b) = (c(0)?, c(1)?);
                let (sa, sb, ua, ub) = (sext(a, iw), sext(b, iw), zext(a, iw), zext(b, iw));
                // eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5, ult 6, ule 7, ugt 8, uge 9.
                let r = match op.attr("predicate").and_then(|p| p.int())? {
                    0 => ua == ub,
                    1 => ua != ub,
                    2 => sa < sb,
                    3 => sa <= sb,
                    4 => sa > sb,
                    5 => sa >= sb,
                    6 => ua < ub,
                    7 => ua <= ub,
                    8 => ua > ub,
                    9 => ua >= ub,
                    _ => return None,
                };
                // Folded only for tensors, to 1 for true (Triton 3.9's
                // comparison rule; a scalar comparison stays unknown).
                if !op.result(0).ty().is_tensor() {
                    return None;
                }
                Some(r as i64)
            }
            "arith.select" => {
                if let Some(cond) = c(0) {
                    return if cond == 0 { c(2) } else { c(1) };
                }
                let (t, f) = (c(1)?, c(2)?);
                (t == f).then_some(t)
            }
            _ => None,
        }
    }

    /// The result facts of a single-result op by Triton 3.9's rule for it.
    fn transfer(&self, op: Op) -> Transfer {
        use Transfer::{Entry, Info, NotReady};
        let ty = op.result(0).ty();
        let shape = shape_of(ty);
        let rank = shape.len();
        let is_tensor = ty.is_tensor();
        let operand = |i: usize| -> Option<AxisInfo> {
            if i >= op.num_operands() {
                return None;
            }
            self.get(op.operand(i)).cloned().filter(|a| a.rank() == rank)
        };
        let is_contig = |info: &AxisInfo, d: usize| info.contiguity[d] == shape[d];
        let is_const = |info: &AxisInfo, d: usize| info.constancy[d] == shape[d];
        let build = |f: &dyn Fn(usize) -> (i64, i64, i64), constant: Option<i64>| -> AxisInfo {
            let (mut c, mut v, mut k) = (vec![1; rank], vec![1; rank], vec![1; rank]);
            for d in 0..rank {
                let (x, y, z) = f(d);
                c[d] = x.max(1);
                v[d] = y.max(1);
                k[d] = z.max(1);
            }
            AxisInfo::new(c, v, k, constant)
        };
        let is_one = |a: &AxisInfo, w: u32| a.constant.is_some_and(|c| zext(c, w) == 1);
        let is_zero = |a: &AxisInfo| a.constant == Some(0);
        let w = int_width(ty);
        let name = op.name();
        macro_rules! two {
            () => {
                match (operand(0), operand(1)) {
                    (Some(a), Some(b)) => (a, b),
                    _ => return if self.get(op.operand(0)).is_none() { NotReady } else { Entry },
                }
            };
        }
        Info(match name {
            "tt.make_range" => {
                let start = op.attr("start").and_then(|a| a.int()).unwrap_or(0);
                let end = op.attr("end").and_then(|a| a.int()).unwrap_or(start + 1);
                // Triton's start is a 32-bit attribute: 0 divides by 2^30
                // (its highestPowOf2Divisor of a 32-bit 0), not 2^62.
                let divisibility = if start == 0 { 1i64 << 30 } else { highest_pow2_divisor(start) };
                AxisInfo::new(vec![(end - start).max(1)], vec![divisibility], vec![1], None)
            }
            "ub.poison" => AxisInfo::top(rank),
            "tt.splat" => {
                let Some(a) = self.get(op.operand(0)).cloned() else { return NotReady };
                AxisInfo::new(vec![1; rank], vec![a.divisibility[0]; rank], shape.clone(), a.constant)
            }
            "tt.broadcast" => {
                let Some(a) = operand(0) else { return Entry };
                let src = shape_of(op.operand(0).ty());
                build(
                    &|d| {
                        let unit = src[d] == 1;
                        (if unit { 1 } else { a.contiguity[d] }, a.divisibility[d], if unit { shape[d] } else { a.constancy[d] })
                    },
                    a.constant,
                )
            }
            "tt.expand_dims" => {
                let Some(a) = self.get(op.operand(0)).cloned() else { return NotReady };
                if a.constant.is_some() {
                    return Info(AxisInfo { constant: a.constant, ..AxisInfo::unknown(rank) });
                }
                let axis = op.attr("axis").and_then(|x| x.int()).unwrap_or(0).max(0) as usize;
                if a.rank() + 1 != rank || axis > a.rank() {
                    return Entry;
                }
                let div = (0..a.rank())
                    .map(|d| if a.contiguity[d] > 1 { 1 } else { a.divisibility[d] })
                    .reduce(gcd)
                    .unwrap_or(1);
                let mut info = a.clone();
                info.contiguity.insert(axis, 1);
                info.divisibility.insert(axis, div);
                info.constancy.insert(axis, 1);
                AxisInfo::new(info.contiguity, info.divisibility, info.constancy, None)
            }
            "tt.reshape" => {
                let Some(a) = self.get(op.operand(0)).cloned() else { return NotReady };
                if a.constant.is_some() {
                    return Info(AxisInfo { constant: a.constant, ..AxisInfo::unknown(rank) });
                }
                let src = shape_of(op.operand(0).ty());
                if a.rank() != src.len() {
                    return Entry;
                }
                reshape_info(&a, &src, &shape)
            }
            "tt.trans" => {
                let Some(a) = operand(0) else { return Entry };
                let order: Vec<usize> =
                    op.attr("order").and_then(|o| o.i32_array()).unwrap_or_default().iter().map(|&x| x as usize).collect();
                if order.len() != rank || order.iter().any(|&o| o >= rank) {
                    return Entry;
                }
                AxisInfo::new(
                    order.iter().map(|&o| a.contiguity[o]).collect(),
                    order.iter().map(|&o| a.divisibility[o]).collect(),
                    order.iter().map(|&o| a.constancy[o]).collect(),
                    a.constant,
                )
            }
            "arith.extsi" | "arith.extui" | "arith.trunci" => {
                let Some(a) = operand(0) else { return Entry };
                AxisInfo::new(a.contiguity, a.divisibility, a.constancy, None)
            }
            "ttg.convert_layout" => {
                let Some(a) = operand(0) else { return Entry };
                a
            }
            "builtin.unrealized_conversion_cast" => {
                if op.num_operands() != 1 || op.num_results() != 1 {
                    return Entry;
                }
                // The operand's facts whatever their rank (a struct carries a
                // tensor's), unless the result is a tensor of another rank.
                let Some(a) = self.get(op.operand(0)).cloned() else { return NotReady };
                if is_tensor && a.rank() != rank {
                    return Entry;
                }
                if op.operand(0).ty() == ty {
                    a
                } else {
                    AxisInfo::new(a.contiguity, a.divisibility, a.constancy, None)
                }
            }
            "tt.bitcast" => {
                let Some(a) = operand(0) else { return Entry };
                let (src_bytes, dst_bytes) = (pointee_bytes(op.operand(0).ty()), pointee_bytes(ty));
                if src_bytes == 0 || src_bytes == dst_bytes {
                    return Info(a);
                }
                let div = (0..rank).map(|d| if a.contiguity[d] > 1 { gcd(a.divisibility[d], src_bytes) } else { a.divisibility[d] }).collect();
                AxisInfo::new(vec![1; rank], div, a.constancy, a.constant)
            }
            "arith.addi" | "arith.subi" | "tt.addptr" => {
                let (a, b) = two!();
                let sub = name == "arith.subi";
                let elem = if name == "tt.addptr" { pointee_bytes(op.operand(0).ty()).max(1) } else { 1 };
                let contig = |d: usize| {
                    if sub {
                        gcd(a.contiguity[d], b.constancy[d])
                    } else {
                        gcd(a.constancy[d], b.contiguity[d]).max(gcd(a.contiguity[d], b.constancy[d]))
                    }
                };
                build(
                    &|d| {
                        let (ld, rd) = (a.divisibility[d], mul_div(b.divisibility[d], elem));
                        let (lc, rc) = (a.contiguity[d], b.contiguity[d]);
                        let div = if lc > 1 && rc > 1 {
                            if sub && lc == rc {
                                gcd(ld, rd)
                            } else if ld % 2 == 0 && rd % 2 == 0 {
                                2
                            } else {
                                1
                            }
                        } else if lc > 1 || rc > 1 {
                            gcd(gcd(ld, rd), mul_div(contig(d), elem))
                        } else {
                            gcd(ld, rd)
                        };
                        (contig(d), div, gcd(a.constancy[d], b.constancy[d]))
                    },
                    None,
                )
            }
            "arith.muli" => {
                let (a, b) = two!();
                build(
                    &|d| {
                        let lc = if is_one(&b, w) { a.contiguity[d] } else { 1 };
                        let rc = if is_one(&a, w) { b.contiguity[d] } else { 1 };
                        let ld = if a.contiguity[d] > 1 && !is_one(&b, w) { 1 } else { a.divisibility[d] };
                        let rd = if b.contiguity[d] > 1 && !is_one(&a, w) { 1 } else { b.divisibility[d] };
                        (lc.max(rc), mul_div(ld, rd), gcd(a.constancy[d], b.constancy[d]))
                    },
                    None,
                )
            }
            "arith.divsi" | "arith.divui" => {
                let (a, b) = two!();
                build(
                    &|d| {
                        let c = if is_one(&b, w) { a.contiguity[d] } else { 1 };
                        let mut k = gcd(a.constancy[d], b.constancy[d]);
                        if is_tensor && is_contig(&a, d) && is_const(&b, d) {
                            k = k.max(gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
                        }
                        let v = if is_zero(&a) || is_one(&b, w) {
                            a.divisibility[d]
                        } else {
                            match b.constant {
                                Some(r) if a.contiguity[d] == 1 => {
                                    let r = if name == "arith.divsi" { (sext(r, w) as i128).abs() } else { zext(r, w) as i128 };
                                    if r > 0 && r & (r - 1) == 0 {
                                        let shift = (r.trailing_zeros()).min(62);
                                        (a.divisibility[d] >> shift).max(1)
                                    } else {
                                        1
                                    }
                                }
                                _ => 1,
                            }
                        };
                        (c, v, k)
                    },
                    None,
                )
            }
            "arith.remsi" | "arith.remui" => {
                let (a, b) = two!();
                build(
                    &|d| {
                        let c = if is_tensor && is_contig(&a, d) && is_const(&b, d) {
                            gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d]))
                        } else {
                            1
                        };
                        let mut v = gcd(a.divisibility[d], b.divisibility[d]);
                        if a.contiguity[d] > c || b.contiguity[d] > c {
                            v = gcd(v, c);
                        }
                        (c, v, gcd(a.constancy[d], b.constancy[d]))
                    },
                    None,
                )
            }
            "arith.andi" | "arith.ori" | "arith.xori" => {
                let (a, b) = two!();
                build(&|d| (1, 1, gcd(a.constancy[d], b.constancy[d])), None)
            }
            "arith.shli" | "arith.shrsi" | "arith.shrui" => {
                let (a, b) = two!();
                let amount = b.constant.map(|s| zext(s, w));
                build(
                    &|d| {
                        let c = if amount == Some(0) { a.contiguity[d] } else { 1 };
                        let v = if name == "arith.shli" {
                            let base = if a.contiguity[d] > 1 && amount != Some(0) { 1 } else { a.divisibility[d] };
                            match amount {
                                None => base,
                                Some(s) if s >= w as u64 => 1,
                                Some(s) => mul_div(base, 1i64 << s.min(62)),
                            }
                        } else {
                            match amount {
                                Some(s) if s < w as u64 => {
                                    let base = if a.contiguity[d] > 1 && s != 0 { 1 } else { a.divisibility[d] };
                                    (base >> s.min(62)).max(1)
                                }
                                _ => 1,
                            }
                        };
                        (c, v, gcd(a.constancy[d], b.constancy[d]))
                    },
                    None,
                )
            }
            "arith.maxsi" | "arith.minsi" | "arith.maxui" | "arith.minui" => {
                let (a, b) = two!();
                a.join(&b)
            }
            "arith.select" => {
                let (Some(c), Some(a), Some(b)) = (self.get(op.operand(0)).cloned(), operand(1), operand(2)) else {
                    return if self.get(op.operand(1)).is_none() || self.get(op.operand(2)).is_none() { NotReady } else { Entry };
                };
                if let Some(cond) = c.constant {
                    return Info(if cond == 0 { b } else { a });
                }
                if !op.operand(0).ty().is_tensor() {
                    return Info(a.join(&b));
                }
                if c.rank() != rank {
                    return Entry;
                }
                build(
                    &|d| {
                        let contig = gcd(gcd(a.contiguity[d], b.contiguity[d]), c.constancy[d]);
                        let k = gcd(gcd(a.constancy[d], b.constancy[d]), c.constancy[d]);
                        (contig, gcd(div_from_contiguity(&a, &b, d), contig), k)
                    },
                    None,
                )
            }
            "arith.cmpi" => {
                if !is_tensor {
                    return Entry;
                }
                let (a, b) = two!();
                // eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5, ult 6, ule 7, ugt 8, uge 9.
                let pred = op.attr("predicate").and_then(|p| p.int()).unwrap_or(0);
                let gt_le = matches!(pred, 3 | 4 | 7 | 8);
                let lt_ge = matches!(pred, 2 | 5 | 6 | 9);
                build(
                    &|d| {
                        let mut k = gcd(a.constancy[d], b.constancy[d]);
                        if gt_le && is_const(&a, d) {
                            k = k.max(gcd(b.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
                        } else if lt_ge && is_const(&b, d) {
                            k = k.max(gcd(a.contiguity[d], gcd(a.divisibility[d], b.divisibility[d])));
                        }
                        (1, 1, k)
                    },
                    None,
                )
            }
            "tt.load" => {
                let Some(p) = self.get(op.operand(0)).cloned() else { return NotReady };
                let mask = if op.num_operands() > 1 { self.get(op.operand(1)).cloned() } else { None };
                let r = p.rank();
                AxisInfo::new(
                    vec![1; r],
                    vec![1; r],
                    (0..r).map(|d| gcd(p.constancy[d], mask.as_ref().and_then(|m| m.constancy.get(d).copied()).unwrap_or(0))).collect(),
                    None,
                )
            }
            _ => return Entry,
        })
    }
}

/// Triton 3.9's reshape rule: each destination dimension takes the facts of
/// the source dimension whose row-major stride range holds its stride
/// (contiguity only where the strides coincide, constancy as far as the
/// source's constant runs reach, merging constant outer dimensions), seeded
/// with the source's global divisibility.
fn reshape_info(a: &AxisInfo, src: &[i64], dst: &[i64]) -> AxisInfo {
    let suffix = |shape: &[i64]| {
        let mut p = vec![1i64; shape.len() + 1];
        for d in (0..shape.len()).rev() {
            p[d] = p[d + 1].saturating_mul(shape[d]);
        }
        p
    };
    let (sp, dp) = (suffix(src), suffix(dst));
    let global = a.global_divisibility();
    let mut contiguity = vec![1; dst.len()];
    let mut divisibility = vec![global; dst.len()];
    let mut constancy = vec![1; dst.len()];
    for dd in 0..dst.len() {
        let stride = dp[dd + 1];
        let sd = (0..src.len()).find(|&s| sp[s + 1] <= stride && stride < sp[s]).unwrap_or(0);
        let sstride = sp[sd + 1];
        let (sc, sv, sk) = (a.contiguity[sd], a.divisibility[sd], a.constancy[sd]);
        if sc > 1 {
            if stride == sstride {
                let c = sc.min(dst[dd]);
                contiguity[dd] = c;
                divisibility[dd] = global.max(if c == sc { sv } else { sv.min(c) });
            }
            continue;
        }
        let end = sstride.saturating_mul(sk);
        if stride <= end && stride > 0 {
            let mut k = dst[dd].min(end / stride).max(1);
            let mut remaining = dst[dd] / k;
            if sk == src[sd] {
                let mut s = sd;
                while s > 0 && remaining > 1 {
                    s -= 1;
                    let piece = src[s].min(remaining);
                    let pk = a.constancy[s].min(piece);
                    k *= pk;
                    if pk < piece {
                        break;
                    }
                    remaining /= piece.max(1);
                }
            }
            constancy[dd] = k;
        }
    }
    AxisInfo::new(contiguity, divisibility, constancy, None)
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
        // The contiguities differ: a group base of the merged runs may be
        // inside a run, so the divisibility is capped by them too.
        assert_eq!(a.join(&b), AxisInfo { contiguity: vec![4], divisibility: vec![4], constancy: vec![1], constant: None });
        let c = AxisInfo::constant(12, &[4, 8]);
        assert_eq!(c.constancy, vec![4, 8]);
        assert_eq!(c.divisibility, vec![4, 4]);
        assert_eq!(c.join(&c).constant, Some(12));
        // Normalisation: a dimension of contiguity 1 lends its divisibility to
        // the others.
        let n = AxisInfo::new(vec![1, 128], vec![16, 1], vec![1, 1], None);
        assert_eq!(n.divisibility, vec![16, 16]);
    }

    #[test]
    fn widths() {
        assert_eq!(sext(0xffff_ffff, 32), -1);
        assert_eq!(zext(-1, 32), 0xffff_ffff);
        assert_eq!(sext(1, 1), -1);
    }

    #[test]
    fn reshape_splits_a_contiguous_axis() {
        // [0..256) contiguous, divisible by 16 -> [16, 16]: rows lose the run.
        let a = AxisInfo::new(vec![256], vec![16], vec![1], None);
        let r = reshape_info(&a, &[256], &[16, 16]);
        assert_eq!(r.contiguity, vec![1, 16]);
        assert_eq!(r.constancy, vec![1, 1]);
    }
}
