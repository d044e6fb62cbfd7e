//! Shared memory: `ttg.local_alloc`/`local_dealloc`/`local_store`/
//! `local_load`, the memdesc views (`memdesc_index`, `memdesc_subslice`,
//! `memdesc_trans`, `memdesc_reshape`), the asynchronous copies
//! (`async_copy_global_to_local`, `async_commit_group`, `async_wait`) and
//! the scattered shared-memory atomics (`local_atomic_scatter_rmw`).
//!
//! A `!ttg.memdesc` value is a [`MemDescValue`]: the shared pointer of its
//! buffer and one `i32` offset per view dimension, in the coordinates of its
//! allocation shape. `memdesc_index` moves the pointer to the selected
//! buffer, `memdesc_subslice` adds to the offsets, `memdesc_trans` permutes
//! them; no view touches memory. Async tokens are a dummy `i32`.
//!
//! Addressing: a shared encoding's linear layout maps an offset (in
//! elements) to coordinates of the allocation and is a bijection over
//! GF(2), so its inverse `S` (coordinates → offset) is linear too. The
//! element register `r` of lane `l` in warp `w` holds is at coordinates
//! `R(r) ^ L(l) ^ W(w)` (see [`DistLayout`]), hence at offset
//! `S(R(r)) ^ S(L(l)) ^ S(W(w)) ^ S(view offsets)`: each thread computes its
//! part once and every register adds a constant. (A view's offsets are
//! multiples of its power-of-two size along each dimension, so adding them
//! to a coordinate inside the view is an XOR.)
//!
//! Algorithm of an access (`local_load`, `local_store`, an initialized
//! `local_alloc`, `async_copy_global_to_local`):
//! 1. Map the register, lane and warp bases of the tensor's layout (and the
//!    view-offset bits) through `S`.
//! 2. When the lanes and registers are arranged as the target's warp-wide
//!    matrix load expects (`ldmatrix`, plain or transposed: the layouts of
//!    `mma` dot operands), loads use it; stores likewise use the warp-wide
//!    matrix store (`stmatrix`, e.g. an `mma` accumulator into shared
//!    memory), whose word may be any registers holding consecutive elements.
//! 3. Otherwise group `2^k` registers whose bases `0..k` map to the offsets
//!    `1, 2, …, 2^(k-1)` and every other base to a multiple of `2^k`: each
//!    group is one aligned access of up to 128 bits (for async copies also
//!    bounded by the global contiguity).
//! 4. Address = base + ((T · size) ^ (C_shared · size)) + C_rest · size,
//!    where `T` is the thread's part (scaled to bytes once), `C_shared` the
//!    register constant's bits `T` may also have and `C_rest` the others,
//!    which become an immediate. ([`Addresser`]; conversions through a
//!    scratch address it the same way.)
use super::convert::{from_storage, to_storage};
use super::layout::DistLayout;
use super::{llvm_scalar_type, CacheHints, LowerPattern, Lowering, MemDescValue, MemScope, MemSemantic, RmwOp};
use std::collections::HashMap;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::to_linear::{to_linear_layout, OFFSET};

/// `ttg-to-llvm.local-alloc`: `ttg.local_alloc` (and its initial value).
pub struct LocalAlloc;
/// `ttg-to-llvm.local-dealloc`: `ttg.local_dealloc` (nothing to do: the
/// allocation analysis already placed every buffer).
pub struct LocalDealloc;
/// `ttg-to-llvm.local-store`: `ttg.local_store`.
pub struct LocalStore;
/// `ttg-to-llvm.local-load`: `ttg.local_load`.
pub struct LocalLoad;
/// `ttg-to-llvm.memdesc-view`: `memdesc_index`, `memdesc_subslice`,
/// `memdesc_trans`, `memdesc_reshape`.
pub struct MemDescView;
/// `ttg-to-llvm.async-copy`: `ttg.async_copy_global_to_local`.
pub struct AsyncCopy;
/// `ttg-to-llvm.async-group`: `ttg.async_commit_group` and `ttg.async_wait`.
pub struct AsyncGroup;

/// `ttg-to-llvm.local-atomic-scatter`: `ttg.local_atomic_scatter_rmw`.
pub struct LocalAtomicScatter;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] =
    &[&LocalAlloc, &LocalDealloc, &LocalStore, &LocalLoad, &MemDescView, &AsyncCopy, &AsyncGroup, &LocalAtomicScatter];

/// The largest access, in bits.
const MAX_ACCESS_BITS: u32 = 128;

// --------------------------------------------------------------------------
// Where a view's elements live
// --------------------------------------------------------------------------

/// Where the elements of one memdesc view live in its buffer.
struct SharedMap {
    /// Per allocation dimension, per bit of the coordinate: the offset (in
    /// elements) it XORs in.
    bits: Vec<Vec<i64>>,
    /// The view's shape.
    view: Vec<i64>,
    /// The allocation's shape (same rank).
    alloc: Vec<i64>,
    /// The element type (LLVM).
    elem: Ty,
    /// How an element is stored (`i1` as `i8`, pointers as `i64`).
    storage: Ty,
    /// Bytes of one stored element.
    bytes: i64,
    /// A power of two the buffer's address is a multiple of (at most 16).
    align: i64,
}

/// The largest power of two dividing `x` (`x` > 0).
fn pow2_divisor(x: i64) -> i64 {
    if x == 0 {
        i64::MAX
    } else {
        x & x.wrapping_neg()
    }
}

fn log2(x: i64) -> u32 {
    x.max(1).trailing_zeros()
}

/// How elements of `elem` are stored in shared memory.
pub(super) fn storage_type(cx: &Lowering<'_>, elem: Ty) -> Ty {
    if !elem.is_integer() && !elem.is_float() {
        cx.e.i64()
    } else if elem.bit_width() < 8 {
        cx.e.int_ty(8)
    } else {
        elem
    }
}

impl SharedMap {
    /// The map of the memdesc type `ty`.
    fn of(cx: &Lowering<'_>, ty: Ty) -> Result<SharedMap, String> {
        let md = bridge::memdesc_of(ty).ok_or_else(|| format!("expected a memdesc, got {ty}"))?;
        let enc = bridge::encoding_of(md.encoding).ok_or_else(|| format!("{ty} has no shared layout"))??;
        match &enc {
            Encoding::PaddedShared { .. } => return Err("shared memory with a padded_shared layout is not lowered yet".into()),
            Encoding::PartitionedShared { .. } => {
                return Err("shared memory with a partitioned_shared layout is not lowered yet".into())
            }
            e if !e.is_shared() => return Err(format!("{ty}: '{}' is not a shared layout", e.mnemonic())),
            _ => {}
        }
        let alloc = if md.alloc_shape.is_empty() { md.shape.clone() } else { md.alloc_shape.clone() };
        if alloc.len() != md.shape.len() {
            return Err(format!("{ty}: a view of another rank than its allocation is not lowered"));
        }
        if md.shape.iter().chain(&alloc).any(|&s| s <= 0 || s & (s - 1) != 0) {
            return Err(format!("{ty}: shared-memory shapes must be powers of two"));
        }
        let bits = offset_bits(&enc, &alloc).map_err(|m| format!("{ty}: {m}"))?;
        let elem = llvm_scalar_type(&cx.e, md.element)?;
        let storage = storage_type(cx, elem);
        let bytes = i64::from(storage.bit_width().max(8) / 8);
        let buffer: i64 = alloc.iter().product::<i64>() * bytes;
        Ok(SharedMap { bits, view: md.shape, alloc, elem, storage, bytes, align: pow2_divisor(buffer).min(16) })
    }

    /// The offset of the element at coordinates `c` of the allocation.
    fn offset(&self, c: &[i64]) -> i64 {
        let mut o = 0;
        for (d, &x) in c.iter().enumerate() {
            for (b, &v) in self.bits[d].iter().enumerate() {
                if x >> b & 1 == 1 {
                    o ^= v;
                }
            }
        }
        o
    }

