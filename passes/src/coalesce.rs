//! `tritongpu-coalesce`: gives every global memory access on a tensor of
//! pointers (and every tensor-descriptor load/store) a blocked layout that
//! makes neighbouring threads touch neighbouring addresses, with as many
//! contiguous elements per thread as the alignment allows (at most 128 bits).
//!
//! Algorithm (Triton 3.9's `CoalescePass`):
//! 1. run the axis-info analysis on the module;
//! 2. walk the module (post-order) and, for each `tt.load`, `tt.store`,
//!    `tt.atomic_rmw`, `tt.atomic_cas` and `ttg.async_copy_global_to_local`
//!    whose pointer is a ranked tensor of `!tt.ptr`, pick a layout
//!    ([`coalesced_encoding`]):
//!    - order: dimensions by decreasing contiguity of the pointer (ties: the
//!      higher dimension first);
//!    - elements per thread along `order[0]`: min(divisibility in elements,
//!      contiguity, 128 bits), maximised over the memory ops of the same
//!      shape and order connected to this one by def-use chains (MLIR's
//!      multi-root slice), capped by the elements each thread holds; for
//!      anything but a load, capped again by this op's own value;
//!    - the blocked layout of that order and size per thread, lanes and
//!      warps handed out from the fastest dimension on;
//! 3. walk again and give each `tt.descriptor_load` / `_gather` result and
//!    each `tt.descriptor_store` / `_reduce` / `_scatter` source a row-major
//!    blocked layout of up to 128 bits per thread;
//! 4. in the order the ops were recorded, rewrite each op: every tensor
//!    operand goes through a `ttg.convert_layout` to the new layout (the
//!    x-offsets of gather/scatter excepted), the op is recreated with its
//!    tensor results in the new layout, and each result is converted back to
//!    its old type for the existing users.
use std::collections::{HashMap, HashSet};

use mlir_sys::*;
use tritium_dialects::ir::{block_ops, region_blocks, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::{Cga, Encoding};
use tritium_dialects::ttg::to_linear::blocked_encoding;

use crate::analysis::axis_info::{AxisInfo, AxisInfoAnalysis};
use crate::analysis::{
    callee_name, module_functions, post_order, symbol_name, tensor_encoding,
    threads_per_warp,
};

/// The pass.
pub struct Coalesce;

impl Pass for Coalesce {
    fn argument(&self) -> &'static str {
        "tritongpu-coalesce"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let analysis = module_axis_info(module);
        let tpw = threads_per_warp(module);
        let mut plan: Vec<(Op, Attr)> = Vec::new();
        let ops = post_order(module);
        let mut slices = SliceIndex::new(&ops);
        // Step 2: pointer-tensor memory accesses.
        for &op in &ops {
            let Some(ptr) = mem_access_ptr(op) else { continue };
            if !(ptr.ty().is_tensor() && ptr.ty().element().is_ptr()) {
                continue;
            }
            let num_warps = lookup_num_warps(op)?;
            let enc = coalesced_encoding_in(&analysis, op, num_warps, tpw, &shape_per_cta(ptr.ty()), Some(&mut slices))?;
            plan.push((op, build_attr(op, &enc)?));
        }
        // Step 3: tensor-descriptor loads and stores.
        for &op in &ops {
            let ty = match op.name() {
                "tt.descriptor_load" | "tt.descriptor_gather" if op.num_results() == 1 => op.result(0).ty(),
                "tt.descriptor_store" | "tt.descriptor_reduce" => op.operand(1).ty(),
                "tt.descriptor_scatter" => op.operand(3).ty(),
                _ => continue,
            };
            if !ty.is_tensor() {
                continue;
            }
            let num_warps = lookup_num_warps(op)?;
            let enc = descriptor_encoding(ty, num_warps, tpw)?;
            plan.push((op, build_attr(op, &enc)?));
        }
        // Step 4.
        for (op, attr) in plan {
            convert_op_encoding(op, attr);
        }
        Ok(())
    }
}

