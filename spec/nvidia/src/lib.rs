//! The NVIDIA backend (`ttg.target = "cuda:<cc>"`): everything the
//! target-independent ttg→LLVM lowering asks of the hardware, as PTX inline
//! assembly and NVVM ops.
//!
//! Global loads and stores are predicated vector PTX instructions
//! (`@p ld.global.v4.b32`), so that a masked-off access never touches memory
//! and `other` values need no select; sub-32-bit elements are packed into
//! 32-bit words. Shared-memory addresses are passed to PTX as 32-bit
//! registers (shared windows fit 32 bits whatever the pointer size).
use tritium_conversions::ttg_to_llvm::emit::Emitter;
use tritium_conversions::ttg_to_llvm::fp_to_fp::{self, Format, FpConversion, FpHardware, Rounding};
use tritium_conversions::ttg_to_llvm::{
    register_target, through_structs, CacheHints, FastMath, Lowering, MemScope, MemSemantic, MmaInstr, MmaType, RmwOp, TargetInfo,
    TargetOptions,
};
use tritium_dialects::ir::{Attr, Op, Ty, Val};

/// The NVIDIA `TargetInfo`.
pub struct Nvidia;

pub mod canonicalize;
mod fp8_software;
pub mod nvg;
pub mod passes;
pub mod ptx;
/// The `ttng` dialect's verifiers (spec/nvidia/dialect/).
pub mod tma;
pub mod traits;
pub mod ttng;
pub mod wgmma;

/// The backend's registrations (passes, stage pipelines, the roles of its
/// ops), the entry point a vendor spec has too; the library installs it for
/// the prefix `cuda`.
pub fn register(spec: &mut tritium_dialects::spec::SpecBuilder) {
    // The TargetInfo of the ttg->LLVM lowering and the `cuda:*`
    // canonicalization patterns, in place before the slot inventory.
    spec.set_setup(install);
    // The `target` options the passes and pipelines take: cuda:<cc>.
    spec.set_target_form(tritium_dialects::spec::TargetForm {
        form: "cuda:<compute capability>, e.g. cuda:80",
        example: "cuda:80",
        accepts: is_compute_capability,
    });
    passes::register(spec);
    ptx::register(spec);
    // What the core passes ask about a cuda:<cc> target (MMA versions, ...).
    traits::register(spec);
    // LLVM-dialect input: NVVM ops translate as they are; the kernel is the
    // llvm.func marked nvvm.kernel.
    spec.add_llvm_dialect("nvvm");
    spec.set_kernel_attribute("nvvm.kernel");
    spec.set_kernel_metadata(kernel_metadata);
    // The `ttng` dialect's ops (spec/nvidia/dialect/) verify through this.
    spec.add_op_verifier("ttng", ttng::verify_op);
}

/// The kernel metadata fields Triton's NVIDIA backend adds:
/// `tensordesc_meta` (the host-side TMA descriptors' encoding facts, read by
/// the launcher; see [`tma::tensordesc_meta_json`]).
fn kernel_metadata(kernel: Op, lowered: Option<Op>) -> Result<Vec<(String, String)>, String> {
    Ok(tma::tensordesc_meta_json(kernel, lowered)?.map(|v| ("tensordesc_meta".to_string(), v)).into_iter().collect())
}

/// Registers the backend with the lowering and its canonicalization
/// patterns for `cuda:*` modules (idempotent).
pub fn install() {
    register_target(&Nvidia);
    tritium_dialects::target_patterns::register("cuda", canonicalize::PATTERNS);
}

/// Whether `cc` (of `cuda:<cc>`) is a compute capability: a positive decimal
/// number.
fn is_compute_capability(cc: &str) -> bool {
    !cc.is_empty() && cc.bytes().all(|b| b.is_ascii_digit()) && cc.parse::<u32>().is_ok_and(|cc| cc > 0)
}

#[test]
fn cuda_target_form() {
    for ok in ["80", "90", "100"] {
        assert!(is_compute_capability(ok), "{ok}");
    }
    for bad in ["", "-1", "0", "8x", "+80"] {
        assert!(!is_compute_capability(bad), "{bad}");
    }
}

/// The compute capability of a `cuda:<cc>` target.
pub fn compute_capability(target: &str) -> Option<u32> {
    target.strip_prefix("cuda:")?.parse().ok()
}

/// How a group of `vec` elements of `bits` bits travels: as `words` words of
/// `word_bits` bits each.
#[derive(Clone, Copy, Debug)]
struct Packing {
    bits: u32,
    word_bits: u32,
    words: u32,
}

fn packing(bits: u32, vec: u32) -> Packing {
    let bits = bits.max(8);
    let total = bits * vec;
    let word_bits = if bits >= 32 { bits } else { total.min(32) };
    Packing { bits, word_bits, words: total / word_bits }
}

/// The inline-asm register class of a word.
fn reg_class(word_bits: u32) -> &'static str {
    match word_bits {
        64 => "l",
        32 => "r",
        _ => "h",
    }
}

/// The register constraint of a global load/store word, as Triton writes
/// it (`c` for 8- and 16-bit words, the same 16-bit registers as `h`).
fn load_store_class(word_bits: u32) -> &'static str {
    match word_bits {
        64 => "l",
        32 => "r",
        _ => "c",
    }
}

/// The bits of a word of `other` values when they are all integer
/// constants of an integer element type (Triton then writes the word as an
/// immediate); `None` otherwise.
fn integer_constant_word(elem: Ty, values: &[Val], p: Packing) -> Option<u64> {
    if !elem.is_integer() {
        return None;
    }
    let mut word = 0u64;
    for (i, v) in values.iter().enumerate() {
        let op = through_structs(*v).defining_op()?;
        if op.name() != "llvm.mlir.constant" {
            return None;
        }
        let k = op.attr("value")?.int()?;
        // The element's own bits (an i1 `true` is 1), zero-extended to its
        // slot, as the register path packs it.
        let w = elem.bit_width();
        let mask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        word |= ((k as u64) & mask) << (u64::from(p.bits) * i as u64);
    }
    Some(word)
}

/// `nvvm.shfl.sync <kind>` of a 32-bit `value` over the whole
/// warp, with `offset` (a lane, a delta or an xor mask) and the clamp
/// `clamp`, as Triton 3.9 emits shuffles.
fn shfl_sync(e: &mut Emitter, kind: &str, value: Val, offset: Val, clamp: i64) -> Val {
    let i32t = e.i32();
    let ty = value.ty();
    let v = e.cast("llvm.bitcast", value, i32t);
    let all = e.i32_const(-1);
    let clamp = e.i32_const(clamp);
    let kind = e.attr(&format!("#nvvm<shfl_kind {kind}>"));
    let r = e.val("nvvm.shfl.sync", &[all, v, offset, clamp], i32t, &[("kind", kind)]);
    e.cast("llvm.bitcast", r, ty)
}

/// The PTX type suffix of a word.
fn ptx_word(word_bits: u32) -> &'static str {
    match word_bits {
        64 => "b64",
        32 => "b32",
        16 => "b16",
        _ => "b8",
    }
}

/// The integer type an asm operand of `word_bits` uses (8-bit values live
/// in 16-bit registers).
fn asm_int(e: &Emitter, word_bits: u32) -> Ty {
    e.int_ty(word_bits.max(16))
}

/// The element as an integer of its width (i1 widened to i8).
fn elem_to_int(e: &mut Emitter, v: Val, bits: u32) -> Val {
    let ty = v.ty();
    let it = e.int_ty(bits);
    if ty.is_integer() {
        if ty.bit_width() < bits {
            e.cast("llvm.zext", v, it)
        } else {
            v
        }
    } else if ty.is_float() {
        e.cast("llvm.bitcast", v, it)
    } else {
        e.cast("llvm.ptrtoint", v, it)
    }
}

/// The inverse of [`elem_to_int`].
fn int_to_elem(e: &mut Emitter, v: Val, elem: Ty) -> Val {
    if elem.is_integer() {
        if elem.bit_width() < v.ty().bit_width() {
            e.cast("llvm.trunc", v, elem)
        } else {
            v
        }
    } else if elem.is_float() {
        e.cast("llvm.bitcast", v, elem)
    } else {
        e.cast("llvm.inttoptr", v, elem)
    }
}