    /// The offsets of the coordinate bits a view offset may set.
    fn view_bits(&self) -> Vec<i64> {
        let mut out = Vec::new();
        for d in 0..self.view.len() {
            for b in log2(self.view[d])..log2(self.alloc[d]) {
                out.push(self.bits[d][b as usize]);
            }
        }
        out
    }
}

/// The inverse of a shared layout over `alloc`: per dimension, per bit of
/// the coordinate, the offset (in elements) it XORs in.
fn offset_bits(enc: &Encoding, alloc: &[i64]) -> Result<Vec<Vec<i64>>, String> {
    let ll = to_linear_layout(enc, alloc)?;
    let inv = ll.invert().map_err(|e| format!("the shared layout is not a bijection ({e})"))?;
    let outs = inv.get_out_dim_names();
    let at = outs.iter().position(|n| *n == OFFSET).ok_or("the shared layout has no offset")?;
    let mut bits = Vec::with_capacity(alloc.len());
    for d in 0..alloc.len() {
        let name = format!("dim{d}");
        let n = inv.in_dim_size_log2(&name).unwrap_or(0) as usize;
        let mut v = Vec::with_capacity(n);
        for b in 0..n {
            let basis = inv.basis(&name, b).ok_or_else(|| format!("missing basis {name}[{b}]"))?;
            if basis.iter().enumerate().any(|(k, &x)| k != at && x != 0) {
                return Err("shared memory spread over several CTAs is not supported".into());
            }
            v.push(i64::from(basis[at]));
        }
        bits.push(v);
    }
    Ok(bits)
}

/// The value of an `i32` built as a constant by the lowering.
fn const_of(v: Val) -> Option<i64> {
    let op = super::through_structs(v).defining_op()?;
    (op.name() == "llvm.mlir.constant").then(|| op.attr("value").and_then(|a| a.int())).flatten()
}


/// The part of every offset that comes from the view's offsets: a constant
/// and, for offsets that are not constants, a runtime value and the bits it
/// may have.
fn view_term(cx: &mut Lowering<'_>, m: &SharedMap, md: &MemDescValue) -> (i64, Option<Val>, i64) {
    let mut constant = 0i64;
    let mut runtime = None;
    let mut mask = 0i64;
    for d in 0..m.view.len() {
        if m.view[d] == m.alloc[d] {
            continue; // the view spans the dimension: its offset is 0
        }
        let lo = log2(m.view[d]) as usize;
        let hi = log2(m.alloc[d]) as usize;
        match const_of(md.offsets[d]) {
            Some(c) => {
                for b in lo..hi {
                    if c >> b & 1 == 1 {
                        constant ^= m.bits[d][b];
                    }
                }
            }
            None => {
                let mut bases = vec![0i64; hi];
                bases[lo..hi].copy_from_slice(&m.bits[d][lo..hi]);
                mask |= bases.iter().fold(0, |a, b| a | b);
                runtime = cx.xor_of_bits(md.offsets[d], &bases, runtime);
            }
        }
    }
    (constant, runtime, mask)
}

/// Addresses of elements from (thread part, register constant): the thread
/// part `T` has only bits of `thread_mask`, so `T ^ c` is
/// `(T ^ (c & thread_mask)) + (c & !thread_mask)`; the first term is one
/// value per distinct masked constant and the second an immediate offset.
pub(super) struct Addresser {
    base: Val,
    storage: Ty,
    thread: Option<Val>,
    /// The thread part in bytes, once computed.
    thread_bytes: Option<Val>,
    thread_mask: i64,
    constant: i64,
    cache: HashMap<i64, Val>,
}

impl Addresser {
    /// An addresser of elements of type `storage` at `base`, whose thread
    /// part `thread` (in elements) only has bits of `thread_mask`.
    pub(super) fn new(base: Val, storage: Ty, thread: Option<Val>, thread_mask: i64) -> Addresser {
        Addresser { base, storage, thread, thread_bytes: None, thread_mask, constant: 0, cache: HashMap::new() }
    }

    /// The address of the element at offset `T ^ c` (`c` a constant).
    pub(super) fn at(&mut self, cx: &mut Lowering<'_>, c: i64) -> Val {
        let c = c ^ self.constant;
        let shared = c & self.thread_mask;
        let rest = c & !self.thread_mask;
        let p = match self.cache.get(&shared) {
            Some(p) => *p,
            None => {
                let p = match self.thread {
                    Some(t) => {
                        // The thread part is scaled to bytes once; each
                        // register constant XORs in its own byte offset.
                        let bytes = i64::from(self.storage.bit_width().max(8) / 8);
                        let tb = match self.thread_bytes {
                            Some(v) => v,
                            None => {
                                let v = cx.e.shl_i32(t, bytes.trailing_zeros());
                                self.thread_bytes = Some(v);
                                v
                            }
                        };
                        let idx = if shared == 0 {
                            tb
                        } else {
                            let k = cx.e.i32_const(shared * bytes);
                            cx.e.xor(tb, k)
                        };
                        let i8t = cx.e.int_ty(8);
                        cx.e.gep(self.base, i8t, idx)
                    }
                    None => self.base,
                };
                self.cache.insert(shared, p);
                p
            }
        };
        if rest == 0 {
            p
        } else {
            let k = cx.e.i32_const(rest);
            cx.e.gep(p, self.storage, k)
        }
    }
}

/// One access of a distributed tensor to a memdesc view, resolved (step 1
/// of the module's algorithm).
struct Access {
    map: SharedMap,
    /// Offsets of the register, lane and warp bases.
    regs: Vec<i64>,
    lanes: Vec<i64>,
    warps: Vec<i64>,
    /// The view offsets' part (constant, runtime, runtime bits).
    view_const: i64,
    view_runtime: Option<Val>,
    view_mask: i64,
    base: Val,
}

impl Access {
    fn new(cx: &mut Lowering<'_>, mty: Ty, md: &MemDescValue, l: &DistLayout) -> Result<Access, String> {
        let map = SharedMap::of(cx, mty)?;
        if l.shape != map.view {
            return Err(format!("the tensor's shape {:?} is not the memdesc's {:?}", l.shape, map.view));
        }
        if md.offsets.len() != map.view.len() {
            return Err("a memdesc value of the wrong rank".into());
        }
        let regs = l.reg_bases.iter().map(|b| map.offset(b)).collect();
        let lanes = l.lanes.iter().map(|b| map.offset(b)).collect();
        let warps = l.warps.iter().map(|b| map.offset(b)).collect();
        let (view_const, view_runtime, view_mask) = view_term(cx, &map, md);
        Ok(Access { map, regs, lanes, warps, view_const, view_runtime, view_mask, base: md.base })
    }

