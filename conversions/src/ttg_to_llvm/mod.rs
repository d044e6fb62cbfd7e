//! `convert-triton-gpu-to-llvm`: TTGIR (after allocation and Membar) to the
//! LLVM dialect.
//!
//! The target-independent part lives here: one [`LowerPattern`] per op
//! family, each a **slot** (`ttg-to-llvm.<what>`) a backend may replace.
//! Everything target-specific — instructions for loads, stores, atomics and
//! shuffles, barriers, program ids, kernel attributes — is asked of the
//! [`TargetInfo`] of the module's `ttg.target` (registered by the in-tree
//! backends under `spec/`, chosen by target prefix).
//!
//! Algorithm (one-shot structural lowering, all or nothing):
//! 1. Pick the backend from `ttg.target`; run AxisInfo on the module.
//! 2. For each `tt.func`, create an `llvm.func` beside it (under a temporary
//!    name) with the kernel ABI: scalars stay scalars, a tensor becomes one
//!    value per register the thread holds; kernels get the two trailing
//!    global/profile scratch pointers, device functions also a shared-memory
//!    base pointer.
//! 3. Create every block with its expanded arguments, then lower each op in
//!    block order: the value map takes a tensor value to its registers.
//! 4. On the first op that cannot be lowered, erase what was built and
//!    report it (the input is left exactly as it was); else erase the `tt`
//!    functions, give the new functions their names, and add the
//!    shared-memory symbol.
//!
//! The value map is per register: the patterns never pack a tensor into an
//! LLVM struct. Option `packed-structs` (the pass's default, off in the
//! make_llir pipelines) adds Triton's struct form around them, so that the
//! pass prints what Triton's 1:1 type conversion prints: tensor and memdesc
//! parameters are one struct each, an op's operands are read out of their
//! structs before its pattern runs and its results packed after it
//! (`Lowering::unpack_operands`, `Lowering::pack_result`); canonicalization
//! removes all of it again.
pub mod axis;
pub mod convert;
pub mod dot;
pub mod elementwise;
pub mod emit;
pub mod fp_to_fp;
pub mod layout;
pub mod memory;
pub mod misc;
pub mod reduce;
pub mod scan;
pub mod shared;
pub mod warp_local;

use emit::{Emitter, ICmp};
use layout::DistLayout;
use mlir_sys::*;
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};
use tritium_dialects::ir::{block_arguments, block_ops, region_blocks, str_of, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, emit_error_at, Pass, PassOptions};
use axis::AxisInfoAnalysis;

/// The name of the shared-memory symbol every kernel addresses.
pub const SHARED_SYMBOL: &str = "global_smem";

/// What a backend decides about one lowering run.
#[derive(Clone, Debug)]
pub struct TargetOptions {
    /// The full `ttg.target` string (`<prefix>:<arch>`).
    pub target: String,
    /// The architecture number the pass's option asks for (0: the one of
    /// the target string).
    pub arch: u32,
    /// The version of the backend's assembly language the pass's option
    /// asks for (0: the backend's default).
    pub asm_version: u32,
    /// `packed-structs`: also carry each tensor and `!ttg.memdesc` value as
    /// one LLVM struct, as Triton's 1:1 type conversion does (see
    /// [`Lowering::unpack_operands`]).
    pub packed_structs: bool,
}

/// Memory ordering of an atomic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemSemantic {
    Relaxed,
    Acquire,
    Release,
    AcqRel,
}

/// Scope of an atomic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemScope {
    Gpu,
    Cta,
    System,
}

/// The read-modify-write operation of `tt.atomic_rmw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    And,
    Or,
    Xor,
    Add,
    FAdd,
    Max,
    Min,
    UMax,
    UMin,
    Xchg,
    /// Adds 1 to an unsigned integer (the value operand is ignored): what a
    /// target may have as a cheaper instruction than `Add` of a constant 1.
    Inc,
}

/// The unary f32 functions a backend approximates in hardware.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FastMath {
    Exp2,
    Log2,
    Sin,
    Cos,
    Rsqrt,
    Tanh,
}

/// An element type of a warp-level matrix multiply-accumulate instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaType {
    F16,
    BF16,
    /// f32 bits read as TensorFloat-32 (the low 13 mantissa bits ignored).
    TF32,
    S8,
    F32,
    S32,
    /// fp8 with 5 exponent bits (`f8E5M2`), its bits in an `i8`.
    E5M2,
    /// fp8 with 4 exponent bits (`f8E4M3FN`), its bits in an `i8`.
    E4M3,
    /// f64 (A, B and the accumulator alike).
    F64,
}

/// One warp-level matrix multiply-accumulate `D = A·B + C` of shape
/// `m`×`n`×`k` (Ampere's `mma.sync`, A row-major, B column-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MmaInstr {
    pub m: u32,
    pub n: u32,
    pub k: u32,
    /// The element type of A and of B.
    pub a: MmaType,
    pub b: MmaType,
    /// The element type of C and D.
    pub acc: MmaType,
}

/// Load/store cache hints of `tt.load`/`tt.store`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheHints {
    /// `cache` (Triton's CacheModifier numbering: 1 none, 2 ca, 3 cg, 4 wb, 5 cs, 6 wt, 7 cv).
    pub cache: i64,
    /// `evict` (1 normal, 2 first, 3 last).
    pub evict: i64,
    /// `isVolatile`.
    pub volatile: bool,
}