/// Triton's `ModuleAxisInfoAnalysis`: the functions are analysed callers
/// first (reverse post-order of the call graph from its roots), and each
/// call records what it passes in its callee's `tt.contiguity`,
/// `tt.divisibility` and `tt.constancy` argument attributes (`i64`, the gcd
/// with what is already there), which the callee's analysis starts from.
pub fn module_axis_info(module: Op) -> AxisInfoAnalysis {
    let funcs = module_functions(module);
    let by_name = |name: &str| funcs.iter().copied().find(|f| symbol_name(*f).as_deref() == Some(name));
    let calls_of = |f: Op| -> Vec<(Op, Op)> {
        f.nested_ops()
            .into_iter()
            .filter(|o| matches!(o.name(), "tt.call" | "func.call"))
            .filter_map(|c| Some((c, by_name(&callee_name(c)?)?)))
            .collect()
    };
    if funcs.iter().all(|&f| calls_of(f).is_empty()) {
        return AxisInfoAnalysis::run(module);
    }
    // Post-order over the call graph from the roots (functions nobody calls).
    let key = |o: Op| o.0.ptr as usize;
    let called: HashSet<usize> = funcs.iter().flat_map(|&f| calls_of(f)).map(|(_, callee)| key(callee)).collect();
    let mut post: Vec<Op> = Vec::new();
    let mut done: HashSet<usize> = HashSet::new();
    fn visit(f: Op, calls_of: &dyn Fn(Op) -> Vec<(Op, Op)>, stack: &mut Vec<usize>, done: &mut HashSet<usize>, post: &mut Vec<Op>) {
        let k = f.0.ptr as usize;
        if stack.contains(&k) {
            return; // a cycle: Triton gives up; leave the callee as it is
        }
        stack.push(k);
        for (_, callee) in calls_of(f) {
            visit(callee, calls_of, stack, done, post);
        }
        stack.pop();
        if done.insert(k) {
            post.push(f);
        }
    }
    for &f in funcs.iter().filter(|f| !called.contains(&key(**f))) {
        visit(f, &calls_of, &mut Vec::new(), &mut done, &mut post);
    }
    for &f in post.iter().rev() {
        let analysis = AxisInfoAnalysis::run(f);
        for (call, callee) in calls_of(f) {
            for (i, v) in call.operands().into_iter().enumerate() {
                let info = analysis.get(v).cloned().unwrap_or_else(|| AxisInfo::unknown(1));
                let first = |xs: &[i64]| xs.first().copied().unwrap_or(1);
                set_arg_gcd(callee, i, "tt.contiguity", first(&info.contiguity));
                set_arg_gcd(callee, i, "tt.divisibility", first(&info.divisibility));
                set_arg_gcd(callee, i, "tt.constancy", first(&info.constancy));
            }
        }
    }
    AxisInfoAnalysis::run(module)
}

/// Sets argument attribute `name` of `func`'s argument `index` to the gcd of
/// `value` and what it holds (2^62 when absent), as an `i64`.
fn set_arg_gcd(func: Op, index: usize, name: &str, value: i64) {
    unsafe {
        let context = func.context();
        let Some(fty) = func.attr("function_type") else { return };
        let fty = mlirTypeAttrGetValue(fty.0);
        if !mlirTypeIsAFunction(fty) {
            return;
        }
        let n = mlirFunctionTypeGetNumInputs(fty);
        if index as isize >= n {
            return;
        }
        let empty = mlirDictionaryAttrGet(context, 0, std::ptr::null());
        let old = func.attr("arg_attrs").filter(|a| mlirAttributeIsAArray(a.0) && mlirArrayAttrGetNumElements(a.0) == n);
        let mut dicts: Vec<MlirAttribute> = (0..n).map(|i| old.map(|a| mlirArrayAttrGetElement(a.0, i)).unwrap_or(empty)).collect();
        let dict = dicts[index];
        let mut entries: Vec<MlirNamedAttribute> = (0..mlirDictionaryAttrGetNumElements(dict)).map(|i| mlirDictionaryAttrGetElement(dict, i)).collect();
        let previous = entries
            .iter()
            .position(|e| tritium_dialects::ir::str_of(mlirIdentifierStr(e.name)) == name)
            .map(|p| entries.remove(p));
        let current = previous.and_then(|e| Attr(e.attribute).int()).map(|v| (v as u64 & 0xffff_ffff_ffff_ffff) as i64).unwrap_or(1 << 62);
        let gcd = {
            let (mut a, mut b) = (value.unsigned_abs(), current.unsigned_abs());
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a as i64
        };
        let attr = Attr::integer(Ty::int(context, 64), gcd);
        entries.push(mlirNamedAttributeGet(mlirIdentifierGet(context, tritium_dialects::ir::string_ref(name)), attr.0));
        dicts[index] = mlirDictionaryAttrGet(context, entries.len() as isize, entries.as_ptr());
        let array = mlirArrayAttrGet(context, n, dicts.as_ptr());
        func.set_attr("arg_attrs", Attr(array));
    }
}