    /// Register bits that repeat an element (bases mapping to offset 0).
    fn dup_mask(&self) -> usize {
        self.regs.iter().enumerate().filter(|(_, &x)| x == 0).fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The constant offset of register `r`.
    fn reg_offset(&self, r: usize) -> i64 {
        self.regs.iter().enumerate().filter(|(i, _)| r >> i & 1 == 1).fold(0, |o, (_, &x)| o ^ x)
    }

    /// The largest `k` such that registers `2^k`-aligned groups are
    /// `2^k` consecutive, `2^k`-aligned elements, for at most `max_elems`.
    fn vector_log2(&self, max_elems: i64) -> u32 {
        let mut k = 0u32;
        while (k as usize) < self.regs.len() && (1i64 << (k + 1)) <= max_elems && self.regs[k as usize] == 1 << k {
            k += 1;
        }
        let view_bits = if self.view_runtime.is_some() { self.map.view_bits() } else { Vec::new() };
        loop {
            let mask = (1i64 << k) - 1;
            let aligned = self.regs[k as usize..]
                .iter()
                .chain(&self.lanes)
                .chain(&self.warps)
                .chain(&view_bits)
                .chain(std::iter::once(&self.view_const))
                .all(|x| x & mask == 0);
            if k == 0 || (aligned && self.map.align % ((1i64 << k) * self.map.bytes) == 0) {
                return k;
            }
            k -= 1;
        }
    }

    /// An addresser whose thread part XORs `lanes` over the lane id (and
    /// the warps and view offsets).
    fn addresser(&self, cx: &mut Lowering<'_>, lanes: &[i64]) -> Addresser {
        let t = cx.xor_of_thread_bits(lanes, &self.warps, None);
        let t = match (t, self.view_runtime) {
            (Some(a), Some(b)) => Some(cx.e.xor(a, b)),
            (a, b) => a.or(b),
        };
        let thread_mask = lanes.iter().chain(&self.warps).fold(self.view_mask, |m, x| m | x);
        Addresser {
            base: self.base,
            storage: self.map.storage,
            thread: t,
            thread_bytes: None,
            thread_mask,
            constant: self.view_const,
            cache: HashMap::new(),
        }
    }
}

/// Stores `values` (consecutive elements of one integer or float type of 8
/// bits or more) at shared `ptr`, aligned to `align` bytes, as Triton's
/// shared-memory stores travel: as integers, more than four narrower than 32
/// bits packed into 32-bit words, at most 128 bits per `llvm.store` of a
/// vector (one element too is a one-element vector).
pub(super) fn store_shared_vector(cx: &mut Lowering<'_>, ptr: Val, values: &[Val], align: i64) {
    let Some(first) = values.first() else { return };
    let bits = first.ty().bit_width();
    let it = cx.e.int_ty(bits);
    let ints: Vec<Val> = values.iter().map(|v| if v.ty() == it { *v } else { cx.e.cast("llvm.bitcast", *v, it) }).collect();
    let words: Vec<Val> = if ints.len() > 4 && bits < 32 {
        let per = (32 / bits) as usize;
        let vt = cx.e.vector_ty(it, per as u32);
        let i32t = cx.e.i32();
        ints.chunks(per)
            .map(|c| {
                let mut v = cx.e.undef(vt);
                for (k, x) in c.iter().enumerate() {
                    v = cx.e.insert_element(v, *x, k as i64);
                }
                cx.e.cast("llvm.bitcast", v, i32t)
            })
            .collect()
    } else {
        ints
    };
    let wty = words[0].ty();
    let wbytes = i64::from(wty.bit_width() / 8);
    let max = (16 / wbytes).max(1) as usize;
    for (k, chunk) in words.chunks(max).enumerate() {
        let p = if k == 0 {
            ptr
        } else {
            let off = cx.e.i32_const((k * max) as i64);
            cx.e.gep(ptr, wty, off)
        };
        let vt = cx.e.vector_ty(wty, chunk.len() as u32);
        let mut v = cx.e.undef(vt);
        for (i, x) in chunk.iter().enumerate() {
            v = cx.e.insert_element(v, *x, i as i64);
        }
        store_aligned(cx, v, p, align.min(wbytes * chunk.len() as i64));
    }
}

/// Loads `n` consecutive elements of `ty` (an integer or float of 8 bits or
/// more) from shared `ptr`, aligned to `align` bytes, the way
/// [`store_shared_vector`] stores them (a single element as a scalar).
pub(super) fn load_shared_vector(cx: &mut Lowering<'_>, ptr: Val, ty: Ty, n: usize, align: i64) -> Vec<Val> {
    let bits = ty.bit_width();
    let it = cx.e.int_ty(bits);
    let packed = n > 4 && bits < 32;
    let (wty, count) = if packed { (cx.e.i32(), n * bits as usize / 32) } else { (it, n) };
    let wbytes = i64::from(wty.bit_width() / 8);
    let max = (16 / wbytes).max(1) as usize;
    let mut words = Vec::with_capacity(count);
    let mut k = 0;
    while k < count {
        let len = max.min(count - k);
        let p = if k == 0 {
            ptr
        } else {
            let off = cx.e.i32_const(k as i64);
            cx.e.gep(ptr, wty, off)
        };
        let a = align.min(wbytes * len as i64);
        if len == 1 {
            // One element is loaded as a scalar.
            words.push(load_aligned(cx, p, wty, a));
        } else {
            let vt = cx.e.vector_ty(wty, len as u32);
            let v = load_aligned(cx, p, vt, a);
            for i in 0..len {
                words.push(cx.e.extract_element(v, i as i64, wty));
            }
        }
        k += len;
    }
    let ints: Vec<Val> = if packed {
        let per = (32 / bits) as usize;
        let vt = cx.e.vector_ty(it, per as u32);
        words
            .into_iter()
            .flat_map(|w| {
                let v = cx.e.cast("llvm.bitcast", w, vt);
                (0..per).map(|i| cx.e.extract_element(v, i as i64, it)).collect::<Vec<_>>()
            })
            .collect()
    } else {
        words
    };
    let vals: Vec<Val> = ints.into_iter().map(|x| if ty == it { x } else { cx.e.cast("llvm.bitcast", x, ty) }).collect();
    if ty == it || n == 1 {
        return vals;
    }
    // Floats come back as one vector of the element type, as Triton packs
    // them (LLVM folds the vector away).
    let vt = cx.e.vector_ty(ty, n as u32);
    let mut v = cx.e.undef(vt);
    for (i, x) in vals.iter().enumerate() {
        v = cx.e.insert_element(v, *x, i as i64);
    }
    (0..n).map(|i| cx.e.extract_element(v, i as i64, ty)).collect()
}

/// An `llvm.load` of `ty` from shared `ptr` aligned to `align` bytes.
fn load_aligned(cx: &mut Lowering<'_>, ptr: Val, ty: Ty, align: i64) -> Val {
    let a = cx.e.int_attr(cx.e.i64(), align);
    cx.e.val("llvm.load", &[ptr], ty, &[("alignment", a)])
}

/// An `llvm.store` of `value` to shared `ptr` aligned to `align` bytes.
fn store_aligned(cx: &mut Lowering<'_>, value: Val, ptr: Val, align: i64) {
    let a = cx.e.int_attr(cx.e.i64(), align);
    cx.e.op("llvm.store", &[value, ptr], &[], &[("alignment", a)]);
}

/// Copies each repeated register's value from the register it repeats.
fn fill_duplicates(out: Vec<Option<Val>>, dup: usize) -> Result<Vec<Val>, String> {
    (0..out.len())
        .map(|r| out[r & !dup].or(out[r]).ok_or_else(|| "local_load: a register was never loaded".to_string()))
        .collect()
}

// --------------------------------------------------------------------------
// Loads and stores
// --------------------------------------------------------------------------

/// Loads the registers of layout `l` from the view `md` of type `mty`.
fn load_tensor(cx: &mut Lowering<'_>, mty: Ty, md: &MemDescValue, l: &DistLayout) -> Result<Vec<Val>, String> {
    let a = Access::new(cx, mty, md, l)?;
    if let Some(out) = load_matrices(cx, &a)? {
        return Ok(out);
    }
    let storage_bits = a.map.storage.bit_width().max(8);
    let k = a.vector_log2(i64::from(MAX_ACCESS_BITS / storage_bits));
    let vec = 1usize << k;
    let dup = a.dup_mask();
    let mut addr = a.addresser(cx, &a.lanes.clone());
    let n = l.num_regs();
    let mut out = vec![None; n];
    let align = a.map.bytes * vec as i64;
    for r in (0..n).step_by(vec) {
        if r & dup != 0 {
            continue;
        }
        let p = addr.at(cx, a.reg_offset(r));
        for (i, x) in load_shared_vector(cx, p, a.map.storage, vec, align).into_iter().enumerate() {
            out[r + i] = Some(from_storage(cx, x, a.map.elem));
        }
    }
    fill_duplicates(out, dup)
}

/// Stores `values` (registers of layout `l`) into the view `md` of type `mty`.
fn store_tensor(cx: &mut Lowering<'_>, mty: Ty, md: &MemDescValue, l: &DistLayout, values: &[Val]) -> Result<(), String> {
    let a = Access::new(cx, mty, md, l)?;
    if store_matrices(cx, &a, values)? {
        return Ok(());
    }
    let storage_bits = a.map.storage.bit_width().max(8);
    let k = a.vector_log2(i64::from(MAX_ACCESS_BITS / storage_bits));
    let vec = 1usize << k;
    let dup = a.dup_mask();
    let mut addr = a.addresser(cx, &a.lanes.clone());
    let align = a.map.bytes * vec as i64;
    // Threads holding copies store the same values: harmless, and cheaper
    // than a predicate.
    for r in (0..values.len()).step_by(vec) {
        if r & dup != 0 {
            continue;
        }
        let p = addr.at(cx, a.reg_offset(r));
        let vals: Vec<Val> = (0..vec).map(|i| to_storage(cx, values[r + i], a.map.storage)).collect();
        store_shared_vector(cx, p, &vals, align);
    }
    Ok(())
}

/// How a tensor is loaded with warp-wide 8×8 matrix loads (see
/// [`matrix_plan`]).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct MatrixPlan {
    /// Transposed loads.
    pub trans: bool,
    /// The register bits picking the element within a lane's 32-bit word
    /// (bit `j` of the element index sets register bit `words[j]`).
    pub words: Vec<usize>,
    /// The offset each lane-id bit adds to the row address the lane gives.
    pub lanes: [i64; 5],
    /// The register bits picking the matrix of one instruction (0 to 2).
    pub mats: Vec<usize>,
    /// The register bits enumerating the instructions.
    pub others: Vec<usize>,
}