/// The target-specific hooks of the lowering (Triton's `TargetInfo`).
///
/// Every method appends instructions through the [`Emitter`]. Predicates
/// are `i1` values, `None` meaning "always".
pub trait TargetInfo: Sync {
    /// The backend's name (`nvidia`).
    fn name(&self) -> &'static str;
    /// The `ttg.target` prefix it serves (`<prefix>` serves `<prefix>:<arch>`).
    fn target_prefix(&self) -> &'static str;
    /// Checks the options (e.g. a known compute capability).
    fn check(&self, options: &TargetOptions) -> Result<(), String>;
    /// The target a module without `ttg.target` is lowered for, given the
    /// pass's capability option (`requested`, 0: unset), when this backend
    /// is the one Triton's pass assumes then; `None` (the default) otherwise.
    fn untargeted_module_target(&self, _requested: u32) -> Option<String> {
        None
    }
    /// The thread's index in its CTA (i32).
    fn thread_id(&self, e: &mut Emitter) -> Val;
    /// The CTA's index along `axis` (0..3) of the grid (i32).
    fn program_id(&self, e: &mut Emitter, axis: u32) -> Val;
    /// The grid's size along `axis` (i32).
    fn num_programs(&self, e: &mut Emitter, axis: u32) -> Val;
    /// A CTA-wide barrier that also orders shared memory.
    fn barrier(&self, e: &mut Emitter);
    /// `value` of the lane `lane ^ mask` of the warp (32-bit or narrower values).
    fn shuffle_xor(&self, e: &mut Emitter, value: Val, mask: u32) -> Val;
    /// `value` of lane `lane` (i32, any lane of the warp) for 32-bit values.
    fn shuffle_idx(&self, e: &mut Emitter, value: Val, lane: Val) -> Val;
    /// The i32 `value` reduced over all the lanes of the warp by one
    /// instruction (`op` as `min.s32`, `add.s32`, `and.b32`, …; NVIDIA's
    /// `redux.sync`), or `None` when the target has no such instruction.
    fn warp_redux(&self, _e: &mut Emitter, _value: Val, _op: &str) -> Option<Val> {
        None
    }
    /// `value` (i32) from the lane `lane - delta` (`up`) or `lane + delta` of
    /// a 32-lane warp; lanes without one may get any value. By default a
    /// `shuffle_idx`.
    fn shuffle_up_down(&self, e: &mut Emitter, value: Val, delta: u32, up: bool) -> Val {
        let tid = self.thread_id(e);
        let lane = e.and_i32(tid, 31);
        let d = if up { -i64::from(delta) } else { i64::from(delta) };
        let src = e.add_i32(lane, d);
        self.shuffle_idx(e, value, src)
    }
    /// Whether [`TargetInfo::warp_redux`] is available (nothing emitted).
    fn has_warp_redux(&self, _e: &Emitter) -> bool {
        false
    }
    /// The address space of shared memory.
    fn shared_address_space(&self) -> u32 {
        3
    }
    /// Loads `vec` consecutive elements of type `elem` at global `ptr`
    /// plus `offset` bytes (aligned to their total size) when `pred`, else
    /// yields `other` (zero where `other` is `None`).
    #[allow(clippy::too_many_arguments)]
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
    ) -> Result<Vec<Val>, String>;
    /// Stores `values` (consecutive, aligned) at global `ptr` plus `offset`
    /// bytes when `pred`.
    fn store_global(&self, e: &mut Emitter, ptr: Val, offset: u32, values: &[Val], pred: Option<Val>, hints: CacheHints) -> Result<(), String>;
    /// Stores `value` at shared `ptr` when `pred`.
    fn store_shared(&self, e: &mut Emitter, ptr: Val, value: Val, pred: Option<Val>);
    /// Loads a `ty` from shared `ptr`.
    fn load_shared(&self, e: &mut Emitter, ptr: Val, ty: Ty) -> Val;
    /// An atomic read-modify-write at `ptr` when `pred`; yields the old value.
    #[allow(clippy::too_many_arguments)]
    fn atomic_rmw(&self, e: &mut Emitter, op: RmwOp, ptr: Val, value: Val, pred: Option<Val>, sem: MemSemantic, scope: MemScope) -> Result<Val, String>;
    /// [`Self::atomic_rmw`] whose old value nothing reads (a target may use
    /// a reduction that returns nothing).
    #[allow(clippy::too_many_arguments)]
    fn atomic_reduce(&self, e: &mut Emitter, op: RmwOp, ptr: Val, value: Val, pred: Option<Val>, sem: MemSemantic, scope: MemScope) -> Result<(), String> {
        self.atomic_rmw(e, op, ptr, value, pred, sem, scope).map(|_| ())
    }
    /// How many consecutive elements of type `elem` one atomic `op` of this
    /// target updates, given that `vec` consecutive, aligned elements (a
    /// power of two) are at hand: 1 (the default) for one element each, else
    /// a divisor of `vec` that [`Self::atomic_rmw_vector`] takes. `unread`:
    /// nothing reads the old values.
    #[allow(clippy::too_many_arguments)]
    fn atomic_vector_width(&self, _e: &Emitter, _op: RmwOp, _elem: Ty, _vec: usize, _sem: MemSemantic, _unread: bool) -> usize {
        1
    }
    /// One atomic `op` on the consecutive elements at `ptr` (as many as
    /// [`Self::atomic_vector_width`] said) when `pred`; yields their old
    /// values.
    #[allow(clippy::too_many_arguments)]
    fn atomic_rmw_vector(&self, _e: &mut Emitter, _op: RmwOp, _ptr: Val, _values: &[Val], _pred: Option<Val>, _sem: MemSemantic, _scope: MemScope) -> Result<Vec<Val>, String> {
        Err("this target has no vector atomics".into())
    }
    /// An atomic compare-and-swap at `ptr` when `pred`; yields the old value.
    #[allow(clippy::too_many_arguments)]
    fn atomic_cas(&self, e: &mut Emitter, ptr: Val, cmp: Val, value: Val, pred: Option<Val>, sem: MemSemantic, scope: MemScope) -> Result<Val, String>;
    /// `clamp(x, -limit, limit)` of one element (`limit` not NaN-propagating)
    /// in one instruction where the target has one; `None` (the default)
    /// lowers it as max then min.
    fn symmetric_clamp(&self, _e: &mut Emitter, _x: Val, _limit: Val) -> Option<Val> {
        None
    }
    /// A fast f32 approximation of `f(x)` (Triton uses the hardware's
    /// approximate `2^x` for `math.exp`); `None` when the target has none.
    fn fast_math_f32(&self, e: &mut Emitter, f: FastMath, x: Val) -> Option<Val>;
    /// `x / y` approximately (f32, `tt.approx_divf`).
    fn approx_div_f32(&self, e: &mut Emitter, x: Val, y: Val) -> Val;
    /// The target's own lowering of the float op `op` (`arith.divf`,
    /// `math.*`) applied to `args`, with result type `out`: the
    /// instruction or library call its backend in Triton chooses; `None`
    /// leaves the op to the generic lowering.
    fn float_math(&self, _e: &mut Emitter, _op: &str, _args: &[Val], _out: Ty) -> Option<Result<Val, String>> {
        None
    }
    /// The target's conversion of several elements at once by the cast op
    /// `op` (Triton's vectorized cast sequences): `inputs` are the thread's
    /// remaining registers from the current one on, the result the
    /// converted values of the first `k >= 1` of them; `None` converts the
    /// current element alone, generically.
    fn convert_group(&self, _e: &mut Emitter, _op: &str, _inputs: &[Val], _out: Ty) -> Option<Vec<Val>> {
        None
    }
    /// The rank of this CTA in its cluster (an `i32`), for modules of
    /// several CTAs per program; `None` where the target has no clusters.
    fn cluster_cta_rank(&self, _e: &mut Emitter) -> Option<Val> {
        None
    }
    /// A barrier of every thread of the cluster (orders their memory
    /// accesses); false where the target has none (nothing emitted).
    fn cluster_barrier(&self, _e: &mut Emitter) -> bool {
        false
    }
    /// Programmatic dependent launch: waits for the grids this one depends
    /// on (`wait`), or lets dependent grids start; an error where the
    /// target has no such control.
    fn grid_dependency(&self, _e: &mut Emitter, _wait: bool) -> Result<(), String> {
        Err("programmatic dependent launch is not supported on this target".into())
    }
    /// Prints with the C format `format` (a constant string) and `args`
    /// (already promoted as C varargs: doubles, 32/64-bit integers, pointers).
    fn printf(&self, cx: &mut Lowering<'_>, format: Val, args: &[Val]) -> Result<(), String>;
    /// Reports a failed device assertion and stops the kernel.
    fn assert_fail(&self, cx: &mut Lowering<'_>, message: Val, file: Val, line: u32, function: Val) -> Result<(), String>;
    /// Marks `func` as a kernel launched with `num_threads` threads.
    fn mark_kernel(&self, e: &mut Emitter, func: Op, num_threads: u32);
    /// Whether [`load_matrix`](TargetInfo::load_matrix) is available (for
    /// 16-bit words; `trans` too when asked) on this module's target.
    fn has_load_matrix(&self, _e: &Emitter, _trans: bool) -> bool {
        false
    }
    /// A warp-wide load of `count` (1, 2 or 4) 8×8 matrices of 16-bit words
    /// (NVIDIA's `ldmatrix`): lane `l` gives in `row` (a shared pointer, 16
    /// bytes aligned) the address of row `l % 8` of matrix `l / 8`, 8
    /// consecutive words. Returns `count` `i32` values: value `j` holds, in
    /// lane `t`, words `2(t%4)` and `2(t%4)+1` of row `t/4` of matrix `j`
    /// (low half first) — or, with `trans`, word `t/4` of rows `2(t%4)` and
    /// `2(t%4)+1`.
    fn load_matrix(&self, _e: &mut Emitter, _row: Val, _count: u32, _trans: bool) -> Result<Vec<Val>, String> {
        Err("loading matrices from shared memory (ldmatrix) is not supported by this target".into())
    }
    /// Whether [`store_matrix`](TargetInfo::store_matrix) is available (for
    /// 16-bit words; `trans` too when asked) on this module's target.
    fn has_store_matrix(&self, _e: &Emitter, _trans: bool) -> bool {
        false
    }
    /// A warp-wide store of `words.len()` (1, 2 or 4) 8×8 matrices of 16-bit
    /// words, the inverse of [`load_matrix`](TargetInfo::load_matrix): lane
    /// `l` gives in `row` the address of row `l % 8` of matrix `l / 8`, and
    /// in `words[j]` (an `i32`) the two words of matrix `j` that
    /// `load_matrix` (with the same `trans`) would return in that lane.
    fn store_matrix(&self, _e: &mut Emitter, _row: Val, _words: &[Val], _trans: bool) -> Result<(), String> {
        Err("storing matrices to shared memory (stmatrix) is not supported by this target".into())
    }
    /// Starts an asynchronous copy of `bytes` (4, 8 or 16) bytes from global
    /// `src` to shared `dst` (both aligned to `bytes`); where `pred` is
    /// false nothing is read and `dst` is filled with zeros.
    fn async_copy(&self, _e: &mut Emitter, _dst: Val, _src: Val, _bytes: u32, _pred: Option<Val>, _hints: CacheHints) -> Result<(), String> {
        Err("asynchronous copies to shared memory are not supported by this target".into())
    }
    /// Closes the group of asynchronous copies started since the last one.
    fn async_commit(&self, _e: &mut Emitter) -> Result<(), String> {
        Err("asynchronous copy groups are not supported by this target".into())
    }
    /// Waits until at most `pending` groups of asynchronous copies of this
    /// thread are still in flight.
    fn async_wait(&self, _e: &mut Emitter, _pending: u32) -> Result<(), String> {
        Err("waiting for asynchronous copies is not supported by this target".into())
    }
    /// One warp-synchronous [`MmaInstr`]: `a` and `b` are the thread's
    /// fragments of A and B as `i32` words (elements narrower than 32 bits
    /// packed, the lowest first) in the instruction's fragment order, `c` the
    /// accumulator fragment (f32 or i32 values); returns D in `c`'s order
    /// and types.
    fn mma_sync(&self, e: &mut Emitter, instr: MmaInstr, a: &[Val], b: &[Val], c: &[Val]) -> Result<Vec<Val>, String> {
        let _ = (e, a, b, c);
        Err(format!("{instr:?} is not supported by this target"))
    }
    /// `tt.fp_to_fp` of the registers `values` (fp8 registers are `i8`):
    /// the conversions the target supports, with their instructions
    /// (`conv.src != conv.dst`); `Err` (a diagnostic at the op) for any
    /// other. By default none is supported.
    fn fp_to_fp(&self, e: &mut Emitter, conv: fp_to_fp::FpConversion, values: &[Val]) -> Result<Vec<Val>, String> {
        let _ = (e, values);
        Err(fp_to_fp::unsupported(conv, &format!("target '{}'", self.name())))
    }
    /// The LLVM type a `!tt.tensordesc` value `desc` lowers to (the
    /// descriptor's handle), or `None` when the target has no lowering of
    /// tensor descriptors (the default).
    fn tensor_descriptor_type(&self, _e: &Emitter, _desc: Ty) -> Option<Ty> {
        None
    }
    /// The LLVM type of a value of a type of the target's own dialects
    /// (one value), or `None` when the target does not lower it (the
    /// default).
    fn target_type(&self, _e: &Emitter, _ty: Ty) -> Option<Ty> {
        None
    }
    /// The attributes of the kernel parameter a kernel argument of type `ty`
    /// becomes (the body of an MLIR dictionary, e.g. `llvm.align = 64 :
    /// i32`), for the arguments that lower to one parameter; `None` (the
    /// default) for none, an error for an argument the target cannot pass.
    fn kernel_param_attrs(&self, _e: &Emitter, _ty: Ty) -> Result<Option<String>, String> {
        Ok(None)
    }
    /// Attributes the parameter of an argument of type `ty` gets from the
    /// argument's own attribute dictionary `arg_attrs` (its `tt.func`
    /// argument attributes), in a kernel (`kernel`) or a device function:
    /// the body of an MLIR dictionary, `None` (the default) for none, an
    /// error for argument attributes the target refuses there.
    fn param_attrs_from_arg(&self, _e: &Emitter, _ty: Ty, _arg_attrs: Attr, _kernel: bool) -> Result<Option<String>, String> {
        Ok(None)
    }
    /// Backend replacements of core patterns (same slot name) and additions.
    fn patterns(&self) -> Vec<&'static dyn LowerPattern> {
        Vec::new()
    }
    /// The target's own dialects (namespaces) whose ops this conversion
    /// lowers, besides `tt`, `ttg` and `gpu`: one of their ops left outside a
    /// `tt.func` is refused (see [`LOWERED_DIALECTS`]).
    fn lowered_dialects(&self) -> &'static [&'static str] {
        &[]
    }
}