/// Triton's `getMemAccessPtr`: the pointer operand of a global memory
/// access (`tt.load`, `tt.store`, `tt.atomic_rmw`, `tt.atomic_cas`,
/// `ttg.async_copy_global_to_local`).
pub fn mem_access_ptr(op: Op) -> Option<Val> {
    match op.name() {
        "tt.load" | "tt.store" | "tt.atomic_rmw" | "tt.atomic_cas" | "ttg.async_copy_global_to_local"
            if op.num_operands() > 0 =>
        {
            Some(op.operand(0))
        }
        _ => None,
    }
}

/// Triton's `getOrderFromContiguity`: dimensions by decreasing contiguity,
/// equal ones from the highest dimension down.
pub fn order_from_contiguity(contiguity: &[i64]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..contiguity.len() as u32).rev().collect();
    order.sort_by(|&a, &b| contiguity[b as usize].cmp(&contiguity[a as usize]));
    order
}

/// The number of warps running `op` as written in the IR, without
/// diagnostics: its warp-specialize partition's count (`true`: from a
/// partition), else the nearest `ttg.num-warps` (`false`); `None` when
/// neither is there.
pub fn num_warps_of(op: Op) -> Option<(i64, bool)> {
    let mut child = op;
    let mut current = op.parent();
    while let Some(o) = current {
        if o.name() == "ttg.warp_specialize.partitions" {
            let index = unsafe {
                let region = mlirBlockGetParentRegion(mlirOperationGetBlock(child.0));
                (0..mlirOperationGetNumRegions(o.0)).find(|&i| mlirRegionEqual(mlirOperationGetRegion(o.0, i), region))
            };
            let warps = o.parent().and_then(|ws| ws.attr("partitionNumWarps")).and_then(Attr::i32_array);
            if let Some(w) = index.zip(warps).and_then(|(i, w)| w.get(i as usize).copied()) {
                return Some((i64::from(w), true));
            }
        }
        child = o;
        current = o.parent();
    }
    op.inherited_int("ttg.num-warps").map(|w| (w, false))
}

/// The number of warps running `op` (Triton's `lookupNumWarps`): a
/// warp-specialize partition's count, else the nearest `ttg.num-warps`.
/// Emits a diagnostic when there is none.
pub fn lookup_num_warps(op: Op) -> Result<u32, ()> {
    match num_warps_of(op) {
        Some((w, true)) => u32::try_from(w).map_err(|_| emit_error(op, "has a negative partition warp count")),
        Some((w, false)) if w > 0 && u32::try_from(w).is_ok() => Ok(w as u32),
        _ => {
            emit_error(op, "is not contained within a context that specifies the number of warps");
            Err(())
        }
    }
}

/// The per-CTA shape of a tensor (its shape split by its encoding's CGA).
pub fn shape_per_cta(ty: Ty) -> Vec<i64> {
    let shape = ty.shape_or_scalar();
    let cga = tensor_cga(ty);
    shape
        .iter()
        .enumerate()
        .map(|(d, &s)| {
            let split = cga.bases.iter().filter(|b| b.get(d).is_some_and(|&v| v != 0)).count();
            (s >> split.min(62)).max(1)
        })
        .collect()
}