/// Packs `values` (one word's worth) into an asm operand, the first in the
/// lowest bits. Two 16-bit values make their word with PTX's
/// `mov.b32 $0, {$1, $2}` (what Triton's PTX has, from its vector bitcast):
/// ptxas (12.9, and the 13.0 driver's JIT on the H100) takes the high half of
/// the 32-bit register of a scalar `min.f16`/`max.f16` result (an `HMNMX2`
/// computing both halves) for zero, so a zero-extension shifted and ORed
/// spread the other half's garbage into the stored word (a clamped f16 tensor
/// stored wrong; tests/diff seed 41, program 639). It is inline asm, not an
/// LLVM vector bitcast, because such build vectors seed LLVM 22's SLP
/// vectorizer, which then narrowed `uitofp (sext i1 to i32)` to i16 (seed 41,
/// program 1471). Other words are zero-extensions shifted and ORed.
///
/// Two halves that are elements 0 and 1 of one 32-bit word seen as a
/// 2-element vector (as the words of a shared-memory load come out) are
/// that word again, as LLVM folds Triton's vector bitcast of them: no
/// unpacking and repacking between a `ld.shared` and a `st.global`.
fn pack_word(e: &mut Emitter, values: &[Val], p: Packing) -> Val {
    let wt = e.int_ty(p.word_bits);
    if let ([lo, hi], 16, 32) = (values, p.bits, p.word_bits) {
        if let Some(word) = same_word_halves(e, *lo, *hi) {
            let at = asm_int(e, p.word_bits);
            return e.cast("llvm.zext", word, at);
        }
    }
    let ints: Vec<Val> = values.iter().map(|v| elem_to_int(e, *v, p.bits)).collect();
    let word = if let ([lo, hi], 16, 32) = (ints.as_slice(), p.bits, p.word_bits) {
        e.inline_asm("mov.b32 $0, {$1, $2};", "=r,h,h", &[*lo, *hi], &[wt], false)[0]
    } else {
        let mut word: Option<Val> = None;
        for (i, x) in ints.into_iter().enumerate() {
            let w = e.cast("llvm.zext", x, wt);
            let w = if i == 0 {
                w
            } else {
                let k = e.const_int(wt, i64::from(p.bits) * i as i64);
                e.shl(w, k)
            };
            word = Some(match word {
                Some(a) => e.or(a, w),
                None => w,
            });
        }
        word.expect("a word has at least one element")
    };
    let at = asm_int(e, p.word_bits);
    e.cast("llvm.zext", word, at)
}

/// The 32-bit word holding `lo` and `hi` where they are elements `2k` and
/// `2k + 1` of one vector of 16-bit elements (an `i32` bitcast to
/// `vector<2 x T>`: that `i32`; a longer vector, as a `ld.shared` gives:
/// element `k` of it bitcast to `i32` words); `None` otherwise.
fn same_word_halves(e: &mut Emitter, lo: Val, hi: Val) -> Option<Val> {
    let index_of = |v: Val| -> Option<(Val, i64)> {
        let mut op = through_structs(v).defining_op()?;
        // A bitcast between 16-bit types (i16 <-> f16/bf16) keeps the bits.
        if op.name() == "llvm.bitcast" && op.operand(0).ty().bit_width() == 16 {
            op = op.operand(0).defining_op()?;
        }
        if op.name() != "llvm.extractelement" {
            return None;
        }
        let idx = op.operand(1).defining_op()?;
        if idx.name() != "llvm.mlir.constant" {
            return None;
        }
        Some((op.operand(0), idx.attr("value")?.int()?))
    };
    let (vec, il) = index_of(lo)?;
    let (vh, ih) = index_of(hi)?;
    if !vec.same(vh) || il % 2 != 0 || ih != il + 1 {
        return None;
    }
    let vt = vec.ty();
    let (n, elem) = unsafe {
        if !mlir_sys::mlirTypeIsAVector(vt.0) || mlir_sys::mlirShapedTypeGetRank(vt.0) != 1 {
            return None;
        }
        (mlir_sys::mlirShapedTypeGetDimSize(vt.0, 0), Ty(mlir_sys::mlirShapedTypeGetElementType(vt.0)))
    };
    if elem.bit_width() != 16 || n % 2 != 0 || il + 1 >= n {
        return None;
    }
    let i32t = e.i32();
    if n == 2 {
        if let Some(cast) = vec.defining_op().filter(|c| c.name() == "llvm.bitcast") {
            let word = cast.operand(0);
            if word.ty().is_integer() && word.ty().bit_width() == 32 {
                return Some(word);
            }
        }
        return Some(e.cast("llvm.bitcast", vec, i32t));
    }
    let words_ty = e.vector_ty(i32t, (n / 2) as u32);
    let words = e.cast("llvm.bitcast", vec, words_ty);
    Some(e.extract_element(words, il / 2, i32t))
}

/// The PTX version of the running lowering: its `ptx-version` option, else
/// 80, the default of Triton's conversion pass.
fn lowering_ptx_version() -> u32 {
    match tritium_conversions::ttg_to_llvm::lowering_options().map(|o| o.asm_version) {
        Some(v) if v != 0 => v,
        _ => 80,
    }
}

/// Unpacks an asm word into its elements.
fn unpack_word(e: &mut Emitter, word: Val, p: Packing, elem: Ty) -> Vec<Val> {
    let wt = e.int_ty(p.word_bits);
    let word = e.cast("llvm.trunc", word, wt);
    let per = p.word_bits / p.bits;
    let it = e.int_ty(p.bits);
    (0..per)
        .map(|i| {
            let shifted = if i == 0 {
                word
            } else {
                let k = e.const_int(wt, i64::from(p.bits * i));
                e.lshr(word, k)
            };
            let x = e.cast("llvm.trunc", shifted, it);
            int_to_elem(e, x, elem)
        })
        .collect()
}

fn cache_suffix(h: CacheHints, load: bool) -> &'static str {
    if h.volatile {
        return ".volatile";
    }
    match (h.cache, load) {
        (2, true) => ".ca",
        (3, _) => ".cg",
        (5, _) => ".cs",
        (7, true) => ".cv",
        (6, false) => ".wt",
        _ => "",
    }
}

fn sem_text(sem: MemSemantic) -> &'static str {
    match sem {
        MemSemantic::Relaxed => ".relaxed",
        MemSemantic::Acquire => ".acquire",
        MemSemantic::Release => ".release",
        MemSemantic::AcqRel => ".acq_rel",
    }
}

fn scope_text(scope: MemScope) -> &'static str {
    match scope {
        MemScope::Gpu => ".gpu",
        MemScope::Cta => ".cta",
        MemScope::System => ".sys",
    }
}

/// A shared-memory pointer as a 32-bit address register.
fn shared_addr(e: &mut Emitter, ptr: Val) -> Val {
    let i32t = e.i32();
    e.cast("llvm.ptrtoint", ptr, i32t)
}

/// Whether `ptr` points to shared memory.
fn is_shared(e: &Emitter, ptr: Val) -> bool {
    ptr.ty() == e.ptr_ty(3)
}

/// The attribute `name` of the innermost op around the emitter's insertion
/// block that has it (the module's `ttg.num-warps`, `ttg.target`, ...).
fn enclosing_attr(e: &Emitter, name: &str) -> Option<Attr> {
    use mlir_sys::*;
    let block = e.block();
    if block.ptr.is_null() {
        return None;
    }
    let mut op = Op(unsafe { mlirBlockGetParentOperation(block) });
    while !op.0.ptr.is_null() {
        if let Some(a) = op.attr(name) {
            return Some(a);
        }
        op = Op(unsafe { mlirOperationGetParentOperation(op.0) });
    }
    None
}

/// The `ttg.num-warps` of the module the emitter is building in.
fn module_num_warps(e: &Emitter) -> Option<i64> {
    enclosing_attr(e, "ttg.num-warps").and_then(|a| a.int())
}

/// The compute capability of the module the emitter builds into (from its
/// `ttg.target`), when it can be found.
fn module_compute_capability(e: &Emitter) -> Option<u32> {
    if let Some(a) = enclosing_attr(e, "ttg.target") {
        let text = unsafe { tritium_dialects::ir::str_of(mlir_sys::mlirStringAttrGetValue(a.0)) };
        return compute_capability(text);
    }
    // A module without `ttg.target`: the target the pass lowers it for.
    tritium_conversions::ttg_to_llvm::lowering_target().and_then(|t| compute_capability(&t))
}