/// The dialects whose ops the conversion lowers (Triton's conversion target
/// marks them illegal), with the target's [`TargetInfo::lowered_dialects`].
/// Only the bodies of `tt.func`s are lowered: such an op anywhere else (in
/// an `llvm.func` already there, or at the module's top level) would leave
/// the pass unlowered, so the module is refused with an error at the op.
pub const LOWERED_DIALECTS: &[&str] = &["tt", "ttg", "gpu"];

/// Ops of those dialects that stay legal, as in Triton: warp specialization
/// and the warp id are lowered by later passes.
const LEGAL_AFTER: &[&str] = &[
    "ttg.warp_specialize",
    "ttg.warp_specialize.partitions",
    "ttg.warp_yield",
    "ttg.warp_return",
    "ttg.warp_id",
];

/// The first op in `op` (itself included, then its regions in order) that
/// the conversion would have to lower.
fn first_unlowered(op: Op, target: &dyn TargetInfo) -> Option<Op> {
    let ns = op.name().split('.').next().unwrap_or("");
    if (LOWERED_DIALECTS.contains(&ns) || target.lowered_dialects().contains(&ns)) && !LEGAL_AFTER.contains(&op.name()) {
        return Some(op);
    }
    for r in 0..op.num_regions() {
        for b in region_blocks(op.region(r)) {
            for inner in block_ops(b) {
                if let Some(bad) = first_unlowered(inner, target) {
                    return Some(bad);
                }
            }
        }
    }
    None
}

/// Lowers one family of ops; its [`name`](LowerPattern::name) is its slot.
pub trait LowerPattern: Sync {
    /// The stable slot name, `ttg-to-llvm.<what>`.
    fn name(&self) -> &'static str;
    /// The ops it lowers.
    fn roots(&self) -> &'static [&'static str];
    /// Lowers `op`; returns the registers of each result.
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String>;
}

static TARGETS: OnceLock<RwLock<Vec<&'static dyn TargetInfo>>> = OnceLock::new();

/// Registers an in-tree backend (idempotent per prefix).
pub fn register_target(target: &'static dyn TargetInfo) {
    let list = TARGETS.get_or_init(Default::default);
    let mut list = list.write().unwrap_or_else(|p| p.into_inner());
    if !list.iter().any(|t| t.target_prefix() == target.target_prefix()) {
        list.push(target);
    }
}

/// The backend serving `target` (`<prefix>:<arch>` → the one with prefix `<prefix>`).
pub fn target_for(target: &str) -> Option<&'static dyn TargetInfo> {
    let list = TARGETS.get()?.read().unwrap_or_else(|p| p.into_inner());
    list.iter().copied().find(|t| tritium_dialects::spec::serves(t.target_prefix(), target))
}

/// The target the first registered backend that takes modules without
/// `ttg.target` names for the capability option `requested` (see
/// [`TargetInfo::untargeted_module_target`]).
pub fn untargeted_module_target(requested: u32) -> Option<String> {
    let list = TARGETS.get()?.read().unwrap_or_else(|p| p.into_inner());
    list.iter().find_map(|t| t.untargeted_module_target(requested))
}

/// The prefixes of the registered backends.
pub fn registered_targets() -> Vec<&'static str> {
    TARGETS.get().map(|l| l.read().unwrap_or_else(|p| p.into_inner()).iter().map(|t| t.target_prefix()).collect()).unwrap_or_default()
}

/// The core patterns, in slot order.
pub fn core_patterns() -> Vec<&'static dyn LowerPattern> {
    let mut v: Vec<&'static dyn LowerPattern> = Vec::new();
    v.extend(elementwise::PATTERNS.iter().copied());
    v.extend(fp_to_fp::PATTERNS.iter().copied());
    v.extend(convert::PATTERNS.iter().copied());
    v.extend(memory::PATTERNS.iter().copied());
    v.extend(reduce::PATTERNS.iter().copied());
    v.extend(scan::PATTERNS.iter().copied());
    v.extend(misc::PATTERNS.iter().copied());
    v.extend(shared::PATTERNS.iter().copied());
    v.extend(dot::PATTERNS.iter().copied());
    v
}

/// The hooks of [`TargetInfo`], as listed among the slots.
pub const TARGET_HOOKS: &[(&str, &str)] = &[
    ("thread-id", "the thread's index in its CTA"),
    ("program-id", "the CTA's index in the grid (and the grid's size)"),
    ("barrier", "a CTA-wide barrier ordering shared memory"),
    ("shuffle-xor", "a value from the lane at lane ^ mask"),
    ("load-global", "a predicated vector load with default values"),
    ("store-global", "a predicated vector store"),
    ("shared-memory", "shared-memory address space, loads and (predicated) stores"),
    ("atomics", "atomic read-modify-write and compare-and-swap, global and shared"),
    ("math", "exp2 and approximate division"),
    ("kernel-attributes", "what marks a function as a kernel of N threads"),
    ("printf", "formatted printing from device code (tt.print)"),
    ("assert-fail", "reporting a failed device assertion (tt.assert)"),
    ("load-matrix", "warp-wide loads of 8x8 matrices of 16-bit words from shared memory (ldmatrix)"),
    ("store-matrix", "warp-wide stores of 8x8 matrices of 16-bit words to shared memory (stmatrix)"),
    ("async-copy", "asynchronous global-to-shared copies, their groups and waits (cp.async)"),
    ("mma-sync", "a warp-level matrix multiply-accumulate on register fragments (tt.dot)"),
    ("fp-to-fp", "float conversions with a rounding mode, fp8 included (tt.fp_to_fp)"),
    ("tensor-descriptors", "the LLVM type of a tensor descriptor, and how a kernel takes a host-side one (parameter attributes)"),
];

/// Every slot of the lowering: (name, ops it covers).
pub fn slots() -> Vec<(&'static str, String)> {
    core_patterns().iter().map(|p| (p.name(), p.roots().join(", "))).collect()
}

/// The lowering state of one function.
pub struct Lowering<'a> {
    /// Builds the new ops.
    pub e: Emitter,
    /// The backend.
    pub target: &'a dyn TargetInfo,
    /// Contiguity/divisibility facts of the module.
    pub axis: &'a AxisInfoAnalysis,
    /// Warps per CTA and threads per warp of the module.
    pub num_warps: u32,
    pub threads_per_warp: u32,
    /// This function's shared-memory base (`!llvm.ptr<3>`), made on demand.
    smem_base: Option<Val>,
    /// The function's trailing ABI pointers: shared base (device functions
    /// only), global scratch, profile scratch.
    abi: (Option<Val>, Val, Val),
    values: HashMap<usize, Vec<Val>>,
    blocks: HashMap<usize, MlirBlock>,
    patterns: &'a HashMap<&'static str, &'static dyn LowerPattern>,
    layouts: HashMap<usize, std::rc::Rc<DistLayout>>,
    entry_block: MlirBlock,
    /// Whether tensors and memdescs are also carried as LLVM structs
    /// (`packed-structs`).
    packed: bool,
    /// The struct of each packed value.
    structs: HashMap<usize, Val>,
    /// The registers of the operands of the op being lowered, unpacked from
    /// their structs at its start.
    operand_regs: HashMap<usize, Vec<Val>>,
}

/// Whether values of type `ty` are packed into a struct under
/// `packed-structs` (tensors and memory descriptors, as Triton's type
/// converter makes them).
fn is_packed_type(ty: Ty) -> bool {
    ty.is_tensor() || tritium_dialects::ttg::bridge::memdesc_of(ty).is_some()
}