impl MatrixPlan {
    /// The register holding element `i` of the word whose first element is
    /// register `r` (`r` has none of the word bits).
    pub fn word_register(&self, r: usize, i: usize) -> usize {
        self.words.iter().enumerate().filter(|(j, _)| i >> j & 1 == 1).fold(r, |acc, (_, &b)| acc | 1 << b)
    }

    /// The first register of instruction `o` (bit `j` of `o` sets register
    /// bit `others[j]`).
    pub fn instruction_register(&self, o: usize) -> usize {
        self.others.iter().enumerate().filter(|(j, _)| o >> j & 1 == 1).fold(0, |r, (_, &b)| r | 1 << b)
    }
}

/// Step 2 of the module's algorithm: whether registers/lanes mapping to the
/// offsets `regs`/`lanes` (`bits`-bit elements; `rest`: the warps' and
/// view's offsets; `dup`: repeated register bits) can be loaded with
/// warp-wide 8×8 matrix loads of 16-byte rows, and how.
///
/// Plain: the word of a lane is `32/bits` consecutive elements (register
/// bits `0..p`), lane bits 0 and 1 pick the word in the row (offsets `2^p`,
/// `2^(p+1)`), lane bits 2..4 the row. Transposed (16-bit only): lane bits
/// 2..4 are consecutive elements; register bit 0 and lane bits 0, 1 pick
/// the row. The next two register bits pick one of up to 4 matrices of an
/// instruction (lanes `8j..8j+7` give the rows of matrix `j`); the
/// remaining register bits enumerate the instructions. Every row must be 16
/// bytes aligned. `allow(trans)` says which forms the target has. The
/// register bits in `avoid` (those a conversion's scratch splits into
/// rounds) do not pick matrices: one instruction must read one round, so
/// they enumerate instructions and the next free bits pick matrices.
///
/// With `permute_words` (what Triton does for matrix stores), the plain
/// form's word may be any register bits mapping to offsets `1, 2, …,
/// 2^(p-1)` (the first such bit for each), not only bits `0..p`, and the
/// transposed form's row bit is the first register bit that is no repeat;
/// the other register bits keep their order.
#[allow(clippy::too_many_arguments)]
pub(super) fn matrix_plan(
    regs: &[i64],
    lanes: &[i64],
    rest: &[i64],
    bits: u32,
    dup: usize,
    avoid: usize,
    permute_words: bool,
    allow: impl Fn(bool) -> bool,
) -> Option<MatrixPlan> {
    if !matches!(bits, 8 | 16 | 32) || lanes.len() != 5 {
        return None;
    }
    let row_elems = i64::from(128 / bits);
    let p = (32 / bits).trailing_zeros() as usize;
    for trans in [false, true] {
        if trans && bits != 16 {
            continue;
        }
        let (contiguous, rows, used): (bool, [i64; 3], Vec<usize>) = if !trans {
            let words: Option<Vec<usize>> = if permute_words {
                (0..p).map(|i| (0..regs.len()).find(|&b| dup >> b & 1 == 0 && regs[b] == 1 << i)).collect()
            } else {
                (regs.len() >= p && (0..p).all(|i| regs[i] == 1 << i)).then(|| (0..p).collect())
            };
            let ok = words.is_some() && lanes[0] == 1 << p && lanes[1] == 1 << (p + 1);
            (ok, [lanes[2], lanes[3], lanes[4]], words.unwrap_or_default())
        } else {
            // The word's second element: register bit 0, or with
            // `permute_words` the first register bit that is no repeat.
            let b0 = if permute_words { (0..regs.len()).find(|&b| dup >> b & 1 == 0).unwrap_or(0) } else { 0 };
            let ok = b0 < regs.len() && regs[b0] != 0 && lanes[2] == 1 && lanes[3] == 2 && lanes[4] == 4;
            (ok, [regs.get(b0).copied().unwrap_or(0), lanes[0], lanes[1]], vec![b0])
        };
        if !contiguous {
            continue;
        }
        let free: Vec<usize> = (0..regs.len()).filter(|i| !used.contains(i) && dup >> i & 1 == 0).collect();
        let mats: Vec<usize> = free.iter().copied().filter(|i| avoid >> i & 1 == 0).take(2).collect();
        let others: Vec<usize> = free.iter().copied().filter(|i| !mats.contains(i)).collect();
        let aligned = rows.iter().chain(free.iter().map(|&i| &regs[i])).chain(rest).all(|x| x % row_elems == 0);
        if !aligned || !allow(trans) {
            continue;
        }
        let mut l = [0i64; 5];
        l[..3].copy_from_slice(&rows);
        for (j, &i) in mats.iter().enumerate() {
            l[3 + j] = regs[i];
        }
        return Some(MatrixPlan { trans, words: used, lanes: l, mats, others });
    }
    None
}

/// One instruction of a [`MatrixPlan`]: the matrices at `ptr` (the lane's
/// row address) for the registers `r0` plus the plan's matrix and word bits,
/// written to `out` as `elem` values (`storage`: their type in memory).
pub(super) fn load_matrix_group(
    cx: &mut Lowering<'_>,
    ptr: Val,
    plan: &MatrixPlan,
    r0: usize,
    storage: Ty,
    elem: Ty,
    out: &mut [Option<Val>],
) -> Result<(), String> {
    let per = (32 / storage.bit_width()) as usize;
    let word_ty = if per == 1 { storage } else { cx.e.vector_ty(storage, per as u32) };
    let words = cx.target.load_matrix(&mut cx.e, ptr, 1u32 << plan.mats.len(), plan.trans)?;
    for (j, w) in words.into_iter().enumerate() {
        let r1 = plan.mats.iter().enumerate().filter(|(b, _)| j >> b & 1 == 1).fold(r0, |r, (_, &i)| r | 1 << i);
        let v = cx.e.cast("llvm.bitcast", w, word_ty);
        for i in 0..per {
            let x = if per == 1 { v } else { cx.e.extract_element(v, i as i64, storage) };
            out[plan.word_register(r1, i)] = Some(from_storage(cx, x, elem));
        }
    }
    Ok(())
}