/// The CGA layout of a tensor's encoding (none for one CTA).
fn tensor_cga(ty: Ty) -> Cga {
    match tensor_encoding(ty) {
        Some(Encoding::Blocked { cga, .. }) | Some(Encoding::NvidiaMma { cga, .. }) => cga,
        _ => Cga::default(),
    }
}

/// The bits of the element a tensor of pointers points to (Triton's
/// `getElementBitWidth`); 0 when it has none.
fn pointee_bits(ty: Ty) -> u32 {
    let element = ty.element();
    match tritium_dialects::tt::types::pointee(element) {
        Some(p) => p.bit_width(),
        None => element.bit_width(),
    }
}

/// The axis info of a value, unknown when the analysis has none.
fn axis_info(analysis: &AxisInfoAnalysis, v: Val) -> AxisInfo {
    analysis.get(v).cloned().unwrap_or_else(|| AxisInfo::unknown(v.ty().shape_or_scalar().len()))
}

/// Triton's `getNumElementsPerThread`: how many elements of `op`'s pointer
/// one thread may access at once along `order[0]` (min of the alignment in
/// elements, the contiguity clipped to the per-CTA size, and 128 bits).
fn elements_per_thread(analysis: &AxisInfoAnalysis, op: Op, order: &[u32], shape_per_cta: &[i64]) -> Result<u32, ()> {
    let Some(ptr) = mem_access_ptr(op) else { return Ok(1) };
    let info = axis_info(analysis, ptr);
    let bits = pointee_bits(ptr.ty());
    if bits == 0 {
        emit_error(op, "accesses elements without a bit width");
        return Err(());
    }
    let d = order.first().copied().unwrap_or(0) as usize;
    let elem_bytes = i64::from((bits / 8).max(1));
    let divisibility = info.divisibility.get(d).copied().unwrap_or(1);
    let max_multiple = (divisibility / elem_bytes).max(1);
    let contig = info.contiguity.get(d).copied().unwrap_or(1).min(shape_per_cta.get(d).copied().unwrap_or(1));
    let alignment = max_multiple.min(contig);
    let mut max_per_thread = 128 / bits;
    if let Some(cap) = atomic_cap(op) {
        max_per_thread = max_per_thread.min(cap);
    }
    Ok(alignment.min(i64::from(max_per_thread)).clamp(1, i64::from(u32::MAX)) as u32)
}

/// How many elements one thread may update at once with an atomic op, where
/// the backend's atomics are narrower than a plain 128-bit store: one for
/// `tt.atomic_cas` and integer or f64 `tt.atomic_rmw`; on AMD 32 bits; on
/// NVIDIA before sm90, one f32/bf16 or two f16 for `fadd`.
fn atomic_cap(op: Op) -> Option<u32> {
    match op.name() {
        "tt.atomic_cas" => return Some(1),
        "tt.atomic_rmw" if op.num_operands() > 1 => {}
        _ => return None,
    }
    let element = op.operand(1).ty().element();
    let bits = element.bit_width();
    let is_f = |name: &str| element.to_string() == name;
    if element.is_integer() || is_f("f64") {
        return Some(1);
    }
    let target = op.enclosing_module().and_then(|m| m.attr("ttg.target")).map(|a| string_value(a)).unwrap_or_default();
    if target.starts_with("hip:") {
        return Some((32 / bits.max(1)).max(1));
    }
    // RMWOp::FADD is 5.
    if op.attr("atomic_rmw_op").and_then(|a| a.int()) != Some(5) {
        return None;
    }
    let digits: String = target.strip_prefix("cuda:")?.chars().take_while(char::is_ascii_digit).collect();
    let capability: u32 = digits.parse().ok()?;
    if capability >= 90 {
        return None;
    }
    if is_f("f32") || is_f("bf16") {
        Some(1)
    } else if is_f("f16") {
        Some(2)
    } else {
        None
    }
}

/// The text of a string attribute (empty for anything else).
fn string_value(attr: Attr) -> String {
    unsafe {
        if !mlirAttributeIsAString(attr.0) {
            return String::new();
        }
        tritium_dialects::ir::str_of(mlirStringAttrGetValue(attr.0)).to_string()
    }
}