/// The value `v` stands for: under `packed-structs` an operand's register is
/// an `llvm.extractvalue` of the struct its producer packed; this follows it
/// (through the `llvm.insertvalue` chain) to the packed value, so that a
/// pattern that looks at how a register was made (a constant, ...) sees the
/// same as without packing.
pub fn through_structs(mut v: Val) -> Val {
    loop {
        // A splat constant's bitcast to its own type (Triton's shape) is
        // the constant.
        if let Some(cast) = v.defining_op().filter(|d| d.name() == "llvm.bitcast" && d.operand(0).ty() == v.ty()) {
            v = cast.operand(0);
            continue;
        }
        let Some(ex) = v.defining_op().filter(|d| d.name() == "llvm.extractvalue") else { return v };
        let Some(pos) = ex.attr("position").map(|a| a.to_string()) else { return v };
        let mut agg = ex.operand(0);
        let found = loop {
            let Some(ins) = agg.defining_op().filter(|d| d.name() == "llvm.insertvalue") else { break None };
            if ins.attr("position").map(|a| a.to_string()).as_deref() == Some(pos.as_str()) {
                break Some(ins.operand(1));
            }
            agg = ins.operand(0);
        };
        match found {
            Some(inner) => v = inner,
            None => return v,
        }
    }
}

/// What [`Lowering::unpack_operands`] did for one op.
struct Unpacked {
    saved: HashMap<usize, Vec<Val>>,
    /// (struct, its fields as read) of each unpacked operand.
    fields: Vec<(Val, Vec<Val>)>,
}

fn key(v: Val) -> usize {
    v.0.ptr as usize
}

impl<'a> Lowering<'a> {
    /// The registers of `v` (one value for a scalar).
    pub fn get(&self, v: Val) -> Result<Vec<Val>, String> {
        if let Some(regs) = self.operand_regs.get(&key(v)) {
            return Ok(regs.clone());
        }
        self.values.get(&key(v)).cloned().ok_or_else(|| "an operand was not lowered (unsupported control flow?)".into())
    }
    /// Whether tensors and memdescs are also packed into structs
    /// (`packed-structs`: the IR is printed in the shape of Triton's).
    pub fn packed_structs(&self) -> bool {
        self.packed
    }
    /// The single value of scalar `v`.
    pub fn scalar(&self, v: Val) -> Result<Val, String> {
        Ok(self.get(v)?[0])
    }
    /// Records the registers of `v`.
    pub fn set(&mut self, v: Val, regs: Vec<Val>) {
        self.values.insert(key(v), regs);
    }

    /// The layout of tensor type `ty` (cached by type).
    pub fn layout(&mut self, ty: Ty) -> Result<std::rc::Rc<DistLayout>, String> {
        let k = ty.0.ptr as usize;
        if let Some(l) = self.layouts.get(&k) {
            return Ok(l.clone());
        }
        let l = std::rc::Rc::new(DistLayout::of(ty)?);
        self.layouts.insert(k, l.clone());
        Ok(l)
    }

    /// The number of values `ty` lowers to (see `expanded_types`).
    pub fn num_values(&mut self, ty: Ty) -> Result<usize, String> {
        if let Some(md) = tritium_dialects::ttg::bridge::memdesc_of(ty) {
            return Ok(1 + md.shape.len());
        }
        if ty.is_tensor() {
            Ok(self.layout(ty)?.num_regs())
        } else {
            Ok(1)
        }
    }

    /// The LLVM type of one element of `ty` (`ty` itself for a scalar).
    pub fn elem_ty(&self, ty: Ty) -> Result<Ty, String> {
        llvm_scalar_type(&self.e, ty.element())
    }

    /// The thread id, lane id and warp id (i32).
    pub fn thread_ids(&mut self) -> (Val, Val, Val) {
        let tid = self.target.thread_id(&mut self.e);
        let lane = self.e.and_i32(tid, i64::from(self.threads_per_warp - 1));
        let warp = self.e.lshr_i32(tid, self.threads_per_warp.trailing_zeros());
        (tid, lane, warp)
    }

    /// `acc ^ (XOR over the set bits i of the run-time i32 `id` of
    /// consts[i])`: the part of a linear map that a thread's lane or warp id
    /// (or any run-time index) contributes.
    pub fn xor_of_bits(&mut self, id: Val, consts: &[i64], acc: Option<Val>) -> Option<Val> {
        let bits: Vec<(u32, i64)> = consts.iter().enumerate().map(|(bit, &x)| (bit as u32, x)).collect();
        self.xor_of_shifted_bits(id, &bits, acc)
    }

    /// [`Self::xor_of_bits`] of the lane bits (`lanes`) and warp bits
    /// (`warps`) read from the thread id as one number (`tid = warp *
    /// threads_per_warp + lane`): a run of lane and warp bits that lands on
    /// consecutive coordinate bits is one mask and one shift of the thread
    /// id, as in Triton's lowering, which keeps the index arithmetic small
    /// enough for LLVM to see constant offsets between a thread's registers.
    pub fn xor_of_thread_bits(&mut self, lanes: &[i64], warps: &[i64], acc: Option<Val>) -> Option<Val> {
        if lanes.iter().chain(warps).all(|&x| x == 0) {
            return acc;
        }
        let lane_bits = self.threads_per_warp.trailing_zeros();
        let mut bits: Vec<(u32, i64)> = lanes.iter().enumerate().map(|(b, &x)| (b as u32, x)).collect();
        bits.extend(warps.iter().enumerate().map(|(b, &x)| (lane_bits + b as u32, x)));
        let tid = self.target.thread_id(&mut self.e);
        self.xor_of_shifted_bits(tid, &bits, acc)
    }

    /// `acc ^ (XOR over the set bits `b` of `id` of `x` for each `(b, x)`)`.
    /// Over GF(2) each set bit `t` of `x` is bit `b` of `id` moved by `t - b`,
    /// so the input bits are grouped by that distance: one `and` with the
    /// group's mask and one shift per distance (bits moved by the same
    /// distance land on distinct positions, so the group needs no XOR inside).
    fn xor_of_shifted_bits(&mut self, id: Val, bits: &[(u32, i64)], mut acc: Option<Val>) -> Option<Val> {
        let mut groups: std::collections::BTreeMap<i32, i64> = std::collections::BTreeMap::new();
        for &(bit, x) in bits {
            if x == 0 || bit >= 31 {
                continue;
            }
            if x < 0 {
                // Not a coordinate bit pattern this grouping can shift
                // (the sign bit): select the constant when the bit is set.
                let masked = self.e.and_i32(id, 1 << bit);
                let zero = self.e.i32_const(0);
                let set = self.e.icmp(ICmp::Ne, masked, zero);
                let c = self.e.i32_const(x);
                let term = self.e.select(set, c, zero);
                acc = Some(match acc {
                    Some(a) => self.e.xor(a, term),
                    None => term,
                });
                continue;
            }
            let mut rest = x;
            while rest != 0 {
                let t = rest.trailing_zeros() as i32;
                rest &= rest - 1;
                *groups.entry(t - bit as i32).or_insert(0) |= 1 << bit;
            }
        }
        for (shift, mask) in groups {
            let masked = self.e.and_i32(id, mask);
            let term = match shift.cmp(&0) {
                std::cmp::Ordering::Greater => self.e.shl_i32(masked, shift as u32),
                std::cmp::Ordering::Less => self.e.lshr_i32(masked, shift.unsigned_abs()),
                std::cmp::Ordering::Equal => masked,
            };
            acc = Some(match acc {
                Some(a) => self.e.xor(a, term),
                None => term,
            });
        }
        acc
    }

    /// Applies the combiner `region` (of a reduce or scan) to the values
    /// `a` and `b` (one per operand).
    pub fn combine(&mut self, region: MlirRegion, a: &[Val], b: &[Val]) -> Result<Vec<Val>, String> {
        let mut args = a.to_vec();
        args.extend_from_slice(b);
        self.inline_region(region, &args)
    }

    /// The coordinates the calling thread adds to every register's, per
    /// dimension (i32): `L(lane) ^ W(warp)`.
    pub fn thread_coords(&mut self, l: &DistLayout) -> Vec<Val> {
        let rank = l.shape.len();
        (0..rank)
            .map(|d| {
                let lanes: Vec<i64> = l.lanes.iter().map(|b| b[d]).collect();
                let warps: Vec<i64> = l.warps.iter().map(|b| b[d]).collect();
                self.xor_of_thread_bits(&lanes, &warps, None).unwrap_or_else(|| self.e.i32_const(0))
            })
            .collect()
    }

    /// An `i1` that is true in one thread of each group of threads holding
    /// the same elements of `l` (`None` when no thread holds a copy).
    pub fn unique_thread_pred(&mut self, l: &DistLayout) -> Option<Val> {
        let (lane_mask, warp_mask) = l.broadcast_masks();
        if lane_mask == 0 && warp_mask == 0 {
            return None;
        }
        let (_, lane, warp) = self.thread_ids();
        let zero = self.e.i32_const(0);
        let mut pred = None;
        for (id, mask) in [(lane, lane_mask), (warp, warp_mask)] {
            if mask != 0 {
                let m = self.e.and_i32(id, i64::from(mask));
                let c = self.e.icmp(ICmp::Eq, m, zero);
                pred = self.e.and_pred(pred, Some(c));
            }
        }
        pred
    }

    /// An `i1` true in thread 0 only.
    pub fn first_thread_pred(&mut self) -> Val {
        let tid = self.target.thread_id(&mut self.e);
        let zero = self.e.i32_const(0);
        self.e.icmp(ICmp::Eq, tid, zero)
    }