/// One instruction of a [`MatrixPlan`] in the store direction: the
/// matrices of the registers `r0` plus the plan's matrix and word bits,
/// taken from `values` (already of the storage type `storage`), stored at
/// `ptr` (the lane's row address). The inverse of [`load_matrix_group`]:
/// each lane gives the words that load would have returned to it.
pub(super) fn store_matrix_group(cx: &mut Lowering<'_>, ptr: Val, plan: &MatrixPlan, r0: usize, storage: Ty, values: &[Val]) -> Result<(), String> {
    let per = (32 / storage.bit_width()) as usize;
    let i32t = cx.e.i32();
    let mut words = Vec::with_capacity(1 << plan.mats.len());
    for j in 0..1usize << plan.mats.len() {
        let r1 = plan.mats.iter().enumerate().filter(|(b, _)| j >> b & 1 == 1).fold(r0, |r, (_, &i)| r | 1 << i);
        let w = if per == 1 {
            values[r1]
        } else {
            let vt = cx.e.vector_ty(storage, per as u32);
            let mut v = cx.e.undef(vt);
            for i in 0..per {
                v = cx.e.insert_element(v, values[plan.word_register(r1, i)], i as i64);
            }
            v
        };
        words.push(if w.ty() == i32t { w } else { cx.e.cast("llvm.bitcast", w, i32t) });
    }
    cx.target.store_matrix(&mut cx.e, ptr, &words, plan.trans)
}

/// The plan for reading (`store` false) or writing the registers of `a`
/// with warp-wide 8×8 matrix instructions, if the target has a form that
/// fits (stores may take a word's registers in any order, as Triton's do).
fn access_matrix_plan(cx: &Lowering<'_>, a: &Access, store: bool) -> Option<MatrixPlan> {
    let is_value = a.map.elem.is_integer() || a.map.elem.is_float();
    if !is_value || a.map.align < 16 {
        return None;
    }
    let mut rest = a.warps.clone();
    if a.view_runtime.is_some() {
        rest.extend(a.map.view_bits());
    }
    rest.push(a.view_const);
    let (target, e) = (cx.target, &cx.e);
    let allow = |trans| if store { target.has_store_matrix(e, trans) } else { target.has_load_matrix(e, trans) };
    matrix_plan(&a.regs, &a.lanes, &rest, a.map.storage.bit_width(), a.dup_mask(), 0, store, allow)
}

/// Stores the registers with warp-wide 8×8 matrix stores when
/// [`matrix_plan`] finds a way (the mirror of [`load_matrices`]; plain
/// before transposed, as Triton tries them); `false` when it does not.
fn store_matrices(cx: &mut Lowering<'_>, a: &Access, values: &[Val]) -> Result<bool, String> {
    let Some(plan) = access_matrix_plan(cx, a, true) else {
        return Ok(false);
    };
    let stored: Vec<Val> = values.iter().map(|v| to_storage(cx, *v, a.map.storage)).collect();
    let mut addr = a.addresser(cx, &plan.lanes);
    for o in 0..1usize << plan.others.len() {
        let r0 = plan.instruction_register(o);
        let ptr = addr.at(cx, a.reg_offset(r0));
        store_matrix_group(cx, ptr, &plan, r0, a.map.storage, &stored)?;
    }
    Ok(true)
}

/// The registers loaded with warp-wide 8×8 matrix loads, when
/// [`matrix_plan`] finds a way.
fn load_matrices(cx: &mut Lowering<'_>, a: &Access) -> Result<Option<Vec<Val>>, String> {
    let Some(plan) = access_matrix_plan(cx, a, false) else {
        return Ok(None);
    };
    let mut addr = a.addresser(cx, &plan.lanes);
    let mut out = vec![None; 1usize << a.regs.len()];
    for o in 0..1usize << plan.others.len() {
        let r0 = plan.instruction_register(o);
        let ptr = addr.at(cx, a.reg_offset(r0));
        load_matrix_group(cx, ptr, &plan, r0, a.map.storage, a.map.elem, &mut out)?;
    }
    fill_duplicates(out, a.dup_mask()).map(Some)
}

// --------------------------------------------------------------------------
// Patterns
// --------------------------------------------------------------------------

/// The memdesc value of operand `v`.
fn memdesc(cx: &Lowering<'_>, v: Val) -> Result<MemDescValue, String> {
    MemDescValue::from_values(&cx.get(v)?)
}

/// A dummy async token.
fn token(cx: &mut Lowering<'_>) -> Vec<Val> {
    vec![cx.e.i32_const(0)]
}

impl LowerPattern for LocalAlloc {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.local-alloc"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.local_alloc"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let ty = op.result(0).ty();
        let md = bridge::memdesc_of(ty).ok_or("local_alloc: the result is not a memdesc")?;
        let base = cx.scratch(op)?;
        let zero = cx.e.i32_const(0);
        let value = MemDescValue { base, offsets: vec![zero; md.shape.len()] };
        if op.num_operands() > 0 {
            let src = op.operand(0);
            let l = cx.layout(src.ty())?;
            let regs = cx.get(src)?;
            store_tensor(cx, ty, &value, &l, &regs).map_err(|m| format!("local_alloc: {m}"))?;
        }
        Ok(vec![value.to_values()])
    }
}

impl LowerPattern for LocalDealloc {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.local-dealloc"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.local_dealloc"]
    }
    fn lower(&self, _cx: &mut Lowering<'_>, _op: Op) -> Result<Vec<Vec<Val>>, String> {
        Ok(vec![])
    }
}

impl LowerPattern for LocalStore {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.local-store"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.local_store"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let (src, dst) = (op.operand(0), op.operand(1));
        let l = cx.layout(src.ty())?;
        let regs = cx.get(src)?;
        let md = memdesc(cx, dst)?;
        store_tensor(cx, dst.ty(), &md, &l, &regs).map_err(|m| format!("local_store: {m}"))?;
        Ok(vec![])
    }
}

impl LowerPattern for LocalLoad {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.local-load"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.local_load"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let src = op.operand(0);
        let l = cx.layout(op.result(0).ty())?;
        let md = memdesc(cx, src)?;
        let out = load_tensor(cx, src.ty(), &md, &l).map_err(|m| format!("local_load: {m}"))?;
        Ok(vec![out])
    }
}

/// The offsets of `src` (alloc coordinates) for each dimension of `dst`
/// under the linear map `f` from `dst` coordinates to `src` ones, checking
/// that both views put every element at the same offset.
fn same_elements(name: &str, src: &SharedMap, dst: &SharedMap, f: impl Fn(&[i64]) -> Vec<i64>) -> Result<(), String> {
    for (d, bits) in dst.bits.iter().enumerate() {
        for (b, &o) in bits.iter().enumerate() {
            let mut c = vec![0i64; dst.alloc.len()];
            c[d] = 1 << b;
            if src.offset(&f(&c)) != o {
                return Err(format!("{name}: the result's layout does not describe the same memory as the source's"));
            }
        }
    }
    Ok(())
}