/// MLIR's `multiRootGetSlice(op)`: every op reachable from `op` by
/// following operands to their defining ops (not through block
/// arguments), results to their users, and ops to the ops nested in them.
fn multi_root_slice(op: Op) -> Vec<Op> {
    let key = |o: Op| o.0.ptr as usize;
    let mut seen: HashSet<usize> = HashSet::from([key(op)]);
    let mut slice = vec![op];
    let mut i = 0;
    while i < slice.len() {
        let current = slice[i];
        i += 1;
        let mut next: Vec<Op> = current.operands().into_iter().filter_map(Val::defining_op).collect();
        for r in current.results() {
            next.extend(r.users());
        }
        for r in 0..current.num_regions() {
            for block in region_blocks(current.region(r)) {
                next.extend(block_ops(block));
            }
        }
        for n in next {
            if seen.insert(key(n)) {
                slice.push(n);
            }
        }
    }
    slice
}

/// [`multi_root_slice`] for every op of a module at once, computed before
/// the pass changes anything. Following operands to their defining ops and
/// results to their users is symmetric, so the ops joined by such edges form
/// components whose ops all have the same slice; descending into nested ops
/// links a component to those of the ops nested in its ops. The slice of an
/// op is then every op of the components reachable from its own, and walking
/// components instead of ops per memory access keeps the pass linear in the
/// module's size where one slice per access was quadratic (a 20,000-line
/// kernel: 9 s).
struct SliceIndex {
    /// An op's index in `ops` order, by its address.
    index: HashMap<usize, usize>,
    /// The union-find parent of each op.
    parent: Vec<usize>,
    /// Per component root: the components of the ops nested in its ops.
    nested: HashMap<usize, Vec<usize>>,
    /// Per component root: its memory accesses.
    accesses: HashMap<usize, Vec<Op>>,
    /// Per (component, shape, order, per-CTA shape): the largest
    /// `elements_per_thread` of a matching access in the slice.
    cache: HashMap<(usize, Vec<i64>, Vec<u32>, Vec<i64>), u32>,
}