    /// The shared-memory scratch of `op` (`allocation.offset` bytes past the
    /// function's shared base), as a pointer in shared memory.
    pub fn scratch(&mut self, op: Op) -> Result<Val, String> {
        let offset = op
            .attr("allocation.offset")
            .and_then(|a| a.int())
            .ok_or_else(|| format!("'{}' needs shared memory but has no 'allocation.offset' (run allocate-shared-memory first)", op.name()))?;
        let off = self.e.i32_const(offset);
        let base = self.smem_base();
        let i8 = self.e.int_ty(8);
        Ok(self.e.gep(base, i8, off))
    }

    /// The address of byte `offset` of this program's global scratch
    /// (Triton's `getGlobalScratchPtr`): in a kernel, the scratch argument
    /// plus `linear program id × scratch_size` (the module's
    /// `ttg.global_scratch_memory_size`) plus `offset`, in i64; in a device
    /// function, its scratch argument (the caller's slice) plus `offset`.
    pub fn global_scratch_ptr(&mut self, offset: i64, scratch_size: i64) -> Val {
        let base = self.abi.1;
        let i8 = self.e.int_ty(8);
        let i64t = self.e.i64();
        if self.abi.0.is_some() {
            let off = self.e.const_int(i64t, offset);
            return self.e.gep(base, i8, off);
        }
        let ids: Vec<Val> = (0..3).map(|k| self.target.program_id(&mut self.e, k)).collect();
        let dims: Vec<Val> = (0..2).map(|k| self.target.num_programs(&mut self.e, k)).collect();
        let z = self.e.cast("llvm.zext", ids[2], i64t);
        let y = self.e.cast("llvm.zext", ids[1], i64t);
        let ny = self.e.cast("llvm.zext", dims[1], i64t);
        let zy = self.e.mul(z, ny);
        let linear = self.e.add(y, zy);
        let x = self.e.cast("llvm.zext", ids[0], i64t);
        let nx = self.e.cast("llvm.zext", dims[0], i64t);
        let scaled = self.e.mul(linear, nx);
        let linear = self.e.add(x, scaled);
        let size = self.e.const_int(i64t, scratch_size);
        let start = self.e.mul(linear, size);
        let off = self.e.const_int(i64t, offset);
        let at = self.e.add(start, off);
        self.e.gep(base, i8, at)
    }

    /// The size in bytes of `op`'s scratch (`allocation.size`), if recorded.
    pub fn scratch_size(op: Op) -> Option<i64> {
        op.attr("allocation.size").and_then(|a| a.int())
    }

    /// This function's shared-memory base pointer.
    pub fn smem_base(&mut self) -> Val {
        if let Some(b) = self.smem_base {
            return b;
        }
        let b = match self.abi.0 {
            Some(arg) => arg,
            None if self.packed => {
                // Triton's shape: the symbol's address where it is needed.
                let ptr = self.e.ptr_ty(self.target.shared_address_space());
                let sym = self.e.symbol_attr(SHARED_SYMBOL);
                return self.e.val("llvm.mlir.addressof", &[], ptr, &[("global_name", sym)]);
            }
            None => {
                // Materialized in the entry block so that it dominates every use.
                let ptr = self.e.ptr_ty(self.target.shared_address_space());
                let sym = self.e.symbol_attr(SHARED_SYMBOL);
                let saved = self.e.block();
                let entry = self.entry_block;
                let first = unsafe { mlirBlockGetFirstOperation(entry) };
                let op = tritium_dialects::rewrite::Rewriter::build(self.e.loc, "llvm.mlir.addressof", &[], &[ptr], &[("global_name", sym.0)], 0);
                unsafe {
                    if first.ptr.is_null() {
                        mlirBlockAppendOwnedOperation(entry, op.0);
                    } else {
                        mlirBlockInsertOwnedOperationBefore(entry, first, op.0);
                    }
                }
                self.e.set_block(saved);
                op.result(0)
            }
        };
        self.smem_base = Some(b);
        b
    }

    /// A barrier across the CTA.
    pub fn barrier(&mut self) {
        self.target.barrier(&mut self.e);
    }

    /// Allocates `ty` on the thread's stack, in the function's entry block.
    pub fn alloca(&mut self, ty: Ty) -> Val {
        let i64t = self.e.i64();
        let ptr = self.e.ptr_ty(0);
        let one_attr = self.e.int_attr(i64t, 1);
        let elem = self.e.type_attr(ty);
        let entry = self.entry_block;
        let first = unsafe { mlirBlockGetFirstOperation(entry) };
        let one = tritium_dialects::rewrite::Rewriter::build(self.e.loc, "llvm.mlir.constant", &[], &[i64t], &[("value", one_attr.0)], 0);
        let alloca = tritium_dialects::rewrite::Rewriter::build(self.e.loc, "llvm.alloca", &[one.result(0)], &[ptr], &[("elem_type", elem.0)], 0);
        unsafe {
            for op in [one, alloca] {
                if first.ptr.is_null() {
                    mlirBlockAppendOwnedOperation(entry, op.0);
                } else {
                    mlirBlockInsertOwnedOperationBefore(entry, first, op.0);
                }
            }
        }
        alloca.result(0)
    }

    /// Lowers the single block of `region` inline with `args` as its block
    /// arguments (scalars); returns the values its terminator yields.
    pub fn inline_region(&mut self, region: MlirRegion, args: &[Val]) -> Result<Vec<Val>, String> {
        let blocks = region_blocks(region);
        let [block] = blocks.as_slice() else {
            return Err("a combiner region must have exactly one block".into());
        };
        for (a, v) in block_arguments(*block).into_iter().zip(args) {
            self.set(a, vec![*v]);
        }
        let ops = block_ops(*block);
        let Some((term, body)) = ops.split_last() else {
            return Err("empty combiner region".into());
        };
        for op in body {
            self.lower_op(*op)?;
        }
        term.operands().into_iter().map(|v| self.scalar(v)).collect()
    }

    /// Lowers one op through its pattern, recording its results.
    pub fn lower_op(&mut self, op: Op) -> Result<(), String> {
        self.e.loc = op.location();
        let name = op.name();
        let pattern = self.patterns.get(name).copied().ok_or_else(|| format!("'{name}' has no lowering to LLVM"))?;
        let unpacked = self.unpack_operands(op)?;
        let results = pattern.lower(self, op)?;
        let op_results = op.results();
        if results.len() != op_results.len() {
            return Err(format!("lowering of '{name}' produced {} results, expected {}", results.len(), op_results.len()));
        }
        for (r, vals) in op_results.into_iter().zip(results) {
            self.pack_result(r, &vals, &unpacked)?;
            self.set(r, vals);
        }
        self.finish_unpacked(unpacked);
        Ok(())
    }

    /// Under `packed-structs`, reads every packed operand of `op` out of its
    /// struct (one `llvm.extractvalue` per field, before what the op's
    /// pattern emits), as Triton's patterns unpack their adaptor's
    /// operands; [`Self::get`] returns those fields while `op` is lowered.
    fn unpack_operands(&mut self, op: Op) -> Result<Unpacked, String> {
        let saved = std::mem::take(&mut self.operand_regs);
        let mut fields = Vec::new();
        if self.packed {
            for v in op.operands() {
                let k = key(v);
                let Some(agg) = self.structs.get(&k).copied() else { continue };
                if self.operand_regs.contains_key(&k) {
                    continue;
                }
                let types = expanded_types(&self.e, self.target, v.ty())?;
                let regs: Vec<Val> = types.iter().enumerate().map(|(i, t)| self.e.extract_value(agg, i as i64, *t)).collect();
                self.operand_regs.insert(k, regs.clone());
                fields.push((agg, regs));
            }
        }
        Ok(Unpacked { saved, fields })
    }

    /// Under `packed-structs`, packs the registers `regs` of result `r` into
    /// its struct (`llvm.mlir.undef` and one `llvm.insertvalue` each), or,
    /// where they are exactly the fields of an operand's struct of the same
    /// type (a view that moves nothing), takes that struct, as Triton's
    /// patterns replace such an op by their operand.
    fn pack_result(&mut self, r: Val, regs: &[Val], unpacked: &Unpacked) -> Result<(), String> {
        if !self.packed || !is_packed_type(r.ty()) {
            return Ok(());
        }
        let types = expanded_types(&self.e, self.target, r.ty())?;
        if types.len() != regs.len() {
            return Err(format!("a value of type {} lowered to {} registers, expected {}", r.ty(), regs.len(), types.len()));
        }
        let sty = self.e.struct_ty(&types);
        let same = |a: &[Val], b: &[Val]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(*y));
        if let Some((agg, _)) = unpacked.fields.iter().find(|(agg, f)| same(f, regs) && agg.ty() == sty) {
            self.structs.insert(key(r), *agg);
            return Ok(());
        }
        let mut agg = self.e.undef(sty);
        for (i, v) in regs.iter().enumerate() {
            agg = self.e.insert_value(agg, *v, i as i64);
        }
        self.structs.insert(key(r), agg);
        Ok(())
    }

    /// Ends an op's [`Self::unpack_operands`]: fields nothing used are
    /// erased (an op that forwards its operand's struct reads nothing).
    fn finish_unpacked(&mut self, unpacked: Unpacked) {
        let mut erased = Vec::new();
        for (_, regs) in &unpacked.fields {
            for v in regs.iter().rev() {
                if let (true, Some(def)) = (v.users().is_empty(), v.defining_op()) {
                    erased.push(*v);
                    unsafe { mlirOperationDestroy(def.0) };
                }
            }
        }
        if !erased.is_empty() {
            // A result that forwarded its operand's struct has no registers
            // of its own left: it is read through the struct.
            self.values.retain(|_, vals| !vals.iter().any(|x| erased.iter().any(|e| e.same(*x))));
        }
        self.operand_regs = unpacked.saved;
    }
}