impl LowerPattern for MemDescView {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.memdesc-view"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.memdesc_index", "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let name = op.name();
        let src = op.operand(0);
        let md = memdesc(cx, src)?;
        let sty = src.ty();
        let rty = op.result(0).ty();
        let s = bridge::memdesc_of(sty).ok_or_else(|| format!("{name}: the source is not a memdesc"))?;
        // A dimension the source view spans has offset 0, whatever value
        // carries it (e.g. a block argument).
        let alloc_shape = if s.alloc_shape.is_empty() { s.shape.clone() } else { s.alloc_shape.clone() };
        let known = |d: usize, v: Val| if s.shape[d] == alloc_shape[d] { Some(0) } else { const_of(v) };
        let out = match name {
            "ttg.memdesc_index" => {
                // Buffer i of the allocation: its elements follow i whole buffers.
                let alloc = if s.alloc_shape.is_empty() { &s.shape } else { &s.alloc_shape };
                let elem = llvm_scalar_type(&cx.e, s.element)?;
                let storage = storage_type(cx, elem);
                let bytes = i64::from(storage.bit_width().max(8) / 8);
                let buffer: i64 = alloc[1..].iter().product::<i64>() * bytes;
                let index = cx.scalar(op.operand(1))?;
                let i32t = cx.e.i32();
                let index = if index.ty().bit_width() > 32 { cx.e.cast("llvm.trunc", index, i32t) } else { index };
                let index = match known(0, md.offsets[0]) {
                    Some(0) => index,
                    _ => cx.e.add(index, md.offsets[0]),
                };
                let off = cx.e.mul_i32(index, buffer);
                let i8t = cx.e.int_ty(8);
                let base = cx.e.gep(md.base, i8t, off);
                MemDescValue { base, offsets: md.offsets[1..].to_vec() }
            }
            "ttg.memdesc_subslice" => {
                let offsets = op.attr("offsets").and_then(Attr::i32_array).ok_or("memdesc_subslice without offsets")?;
                if offsets.len() != md.offsets.len() {
                    return Err("memdesc_subslice: one offset per dimension expected".into());
                }
                let mut new = Vec::with_capacity(offsets.len());
                for (d, (v, &o)) in md.offsets.iter().zip(&offsets).enumerate() {
                    new.push(match (known(d, *v), o) {
                        (Some(0), 0) => cx.e.i32_const(0),
                        (_, 0) => *v,
                        (Some(c), o) => cx.e.i32_const(c + i64::from(o)),
                        (None, o) => cx.e.add_i32(*v, i64::from(o)),
                    });
                }
                MemDescValue { base: md.base, offsets: new }
            }
            "ttg.memdesc_trans" => {
                let order: Vec<usize> = op
                    .attr("order")
                    .and_then(Attr::i32_array)
                    .ok_or("memdesc_trans without order")?
                    .into_iter()
                    .map(|x| x as usize)
                    .collect();
                let (sm, rm) = (SharedMap::of(cx, sty)?, SharedMap::of(cx, rty)?);
                same_elements(name, &sm, &rm, |c| {
                    let mut s = vec![0i64; c.len()];
                    for (i, &o) in order.iter().enumerate() {
                        s[o] = c[i];
                    }
                    s
                })?;
                MemDescValue { base: md.base, offsets: order.iter().map(|&o| md.offsets[o]).collect() }
            }
            "ttg.memdesc_reshape" => {
                let (sm, rm) = (SharedMap::of(cx, sty)?, SharedMap::of(cx, rty)?);
                if sm.view != sm.alloc || rm.view != rm.alloc {
                    return Err("memdesc_reshape: only whole allocations are reshaped".into());
                }
                let (from, to) = (rm.alloc.clone(), sm.alloc.clone());
                same_elements(name, &sm, &rm, |c| {
                    let l = c.iter().zip(&from).fold(0i64, |l, (x, s)| l * s + x);
                    let mut out = vec![0i64; to.len()];
                    let mut l = l;
                    for d in (0..to.len()).rev() {
                        out[d] = l % to[d];
                        l /= to[d];
                    }
                    out
                })?;
                let zero = cx.e.i32_const(0);
                MemDescValue { base: md.base, offsets: vec![zero; rm.view.len()] }
            }
            "ttg.memdesc_reinterpret" => {
                // The same bytes under another type and layout: the view's
                // first element becomes the base of a whole buffer (Triton's
                // getShmemOffset of the source, then zero offsets).
                let sm = SharedMap::of(cx, sty)?;
                let (constant, runtime, _) = view_term(cx, &sm, &md);
                let off = match runtime {
                    Some(r) if constant != 0 => {
                        let k = cx.e.i32_const(constant);
                        cx.e.xor(r, k)
                    }
                    Some(r) => r,
                    None => cx.e.i32_const(constant),
                };
                let base = cx.e.gep(md.base, sm.storage, off);
                let rank = bridge::memdesc_of(rty).ok_or_else(|| format!("{name}: the result is not a memdesc"))?.shape.len();
                let zero = cx.e.i32_const(0);
                MemDescValue { base, offsets: vec![zero; rank] }
            }
            _ => return Err(format!("'{name}' has no lowering to LLVM")),
        };
        Ok(vec![out.to_values()])
    }
}

/// The optional operand of `op` in segment `segment` (AttrSizedOperandSegments).
fn optional_operand(op: Op, segment: usize) -> Option<Val> {
    let index: usize = (0..segment).map(|s| op.segment_size(s) as usize).sum();
    (op.segment_size(segment) > 0).then(|| op.operand(index))
}

impl LowerPattern for AsyncCopy {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.async-copy"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.async_copy_global_to_local"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let (src, dst) = (op.operand(0), op.operand(1));
        let mask = optional_operand(op, 2);
        // Masked-off elements are zero-filled (cp.async with a source size of
        // 0), whatever `other` is, as in Triton's lowering: the pipeliner that
        // creates these copies applies a non-zero `other` itself, with an
        // arith.select on the ttg.local_load of the buffer after the wait.
        let l = cx.layout(src.ty())?;
        let md = memdesc(cx, dst)?;
        let a = Access::new(cx, dst.ty(), &md, &l).map_err(|m| format!("async_copy_global_to_local: {m}"))?;
        // Global contiguity (AxisInfo, raised by the op's hint), within the
        // registers of one thread.
        let mut global = i64::from(cx.axis.contiguity(src).max(1));
        if let Some(m) = mask {
            global = global.min(i64::from(cx.axis.mask_alignment(m).max(1)));
        }
        let hint = op.attr("contiguity").and_then(|x| x.int()).unwrap_or(1);
        global = global.max(hint).min(l.contiguous_regs_along(l.fastest_dim()) as i64);
        let k = a.vector_log2(global.min(16 / a.map.bytes).max(1));
        let vec = 1usize << k;
        let bytes = vec as i64 * a.map.bytes;
        if !matches!(bytes, 4 | 8 | 16) {
            return Err(format!(
                "async_copy_global_to_local: copies of {bytes} bytes per thread are not supported (4, 8 or 16 bytes are)"
            ));
        }
        let cache = match op.attr("cachePolicy").map(|x| x.to_string()) {
            Some(t) if t.contains("cache = ca") => 2,
            Some(t) if t.contains("cache = cg") => 3,
            _ => 1,
        };
        let hints = CacheHints { cache, ..CacheHints::default() };
        let ptrs = cx.get(src)?;
        let masks = mask.map(|m| cx.get(m)).transpose()?;
        let dup = a.dup_mask();
        let mut addr = a.addresser(cx, &a.lanes.clone());
        for r in (0..ptrs.len()).step_by(vec) {
            if r & dup != 0 {
                continue;
            }
            let p = addr.at(cx, a.reg_offset(r));
            let pred = masks.as_ref().map(|m| m[r]);
            cx.target.async_copy(&mut cx.e, p, ptrs[r], bytes as u32, pred, hints)?;
        }
        Ok(vec![token(cx)])
    }
}

impl LowerPattern for AsyncGroup {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.async-group"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.async_commit_group", "ttg.async_wait"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        if op.name() == "ttg.async_commit_group" {
            cx.target.async_commit(&mut cx.e)?;
        } else {
            let num = op.attr("num").and_then(|a| a.int()).unwrap_or(0);
            cx.target.async_wait(&mut cx.e, num.clamp(0, i64::from(u32::MAX)) as u32)?;
        }
        Ok(vec![token(cx)])
    }
}

