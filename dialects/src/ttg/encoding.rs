//! The `ttg` encodings as plain Rust data.
//!
//! The attributes themselves live in MLIR (declared in
//! `dialects/ttg/TritonGPUAttrs.td`); the bridge (`bridge.rs`) reads each one
//! into an [`Encoding`] and builds attributes back from one. Everything that
//! reasons about an encoding — its verifier, its [`LinearLayout`]
//! (`to_linear.rs`), layout inference — works on this model, never on the C++
//! attribute.
use super::linear_layout::LinearLayout;

/// The CGA (cooperative grid array) part of an encoding: which CTA of the
/// cluster holds which part of the tensor, as the bases of the `block` input
/// dimension over the tensor's dimensions (one vector of `rank` entries per
/// basis, each entry a multiplier of that dimension's per-CTA tile).
///
/// No bases means one CTA, which is what an encoding without a `CGALayout`
/// key means.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cga {
    /// The bases of `block`; each has one entry per tensor dimension.
    pub bases: Vec<Vec<i32>>,
}

impl Cga {
    /// The number of CTAs the layout spreads over (2^number of bases).
    pub fn num_ctas(&self) -> u64 {
        1u64 << self.bases.len().min(63)
    }
}

/// Every encoding and memory-space attribute of `ttg`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `#ttg.blocked`.
    Blocked {
        size_per_thread: Vec<u32>,
        threads_per_warp: Vec<u32>,
        warps_per_cta: Vec<u32>,
        /// Fastest-varying dimension first.
        order: Vec<u32>,
        cga: Cga,
    },
    /// `#ttg.slice`: `parent` with dimension `dim` removed.
    Slice { dim: u32, parent: Box<Encoding> },
    /// `#ttg.dot_op`: operand `op_idx` (0 = A, 1 = B) of a dot whose result
    /// has encoding `parent`; `k_width` 0 means unset.
    DotOperand { op_idx: u32, parent: Box<Encoding>, k_width: u32 },
    /// `#ttg.nvidia_mma` (version 2 = Ampere mma.sync, 3 = Hopper wgmma, 5 = Blackwell).
    NvidiaMma {
        version_major: u32,
        version_minor: u32,
        warps_per_cta: Vec<u32>,
        cga: Cga,
        instr_shape: Vec<u32>,
    },
    /// `#ttg.amd_mfma`.
    AmdMfma {
        version: u32,
        warps_per_cta: Vec<u32>,
        instr_shape: Vec<u32>,
        is_transposed: bool,
        cga: Cga,
        /// Empty means all ones.
        tiles_per_warp: Vec<u32>,
        /// 0 means unset (32-bit elements).
        element_bit_width: u32,
    },
    /// `#ttg.amd_wmma`; `cta_layout` maps the `register` and `warp` input dims
    /// to `dim0..` (its registers repeat the instruction tile).
    AmdWmma {
        version: u32,
        cta_layout: LinearLayout,
        is_transposed: bool,
        cga: Cga,
        instr_shape: Vec<u32>,
    },
    /// `#ttg.linear`: in-dims `register, lane, warp, block` → `dim0..`.
    Linear(LinearLayout),
    /// `#ttg.generic_linear`: like `Linear` without its restrictions.
    GenericLinear(LinearLayout),
    /// `#ttg.swizzled_shared`.
    SwizzledShared { vec: u32, per_phase: u32, max_phase: u32, order: Vec<u32>, cga: Cga },
    /// `#ttg.amd_rotating_shared`.
    AmdRotatingShared { vec: u32, per_phase: u32, max_phase: u32, order: Vec<u32>, cga: Cga },
    /// `#ttg.nvmma_shared`; `rank` is the tensor rank it serves (the CGA has
    /// `rank` entries per basis when it has bases).
    NvmmaShared {
        swizzling_byte_width: u32,
        transposed: bool,
        element_bit_width: u32,
        fp4_padded: bool,
        cga: Cga,
        rank: u32,
    },
    /// `#ttg.padded_shared`: after every `intervals[i]` elements, `paddings[i]`
    /// elements of padding; `linear_component` maps in-dims `offset, block`
    /// to `dim0..`.
    PaddedShared { intervals: Vec<u32>, paddings: Vec<u32>, linear_component: LinearLayout },
    /// `#ttg.partitioned_shared`.
    PartitionedShared {
        num_partitions: u32,
        num_groups: u32,
        partition_dim: u32,
        partition_layout: Box<Encoding>,
    },
    /// `#ttg.shared_linear`: in-dims `offset, block` → `dim0..`.
    SharedLinear { layout: LinearLayout, alignment: u32 },
    /// `#ttg.shared_memory`, the shared-memory space of `!ttg.memdesc`.
    SharedMemory,
}

impl Encoding {
    /// Whether this is a distributed (register) encoding, which tensors may carry.
    pub fn is_distributed(&self) -> bool {
        matches!(
            self,
            Encoding::Blocked { .. }
                | Encoding::Slice { .. }
                | Encoding::DotOperand { .. }
                | Encoding::NvidiaMma { .. }
                | Encoding::AmdMfma { .. }
                | Encoding::AmdWmma { .. }
                | Encoding::Linear(_)
                | Encoding::GenericLinear(_)
        )
    }

    /// Whether this is a shared-memory encoding, which memdescs carry.
    pub fn is_shared(&self) -> bool {
        matches!(
            self,
            Encoding::SwizzledShared { .. }
                | Encoding::AmdRotatingShared { .. }
                | Encoding::NvmmaShared { .. }
                | Encoding::PaddedShared { .. }
                | Encoding::PartitionedShared { .. }
                | Encoding::SharedLinear { .. }
        )
    }

    /// Whether this is an MMA encoding (a valid `dot_op` parent other than blocked).
    pub fn is_mma(&self) -> bool {
        matches!(self, Encoding::NvidiaMma { .. } | Encoding::AmdMfma { .. } | Encoding::AmdWmma { .. })
    }

    /// The mnemonic the attribute prints with (`blocked`, `slice`, …).
    pub fn mnemonic(&self) -> &'static str {
        match self {
            Encoding::Blocked { .. } => "blocked",
            Encoding::Slice { .. } => "slice",
            Encoding::DotOperand { .. } => "dot_op",
            Encoding::NvidiaMma { .. } => "nvidia_mma",
            Encoding::AmdMfma { .. } => "amd_mfma",
            Encoding::AmdWmma { .. } => "amd_wmma",
            Encoding::Linear(_) => "linear",
            Encoding::GenericLinear(_) => "generic_linear",
            Encoding::SwizzledShared { .. } => "swizzled_shared",
            Encoding::AmdRotatingShared { .. } => "amd_rotating_shared",
            Encoding::NvmmaShared { .. } => "nvmma_shared",
            Encoding::PaddedShared { .. } => "padded_shared",
            Encoding::PartitionedShared { .. } => "partitioned_shared",
            Encoding::SharedLinear { .. } => "shared_linear",
            Encoding::SharedMemory => "shared_memory",
        }
    }
}