/// The LLVM type of a scalar `tt`/builtin type.
pub fn llvm_scalar_type(e: &Emitter, ty: Ty) -> Result<Ty, String> {
    if ty.is_float() && ty.bit_width() < 16 {
        // fp8 (and narrower) formats have no LLVM type: their bits.
        return Ok(e.int_ty(ty.bit_width()));
    }
    if ty.is_integer() || ty.is_float() {
        return Ok(ty);
    }
    if ty.is_ptr() {
        return Ok(e.ptr_ty(ptr_address_space(ty)));
    }
    if unsafe { mlirTypeIsAIndex(ty.0) } {
        // Triton's lowering takes `index` as 32 bits.
        return Ok(e.i32());
    }
    Err(format!("type {ty} has no LLVM lowering"))
}

/// The address space of a `!tt.ptr` (1, global, unless written).
pub fn ptr_address_space(ty: Ty) -> u32 {
    let text = ty.to_string();
    // `!tt.ptr<f32>` or `!tt.ptr<f32, 3>`.
    text.rsplit_once(", ")
        .and_then(|(_, tail)| tail.trim_end_matches('>').parse().ok())
        .unwrap_or(1)
}

/// A `!ttg.memdesc` value as the lowering carries it: the base of its
/// buffer in shared memory and the view's offsets (one per dimension of the
/// view, in elements, in the coordinates of the allocation shape: a
/// `memdesc_subslice` adds to them, a `memdesc_index` moves `base` to the
/// selected buffer and drops the leading offset).
#[derive(Clone)]
pub struct MemDescValue {
    /// `!llvm.ptr<3>`.
    pub base: Val,
    /// `i32` offsets.
    pub offsets: Vec<Val>,
}

impl MemDescValue {
    /// Reads the value map's entry of a memdesc.
    pub fn from_values(values: &[Val]) -> Result<MemDescValue, String> {
        let (base, offsets) = values.split_first().ok_or("an empty memdesc value")?;
        Ok(MemDescValue { base: *base, offsets: offsets.to_vec() })
    }
    /// The value map's entry.
    pub fn to_values(&self) -> Vec<Val> {
        let mut v = vec![self.base];
        v.extend(&self.offsets);
        v
    }
}

/// The pass `convert-triton-gpu-to-llvm` (its options are Triton's).
pub struct ConvertTritonGPUToLLVM;

impl Pass for ConvertTritonGPUToLLVM {
    fn argument(&self) -> &'static str {
        "convert-triton-gpu-to-llvm"
    }
    fn run(&self, op: Op, options: &PassOptions) -> Result<(), ()> {
        let requested = options.int("compute-capability", 0).max(0) as u32;
        let target = op.attr("ttg.target").map(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) }.to_string());
        // Without `ttg.target` the module is lowered as Triton's pass does:
        // for the target a registered backend names from the option.
        let target = match target {
            Some(t) => t,
            None => match untargeted_module_target(requested) {
                Some(t) => t,
                None => {
                    emit_error(op, "convert-triton-gpu-to-llvm: the module has no ttg.target and no backend of this library lowers such modules");
                    return Err(());
                }
            },
        };
        let options = TargetOptions {
            target,
            arch: requested,
            asm_version: options.int("ptx-version", 0).max(0) as u32,
            packed_structs: options.bool("packed-structs", true),
        };
        lower_module(op, &options)
    }
}

/// The integer module attribute `name`, or `default`.
fn module_int(module: Op, name: &str, default: i64) -> i64 {
    module.attr(name).and_then(|a| a.int()).unwrap_or(default)
}

thread_local! {
    /// The target of the lowering running on this thread (see [`lowering_target`]).
    static LOWERING_TARGET: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// The options of the lowering running on this thread (see [`lowering_options`]).
    static LOWERING_OPTIONS: std::cell::RefCell<Option<TargetOptions>> = const { std::cell::RefCell::new(None) };
}

/// The target (`ttg.target` form) of the lowering running on this thread:
/// the module's `ttg.target`, or for a module without one the target the
/// pass chose from its options. A backend reads it where the module does not
/// say (`None` outside a lowering).
pub fn lowering_target() -> Option<String> {
    LOWERING_TARGET.with(|t| t.borrow().clone())
}

/// The options of the lowering running on this thread (`None` outside a
/// lowering): a backend reads the version of its instruction set there.
pub fn lowering_options() -> Option<TargetOptions> {
    LOWERING_OPTIONS.with(|o| o.borrow().clone())
}

/// Lowers every `tt.func` of `module` (see the module documentation).
pub fn lower_module(module: Op, options: &TargetOptions) -> Result<(), ()> {
    let previous = LOWERING_TARGET.with(|t| t.replace(Some(options.target.clone())));
    let previous_options = LOWERING_OPTIONS.with(|o| o.replace(Some(options.clone())));
    let result = lower_module_for(module, options);
    LOWERING_TARGET.with(|t| *t.borrow_mut() = previous);
    LOWERING_OPTIONS.with(|o| *o.borrow_mut() = previous_options);
    result
}

fn lower_module_for(module: Op, options: &TargetOptions) -> Result<(), ()> {
    let Some(target) = target_for(&options.target) else {
        let known = registered_targets().join(", ");
        emit_error(module, &format!("convert-triton-gpu-to-llvm: no backend for target '{}' (known: {known})", options.target));
        return Err(());
    };
    if let Err(msg) = target.check(options) {
        emit_error(module, &format!("convert-triton-gpu-to-llvm: {msg}"));
        return Err(());
    }
    let num_warps = module_int(module, "ttg.num-warps", 4) as u32;
    let threads_per_warp = module_int(module, "ttg.threads-per-warp", 32) as u32;
    if !num_warps.is_power_of_two() || !threads_per_warp.is_power_of_two() {
        emit_error(module, "convert-triton-gpu-to-llvm: warps and threads per warp must be powers of two");
        return Err(());
    }
    let mut patterns: HashMap<&'static str, &'static dyn LowerPattern> = HashMap::new();
    let overrides = target.patterns();
    for p in core_patterns() {
        let chosen = overrides.iter().copied().find(|o| o.name() == p.name()).unwrap_or(p);
        for root in chosen.roots() {
            patterns.insert(root, chosen);
        }
    }
    for o in &overrides {
        if !core_patterns().iter().any(|p| p.name() == o.name()) {
            for root in o.roots() {
                patterns.insert(root, *o);
            }
        }
    }
    let axis = AxisInfoAnalysis::run(module);
    let Some(body) = module.entry_block(0) else { return Ok(()) };
    for top in block_ops(body) {
        if top.name() == "tt.func" {
            continue;
        }
        if let Some(bad) = first_unlowered(top, target) {
            let place = match top.name() {
                n if top.same(bad) => format!("at the module's top level ('{n}')"),
                n => format!("inside '{n}'"),
            };
            emit_error(
                bad,
                &format!("'{}' {place} is not lowered: convert-triton-gpu-to-llvm lowers the ops of tt.func bodies only", bad.name()),
            );
            return Err(());
        }
    }
    let funcs: Vec<Op> = block_ops(body).into_iter().filter(|o| o.name() == "tt.func").collect();
    let mut created: Vec<(Op, String)> = Vec::new();
    for f in &funcs {
        match lower_func(*f, body, target, &axis, &patterns, (num_warps, threads_per_warp), options.packed_structs) {
            Ok(new) => created.push(new),
            Err((loc, msg)) => {
                for (op, _) in created {
                    unsafe { mlirOperationDestroy(op.0) };
                }
                emit_error_at(loc, &msg);
                return Err(());
            }
        }
    }
    for f in funcs {
        unsafe { mlirOperationDestroy(f.0) };
    }
    let ctx = module.context();
    for (op, name) in &created {
        op.set_attr("sym_name", Attr::string(ctx, name));
    }
    let has_smem = block_ops(body).iter().any(|o| {
        o.name() == "llvm.mlir.global" && o.attr("sym_name").is_some_and(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) } == SHARED_SYMBOL)
    });
    if !has_smem {
        let mut e = Emitter::new(ctx, module.location());
        let i8 = e.int_ty(8);
        let arr = e.array_ty(i8, 0);
        let attrs = [
            ("sym_name", e.str_attr(SHARED_SYMBOL)),
            ("global_type", e.type_attr(arr)),
            ("linkage", e.attr("#llvm.linkage<external>")),
            ("addr_space", e.int_attr(e.i32(), i64::from(target.shared_address_space()))),
            ("alignment", e.int_attr(e.i64(), 16)),
        ];
        let raw: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        let g = tritium_dialects::rewrite::Rewriter::build(module.location(), "llvm.mlir.global", &[], &[], &raw, 1);
        unsafe {
            let first = mlirBlockGetFirstOperation(body);
            if first.ptr.is_null() {
                mlirBlockAppendOwnedOperation(body, g.0);
            } else {
                mlirBlockInsertOwnedOperationBefore(body, first, g.0);
            }
        }
    }
    Ok(())
}