impl LowerPattern for LocalAtomicScatter {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.local-atomic-scatter"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.local_atomic_scatter_rmw"]
    }
    /// Algorithm: the element of register `r` goes to the coordinates of
    /// its own element with the `axis` coordinate replaced by its index, so
    /// its offset is `S(thread part without axis) ^ S(R(r) without axis) ^
    /// S_axis(index) ^ S(view offsets)` (see the module documentation); one
    /// relaxed CTA-scope atomic per element, done by one of the threads that
    /// hold it (the others get 0, as in Triton), under the mask. An
    /// integer add of a constant 1 is an increment; with no reader of the
    /// old values, a reduction.
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let dst = op.operand(0);
        let values = op.operand(1);
        let indices = op.operand(2);
        let mask = (op.num_operands() > 3).then(|| op.operand(3));
        let axis = op.attr("axis").and_then(|a| a.int()).ok_or("local_atomic_scatter_rmw without an axis")? as usize;
        let kind = super::memory::rmw_op(op.attr("atomic_rmw_op").and_then(|a| a.int()).unwrap_or(0))?;
        let md = memdesc(cx, dst)?;
        let map = SharedMap::of(cx, dst.ty())?;
        let l = cx.layout(values.ty())?;
        if l.shape != map.view || axis >= l.shape.len() {
            return Err(format!("local_atomic_scatter_rmw: values of shape {:?} into a view of shape {:?} along axis {axis}", l.shape, map.view));
        }
        if map.storage != map.elem {
            return Err(format!("local_atomic_scatter_rmw: atomics on {} elements are not lowered", map.elem));
        }
        let vals = cx.get(values)?;
        let idx = cx.get(indices)?;
        let masks = mask.map(|m| cx.get(m)).transpose()?;
        let strip = |b: &Vec<i64>| {
            let mut c = b.clone();
            c[axis] = 0;
            map.offset(&c)
        };
        let lanes: Vec<i64> = l.lanes.iter().map(strip).collect();
        let warps: Vec<i64> = l.warps.iter().map(strip).collect();
        let thread = cx.xor_of_thread_bits(&lanes, &warps, None);
        let (view_const, view_runtime, _) = view_term(cx, &map, &md);
        let thread = match (thread, view_runtime) {
            (Some(a), Some(b)) => Some(cx.e.xor(a, b)),
            (a, b) => a.or(b),
        };
        let axis_bits = map.bits[axis][..log2(map.view[axis]) as usize].to_vec();
        let unique = cx.unique_thread_pred(&l);
        let dup = l.duplicate_regs();
        let unread = op.result(0).users().is_empty();
        let i32t = cx.e.i32();
        let mut out: Vec<Val> = Vec::with_capacity(vals.len());
        for r in 0..vals.len() {
            if dup[r] {
                let first = l.regs.iter().position(|c| *c == l.regs[r]).unwrap_or(r);
                out.push(out[first]);
                continue;
            }
            let index = match idx[r].ty().bit_width() {
                32 => idx[r],
                w if w > 32 => cx.e.cast("llvm.trunc", idx[r], i32t),
                _ => cx.e.cast("llvm.sext", idx[r], i32t),
            };
            let mut offset = cx.xor_of_bits(index, &axis_bits, thread);
            let c = strip(&l.regs[r]) ^ view_const;
            if c != 0 {
                let k = cx.e.i32_const(c);
                offset = Some(match offset {
                    Some(o) => cx.e.xor(o, k),
                    None => k,
                });
            }
            let offset = offset.unwrap_or_else(|| cx.e.i32_const(0));
            let ptr = cx.e.gep(md.base, map.storage, offset);
            let pred = cx.e.and_pred(masks.as_ref().map(|m| m[r]), unique);
            let value = vals[r];
            let kind = if kind == RmwOp::Add && value.ty() == i32t && const_of(value) == Some(1) { RmwOp::Inc } else { kind };
            let (sem, scope) = (MemSemantic::Relaxed, MemScope::Cta);
            if unread {
                cx.target.atomic_reduce(&mut cx.e, kind, ptr, value, pred, sem, scope)?;
                out.push(cx.e.undef(value.ty()));
            } else {
                out.push(cx.target.atomic_rmw(&mut cx.e, kind, ptr, value, pred, sem, scope)?);
            }
        }
        Ok(vec![out])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_dialects::ttg::encoding::Cga;

    fn swizzled(vec: u32, per_phase: u32, max_phase: u32) -> Encoding {
        Encoding::SwizzledShared { vec, per_phase, max_phase, order: vec![1, 0], cga: Cga::default() }
    }

    fn dot(op_idx: u32, k_width: u32, warps: Vec<u32>) -> Encoding {
        let mma = Encoding::NvidiaMma {
            version_major: 2,
            version_minor: 0,
            warps_per_cta: warps,
            cga: Cga::default(),
            instr_shape: vec![16, 8],
        };
        Encoding::DotOperand { op_idx, parent: Box::new(mma), k_width }
    }

    fn offset(bits: &[Vec<i64>], c: &[i64]) -> i64 {
        let mut o = 0;
        for (d, &x) in c.iter().enumerate() {
            for (b, &v) in bits[d].iter().enumerate() {
                if x >> b & 1 == 1 {
                    o ^= v;
                }
            }
        }
        o
    }

    fn xor_of(bases: &[i64], id: usize) -> i64 {
        bases.iter().enumerate().filter(|(i, _)| id >> i & 1 == 1).fold(0, |a, (_, &x)| a ^ x)
    }

    /// Plans the load of `dist` over `shape` from `shared` (view = allocation)
    /// and checks, by simulating ldmatrix, that every register of every
    /// lane and warp receives its element. Returns the plan.
    fn simulate(shared: &Encoding, dist: &Encoding, shape: &[i64], bits: u32) -> Option<MatrixPlan> {
        simulate_avoiding(shared, dist, shape, bits, 0)
    }

    /// [`simulate`] with the register bits of `avoid` kept out of the matrices.
    fn simulate_avoiding(shared: &Encoding, dist: &Encoding, shape: &[i64], bits: u32, avoid: usize) -> Option<MatrixPlan> {
        simulate_plan(shared, dist, shape, bits, avoid, false)
    }

    /// [`simulate`] for a store (stmatrix): the word's registers may be
    /// permuted. A store moves the same (register, lane) <-> address
    /// pairs as the load of the same plan, so the same check proves it.
    fn simulate_store(shared: &Encoding, dist: &Encoding, shape: &[i64], bits: u32) -> Option<MatrixPlan> {
        simulate_plan(shared, dist, shape, bits, 0, true)
    }

    fn simulate_plan(shared: &Encoding, dist: &Encoding, shape: &[i64], bits: u32, avoid: usize, permute: bool) -> Option<MatrixPlan> {
        let sb = offset_bits(shared, shape).unwrap();
        let l = DistLayout::from_encoding(dist, shape).unwrap();
        let regs: Vec<i64> = l.reg_bases.iter().map(|b| offset(&sb, b)).collect();
        let lanes: Vec<i64> = l.lanes.iter().map(|b| offset(&sb, b)).collect();
        let warps: Vec<i64> = l.warps.iter().map(|b| offset(&sb, b)).collect();
        let dup = regs.iter().enumerate().filter(|(_, &x)| x == 0).fold(0usize, |m, (i, _)| m | 1 << i);
        let plan = matrix_plan(&regs, &lanes, &warps, bits, dup, avoid, permute, |_| true)?;
        let per = (32 / bits) as usize;
        let row_elems = i64::from(128 / bits);
        for w in 0..1usize << warps.len() {
            for o in 0..1usize << plan.others.len() {
                let r0 = plan.instruction_register(o);
                // The row address each lane gives.
                let row: Vec<i64> =
                    (0..32).map(|t| xor_of(&plan.lanes, t) ^ xor_of(&warps, w) ^ xor_of(&regs, r0)).collect();
                assert!(row.iter().all(|x| x % row_elems == 0), "rows are 16-byte aligned");
                for j in 0..1usize << plan.mats.len() {
                    let r1 = plan.mats.iter().enumerate().filter(|(b, _)| j >> b & 1 == 1).fold(r0, |r, (_, &i)| r | 1 << i);
                    for t in 0..32usize {
                        for i in 0..per {
                            let got = if plan.trans {
                                row[j * 8 + 2 * (t % 4) + i] + (t / 4) as i64
                            } else {
                                row[j * 8 + t / 4] + ((t % 4) * per + i) as i64
                            };
                            let r = plan.word_register(r1, i);
                            let want = xor_of(&regs, r) ^ xor_of(&lanes, t) ^ xor_of(&warps, w);
                            assert_eq!(got, want, "register {r} of lane {t} in warp {w}");
                        }
                    }
                }
            }
        }
        Some(plan)
    }

    #[test]
    fn ldmatrix_feeds_f16_mma_operands() {
        // matmul_f16: A 128x16 (k contiguous), B 16x128 (n contiguous: .trans).
        let a = simulate(&swizzled(8, 2, 4), &dot(0, 2, vec![2, 4]), &[128, 32], 16).expect("A uses ldmatrix");
        assert!(!a.trans);
        assert_eq!(a.mats.len(), 2);
        let b = simulate(&swizzled(8, 1, 8), &dot(1, 2, vec![2, 4]), &[32, 128], 16).expect("B uses ldmatrix.trans");
        assert!(b.trans);
        assert_eq!(b.mats.len(), 2);
    }

    #[test]
    fn matrices_skip_avoided_register_bits() {
        // Attention backward's qT tile read for tt.trans (#linear, 64x32, k = dim 1 in pairs) from a
        // dim-0-contiguous buffer: transposed loads. With register bit 2 (dim 1 += 16) avoided, as a
        // two-round conversion scratch needs, bits 1 and 3 pick the matrices and bit 2 enumerates
        // loads; every element still reaches its register.
        use tritium_dialects::ttg::linear_layout::LinearLayout;
        let bases = vec![
            ("register".to_string(), vec![vec![0, 1], vec![0, 8], vec![0, 16], vec![8, 0], vec![16, 0], vec![32, 0]]),
            ("lane".to_string(), vec![vec![0, 2], vec![0, 4], vec![1, 0], vec![2, 0], vec![4, 0]]),
            ("warp".to_string(), vec![vec![0, 0], vec![0, 0]]),
            ("block".to_string(), vec![]),
        ];
        let ll = LinearLayout::new(bases, vec![("dim0".to_string(), 64), ("dim1".to_string(), 32)], false).unwrap();
        let col = Encoding::SwizzledShared { vec: 8, per_phase: 1, max_phase: 8, order: vec![0, 1], cga: Cga::default() };
        let free = simulate(&col, &Encoding::Linear(ll.clone()), &[64, 32], 16).expect("transposed loads");
        assert!(free.trans);
        assert_eq!(free.mats, vec![1, 2]);
        let plan = simulate_avoiding(&col, &Encoding::Linear(ll), &[64, 32], 16, 1 << 2).expect("still transposed loads");
        assert_eq!(plan.mats, vec![1, 3]);
        assert_eq!(plan.others, vec![2, 4, 5]);
    }

    #[test]
    fn ldmatrix_for_i8_and_tf32_a_operands_only() {
        // dot_i8_tf32: A of i8 and of f32 load as matrices; B (n contiguous,
        // not 16-bit) cannot be transposed by ldmatrix.
        assert!(simulate(&swizzled(16, 4, 2), &dot(0, 4, vec![4, 1]), &[64, 32], 8).is_some());
        assert!(simulate(&swizzled(8, 2, 8), &dot(1, 4, vec![4, 1]), &[32, 64], 8).is_none());
        assert!(simulate(&swizzled(4, 1, 8), &dot(0, 1, vec![4, 1]), &[64, 32], 32).is_some());
        assert!(simulate(&swizzled(8, 1, 4), &dot(1, 1, vec![4, 1]), &[32, 64], 32).is_none());
    }

    fn mma_v3(n: u32) -> Encoding {
        Encoding::NvidiaMma {
            version_major: 3,
            version_minor: 0,
            warps_per_cta: vec![4, 1],
            cga: Cga::default(),
            instr_shape: vec![16, n, 16],
        }
    }

    fn nvmma(swizzle: u32, transposed: bool) -> Encoding {
        Encoding::NvmmaShared {
            swizzling_byte_width: swizzle,
            transposed,
            element_bit_width: 16,
            fp4_padded: false,
            cga: Cga::default(),
            rank: 2,
        }
    }

    #[test]
    fn stmatrix_stores_mma_v3_accumulators() {
        // x_desc_matmul's epilogue: a 64x64 f16 accumulator into 128-byte
        // swizzled nvmma shared memory, plain x4 stores (4 of them).
        let p = simulate_store(&nvmma(128, false), &mma_v3(64), &[64, 64], 16).expect("plain stmatrix");
        assert!(!p.trans);
        assert_eq!((p.words.clone(), p.mats.len(), p.others.len()), (vec![0], 2, 2));
        // Into the transposed buffer: the transposed form.
        let t = simulate_store(&nvmma(128, true), &mma_v3(64), &[64, 64], 16).expect("stmatrix.trans");
        assert!(t.trans);
        // A 64x8 tile: 4 registers per thread, one x2 store.
        let s = simulate_store(&swizzled(8, 1, 1), &mma_v3(8), &[64, 8], 16).expect("x2");
        assert_eq!((s.mats.len(), s.others.len()), (1, 0));
    }

    #[test]
    fn stmatrix_words_may_be_permuted_registers() {
        // The register holding the word's second element need not be
        // register 0: with registers 0 and 1 swapped only the store form
        // (Triton's register permutation) finds the plan.
        let regs = [8, 1, 16, 32];
        let lanes = [2, 4, 64, 128, 256];
        assert!(matrix_plan(&regs, &lanes, &[], 16, 0, 0, false, |_| true).is_none());
        let p = matrix_plan(&regs, &lanes, &[], 16, 0, 0, true, |_| true).expect("permuted word");
        assert_eq!(p.words, vec![1]);
        assert_eq!(p.mats, vec![0, 2]);
        assert_eq!(p.word_register(4, 1), 6);
    }

    #[test]
    fn unswizzled_and_transposed_f16_operands() {
        // B stored k-contiguous (order [0, 1]) loads without .trans.
        let col = Encoding::SwizzledShared { vec: 8, per_phase: 1, max_phase: 8, order: vec![0, 1], cga: Cga::default() };
        let b = simulate(&col, &dot(1, 2, vec![4, 1]), &[64, 64], 16).expect("B k-contiguous");
        assert!(!b.trans);
        // A stored m-contiguous needs .trans.
        let a = simulate(&col, &dot(0, 2, vec![4, 1]), &[64, 64], 16).expect("A m-contiguous");
        assert!(a.trans);
        // No swizzle at all.
        assert!(simulate(&swizzled(1, 1, 1), &dot(0, 2, vec![4, 1]), &[64, 64], 16).is_some());
    }

    #[test]
    fn offsets_invert_the_swizzle() {
        // Row 2 of a vec=8, perPhase=2, maxPhase=4 layout with 32 columns is
        // in phase 1: its column 0 is stored at column 8.
        let sb = offset_bits(&swizzled(8, 2, 4), &[128, 32]).unwrap();
        assert_eq!(offset(&sb, &[2, 0]), 2 * 32 + 8);
        assert_eq!(offset(&sb, &[2, 8]), 2 * 32);
        assert_eq!(offset(&sb, &[0, 5]), 5);
    }
}