impl TargetInfo for Nvidia {
    fn name(&self) -> &'static str {
        "nvidia"
    }
    fn target_prefix(&self) -> &'static str {
        "cuda"
    }
    /// Triton's `convert-triton-gpu-to-llvm` is NVIDIA's: a module without
    /// `ttg.target` is lowered for `cuda:<compute-capability>`, 80 by default.
    fn untargeted_module_target(&self, requested: u32) -> Option<String> {
        Some(format!("cuda:{}", if requested > 0 { requested } else { 80 }))
    }
    /// A tensor descriptor is a generic pointer to its TMA descriptor (a
    /// kernel parameter, global scratch or a user buffer).
    fn tensor_descriptor_type(&self, e: &Emitter, _desc: Ty) -> Option<Ty> {
        Some(e.ptr_ty(0))
    }
    /// A host-side tensor descriptor is a `CUtensorMap` passed by value.
    fn kernel_param_attrs(&self, _e: &Emitter, ty: Ty) -> Result<Option<String>, String> {
        tma::host_descriptor_param_attrs(ty)
    }
    /// A pointer argument marked `tt.nv_tma_desc = 1` is a host-side TMA
    /// descriptor passed by value (Triton's handleByvalTmaDescArgs).
    fn param_attrs_from_arg(&self, _e: &Emitter, ty: Ty, arg_attrs: Attr, kernel: bool) -> Result<Option<String>, String> {
        tma::byval_descriptor_param_attrs(ty, arg_attrs, kernel)
    }
    /// An im2col tensor descriptor is, like a tiled one, a generic pointer
    /// to its TMA descriptor.
    fn target_type(&self, e: &Emitter, ty: Ty) -> Option<Ty> {
        tma::is_im2col_descriptor(ty).then(|| e.ptr_ty(0))
    }
    fn check(&self, options: &TargetOptions) -> Result<(), String> {
        let cc = compute_capability(&options.target)
            .ok_or_else(|| format!("target '{}' is not of the form cuda:<compute capability>", options.target))?;
        if options.arch != 0 && options.arch != cc {
            return Err(format!(
                "compute-capability={} disagrees with the module's target '{}'",
                options.arch, options.target
            ));
        }
        if cc < 70 {
            return Err(format!("compute capability {cc} is below the supported minimum (70)"));
        }
        Ok(())
    }
    fn thread_id(&self, e: &mut Emitter) -> Val {
        let t = e.i32();
        e.val("nvvm.read.ptx.sreg.tid.x", &[], t, &[])
    }
    fn program_id(&self, e: &mut Emitter, axis: u32) -> Val {
        let t = e.i32();
        let name = ["nvvm.read.ptx.sreg.ctaid.x", "nvvm.read.ptx.sreg.ctaid.y", "nvvm.read.ptx.sreg.ctaid.z"][axis as usize % 3];
        e.val(name, &[], t, &[])
    }
    fn num_programs(&self, e: &mut Emitter, axis: u32) -> Val {
        let t = e.i32();
        let name = ["nvvm.read.ptx.sreg.nctaid.x", "nvvm.read.ptx.sreg.nctaid.y", "nvvm.read.ptx.sreg.nctaid.z"][axis as usize % 3];
        e.val(name, &[], t, &[])
    }
    /// `nvvm.barrier` (`bar.sync 0`), the op Triton 3.9 emits; in a module of
    /// one warp, `nvvm.bar.warp.sync` over the whole warp (as Triton).
    fn barrier(&self, e: &mut Emitter) {
        if module_num_warps(e) == Some(1) {
            let mask = e.i32_const(-1);
            e.op("nvvm.bar.warp.sync", &[mask], &[], &[]);
        } else {
            e.op("nvvm.barrier", &[], &[], &[]);
        }
    }
    fn shuffle_xor(&self, e: &mut Emitter, value: Val, mask: u32) -> Val {
        let offset = e.i32_const(i64::from(mask));
        shfl_sync(e, "bfly", value, offset, 0x1f)
    }
    fn shuffle_up_down(&self, e: &mut Emitter, value: Val, delta: u32, up: bool) -> Val {
        let offset = e.i32_const(i64::from(delta));
        if up {
            shfl_sync(e, "up", value, offset, 0)
        } else {
            shfl_sync(e, "down", value, offset, 0x1f)
        }
    }
    fn has_warp_redux(&self, e: &Emitter) -> bool {
        module_compute_capability(e).is_some_and(|cc| cc >= 80)
    }
    fn warp_redux(&self, e: &mut Emitter, value: Val, op: &str) -> Option<Val> {
        if !self.has_warp_redux(e) {
            return None;
        }
        let i32t = e.i32();
        if value.ty() != i32t {
            return None;
        }
        // `nvvm.redux.sync` over the whole warp, as Triton 3.9 emits it.
        let kind = match op {
            "add.s32" | "add.u32" => "add",
            "min.s32" => "min",
            "max.s32" => "max",
            "min.u32" => "umin",
            "max.u32" => "umax",
            "and.b32" => "and",
            "or.b32" => "or",
            "xor.b32" => "xor",
            _ => return None,
        };
        let all = e.i32_const(-1);
        let kind = e.attr(&format!("#nvvm<redux_kind {kind}>"));
        Some(e.val("nvvm.redux.sync", &[value, all], i32t, &[("kind", kind)]))
    }
    fn shuffle_idx(&self, e: &mut Emitter, value: Val, lane: Val) -> Val {
        shfl_sync(e, "idx", value, lane, 0x1f)
    }
    fn load_global(
        &self,
        e: &mut Emitter,
        ptr: Val,
        offset: u32,
        elem: Ty,
        vec: u32,
        pred: Option<Val>,
        other: Option<&[Val]>,
        hints: CacheHints,
    ) -> Result<Vec<Val>, String> {
        let bits = match elem.bit_width() {
            0 => 64,
            b => b,
        };
        let p = packing(bits, vec);
        if !matches!(p.words, 1 | 2 | 4) || bits > 64 {
            return Err(format!("cannot load {vec} x {bits}-bit elements in one instruction"));
        }
        // Spelled as Triton 3.9 spells it: the destination words are set
        // first (to `other`, or to 0 without one), then the (predicated)
        // load overwrites them; operands are the destinations, the
        // register `other` words, the address, then the predicate.
        let at = asm_int(e, p.word_bits);
        let rc = load_store_class(p.word_bits);
        let mov = format!("mov.u{}", p.word_bits.max(16));
        let n = p.words as usize;
        let per = (p.word_bits / p.bits) as usize;
        let mut lines: Vec<String> = Vec::new();
        let mut constraints: Vec<String> = (0..n).map(|_| format!("={rc}")).collect();
        let mut operands = Vec::new();
        let mut next = n;
        match other {
            None => lines.extend((0..n).map(|w| format!("{mov} ${w}, 0x0;"))),
            Some(o) => {
                // 16-bit elements over several words start in their
                // destination registers (a tied operand) rather than through
                // a `mov`, as Triton does.
                let tied = p.bits == 16 && n > 1;
                for w in 0..n {
                    let slice = &o[w * per..(w + 1) * per];
                    if let Some(k) = integer_constant_word(elem, slice, p) {
                        lines.push(format!("{mov} ${w}, {k:#x};"));
                        continue;
                    }
                    operands.push(pack_word(e, slice, p));
                    if tied {
                        constraints.push(w.to_string());
                    } else {
                        constraints.push(rc.into());
                        lines.push(format!("{mov} ${w}, ${next};"));
                    }
                    next += 1;
                }
            }
        }
        let ptr_idx = next;
        operands.push(ptr);
        constraints.push("l".into());
        next += 1;
        let predicate = match pred {
            Some(pred) => {
                operands.push(pred);
                constraints.push("b".into());
                format!("@${next} ")
            }
            None => String::new(),
        };
        let v = if n > 1 { format!(".v{n}") } else { String::new() };
        let dest = (0..n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
        let width = ptx_word(p.word_bits);
        lines.push(format!("{predicate}ld.global{}{v}.{width} {{ {dest} }}, [ ${ptr_idx} + {offset} ];", cache_suffix(hints, true)));
        let results = vec![at; n];
        let words = e.inline_asm(&lines.join("\n\t"), &constraints.join(","), &operands, &results, true);
        let mut out = Vec::with_capacity(vec as usize);
        for w in words {
            out.extend(unpack_word(e, w, p, elem));
        }
        out.truncate(vec as usize);
        Ok(out)
    }
    fn store_global(&self, e: &mut Emitter, ptr: Val, offset: u32, values: &[Val], pred: Option<Val>, hints: CacheHints) -> Result<(), String> {
        let elem = values[0].ty();
        let bits = match elem.bit_width() {
            0 => 64,
            b => b,
        };
        let p = packing(bits, values.len() as u32);
        if !matches!(p.words, 1 | 2 | 4) || bits > 64 {
            return Err(format!("cannot store {} x {bits}-bit elements in one instruction", values.len()));
        }
        // Triton 3.9's spelling: the value words, the address, the predicate.
        let per = (p.word_bits / p.bits) as usize;
        let rc = load_store_class(p.word_bits);
        let n = p.words as usize;
        let mut operands = Vec::with_capacity(n + 2);
        let mut constraints = Vec::with_capacity(n + 2);
        for w in 0..n {
            operands.push(pack_word(e, &values[w * per..(w + 1) * per], p));
            constraints.push(rc.to_string());
        }
        operands.push(ptr);
        constraints.push("l".into());
        let mut asm = String::new();
        if let Some(pred) = pred {
            operands.push(pred);
            constraints.push("b".into());
            asm.push_str(&format!("@${} ", n + 1));
        }
        let v = if n > 1 { format!(".v{n}") } else { String::new() };
        let src = (0..n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
        let width = ptx_word(p.word_bits);
        asm.push_str(&format!("st.global{}{v}.{width} [ ${n} + {offset} ], {{ {src} }};", cache_suffix(hints, false)));
        e.inline_asm(&asm, &constraints.join(","), &operands, &[], true);
        Ok(())
    }
    fn store_shared(&self, e: &mut Emitter, ptr: Val, value: Val, pred: Option<Val>) {
        match pred {
            None => e.store(value, ptr),
            Some(pred) => {
                let bits = value.ty().bit_width().max(8);
                let p = packing(bits, 1);
                let word = pack_word(e, &[value], p);
                let addr = shared_addr(e, ptr);
                let asm = format!("@$2 st.shared.{} [ $0 ], $1;", if bits == 8 { "b8" } else { ptx_word(bits) });
                let c = format!("r,{},b", reg_class(p.word_bits));
                e.inline_asm(&asm, &c, &[addr, word, pred], &[], true);
            }
        }
    }
    fn load_shared(&self, e: &mut Emitter, ptr: Val, ty: Ty) -> Val {
        e.load(ptr, ty)
    }
    fn atomic_rmw(&self, e: &mut Emitter, op: RmwOp, ptr: Val, value: Val, pred: Option<Val>, sem: MemSemantic, scope: MemScope) -> Result<Val, String> {
        atomic(e, op, ptr, value, pred, sem, scope, false)?.ok_or_else(|| "atom without a result".to_string())
    }
    fn atomic_reduce(&self, e: &mut Emitter, op: RmwOp, ptr: Val, value: Val, pred: Option<Val>, sem: MemSemantic, scope: MemScope) -> Result<(), String> {
        // Triton: `red` where nothing reads the old value of an atomic
        // whose semantics `red` has (relaxed, release; no `red.exch`).
        let reduce = op != RmwOp::Xchg && matches!(sem, MemSemantic::Relaxed | MemSemantic::Release);
        atomic(e, op, ptr, value, pred, sem, scope, reduce).map(|_| ())
    }
    /// Triton 3.9's vector atomics: an f32/f16/bf16 add over 2, 4 (or 8
    /// halves) consecutive elements in one `atom.global...add.v<N>` from
    /// sm90 with PTX 8.1; before that two halves as one `f16x2`/`bf16x2`.
    /// None where `red` would do (nothing reads the old values of a relaxed
    /// or release add), nor on shared memory.
    fn atomic_vector_width(&self, e: &Emitter, op: RmwOp, elem: Ty, vec: usize, sem: MemSemantic, unread: bool) -> usize {
        let f32_ = elem == e.f32();
        let half = elem == e.f16() || elem.to_string() == "bf16";
        if op != RmwOp::FAdd || !(f32_ || half) || vec < 2 || (unread && matches!(sem, MemSemantic::Relaxed | MemSemantic::Release)) {
            return 1;
        }
        let cc = module_compute_capability(e).unwrap_or(0);
        let ptx = lowering_ptx_version();
        if cc >= 90 && ptx >= 81 {
            return vec.min(if f32_ { 4 } else { 8 });
        }
        if half && (elem == e.f16() || cc >= 90) {
            return 2;
        }
        1
    }
    fn atomic_rmw_vector(&self, e: &mut Emitter, op: RmwOp, ptr: Val, values: &[Val], pred: Option<Val>, sem: MemSemantic, scope: MemScope) -> Result<Vec<Val>, String> {
        if op != RmwOp::FAdd || values.len() < 2 || is_shared(e, ptr) {
            return Err("vector atomics are f32/f16/bf16 adds on global memory".into());
        }
        let ty = values[0].ty();
        let n = values.len();
        let f32_ = ty == e.f32();
        let name = if f32_ { "f32".to_string() } else { ty.to_string() };
        let modifiers = format!(".global{}{}", scope_text(scope), sem_text(sem));
        let cc = module_compute_capability(e).unwrap_or(0);
        let ptx = lowering_ptx_version();
        if !f32_ && n == 2 && !(cc >= 90 && ptx >= 81) {
            // Two halves packed in one 32-bit register.
            let vt = e.vector_ty(ty, 2);
            let mut packed = e.undef(vt);
            for (i, v) in values.iter().enumerate() {
                let index = e.i32_const(i as i64);
                packed = e.val("llvm.insertelement", &[packed, *v, index], vt, &[]);
            }
            let mut asm = "mov.u32 $0, 0x0;\n\t".to_string();
            let mut operands = vec![ptr, packed];
            let mut c = "=r,l,r".to_string();
            if let Some(p) = pred {
                asm.push_str("@$3 ");
                operands.push(p);
                c.push_str(",b");
            }
            asm.push_str(&format!("atom{modifiers}.add.noftz.{name}x2 $0, [ $1 + 0 ], $2;"));
            let old = e.inline_asm(&asm, &c, &operands, &[vt], true)[0];
            return Ok((0..2)
                .map(|i| {
                    let index = e.i32_const(i);
                    e.val("llvm.extractelement", &[old, index], ty, &[])
                })
                .collect());
        }
        let (mov, rc, noftz) = if f32_ { ("mov.u32", "r", "") } else { ("mov.u16", "h", ".noftz") };
        let mut asm = String::new();
        for i in 0..n {
            asm.push_str(&format!("{mov} ${i}, 0x0;\n\t"));
        }
        let list = |from: usize| (from..from + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
        let mut operands = vec![ptr];
        operands.extend_from_slice(values);
        let mut c = vec![format!("={rc}"); n];
        c.push("l".into());
        c.extend(std::iter::repeat_n(rc.to_string(), n));
        if let Some(p) = pred {
            asm.push_str(&format!("@${} ", 2 * n + 1));
            operands.push(p);
            c.push("b".into());
        }
        asm.push_str(&format!("atom{modifiers}.add{noftz}.v{n}.{name} {{ {} }}, [ ${n} + 0 ], {{ {} }};", list(0), list(n + 1)));
        Ok(e.inline_asm(&asm, &c.join(","), &operands, &vec![ty; n], true))
    }
    fn atomic_cas(&self, e: &mut Emitter, ptr: Val, cmp: Val, value: Val, pred: Option<Val>, sem: MemSemantic, scope: MemScope) -> Result<Val, String> {
        let ty = value.ty();
        let bits = ty.bit_width();
        if !(bits == 32 || bits == 64) {
            return Err(format!("compare-and-swap on {bits}-bit values is not lowered"));
        }
        let it = e.int_ty(bits);
        let cv = e.cast("llvm.bitcast", cmp, it);
        let vv = e.cast("llvm.bitcast", value, it);
        let rc = if bits == 64 { "l" } else { "r" };
        let shared = is_shared(e, ptr);
        let (space, addr, addr_c) = if shared { (".shared", shared_addr(e, ptr), "r") } else { (".global", ptr, "l") };
        // Triton 3.9's spelling on global memory: the space, the semantics,
        // then the scope; the result starts at 0 (a masked-off lane's).
        let modifiers = if shared { space.to_string() } else { format!("{space}{}{}", sem_text(sem), scope_text(scope)) };
        let mut asm = format!("mov.u{bits} $0, 0x0;\n\t");
        let mut operands = vec![addr, cv, vv];
        let mut c = format!("={rc},{addr_c},{rc},{rc}");
        if let Some(p) = pred {
            asm.push_str("@$4 ");
            operands.push(p);
            c.push_str(",b");
        }
        asm.push_str(&format!("atom{modifiers}.cas.b{bits} $0, [ $1 + 0 ], $2, $3;"));
        let r = e.inline_asm(&asm, &c, &operands, &[it], true)[0];
        Ok(e.cast("llvm.bitcast", r, ty))
    }
    /// From sm90, Triton's clip: `min.xorsign.abs.f32` of `x` and `limit`
    /// (`|x|` capped at `limit`, with the sign of `x`).
    fn symmetric_clamp(&self, e: &mut Emitter, x: Val, limit: Val) -> Option<Val> {
        let ty = x.ty();
        if ty != e.f32() || module_compute_capability(e).unwrap_or(0) < 90 {
            return None;
        }
        let attrs = [
            ("intrin", e.str_attr("llvm.nvvm.fmin.xorsign.abs.f")),
            ("op_bundle_sizes", e.attr("array<i32>")),
            ("operandSegmentSizes", e.attr("array<i32: 2, 0>")),
        ];
        Some(e.val("llvm.call_intrinsic", &[x, limit], ty, &attrs))
    }
    fn fast_math_f32(&self, e: &mut Emitter, f: FastMath, x: Val) -> Option<Val> {
        let instruction = match f {
            FastMath::Exp2 => "ex2.approx.f32",
            FastMath::Log2 => "lg2.approx.f32",
            FastMath::Sin => "sin.approx.f32",
            FastMath::Cos => "cos.approx.f32",
            FastMath::Rsqrt => "rsqrt.approx.f32",
            FastMath::Tanh => "tanh.approx.f32",
        };
        let ty = e.f32();
        Some(e.inline_asm(&format!("{instruction} $0, $1;"), "=f,f", &[x], &[ty], false)[0])
    }
    fn cluster_cta_rank(&self, e: &mut Emitter) -> Option<Val> {
        let i32t = e.i32();
        Some(e.val("nvg.cluster_id", &[], i32t, &[]))
    }
    fn cluster_barrier(&self, e: &mut Emitter) -> bool {
        // As Triton 3.9: an aligned cluster arrive, then wait.
        let aligned = [("aligned", e.unit_attr())];
        e.op("nvvm.cluster.arrive", &[], &[], &aligned);
        e.op("nvvm.cluster.wait", &[], &[], &aligned);
        true
    }
    fn convert_group(&self, e: &mut Emitter, op: &str, inputs: &[Val], out: Ty) -> Option<Vec<Val>> {
        // Triton 3.9's s8 → bf16, four elements per asm statement: each byte
        // to f32 (`cvt.rn.f32.s8`), then the high halves of two f32 make a
        // bf16 pair (`prmt`): exact, an s8 has at most 8 significant bits.
        let bf16 = fp_to_fp::float_ty(e, "bf16");
        let is_s8 = |v: &Val| v.ty().is_integer() && v.ty().bit_width() == 8;
        if op != "arith.sitofp" || out != bf16 || inputs.len() < 4 || !inputs[..4].iter().all(is_s8) {
            return None;
        }
        let i32t = e.i32();
        // Byte k of the word is element k.
        let mut word = None;
        for (k, &b) in inputs[..4].iter().enumerate() {
            let x = e.cast("llvm.zext", b, i32t);
            let x = if k == 0 { x } else { e.shl_i32(x, 8 * k as u32) };
            word = Some(match word {
                Some(w) => e.or(w, x),
                None => x,
            });
        }
        let asm = "{\n.reg .s8 s<4>;\n.reg .f32 f<4>;\nmov.b32 {s0, s1, s2, s3}, $2;\n\
                   cvt.rn.f32.s8 f0, s0;\ncvt.rn.f32.s8 f1, s1;\ncvt.rn.f32.s8 f2, s2;\ncvt.rn.f32.s8 f3, s3;\n\
                   prmt.b32 $0, f0, f1, 0x7632;\nprmt.b32 $1, f2, f3, 0x7632;\n}";
        let pairs = e.inline_asm(asm, "=r,=r,r", &[word?], &[i32t, i32t], false);
        // Each result word is a bf16 pair, the first element in the low half
        // (a store of both packs the word again as it is).
        let v2 = e.vector_ty(bf16, 2);
        let mut outs = Vec::with_capacity(4);
        for pair in pairs {
            let v = e.cast("llvm.bitcast", pair, v2);
            outs.push(e.extract_element(v, 0, bf16));
            outs.push(e.extract_element(v, 1, bf16));
        }
        Some(outs)
    }
    fn float_math(&self, e: &mut Emitter, op: &str, args: &[Val], out: Ty) -> Option<Result<Val, String>> {
        let bits = if out.is_float() { out.bit_width() } else { 0 };
        if !matches!(bits, 16 | 32 | 64) {
            return None;
        }
        // Triton 3.9: the IEEE-rounded f32 division and square root are the
        // NVVM intrinsics (div.rn.f32, sqrt.rn.f32).
        if bits == 32 && matches!(op, "tt.precise_divf" | "tt.precise_sqrt") {
            let intrin = if op == "tt.precise_divf" { "llvm.nvvm.div.rn.f" } else { "llvm.nvvm.sqrt.rn.f" };
            let segments = format!("array<i32: {}, 0>", args.len());
            let attrs = [
                ("intrin", e.str_attr(intrin)),
                ("op_bundle_sizes", e.attr("array<i32>")),
                ("operandSegmentSizes", e.attr(&segments)),
            ];
            return Some(Ok(e.val("llvm.call_intrinsic", args, out, &attrs)));
        }
        // |x| of a half: `abs.bf16` / `abs.f16`, as Triton's PTX has it
        // (abs.bf16x2). LLVM 22 lowers `llvm.fabs.bf16` to `and.b16 0x7fff`,
        // and ptxas (12.9, and the 13.0 driver's JIT on sm_90a) drops that
        // `and` on the low half when it packs two `cvt.rn.bf16.f32` into one
        // F2FP: |erf(x)| stored -1.0 (GPU differential tester, seed 51,
        // program 1028).
        if op == "math.absf" && bits == 16 {
            let name = if out == e.f16() { "abs.f16 $0, $1;" } else { "abs.bf16 $0, $1;" };
            let i16t = e.int_ty(16);
            let raw = e.cast("llvm.bitcast", args[0], i16t);
            let abs = e.inline_asm(name, "=h,h", &[raw], &[i16t], false)[0];
            return Some(Ok(e.cast("llvm.bitcast", abs, out)));
        }
        // Triton 3.9: `/` on f32 is `div.full.f32` (f64 stays IEEE).
        if op == "arith.divf" {
            return (bits == 32).then(|| Ok(e.inline_asm("div.full.f32 $0, $1, $2;", "=f,f,f", args, &[out], false)[0]));
        }
        // These go to libdevice (flushing denormals, as Triton links it);
        // `math.exp` on f32 stays the hardware's ex2.approx (core lowering),
        // and f16/bf16 compute in f32.
        let base = match op {
            "math.floor" => "floor",
            "math.ceil" => "ceil",
            "math.exp2" => "exp2",
            "math.exp" if bits != 32 => "exp",
            "math.log" => "log",
            "math.log2" => "log2",
            "math.log10" => "log10",
            "math.log1p" => "log1p",
            "math.expm1" => "expm1",
            "math.sin" => "sin",
            "math.cos" => "cos",
            "math.tan" => "tan",
            "math.atan" => "atan",
            "math.erf" => "erf",
            "math.sqrt" => "sqrt",
            "math.rsqrt" => "rsqrt",
            "math.powf" => "pow",
            _ => return None,
        };
        let f32 = e.f32();
        let wide: Vec<Val> = if bits == 16 { args.iter().map(|a| e.cast("llvm.fpext", *a, f32)).collect() } else { args.to_vec() };
        let ty = if bits == 16 { f32 } else { out };
        let symbol = format!("__nv_{base}{}", if bits == 64 { "" } else { "f" });
        let params: Vec<Ty> = wide.iter().map(|a| a.ty()).collect();
        let fty = e.func_ty(ty, &params);
        let call = e.declare_func(&symbol, fty).and_then(|()| e.call(&symbol, &wide, Some(ty)).ok_or_else(|| format!("no result from {symbol}")));
        Some(call.map(|v| if bits == 16 { e.cast("llvm.fptrunc", v, out) } else { v }))
    }
    fn grid_dependency(&self, e: &mut Emitter, wait: bool) -> Result<(), String> {
        match module_compute_capability(e) {
            Some(cc) if cc >= 90 => {
                let asm = if wait { "griddepcontrol.wait;" } else { "griddepcontrol.launch_dependents;" };
                e.inline_asm(asm, "", &[], &[], true);
                Ok(())
            }
            cc => Err(format!(
                "griddepcontrol needs sm_90 or newer, the target is sm_{}",
                cc.map_or_else(|| "?".to_string(), |c| c.to_string())
            )),
        }
    }
    fn approx_div_f32(&self, e: &mut Emitter, x: Val, y: Val) -> Val {
        let f = e.f32();
        e.inline_asm("div.approx.f32 $0, $1, $2;", "=f,f,f", &[x, y], &[f], false)[0]
    }
    fn printf(&self, cx: &mut Lowering<'_>, format: Val, args: &[Val]) -> Result<(), String> {
        // vprintf(format, buffer): the arguments laid out as a C struct.
        let ptr = cx.e.ptr_ty(0);
        let i32t = cx.e.i32();
        let fty = cx.e.func_ty(i32t, &[ptr, ptr]);
        cx.e.declare_func("vprintf", fty)?;
        let buffer = if args.is_empty() {
            cx.e.zero(ptr)
        } else {
            let types: Vec<Ty> = args.iter().map(|a| a.ty()).collect();
            let st = cx.e.struct_ty(&types);
            let buffer = cx.alloca(st);
            let i8t = cx.e.int_ty(8);
            let mut offset = 0i64;
            for a in args {
                let size = i64::from(match a.ty().bit_width() {
                    0 => 64,
                    b => b,
                } / 8);
                offset = (offset + size - 1) / size * size;
                let off = cx.e.i32_const(offset);
                let field = cx.e.gep(buffer, i8t, off);
                cx.e.store(*a, field);
                offset += size;
            }
            buffer
        };
        cx.e.call("vprintf", &[format, buffer], Some(i32t));
        Ok(())
    }
    fn assert_fail(&self, cx: &mut Lowering<'_>, message: Val, file: Val, line: u32, function: Val) -> Result<(), String> {
        let ptr = cx.e.ptr_ty(0);
        let (i32t, i64t) = (cx.e.i32(), cx.e.i64());
        let void = cx.e.void_ty();
        let fty = cx.e.func_ty(void, &[ptr, ptr, i32t, ptr, i64t]);
        cx.e.declare_func("__assertfail", fty)?;
        let line = cx.e.i32_const(i64::from(line));
        let char_size = cx.e.const_int(i64t, 1);
        cx.e.call("__assertfail", &[message, file, line, function, char_size], None);
        Ok(())
    }
    /// Hopper's ops: wgmma and its fences and waits.
    fn patterns(&self) -> Vec<&'static dyn tritium_conversions::ttg_to_llvm::LowerPattern> {
        wgmma::PATTERNS.iter().chain(tma::PATTERNS).copied().collect()
    }
    /// Triton's conversion target marks the NVIDIA GPU dialect illegal too.
    fn lowered_dialects(&self) -> &'static [&'static str] {
        &["ttng"]
    }
    fn mark_kernel(&self, e: &mut Emitter, func: Op, num_threads: u32) {
        // `nvvm.kernel = 1 : ui1`, as Triton 3.9 marks a kernel.
        let ui1 = Ty(unsafe { mlir_sys::mlirIntegerTypeUnsignedGet(e.ctx, 1) });
        func.set_attr("nvvm.kernel", e.int_attr(ui1, 1));
        // A warp-specialized kernel runs all its warps (Triton's
        // ttg.total-num-warps), not only the default partition's.
        let module = func.enclosing_module();
        let module_int = |name: &str| module.and_then(|m| m.attr(name)).and_then(|a| a.int());
        let num_threads = match module_int("ttg.total-num-warps") {
            Some(total) if total > 0 => (total * module_int("ttg.threads-per-warp").unwrap_or(32)) as u32,
            _ => num_threads,
        };
        func.set_attr("nvvm.reqntid", e.i32_array_attr(&[num_threads as i32]));
        // A cluster of several CTAs: its size, as Triton marks the kernel.
        let ctas = func.enclosing_module().and_then(|m| m.attr("ttg.num-ctas")).and_then(|a| a.int()).unwrap_or(1);
        if ctas > 1 {
            func.set_attr("nvvm.cluster_dim", e.i32_array_attr(&[ctas as i32]));
        }
    }
    fn mma_sync(&self, e: &mut Emitter, instr: MmaInstr, a: &[Val], b: &[Val], c: &[Val]) -> Result<Vec<Val>, String> {
        // Ampere's shapes (as Triton picks them); integer products saturate.
        let name = |t: MmaType| match t {
            MmaType::F16 => "f16",
            MmaType::BF16 => "bf16",
            MmaType::TF32 => "tf32",
            MmaType::S8 => "s8",
            MmaType::F32 => "f32",
            MmaType::S32 => "s32",
            MmaType::E5M2 => "e5m2",
            MmaType::E4M3 => "e4m3",
            MmaType::F64 => "f64",
        };
        let (words_a, words_b, words_c) = match (instr.m, instr.n, instr.k, instr.a, instr.acc) {
            (16, 8, 16, MmaType::F16 | MmaType::BF16, MmaType::F32) => (4, 2, 4),
            (16, 8, 16, MmaType::F16, MmaType::F16) => (4, 2, 2),
            (16, 8, 8, MmaType::TF32, MmaType::F32) => (4, 2, 4),
            (16, 8, 32, MmaType::S8, MmaType::S32) => (4, 2, 4),
            (16, 8, 32, MmaType::E5M2 | MmaType::E4M3, MmaType::F32) => (4, 2, 4),
            (16, 8, 32, MmaType::E5M2 | MmaType::E4M3, MmaType::F16) => (4, 2, 2),
            (8, 8, 4, MmaType::F64, MmaType::F64) => (1, 1, 2),
            _ => return Err(format!("no mma.sync instruction for {instr:?}")),
        };
        let fp8 = |t: MmaType| matches!(t, MmaType::E5M2 | MmaType::E4M3);
        // Only fp8 mixes the formats of A and B.
        let same = instr.a == instr.b || (fp8(instr.a) && fp8(instr.b));
        if !same || a.len() != words_a || b.len() != words_b || c.len() != words_c {
            return Err(format!("mma.sync {instr:?}: wrong fragment sizes"));
        }
        let sat = if instr.acc == MmaType::S32 { ".satfinite" } else { "" };
        let list = |from: usize, n: usize| (from..from + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
        let (nc, na) = (c.len(), a.len());
        let asm = format!(
            "mma.sync.aligned.m{}n{}k{}.row.col{sat}.{}.{}.{}.{} {{ {} }}, {{ {} }}, {{ {} }}, {{ {} }};",
            instr.m,
            instr.n,
            instr.k,
            name(instr.acc),
            name(instr.a),
            name(instr.b),
            name(instr.acc),
            list(0, nc),
            list(2 * nc, na),
            list(2 * nc + na, b.len()),
            list(nc, nc),
        );
        let out = match instr.acc {
            MmaType::F32 => "=f",
            MmaType::F64 => "=d",
            _ => "=r",
        };
        let input = if instr.a == MmaType::F64 { "d" } else { "r" };
        let mut constraints: Vec<String> = (0..nc).map(|_| out.to_string()).collect();
        constraints.extend((0..nc).map(|i| i.to_string()));
        constraints.extend((0..na + b.len()).map(|_| input.to_string()));
        let mut operands = c.to_vec();
        operands.extend_from_slice(a);
        operands.extend_from_slice(b);
        let result = c[0].ty();
        Ok(e.inline_asm(&asm, &constraints.join(","), &operands, &vec![result; nc], true))
    }
    fn has_load_matrix(&self, e: &Emitter, _trans: bool) -> bool {
        // ldmatrix (and its .trans form) exists from sm_75 on.
        module_compute_capability(e).is_some_and(|cc| cc >= 75)
    }
    fn load_matrix(&self, e: &mut Emitter, row: Val, count: u32, trans: bool) -> Result<Vec<Val>, String> {
        if !matches!(count, 1 | 2 | 4) {
            return Err(format!("ldmatrix loads 1, 2 or 4 matrices, not {count}"));
        }
        // nvvm.ldmatrix (the intrinsic, not inline PTX): LLVM folds constant
        // offsets of the row address into the instruction.
        let i32t = e.i32();
        let n = count as usize;
        let result = if n == 1 { i32t } else { e.struct_ty(&vec![i32t; n]) };
        let attrs = [
            ("num", e.int_attr(i32t, i64::from(count))),
            ("layout", e.attr(if trans { "#nvvm.mma_layout<col>" } else { "#nvvm.mma_layout<row>" })),
            ("shape", e.attr("#nvvm.ld_st_matrix_shape<m = 8, n = 8>")),
            ("eltType", e.attr("#nvvm.ld_st_matrix_elt_type<b16>")),
        ];
        let v = e.val("nvvm.ldmatrix", &[row], result, &attrs);
        Ok(if n == 1 { vec![v] } else { (0..n).map(|i| e.extract_value(v, i as i64, i32t)).collect() })
    }
    fn has_store_matrix(&self, e: &Emitter, _trans: bool) -> bool {
        // stmatrix (and its .trans form) exists from sm_90 on.
        module_compute_capability(e).is_some_and(|cc| cc >= 90)
    }
    fn store_matrix(&self, e: &mut Emitter, row: Val, words: &[Val], trans: bool) -> Result<(), String> {
        if !matches!(words.len(), 1 | 2 | 4) {
            return Err(format!("stmatrix stores 1, 2 or 4 matrices, not {}", words.len()));
        }
        if !self.has_store_matrix(e, trans) {
            return Err("stmatrix needs compute capability 90 or newer".into());
        }
        // nvvm.stmatrix (the intrinsic), as Triton emits it: m8n8, b16,
        // row-major or (.trans) column-major.
        let mut operands = vec![row];
        operands.extend_from_slice(words);
        let attrs = [
            ("layout", e.attr(if trans { "#nvvm.mma_layout<col>" } else { "#nvvm.mma_layout<row>" })),
            ("shape", e.attr("#nvvm.ld_st_matrix_shape<m = 8, n = 8>")),
            ("eltType", e.attr("#nvvm.ld_st_matrix_elt_type<b16>")),
        ];
        e.op("nvvm.stmatrix", &operands, &[], &attrs);
        Ok(())
    }
    fn async_copy(&self, e: &mut Emitter, dst: Val, src: Val, bytes: u32, pred: Option<Val>, hints: CacheHints) -> Result<(), String> {
        if !matches!(bytes, 4 | 8 | 16) {
            return Err(format!("cp.async copies 4, 8 or 16 bytes, not {bytes}"));
        }
        if module_compute_capability(e).is_some_and(|cc| cc < 80) {
            return Err("asynchronous copies (cp.async) need compute capability 80 or newer".into());
        }
        // .cg (bypassing L1) only exists for 16 bytes; .ca otherwise, or
        // when asked for.
        let level = if bytes == 16 && hints.cache != 2 { "cg" } else { "ca" };
        let addr = shared_addr(e, dst);
        let asm = match pred {
            // The copy size and the source size, in hex as Triton writes them.
            None => format!("cp.async.{level}.shared.global [ $0 + 0 ], [ $1 + 0 ], {bytes:#x}, {bytes:#x};"),
            Some(_) => format!("cp.async.{level}.shared.global [ $0 + 0 ], [ $1 + 0 ], {bytes:#x}, $2;"),
        };
        match pred {
            None => {
                e.inline_asm(&asm, "r,l", &[addr, src], &[], true);
            }
            Some(p) => {
                // Reading 0 source bytes zero-fills the destination.
                let full = e.i32_const(i64::from(bytes));
                let zero = e.i32_const(0);
                let size = e.select(p, full, zero);
                e.inline_asm(&asm, "r,l,r", &[addr, src, size], &[], true);
            }
        }
        Ok(())
    }
    fn async_commit(&self, e: &mut Emitter) -> Result<(), String> {
        e.op("nvvm.cp.async.commit.group", &[], &[], &[]);
        Ok(())
    }
    fn async_wait(&self, e: &mut Emitter, pending: u32) -> Result<(), String> {
        let n = e.int_attr(e.i32(), i64::from(pending));
        e.op("nvvm.cp.async.wait.group", &[], &[], &[("n", n)]);
        Ok(())
    }
    fn fp_to_fp(&self, e: &mut Emitter, conv: FpConversion, values: &[Val]) -> Result<Vec<Val>, String> {
        let cc = module_compute_capability(e).unwrap_or(0);
        let target = format!("cuda:{cc}");
        // Before sm90 (no fp8 multiply to rebias with), e5m2 → bf16 is
        // Triton's packed sequence, four elements per statement.
        if cc < 90 && Format::of(conv.src) == Format::E5m2 && Format::of(conv.dst) == Format::Bf16 && conv.rounding.is_none() {
            return Ok(fp8_software::e5m2_to_bf16_x4(e, values));
        }
        if cc >= 89 {
            if let Some(out) = fp8_hardware(e, conv, values, cc)? {
                return Ok(out);
            }
        } else if [conv.src, conv.dst].iter().any(|t| Format::of(*t) == Format::E4m3fn) {
            return Err(format!(
                "{}: conversions from/to f8E4M3FN need compute capability >= 89",
                fp_to_fp::unsupported(conv, &target)
            ));
        } else if let Some(out) = e5m2_to_f16_bytes(e, conv, values) {
            return Ok(out);
        }
        fp_to_fp::lower_software(e, &PtxCvt, conv, values, &target)
    }
}

/// e5m2 → f16 (and → f32 through f16) without fp8 hardware, as Triton does
/// it before sm89: an e5m2 byte is the high byte of the f16 with the same
/// value (exact, inf and NaN included), so four bytes packed in a word move
/// into two f16 pairs with two byte permutes (`prmt`), instead of a shift
/// and a repack per element. `None` for other conversions.
fn e5m2_to_f16_bytes(e: &mut Emitter, conv: FpConversion, values: &[Val]) -> Option<Vec<Val>> {
    use Format::*;
    let (s, d) = (Format::of(conv.src), Format::of(conv.dst));
    if s != E5m2 || !matches!(d, F16 | F32) || conv.rounding.is_some() {
        return None;
    }
    let (i16t, i32t) = (e.int_ty(16), e.i32());
    let f16t = fp_to_fp::float_ty(e, "f16");
    let f32t = e.f32();
    let mut out = Vec::with_capacity(values.len());
    for group in values.chunks(4) {
        // Byte k of the word is element k (missing ones zero).
        let mut word = e.i32_const(0);
        for (k, &b) in group.iter().enumerate() {
            let x = e.cast("llvm.zext", b, i32t);
            let x = if k == 0 { x } else { e.shl_i32(x, 8 * k as u32) };
            word = e.or(word, x);
        }
        // Selector nibbles pick bytes of {b = word (4..7), a = 0 (0..3)}:
        // 0x5140 gives [0, w0, 0, w1], 0x7362 gives [0, w2, 0, w3].
        let pairs = e.inline_asm(
            "prmt.b32 $0, 0, $2, 0x5140;\nprmt.b32 $1, 0, $2, 0x7362;",
            "=r,=r,r",
            &[word],
            &[i32t, i32t],
            false,
        );
        for k in 0..group.len() {
            let pair = pairs[k / 2];
            let half = if k % 2 == 0 { pair } else { e.lshr_i32(pair, 16) };
            let h = e.cast("llvm.trunc", half, i16t);
            let h = e.cast("llvm.bitcast", h, f16t);
            out.push(if d == F32 { e.cast("llvm.fpext", h, f32t) } else { h });
        }
    }
    Some(out)
}

/// Triton's fp8 conversions from sm89 on, with the fp8 `cvt` instructions
/// (two elements per instruction): to fp8 `cvt.rn.satfinite` (round to
/// nearest even; beyond the largest finite value, inf included, the largest
/// finite value; NaN a NaN) from f32 and f16 (bf16 through f32, exactly),
/// and from fp8 `cvt.rn.f16x2.{e4m3,e5m2}x2` (exact). e4m3 → bf16 converts
/// the f16 (`cvt.bf16.f16` from sm90, through f32 on sm89); e5m2 → bf16 is
/// the software rebiasing, by `mul.rn.bf16` from sm90. `None`: a conversion
/// without fp8 hardware (the software set handles it: f32 → e5m2 rtz and
/// the non-fp8 ones).
fn fp8_hardware(e: &mut Emitter, conv: FpConversion, values: &[Val], cc: u32) -> Result<Option<Vec<Val>>, String> {
    use Format::*;
    let (s, d) = (Format::of(conv.src), Format::of(conv.dst));
    let f32t = e.f32();
    let f16t = fp_to_fp::float_ty(e, "f16");
    let bf16t = fp_to_fp::float_ty(e, "bf16");
    let i8t = e.int_ty(8);
    let i16t = e.int_ty(16);
    let i32t = e.i32();
    let to_fp8 = |d: Format| match d {
        E4m3fn => Some("e4m3x2"),
        E5m2 => Some("e5m2x2"),
        _ => None,
    };
    match (s, d, conv.rounding) {
        (F32 | F16 | Bf16, E4m3fn | E5m2, Some(Rounding::Rtne)) => {
            let kind = to_fp8(d).unwrap_or_default();
            let mut out = Vec::with_capacity(values.len());
            for pair in values.chunks(2) {
                let word = if s == F16 {
                    // Two f16 in one register, the first in the low half.
                    let lo = e.cast("llvm.bitcast", pair[0], i16t);
                    let lo = e.cast("llvm.zext", lo, i32t);
                    let hi = match pair.get(1) {
                        Some(v) => {
                            let h = e.cast("llvm.bitcast", *v, i16t);
                            let h = e.cast("llvm.zext", h, i32t);
                            e.shl_i32(h, 16)
                        }
                        None => e.i32_const(0),
                    };
                    let w = e.or(lo, hi);
                    e.inline_asm(&format!("cvt.rn.satfinite.{kind}.f16x2 $0, $1;"), "=h,r", &[w], &[i16t], false)[0]
                } else {
                    let widen = |e: &mut Emitter, v: Val| if s == Bf16 { e.cast("llvm.fpext", v, f32t) } else { v };
                    let a = widen(e, pair[0]);
                    let b = match pair.get(1) {
                        Some(v) => widen(e, *v),
                        None => e.const_float(f32t, 0.0),
                    };
                    // cvt d, hi, lo: the second source lands in the low byte.
                    e.inline_asm(&format!("cvt.rn.satfinite.{kind}.f32 $0, $2, $1;"), "=h,r,r", &[a, b], &[i16t], false)[0]
                };
                out.push(e.cast("llvm.trunc", word, i8t));
                if pair.len() == 2 {
                    let c8 = e.const_int(i16t, 8);
                    let hi = e.lshr(word, c8);
                    out.push(e.cast("llvm.trunc", hi, i8t));
                }
            }
            Ok(Some(out))
        }
        (E4m3fn | E5m2, F16 | F32 | Bf16, None) if !(s == E5m2 && d == Bf16) => {
            let kind = if s == E4m3fn { "e4m3x2" } else { "e5m2x2" };
            let mut halves = Vec::with_capacity(values.len());
            for pair in values.chunks(2) {
                let lo = e.cast("llvm.zext", pair[0], i16t);
                let w = match pair.get(1) {
                    Some(v) => {
                        let h = e.cast("llvm.zext", *v, i16t);
                        let c8 = e.const_int(i16t, 8);
                        let h = e.shl(h, c8);
                        e.or(lo, h)
                    }
                    None => lo,
                };
                let r = e.inline_asm(&format!("cvt.rn.f16x2.{kind} $0, $1;"), "=r,h", &[w], &[i32t], false)[0];
                for i in 0..pair.len() {
                    let part = if i == 0 { r } else { e.lshr_i32(r, 16) };
                    let h = e.cast("llvm.trunc", part, i16t);
                    halves.push(e.cast("llvm.bitcast", h, f16t));
                }
            }
            let out = halves
                .into_iter()
                .map(|h| match d {
                    F16 => h,
                    F32 => e.cast("llvm.fpext", h, f32t),
                    _ if cc >= 90 => {
                        let b = e.inline_asm("cvt.bf16.f16 $0, $1;", "=h,h", &[h], &[i16t], false)[0];
                        e.cast("llvm.bitcast", b, bf16t)
                    }
                    _ => {
                        let w = e.cast("llvm.fpext", h, f32t);
                        PtxCvt::cvt(e, w, Rounding::Rtne, "bf16")
                    }
                })
                .collect();
            Ok(Some(out))
        }
        (E5m2, Bf16, None) if cc >= 90 => {
            // ((b << 8) & 0x7fff) >> 3 with the sign: bf16 bits of bias 15,
            // times 2^112 (0x7780) in bf16.
            let scale = e.const_int(i16t, 0x7780);
            let out = values
                .iter()
                .map(|&b| {
                    let h = e.cast("llvm.zext", b, i16t);
                    let c8 = e.const_int(i16t, 8);
                    let h = e.shl(h, c8);
                    let m = e.const_int(i16t, 0x7fff);
                    let mag = e.and(h, m);
                    let c3 = e.const_int(i16t, 3);
                    let mag = e.lshr(mag, c3);
                    let sm = e.const_int(i16t, -0x8000);
                    let sign = e.and(h, sm);
                    let x = e.or(mag, sign);
                    let r = e.inline_asm("mul.rn.bf16 $0, $1, $2;", "=h,h,h", &[x, scale], &[i16t], false)[0];
                    e.cast("llvm.bitcast", r, bf16t)
                })
                .collect();
            Ok(Some(out))
        }
        _ if [s, d].contains(&E4m3fn) => Err(fp_to_fp::unsupported(conv, &format!("cuda:{cc}"))),
        _ => Ok(None),
    }
}

/// The f32→f16/bf16 conversions as PTX `cvt` (`.rn`/`.rz`), as Triton
/// emits them (NaN gives the canonical NaN `0x7fff`), and f16→f32
/// (`cvt.f32.f16`, NaN `0x7fffffff`).
struct PtxCvt;

impl PtxCvt {
    fn cvt(e: &mut Emitter, x: Val, rounding: Rounding, to: &str) -> Val {
        let r = match rounding {
            Rounding::Rtne => "rn",
            Rounding::Rtz => "rz",
        };
        let i16t = e.int_ty(16);
        let h = e.inline_asm(&format!("cvt.{r}.{to}.f32 $0, $1;"), "=h,r", &[x], &[i16t], false)[0];
        let ty = fp_to_fp::float_ty(e, to);
        e.cast("llvm.bitcast", h, ty)
    }
}

impl FpHardware for PtxCvt {
    fn f32_to_f16(&self, e: &mut Emitter, x: Val, rounding: Rounding) -> Val {
        Self::cvt(e, x, rounding, "f16")
    }
    fn f32_to_bf16(&self, e: &mut Emitter, x: Val, rounding: Rounding) -> Val {
        Self::cvt(e, x, rounding, "bf16")
    }
    /// `fpext`, which NVPTX emits as `cvt.f32.f16` (as Triton): a NaN
    /// becomes `0x7fffffff` in the hardware.
    fn f16_to_f32(&self, e: &mut Emitter, x: Val) -> Val {
        let f32t = e.f32();
        e.cast("llvm.fpext", x, f32t)
    }
}

/// `atom` (the old value returned) or, with `reduce`, `red` (nothing
/// returned) of `op` on `ptr`, for global or shared memory.
#[allow(clippy::too_many_arguments)]
fn atomic(e: &mut Emitter, op: RmwOp, ptr: Val, value: Val, pred: Option<Val>, sem: MemSemantic, scope: MemScope, reduce: bool) -> Result<Option<Val>, String> {
        let ty = value.ty();
        let bits = ty.bit_width();
        let float = ty.is_float();
        // f16 add: `atom.add.noftz.f16` (sm_70+), as Triton; bf16 needs sm_90.
        let half_add = bits == 16 && op == RmwOp::FAdd && ty == e.f16();
        if !(bits == 32 || bits == 64 || half_add) {
            return Err(format!("atomics on {bits}-bit {ty} values are not lowered"));
        }
        let (name, kind) = match op {
            RmwOp::And => ("and", "b"),
            RmwOp::Or => ("or", "b"),
            RmwOp::Xor => ("xor", "b"),
            RmwOp::Add => ("add", "u"),
            RmwOp::FAdd => ("add", "f"),
            RmwOp::Max => ("max", "s"),
            RmwOp::Min => ("min", "s"),
            RmwOp::UMax => ("max", "u"),
            RmwOp::UMin => ("min", "u"),
            RmwOp::Xchg => ("exch", "b"),
            RmwOp::Inc => ("inc", "u"),
        };
        if (op == RmwOp::FAdd) != float && op != RmwOp::Xchg {
            return Err(format!("atomic {name} on {ty}"));
        }
        if op == RmwOp::Inc && bits != 32 {
            return Err(format!("atomic increment of {bits}-bit values is not lowered"));
        }
        let shared = is_shared(e, ptr);
        let (space, addr, addr_c) = if shared { (".shared", shared_addr(e, ptr), "r") } else { (".global", ptr, "l") };
        // Triton 3.9 spells atomics `atom.<space>.<scope>.<sem>`.
        let modifiers = format!("{space}{}{}", scope_text(scope), sem_text(sem));
        let rc = match bits {
            64 => "l",
            16 => "h",
            _ => "r",
        };
        let it = e.int_ty(bits);
        let v = if float { e.cast("llvm.bitcast", value, it) } else { value };
        let suffix = if half_add { "noftz.f16".to_string() } else if float { format!("f{bits}") } else { format!("{kind}{bits}") };
        // An increment takes no value operand: `inc` wraps to 0 past its
        // operand, here the largest value (so it adds 1 modulo 2^32).
        let inc = op == RmwOp::Inc;
        if reduce {
            let mut operands = vec![addr];
            let mut c = addr_c.to_string();
            if !inc {
                operands.push(v);
                c.push_str(&format!(",{rc}"));
            }
            let mut asm = String::new();
            if let Some(p) = pred {
                asm.push_str(&format!("@${} ", operands.len()));
                operands.push(p);
                c.push_str(",b");
            }
            let arg = if inc { "0xffffffff" } else { "$1" };
            asm.push_str(&format!("red{modifiers}.{name}.{suffix} [ $0 + 0 ], {arg};"));
            e.inline_asm(&asm, &c, &operands, &[], true);
            return Ok(None);
        }
        // The result starts at 0 (a masked-off lane's), as Triton writes it.
        let mut asm = format!("mov.u{bits} $0, 0x0;\n\t");
        let mut operands = vec![addr];
        let mut c = format!("={rc},{addr_c}");
        if !inc {
            operands.push(v);
            c.push_str(&format!(",{rc}"));
        }
        if let Some(p) = pred {
            asm.push_str(&format!("@${} ", operands.len() + 1));
            operands.push(p);
            c.push_str(",b");
        }
        let arg = if inc { "0xffffffff" } else { "$2" };
        asm.push_str(&format!("atom{modifiers}.{name}.{suffix} $0, [ $1 + 0 ], {arg};"));
        let r = e.inline_asm(&asm, &c, &operands, &[it], true)[0];
        Ok(Some(if float { e.cast("llvm.bitcast", r, ty) } else { r }))
}