/// The input and result types of a `tt.func`.
fn func_signature(func: Op) -> Result<(Vec<Ty>, Vec<Ty>), String> {
    let fty = func.attr("function_type").ok_or("tt.func without a function_type")?;
    unsafe {
        let t = mlirTypeAttrGetValue(fty.0);
        let inputs = (0..mlirFunctionTypeGetNumInputs(t)).map(|i| Ty(mlirFunctionTypeGetInput(t, i))).collect();
        let results = (0..mlirFunctionTypeGetNumResults(t)).map(|i| Ty(mlirFunctionTypeGetResult(t, i))).collect();
        Ok((inputs, results))
    }
}

/// The symbol name of a symbol op.
fn symbol_name(op: Op) -> String {
    op.attr("sym_name").map(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) }.to_string()).unwrap_or_default()
}

/// Whether a `tt.func` is a kernel (public).
fn is_kernel(func: Op) -> bool {
    func.attr("sym_visibility").map(|a| unsafe { str_of(mlirStringAttrGetValue(a.0)) } != "private").unwrap_or(true)
}

/// Whether a block argument of type `ty` (outside the entry block) is one
/// LLVM struct of its registers, as Triton's type conversion makes every
/// tensor, rather than one argument per register. The optimizer splits the
/// struct's phi into per-register phis again, in register order; separate
/// phis would come out of loop rotation in reverse order (its SSA updater
/// inserts each new phi at the block's start), which numbers a loop's
/// accumulators backwards and changes how the assembler schedules them.
fn carried_as_struct(ty: Ty) -> bool {
    ty.is_tensor()
}

/// The expanded LLVM types of values of type `ty`:
/// - a tensor: one value per register the thread holds;
/// - a `!ttg.memdesc` of rank r: the shared-memory base of its buffer
///   (`!llvm.ptr<3>`) then r `i32` offsets, the view's start in the
///   coordinates of its allocation shape (see [`MemDescValue`]);
/// - a `!ttg.async.token`: one `i32` (unused; it only orders ops);
/// - a `!tt.tensordesc`: the target's descriptor handle
///   ([`TargetInfo::tensor_descriptor_type`]);
/// - a type of the target's own dialects: what the target says
///   ([`TargetInfo::target_type`]);
/// - a scalar: itself.
fn expanded_types(e: &Emitter, target: &dyn TargetInfo, ty: Ty) -> Result<Vec<Ty>, String> {
    if ty.is_tensordesc() {
        return target
            .tensor_descriptor_type(e, ty)
            .map(|t| vec![t])
            .ok_or_else(|| format!("type {ty} has no LLVM lowering on target '{}'", target.name()));
    }
    if let Some(t) = target.target_type(e, ty) {
        return Ok(vec![t]);
    }
    if let Some(md) = tritium_dialects::ttg::bridge::memdesc_of(ty) {
        let mut v = vec![e.ptr_ty(3)];
        v.extend(std::iter::repeat(e.i32()).take(md.shape.len()));
        return Ok(v);
    }
    if tritium_dialects::ttg::bridge::is_async_token(ty) {
        return Ok(vec![e.i32()]);
    }
    let elem = llvm_scalar_type(e, ty.element())?;
    if ty.is_tensor() {
        Ok(vec![elem; DistLayout::of(ty)?.num_regs()])
    } else {
        Ok(vec![elem])
    }
}

/// The parameter types of a function argument of type `ty`: its
/// [`expanded_types`], except that a kernel takes a `!ttg.memdesc` as one
/// struct of them (base, offsets), as Triton's kernels do.
fn param_types(e: &Emitter, target: &dyn TargetInfo, ty: Ty, kernel: bool, packed: bool) -> Result<Vec<Ty>, String> {
    let types = expanded_types(e, target, ty)?;
    if (kernel || packed) && tritium_dialects::ttg::bridge::memdesc_of(ty).is_some() {
        return Ok(vec![e.struct_ty(&types)]);
    }
    if packed && ty.is_tensor() {
        return Ok(vec![e.struct_ty(&types)]);
    }
    Ok(types)
}

type LowerError = (MlirLocation, String);

/// Lowers one `tt.func` into a new `llvm.func` inserted before it; returns
/// the new op and the name it must get once the old function is gone.
#[allow(clippy::too_many_arguments)]
fn lower_func(
    func: Op,
    body: MlirBlock,
    target: &dyn TargetInfo,
    axis: &AxisInfoAnalysis,
    patterns: &HashMap<&'static str, &'static dyn LowerPattern>,
    (num_warps, threads_per_warp): (u32, u32),
    packed: bool,
) -> Result<(Op, String), LowerError> {
    let floc = func.location();
    let ctx = func.context();
    let name = symbol_name(func);
    let kernel = is_kernel(func);
    let mut e = Emitter::new(ctx, floc);
    e.set_module_body(body);
    let (inputs, results) = func_signature(func).map_err(|m| (floc, m))?;
    let mut params = Vec::new();
    for t in &inputs {
        params.extend(param_types(&e, target, *t, kernel, packed).map_err(|m| (floc, m))?);
    }
    let num_user_params = params.len();
    let global = e.ptr_ty(1);
    if !kernel {
        params.push(e.ptr_ty(target.shared_address_space()));
    }
    params.push(global);
    params.push(global);
    let mut flat_results = Vec::new();
    for t in &results {
        flat_results.extend(expanded_types(&e, target, *t).map_err(|m| (floc, m))?);
    }
    let result_ty = match flat_results.len() {
        0 => e.void_ty(),
        1 => flat_results[0],
        _ => e.struct_ty(&flat_results),
    };
    let fty = e.func_ty(result_ty, &params);
    let linkage = if kernel { "#llvm.linkage<external>" } else { "#llvm.linkage<internal>" };
    let mut attrs = vec![
        ("sym_name", e.str_attr(&format!("__tritium_lowering.{name}"))),
        ("function_type", e.type_attr(fty)),
        ("linkage", e.attr(linkage)),
    ];
    if func.attr("noinline").and_then(|a| a.bool()) == Some(true) {
        attrs.push(("passthrough", e.attr("[\"noinline\"]")));
    }
    // A kernel's parameters may carry the target's attributes (e.g. a
    // descriptor passed by value); a scalar parameter keeps the attributes
    // of its `tt.func` argument (`tt.divisibility`, ...) and a scalar
    // pointer gets the type it points to (`tt.pointee_type`), as Triton's
    // lowering does. Every parameter gets a dictionary then.
    {
        let arg_attrs = func.attr("arg_attrs");
        let mut dicts = Vec::with_capacity(params.len());
        let mut any = false;
        for (i, t) in inputs.iter().enumerate() {
            let n = param_types(&e, target, *t, kernel, packed).map_err(|m| (floc, m))?.len();
            let mut own = Vec::new();
            if n == 1 && !t.is_tensor() {
                if let Some(list) = arg_attrs {
                    let dict = unsafe { Attr(mlirArrayAttrGetElement(list.0, i as isize)) };
                    let text = dict.to_string();
                    let body = text.trim().trim_start_matches('{').trim_end_matches('}').trim();
                    if !body.is_empty() {
                        own.push(body.to_string());
                    }
                    own.extend(target.param_attrs_from_arg(&e, *t, dict, kernel).map_err(|m| (floc, m))?);
                }
            }
            if kernel && n == 1 {
                own.extend(target.kernel_param_attrs(&e, *t).map_err(|m| (floc, m))?);
            }
            if let Some(pointee) = tritium_dialects::tt::types::pointee(*t).filter(|_| !t.is_tensor()) {
                own.push(format!("tt.pointee_type = {pointee}"));
            }
            any |= !own.is_empty();
            dicts.push(format!("{{{}}}", own.join(", ")));
            dicts.extend(std::iter::repeat_n("{}".to_string(), n.saturating_sub(1)));
        }
        if any {
            dicts.extend(std::iter::repeat_n("{}".to_string(), params.len() - num_user_params));
            let text = format!("[{}]", dicts.join(", "));
            let parsed = e.attr(&text);
            if parsed.0.ptr.is_null() {
                return Err((floc, format!("bad kernel parameter attributes {text}")));
            }
            attrs.push(("arg_attrs", parsed));
        }
    }
    let raw: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
    let new = tritium_dialects::rewrite::Rewriter::build(floc, "llvm.func", &[], &[], &raw, 1);
    unsafe { mlirBlockInsertOwnedOperationBefore(body, func.0, new.0) };
    let fail = |err: LowerError| {
        unsafe { mlirOperationDestroy(new.0) };
        err
    };
    if kernel {
        target.mark_kernel(&mut e, new, num_warps * threads_per_warp);
    }
    // Blocks, with their expanded arguments.
    let region = new.region(0);
    let old_blocks = region_blocks(func.region(0));
    let mut blocks = HashMap::new();
    let mut new_blocks = Vec::new();
    for (i, b) in old_blocks.iter().enumerate() {
        let types = if i == 0 {
            params.clone()
        } else {
            let mut t = Vec::new();
            for a in block_arguments(*b) {
                let types = expanded_types(&e, target, a.ty()).map_err(|m| fail((floc, m)))?;
                if carried_as_struct(a.ty()) {
                    t.push(e.struct_ty(&types));
                } else {
                    t.extend(types);
                }
            }
            t
        };
        let nb = e.append_block(region, &types);
        blocks.insert(b.ptr as usize, nb);
        new_blocks.push(nb);
    }
    let Some(&entry) = new_blocks.first() else {
        return Err(fail((floc, format!("function '{name}' has no body"))));
    };
    let entry_args = block_arguments(entry);
    let abi = if kernel {
        (None, entry_args[num_user_params], entry_args[num_user_params + 1])
    } else {
        (Some(entry_args[num_user_params]), entry_args[num_user_params + 1], entry_args[num_user_params + 2])
    };
    let mut cx = Lowering {
        e,
        target,
        axis,
        num_warps,
        threads_per_warp,
        smem_base: None,
        abi,
        values: HashMap::new(),
        blocks,
        patterns,
        layouts: HashMap::new(),
        entry_block: entry,
        packed,
        structs: HashMap::new(),
        operand_regs: HashMap::new(),
    };
    let mut struct_args = HashMap::new();
    for (i, (b, nb)) in old_blocks.iter().zip(&new_blocks).enumerate() {
        let new_args = block_arguments(*nb);
        let mut next = 0usize;
        for a in block_arguments(*b) {
            let n = cx.num_values(a.ty()).map_err(|m| fail((floc, m)))?;
            if i == 0 && packed && is_packed_type(a.ty()) {
                // One struct parameter, unpacked where an op reads it.
                cx.structs.insert(key(a), new_args[next]);
                next += 1;
                continue;
            }
            if i == 0 && kernel && tritium_dialects::ttg::bridge::memdesc_of(a.ty()).is_some() {
                // One struct parameter: its fields, read at the entry.
                cx.e.set_block(*nb);
                let types = expanded_types(&cx.e, target, a.ty()).map_err(|m| fail((floc, m)))?;
                let fields = types.iter().enumerate().map(|(k, t)| cx.e.extract_value(new_args[next], k as i64, *t)).collect();
                cx.set(a, fields);
                next += 1;
                continue;
            }
            if i > 0 && carried_as_struct(a.ty()) {
                // One struct argument, read in each block that uses it.
                struct_args.insert(key(a), (a, new_args[next]));
                next += 1;
                continue;
            }
            cx.set(a, new_args[next..next + n].to_vec());
            next += n;
        }
    }
    for (b, nb) in old_blocks.iter().zip(&new_blocks) {
        cx.e.set_block(*nb);
        // The struct arguments this block reads, extracted at its start (in
        // the blocks that use them, as Triton's patterns read a struct where
        // they use it: a loop header then defines no per-register values
        // that loop rotation would have to turn into phis one by one).
        let mut read = Vec::new();
        for op in block_ops(*b) {
            for v in op.operands() {
                if let Some(&(a, agg)) = struct_args.get(&key(v)) {
                    if !read.iter().any(|(k, _, _)| *k == key(v)) {
                        read.push((key(v), a, agg));
                    }
                }
            }
        }
        for (_, a, agg) in read {
            let types = expanded_types(&cx.e, target, a.ty()).map_err(|m| fail((floc, m)))?;
            let fields = types.iter().enumerate().map(|(k, t)| cx.e.extract_value(agg, k as i64, *t)).collect();
            cx.set(a, fields);
        }
        for op in block_ops(*b) {
            let loc = op.location();
            cx.lower_any(op, result_ty).map_err(|m| fail((loc, m)))?;
        }
    }
    Ok((new, name))
}