impl SliceIndex {
    fn new(ops: &[Op]) -> Self {
        let key = |o: Op| o.0.ptr as usize;
        let index: HashMap<usize, usize> = ops.iter().enumerate().map(|(i, &o)| (key(o), i)).collect();
        let mut this = SliceIndex { index, parent: (0..ops.len()).collect(), nested: HashMap::new(), accesses: HashMap::new(), cache: HashMap::new() };
        for (i, &op) in ops.iter().enumerate() {
            for def in op.operands().into_iter().filter_map(Val::defining_op) {
                if let Some(&j) = this.index.get(&key(def)) {
                    this.union(i, j);
                }
            }
        }
        for (i, &op) in ops.iter().enumerate() {
            let from = this.find(i);
            if mem_access_ptr(op).is_some() {
                this.accesses.entry(from).or_default().push(op);
            }
            for r in 0..op.num_regions() {
                for block in region_blocks(op.region(r)) {
                    for child in block_ops(block) {
                        if let Some(&j) = this.index.get(&key(child)) {
                            let to = this.find(j);
                            if to != from {
                                this.nested.entry(from).or_default().push(to);
                            }
                        }
                    }
                }
            }
        }
        this
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b);
        }
    }

    /// The largest `elements_per_thread(other, order, shape_per_cta)` over
    /// the accesses `other` of `op`'s slice whose pointer has `shape` and
    /// whose contiguity gives `order` (`op` itself included, when it does).
    fn max_per_thread(&mut self, analysis: &AxisInfoAnalysis, op: Op, shape: &[i64], order: &[u32], shape_per_cta: &[i64]) -> Result<u32, ()> {
        let Some(&i) = self.index.get(&(op.0.ptr as usize)) else { return Ok(1) };
        let root = self.find(i);
        let cache_key = (root, shape.to_vec(), order.to_vec(), shape_per_cta.to_vec());
        if let Some(&n) = self.cache.get(&cache_key) {
            return Ok(n);
        }
        let mut seen = HashSet::from([root]);
        let mut stack = vec![root];
        let mut best = 1;
        while let Some(c) = stack.pop() {
            for &other in self.accesses.get(&c).map(Vec::as_slice).unwrap_or(&[]) {
                let Some(p) = mem_access_ptr(other) else { continue };
                if p.ty().shape().as_deref() != Some(shape) {
                    continue;
                }
                if order_from_contiguity(&axis_info(analysis, p).contiguity) == order {
                    best = best.max(elements_per_thread(analysis, other, order, shape_per_cta)?);
                }
            }
            for &next in self.nested.get(&c).map(Vec::as_slice).unwrap_or(&[]) {
                if seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        self.cache.insert(cache_key, best);
        Ok(best)
    }
}

/// Triton's `buildCoalescedEncoding` for the memory access `op`.
pub fn coalesced_encoding(
    analysis: &AxisInfoAnalysis,
    op: Op,
    num_warps: u32,
    threads_per_warp: i64,
    shape_per_cta: &[i64],
) -> Result<Encoding, ()> {
    coalesced_encoding_in(analysis, op, num_warps, threads_per_warp, shape_per_cta, None)
}

/// [`coalesced_encoding`], with the slices taken from `slices` when given.
fn coalesced_encoding_in(
    analysis: &AxisInfoAnalysis,
    op: Op,
    num_warps: u32,
    threads_per_warp: i64,
    shape_per_cta: &[i64],
    slices: Option<&mut SliceIndex>,
) -> Result<Encoding, ()> {
    let Some(ptr) = mem_access_ptr(op) else {
        emit_error(op, "is not a memory access");
        return Err(());
    };
    let ref_ty = ptr.ty();
    let shape = ref_ty.shape_or_scalar();
    let order = order_from_contiguity(&axis_info(analysis, ptr).contiguity);
    if order.len() != shape.len() {
        emit_error(op, "has a pointer whose axis info does not match its rank");
        return Err(());
    }
    let mut per_thread = elements_per_thread(analysis, op, &order, shape_per_cta)?;
    if let (Some(_), Some(slices)) = (ptr.defining_op(), slices) {
        per_thread = per_thread.max(slices.max_per_thread(analysis, op, &shape, &order, shape_per_cta)?);
    } else if ptr.defining_op().is_some() {
        for other in multi_root_slice(op) {
            if other.same(op) {
                continue;
            }
            let Some(p) = mem_access_ptr(other) else { continue };
            if p.ty().shape() != Some(shape.clone()) {
                continue;
            }
            if order_from_contiguity(&axis_info(analysis, p).contiguity) == order {
                per_thread = per_thread.max(elements_per_thread(analysis, other, &order, shape_per_cta)?);
            }
        }
    }
    let num_elems: i64 = shape_per_cta.iter().product();
    let num_threads = i64::from(num_warps) * threads_per_warp;
    let cap = if num_threads > 0 { (num_elems / num_threads).max(1) } else { 1 };
    per_thread = i64::from(per_thread).min(cap) as u32;
    if op.name() != "tt.load" {
        per_thread = per_thread.min(elements_per_thread(analysis, op, &order, shape_per_cta)?);
    }
    let mut size_per_thread = vec![1u32; shape.len()];
    if let Some(&d) = order.first() {
        size_per_thread[d as usize] = per_thread;
    }
    Ok(blocked_with_cga(&shape, &size_per_thread, &order, num_warps, threads_per_warp, tensor_cga(ref_ty)))
}

/// Triton's `BlockedEncodingAttr::get(shape, sizePerThread, order, numWarps,
/// threadsPerWarp, cgaLayout)`: lanes and warps laid over the per-CTA shape.
fn blocked_with_cga(shape: &[i64], size_per_thread: &[u32], order: &[u32], num_warps: u32, tpw: i64, cga: Cga) -> Encoding {
    let per_cta: Vec<i64> = shape
        .iter()
        .enumerate()
        .map(|(d, &s)| {
            let split = cga.bases.iter().filter(|b| b.get(d).is_some_and(|&v| v != 0)).count();
            (s >> split.min(62)).max(1)
        })
        .collect();
    let tpw = u32::try_from(tpw).unwrap_or(32);
    match blocked_encoding(&per_cta, size_per_thread, order, num_warps, tpw, 1) {
        Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, .. } => {
            Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga }
        }
        other => other,
    }
}

/// The layout of a descriptor load's result or store's source: row-major,
/// up to 128 bits per thread along the last dimension.
fn descriptor_encoding(ty: Ty, num_warps: u32, tpw: i64) -> Result<Encoding, ()> {
    let shape = ty.shape_or_scalar();
    let per_cta = shape_per_cta(ty);
    let num_elems: i64 = per_cta.iter().product();
    let num_threads = i64::from(num_warps) * tpw;
    let per_thread = if num_threads > 0 { (num_elems / num_threads).max(1) } else { 1 };
    let bits = i64::from(ty.element().bit_width().max(1));
    let vector = per_thread.min(128 / bits).max(1) as u32;
    let mut size_per_thread = vec![1u32; shape.len()];
    if let Some(last) = size_per_thread.last_mut() {
        *last = vector;
    }
    let order: Vec<u32> = (0..shape.len() as u32).rev().collect();
    Ok(blocked_with_cga(&shape, &size_per_thread, &order, num_warps, tpw, tensor_cga(ty)))
}

/// The attribute of `enc`, or a diagnostic on `op`.
fn build_attr(op: Op, enc: &Encoding) -> Result<Attr, ()> {
    if let Err(e) = enc.verify() {
        emit_error(op, &format!("cannot build a coalesced layout: {e}"));
        return Err(());
    }
    bridge::build(op.context(), enc).ok_or_else(|| emit_error(op, "cannot build a coalesced layout"))
}

/// Triton's `convertDistributedOpEncoding`: recreates `op` with its tensor
/// operands converted to `encoding` and its tensor results in `encoding`,
/// converting the results back for the existing users.
pub fn convert_op_encoding(op: Op, encoding: Attr) -> Op {
    let location = op.location();
    let Some(block) = op.block() else { return op };
    let insert = |new: Op| unsafe { mlirBlockInsertOwnedOperationBefore(block, op.0, new.0) };
    let skip = |i: usize| matches!(op.name(), "tt.descriptor_gather" | "tt.descriptor_scatter") && i == 1;
    let mut operands = Vec::with_capacity(op.num_operands());
    for (i, v) in op.operands().into_iter().enumerate() {
        if v.ty().is_tensor() && !skip(i) {
            let cvt = Rewriter::build(location, "ttg.convert_layout", &[v], &[v.ty().with_encoding(Some(encoding))], &[], 0);
            insert(cvt);
            operands.push(cvt.result(0));
        } else {
            operands.push(v);
        }
    }
    let is_async = op.name() == "ttg.async_copy_global_to_local";
    let old_types: Vec<Ty> = op.results().iter().map(|r| r.ty()).collect();
    let new_types: Vec<Ty> =
        old_types.iter().map(|&t| if is_async || !t.is_tensor() { t } else { t.with_encoding(Some(encoding)) }).collect();
    let attrs: Vec<(&str, MlirAttribute)> = op.attributes().into_iter().map(|(n, a)| (n, a.0)).collect();
    let new = Rewriter::build(location, op.name(), &operands, &new_types, &attrs, 0);
    insert(new);
    for (i, (&old, &ty)) in old_types.iter().zip(&new_types).enumerate() {
        let mut result = new.result(i);
        if old != ty {
            let back = Rewriter::build(location, "ttg.convert_layout", &[result], &[old], &[], 0);
            insert(back);
            result = back.result(0);
        }
        unsafe { mlirValueReplaceAllUsesOfWith(op.result(i).0, result.0) };
    }
    unsafe { mlirOperationDestroy(op.0) };
    new
}

#[cfg(test)]
mod tests {
    use super::order_from_contiguity;

    #[test]
    fn order_prefers_contiguity_then_higher_dims() {
        assert_eq!(order_from_contiguity(&[1, 1]), vec![1, 0]);
        assert_eq!(order_from_contiguity(&[4, 1]), vec![0, 1]);
        assert_eq!(order_from_contiguity(&[1, 64, 1]), vec![1, 2, 0]);
        assert_eq!(order_from_contiguity(&[8]), vec![0]);
    }
}