impl Lowering<'_> {
    /// Lowers `op`, handling the ops that need the function's structure
    /// (terminators, calls) here and the rest through the patterns.
    fn lower_any(&mut self, op: Op, result_ty: Ty) -> Result<(), String> {
        self.e.loc = op.location();
        match op.name() {
            "tt.return" | "cf.br" | "cf.cond_br" | "tt.call" => {
                let unpacked = self.unpack_operands(op)?;
                self.lower_structural(op, result_ty)?;
                for r in op.results() {
                    let regs = self.get(r)?;
                    self.pack_result(r, &regs, &unpacked)?;
                }
                self.finish_unpacked(unpacked);
                Ok(())
            }
            _ => self.lower_op(op),
        }
    }

    /// [`Self::lower_any`] of the ops that need the function's structure.
    fn lower_structural(&mut self, op: Op, result_ty: Ty) -> Result<(), String> {
        match op.name() {
            "tt.return" => {
                let mut vals = Vec::new();
                for v in op.operands() {
                    vals.extend(self.get(v)?);
                }
                match vals.len() {
                    0 => self.e.ret(None),
                    1 => self.e.ret(Some(vals[0])),
                    _ => {
                        let mut agg = self.e.undef(result_ty);
                        for (i, v) in vals.iter().enumerate() {
                            agg = self.e.insert_value(agg, *v, i as i64);
                        }
                        self.e.ret(Some(agg));
                    }
                }
                Ok(())
            }
            "cf.br" => {
                let dest = self.successor(op, 0)?;
                let args = self.branch_args(&op.operands())?;
                self.e.br(dest, &args);
                Ok(())
            }
            "cf.cond_br" => {
                let operands = op.operands();
                let n_true = op.segment_size(1) as usize;
                let cond = self.scalar(operands[0])?;
                let targs = self.branch_args(&operands[1..1 + n_true])?;
                let fargs = self.branch_args(&operands[1 + n_true..])?;
                let t = self.successor(op, 0)?;
                let f = self.successor(op, 1)?;
                self.e.cond_br(cond, t, &targs, f, &fargs);
                Ok(())
            }
            "tt.call" => self.lower_call(op),
            name => Err(format!("'{name}' is not a structural op")),
        }
    }

    /// The new block of successor `i` of `op`.
    fn successor(&self, op: Op, i: isize) -> Result<MlirBlock, String> {
        let b = unsafe { mlirOperationGetSuccessor(op.0, i) };
        self.blocks.get(&(b.ptr as usize)).copied().ok_or_else(|| "branch to a block outside the function".into())
    }

    /// The arguments a branch passes for `values`: the registers of each,
    /// a tensor's packed into one struct ([`carried_as_struct`]).
    fn branch_args(&mut self, values: &[Val]) -> Result<Vec<Val>, String> {
        let mut out = Vec::new();
        for v in values {
            let regs = self.get(*v)?;
            if carried_as_struct(v.ty()) {
                let types: Vec<Ty> = regs.iter().map(|r| r.ty()).collect();
                let ty = self.e.struct_ty(&types);
                let mut agg = self.e.undef(ty);
                for (k, r) in regs.iter().enumerate() {
                    agg = self.e.insert_value(agg, *r, k as i64);
                }
                out.push(agg);
            } else {
                out.extend(regs);
            }
        }
        Ok(out)
    }

    /// The concatenated registers of `values`.
    fn flatten(&self, values: &[Val]) -> Result<Vec<Val>, String> {
        let mut out = Vec::new();
        for v in values {
            out.extend(self.get(*v)?);
        }
        Ok(out)
    }

    /// `tt.call`: expanded arguments plus the callee's ABI pointers.
    fn lower_call(&mut self, op: Op) -> Result<(), String> {
        let callee = op
            .attr("callee")
            .map(|a| unsafe { str_of(mlirSymbolRefAttrGetRootReference(a.0)) }.to_string())
            .ok_or("tt.call without a callee")?;
        let mut args = self.flatten(&op.operands())?;
        let smem = match op.attr("allocation.offset").and_then(|a| a.int()) {
            // The callee's shared memory starts at the call's offset from
            // this function's base, which a kernel takes from the symbol at
            // the call (as Triton's lowering writes it).
            Some(offset) => {
                let off = self.e.i32_const(offset);
                let base = match self.abi.0 {
                    Some(arg) => arg,
                    None => {
                        let ptr = self.e.ptr_ty(self.target.shared_address_space());
                        let sym = self.e.symbol_attr(SHARED_SYMBOL);
                        self.e.val("llvm.mlir.addressof", &[], ptr, &[("global_name", sym)])
                    }
                };
                let i8 = self.e.int_ty(8);
                self.e.gep(base, i8, off)
            }
            None => self.smem_base(),
        };
        args.push(smem);
        // The callee's global scratch starts at the call's offset
        // (tritongpu-global-scratch-memory-allocation) in this program's
        // slice; a kernel without global scratch passes its argument on.
        let module_size = op
            .enclosing_module()
            .and_then(|m| m.attr("ttg.global_scratch_memory_size"))
            .and_then(|a| a.int())
            .unwrap_or(0);
        let scratch = match op.attr("ttg.global_scratch_memory_offset").and_then(|a| a.int()) {
            _ if self.abi.0.is_none() && module_size == 0 => self.abi.1,
            Some(offset) => self.global_scratch_ptr(offset, module_size),
            None if self.abi.0.is_none() => self.global_scratch_ptr(0, module_size),
            None => self.abi.1,
        };
        args.push(scratch);
        args.push(self.abi.2);
        let mut flat = Vec::new();
        for r in op.results() {
            flat.extend(expanded_types(&self.e, self.target, r.ty())?);
        }
        let result = match flat.len() {
            0 => None,
            1 => Some(flat[0]),
            _ => Some(self.e.struct_ty(&flat)),
        };
        let ret = self.e.call(&callee, &args, result);
        let values: Vec<Val> = match (flat.len(), ret) {
            (0, _) | (_, None) => Vec::new(),
            (1, Some(v)) => vec![v],
            (_, Some(agg)) => flat.iter().enumerate().map(|(i, t)| self.e.extract_value(agg, i as i64, *t)).collect(),
        };
        let mut next = 0;
        for r in op.results() {
            let n = self.num_values(r.ty())?;
            self.set(r, values[next..next + n].to_vec());
            next += n;
        }
        Ok(())
    }
}
