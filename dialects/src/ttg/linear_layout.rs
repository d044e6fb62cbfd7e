//! Linear layouts: the algebra `ttg` encodings are expressed in.
//!
//! A [`LinearLayout`] is a linear map over GF(2) from named *input* dimensions
//! (`register`, `lane`, `warp`, `block`, or `offset` for shared memory) to
//! named *output* dimensions (`dim0`, `dim1`, …). Every dimension has a
//! power-of-two size. An input dimension of size 2^k is described by k basis
//! vectors: basis `j` is the image of input value `1 << j` (one integer per
//! output dimension). The image of any input is the XOR of the bases of its set
//! bits, taken per output dimension; a zero basis therefore means broadcast.
//!
//! Conventions used throughout:
//!
//! * Dimension order is significant and preserved (structural equality
//!   compares it).
//! * Whenever several dimensions are *flattened* into one index (the `*_flat`
//!   helpers, [`LinearLayout::reshape_ins`], [`LinearLayout::reshape_outs`],
//!   the GF(2) matrix view), the first dimension is the least significant
//!   (fastest varying) one.
//! * A single dimension holds at most 2^30 elements (sizes are `i32`), and a
//!   layout has at most 63 input bits and 63 output bits in total, so flat
//!   indices and sizes always fit a `u64`.
//!
//! The linear algebra (rank, inversion, pseudo-inverses) is done by the small
//! GF(2) toolkit in [`gf2`].
use std::error::Error;
use std::fmt;
use std::ops::Mul;

/// Largest log2 of the size of a single dimension (sizes are `i32`).
pub const MAX_DIM_LOG2: u32 = 30;

/// Largest total number of input bits, and of output bits, of one layout.
pub const MAX_TOTAL_LOG2: u32 = 63;

/// Why a layout could not be built or an operation on layouts is undefined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// A dimension size is zero or negative.
    NonPositiveSize {
        /// The dimension.
        dim: String,
        /// The rejected size.
        size: i64,
    },
    /// A dimension size is not a power of two.
    NotPowerOfTwo {
        /// The dimension.
        dim: String,
        /// The rejected size.
        size: i64,
    },
    /// A dimension would hold more than 2^[`MAX_DIM_LOG2`] elements.
    SizeTooLarge {
        /// The dimension.
        dim: String,
        /// log2 of the size it would need.
        log2: u32,
    },
    /// The layout would have more than [`MAX_TOTAL_LOG2`] input or output bits.
    TooManyBits {
        /// `"input"` or `"output"`.
        side: &'static str,
        /// The number of bits it would have.
        bits: u32,
    },
    /// Two input dimensions share a name.
    DuplicateInDim(String),
    /// Two output dimensions share a name.
    DuplicateOutDim(String),
    /// A basis vector does not have one entry per output dimension.
    BasisArity {
        /// The input dimension the basis belongs to.
        in_dim: String,
        /// The basis' index within its input dimension.
        index: usize,
        /// The number of output dimensions.
        expected: usize,
        /// The number of entries it has.
        found: usize,
    },
    /// A basis entry is negative or not smaller than its output dimension.
    BasisOutOfRange {
        /// The input dimension the basis belongs to.
        in_dim: String,
        /// The basis' index within its input dimension.
        index: usize,
        /// The output dimension of the offending entry.
        out_dim: String,
        /// The offending value.
        value: i32,
        /// The size of the output dimension (0 when it was to be inferred).
        size: i32,
    },
    /// The layout was required to be surjective and is not.
    NotSurjective,
    /// The layout is not a bijection, so it has no inverse.
    NotInvertible,
    /// No input dimension has this name.
    UnknownInDim(String),
    /// No output dimension has this name.
    UnknownOutDim(String),
    /// Two layouts (or a layout and a name list) disagree on a set of names.
    DimNameMismatch {
        /// What was being done.
        context: &'static str,
        /// The names that were required.
        expected: Vec<String>,
        /// The names that were given.
        found: Vec<String>,
    },
    /// A dimension of one layout is too small to hold the values of another.
    IncompatibleSize {
        /// What was being done.
        context: &'static str,
        /// The dimension.
        dim: String,
        /// The size that is needed.
        needed: i32,
        /// The size that is available.
        available: i32,
    },
    /// A list of names is not a permutation of the layout's dimensions.
    NotAPermutation {
        /// The layout's dimension names.
        expected: Vec<String>,
        /// The names that were given.
        found: Vec<String>,
    },
    /// A reshape changes the total number of elements.
    TotalSizeMismatch {
        /// The layout's total size.
        expected: u64,
        /// The total size asked for.
        found: u64,
    },
    /// An input value given to `apply` is out of range.
    InputOutOfRange {
        /// The input dimension (empty for a flat input).
        dim: String,
        /// The rejected value.
        value: i64,
        /// The size of the input (dimension).
        size: u64,
    },
    /// `apply` was given no value for an input dimension.
    MissingInput(String),
    /// `apply` was given two values for an input dimension.
    DuplicateInput(String),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::NonPositiveSize { dim, size } => {
                write!(f, "size of dimension '{dim}' must be positive, got {size}")
            }
            LayoutError::NotPowerOfTwo { dim, size } => {
                write!(f, "size of dimension '{dim}' must be a power of two, got {size}")
            }
            LayoutError::SizeTooLarge { dim, log2 } => write!(
                f,
                "dimension '{dim}' would have size 2^{log2}, more than the maximum 2^{MAX_DIM_LOG2}"
            ),
            LayoutError::TooManyBits { side, bits } => write!(
                f,
                "layout would have {bits} {side} bits in total, more than the maximum {MAX_TOTAL_LOG2}"
            ),
            LayoutError::DuplicateInDim(d) => write!(f, "input dimension '{d}' appears twice"),
            LayoutError::DuplicateOutDim(d) => write!(f, "output dimension '{d}' appears twice"),
            LayoutError::BasisArity {
                in_dim,
                index,
                expected,
                found,
            } => write!(
                f,
                "basis {index} of input dimension '{in_dim}' has {found} entries, expected one per \
                 output dimension ({expected})"
            ),
            LayoutError::BasisOutOfRange {
                in_dim,
                index,
                out_dim,
                value,
                size,
            } => {
                if *size > 0 {
                    write!(
                        f,
                        "basis {index} of input dimension '{in_dim}' maps to {value} in output \
                         dimension '{out_dim}', outside [0, {size})"
                    )
                } else {
                    write!(
                        f,
                        "basis {index} of input dimension '{in_dim}' maps to negative value \
                         {value} in output dimension '{out_dim}'"
                    )
                }
            }
            LayoutError::NotSurjective => write!(f, "layout is not surjective"),
            LayoutError::NotInvertible => write!(f, "layout is not invertible"),
            LayoutError::UnknownInDim(d) => write!(f, "no input dimension named '{d}'"),
            LayoutError::UnknownOutDim(d) => write!(f, "no output dimension named '{d}'"),
            LayoutError::DimNameMismatch {
                context,
                expected,
                found,
            } => write!(
                f,
                "{context}: dimensions [{}] do not match [{}]",
                found.join(", "),
                expected.join(", ")
            ),
            LayoutError::IncompatibleSize {
                context,
                dim,
                needed,
                available,
            } => write!(
                f,
                "{context}: dimension '{dim}' has size {available}, but {needed} is needed"
            ),
            LayoutError::NotAPermutation { expected, found } => write!(
                f,
                "[{}] is not a permutation of [{}]",
                found.join(", "),
                expected.join(", ")
            ),
            LayoutError::TotalSizeMismatch { expected, found } => write!(
                f,
                "reshape to {found} elements does not preserve the total size {expected}"
            ),
            LayoutError::InputOutOfRange { dim, value, size } => {
                if dim.is_empty() {
                    write!(f, "flat input {value} is outside [0, {size})")
                } else {
                    write!(f, "input {value} for dimension '{dim}' is outside [0, {size})")
                }
            }
            LayoutError::MissingInput(d) => write!(f, "no value given for input dimension '{d}'"),
            LayoutError::DuplicateInput(d) => {
                write!(f, "two values given for input dimension '{d}'")
            }
        }
    }
}

impl Error for LayoutError {}

/// Checks that `size` is a valid dimension size and returns its log2.
fn check_size(dim: &str, size: i64) -> Result<u32, LayoutError> {
    if size <= 0 {
        return Err(LayoutError::NonPositiveSize {
            dim: dim.to_string(),
            size,
        });
    }
    let size_u = size as u64;
    if !size_u.is_power_of_two() {
        return Err(LayoutError::NotPowerOfTwo {
            dim: dim.to_string(),
            size,
        });
    }
    check_log2(dim, size_u.trailing_zeros())
}

/// Checks that a dimension of size `2^log2` is allowed and returns `log2`.
fn check_log2(dim: &str, log2: u32) -> Result<u32, LayoutError> {
    if log2 > MAX_DIM_LOG2 {
        return Err(LayoutError::SizeTooLarge {
            dim: dim.to_string(),
            log2,
        });
    }
    Ok(log2)
}

/// The lowest `bits` bits set.
fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Returns the names in `names` in order, as owned strings (for errors).
fn owned_names<S: AsRef<str>>(names: &[S]) -> Vec<String> {
    names.iter().map(|n| n.as_ref().to_string()).collect()
}

/// True when `a` and `b` hold the same names, ignoring order (each list is
/// assumed free of duplicates).
fn same_name_set(a: &[&str], b: &[&str]) -> bool {
    a.len() == b.len() && a.iter().all(|n| b.contains(n))
}

/// Fails with [`LayoutError::DimNameMismatch`] unless `found` and `expected`
/// hold the same names (in any order).
fn require_same_names(context: &'static str, found: &[&str], expected: &[&str]) -> Result<(), LayoutError> {
    if same_name_set(found, expected) {
        return Ok(());
    }
    Err(LayoutError::DimNameMismatch { context, expected: owned_names(expected), found: owned_names(found) })
}

/// A linear map over GF(2) from named input dimensions to named output
/// dimensions; see the [module documentation](self).
///
/// Equality is structural: the same input dimensions with the same bases, and
/// the same output dimensions with the same sizes, in the same order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LinearLayout {
    /// Per input dimension, in order: its name and its basis vectors (one
    /// entry per output dimension each).
    bases: Vec<(String, Vec<Vec<i32>>)>,
    /// The output dimensions, in order, with their sizes.
    out_dims: Vec<(String, i32)>,
}

impl LinearLayout {
    // ----------------------------------------------------------------------
    // Construction
    // ----------------------------------------------------------------------

    /// Builds a layout from its bases and its output dimensions.
    ///
    /// `bases` lists each input dimension with its basis vectors (an input
    /// dimension with k bases has size 2^k); every vector must have one entry
    /// per output dimension, within `[0, size)`. `out_dims` lists the output
    /// dimensions with their sizes, which must be powers of two. With
    /// `require_surjective`, a layout that does not cover every output value
    /// is rejected.
    pub fn new(
        bases: Vec<(String, Vec<Vec<i32>>)>,
        out_dims: Vec<(String, i32)>,
        require_surjective: bool,
    ) -> Result<Self, LayoutError> {
        let layout = LinearLayout { bases, out_dims };
        layout.validate()?;
        if require_surjective && !layout.is_surjective() {
            return Err(LayoutError::NotSurjective);
        }
        Ok(layout)
    }

    /// Builds a layout whose output dimension sizes are the smallest powers of
    /// two that hold every basis value.
    pub fn with_inferred_out_dims(
        bases: Vec<(String, Vec<Vec<i32>>)>,
        out_dim_names: Vec<String>,
    ) -> Result<Self, LayoutError> {
        let mut max = vec![0i64; out_dim_names.len()];
        for (in_dim, vectors) in &bases {
            for (index, v) in vectors.iter().enumerate() {
                if v.len() != out_dim_names.len() {
                    return Err(LayoutError::BasisArity {
                        in_dim: in_dim.clone(),
                        index,
                        expected: out_dim_names.len(),
                        found: v.len(),
                    });
                }
                for (k, &value) in v.iter().enumerate() {
                    if value < 0 {
                        return Err(LayoutError::BasisOutOfRange {
                            in_dim: in_dim.clone(),
                            index,
                            out_dim: out_dim_names[k].clone(),
                            value,
                            size: 0,
                        });
                    }
                    max[k] = max[k].max(i64::from(value));
                }
            }
        }
        let mut out_dims = Vec::with_capacity(out_dim_names.len());
        for (name, m) in out_dim_names.into_iter().zip(max) {
            let size = ((m + 1) as u64).next_power_of_two();
            let log2 = check_log2(&name, size.trailing_zeros())?;
            out_dims.push((name, 1i32 << log2));
        }
        LinearLayout::new(bases, out_dims, false)
    }

    /// The identity map from `in_dim` to `out_dim`, both of size `size`.
    pub fn identity_1d(size: i32, in_dim: &str, out_dim: &str) -> Result<Self, LayoutError> {
        let log2 = check_size(in_dim, i64::from(size))?;
        let vectors = (0..log2).map(|j| vec![1i32 << j]).collect();
        Ok(LinearLayout {
            bases: vec![(in_dim.to_string(), vectors)],
            out_dims: vec![(out_dim.to_string(), size)],
        })
    }

    /// The map sending every value of `in_dim` (of size `size`) to 0 of
    /// `out_dim` (of size 1): a broadcast.
    pub fn zeros_1d(size: i32, in_dim: &str, out_dim: &str) -> Result<Self, LayoutError> {
        let log2 = check_size(in_dim, i64::from(size))?;
        Ok(LinearLayout {
            bases: vec![(in_dim.to_string(), vec![vec![0]; log2 as usize])],
            out_dims: vec![(out_dim.to_string(), 1)],
        })
    }

    /// The layout with no input and no output dimensions (the unit of `*`).
    pub fn empty() -> Self {
        LinearLayout::default()
    }

    /// Checks every structural invariant of the layout.
    fn validate(&self) -> Result<(), LayoutError> {
        let mut out_bits = 0u32;
        for (i, (name, size)) in self.out_dims.iter().enumerate() {
            if self.out_dims[..i].iter().any(|(n, _)| n == name) {
                return Err(LayoutError::DuplicateOutDim(name.clone()));
            }
            out_bits += check_size(name, i64::from(*size))?;
        }
        if out_bits > MAX_TOTAL_LOG2 {
            return Err(LayoutError::TooManyBits {
                side: "output",
                bits: out_bits,
            });
        }
        let mut in_bits = 0u32;
        for (i, (in_dim, vectors)) in self.bases.iter().enumerate() {
            if self.bases[..i].iter().any(|(n, _)| n == in_dim) {
                return Err(LayoutError::DuplicateInDim(in_dim.clone()));
            }
            if vectors.len() > MAX_DIM_LOG2 as usize {
                return Err(LayoutError::SizeTooLarge {
                    dim: in_dim.clone(),
                    log2: u32::try_from(vectors.len()).unwrap_or(u32::MAX),
                });
            }
            in_bits += vectors.len() as u32;
            for (index, v) in vectors.iter().enumerate() {
                if v.len() != self.out_dims.len() {
                    return Err(LayoutError::BasisArity {
                        in_dim: in_dim.clone(),
                        index,
                        expected: self.out_dims.len(),
                        found: v.len(),
                    });
                }
                for (&value, (out_dim, size)) in v.iter().zip(&self.out_dims) {
                    if value < 0 || value >= *size {
                        return Err(LayoutError::BasisOutOfRange {
                            in_dim: in_dim.clone(),
                            index,
                            out_dim: out_dim.clone(),
                            value,
                            size: *size,
                        });
                    }
                }
            }
        }
        if in_bits > MAX_TOTAL_LOG2 {
            return Err(LayoutError::TooManyBits {
                side: "input",
                bits: in_bits,
            });
        }
        Ok(())
    }

    /// Wraps parts produced by an operation whose result is valid by
    /// construction.
    fn from_valid_parts(bases: Vec<(String, Vec<Vec<i32>>)>, out_dims: Vec<(String, i32)>) -> Self {
        let layout = LinearLayout { bases, out_dims };
        if cfg!(any(test, debug_assertions)) {
            assert_eq!(layout.validate(), Ok(()), "operation produced an invalid layout");
        }
        layout
    }

    // ----------------------------------------------------------------------
    // Queries
    // ----------------------------------------------------------------------

    /// The input dimensions with their bases, in order.
    pub fn bases(&self) -> &[(String, Vec<Vec<i32>>)] {
        &self.bases
    }

    /// The output dimensions with their sizes, in order.
    pub fn out_dims(&self) -> &[(String, i32)] {
        &self.out_dims
    }

    /// Basis `index` of input dimension `in_dim` (one entry per output
    /// dimension), if both exist.
    pub fn basis(&self, in_dim: &str, index: usize) -> Option<&[i32]> {
        self.in_dim_index(in_dim)
            .and_then(|i| self.bases[i].1.get(index))
            .map(Vec::as_slice)
    }

    /// The number of input dimensions.
    pub fn num_in_dims(&self) -> usize {
        self.bases.len()
    }

    /// The number of output dimensions.
    pub fn num_out_dims(&self) -> usize {
        self.out_dims.len()
    }

    /// The names of the input dimensions, in order.
    pub fn get_in_dim_names(&self) -> Vec<&str> {
        self.bases.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// The names of the output dimensions, in order.
    pub fn get_out_dim_names(&self) -> Vec<&str> {
        self.out_dims.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// Whether an input dimension is named `name`.
    pub fn has_in_dim(&self, name: &str) -> bool {
        self.in_dim_index(name).is_some()
    }

    /// Whether an output dimension is named `name`.
    pub fn has_out_dim(&self, name: &str) -> bool {
        self.out_dim_index(name).is_some()
    }

    /// The size of input dimension `name`.
    pub fn in_dim_size(&self, name: &str) -> Option<i32> {
        self.in_dim_size_log2(name).map(|l| 1i32 << l)
    }

    /// log2 of the size of input dimension `name` (its number of bases).
    pub fn in_dim_size_log2(&self, name: &str) -> Option<u32> {
        self.in_dim_index(name).map(|i| self.bases[i].1.len() as u32)
    }

    /// The size of output dimension `name`.
    pub fn out_dim_size(&self, name: &str) -> Option<i32> {
        self.out_dim_index(name).map(|i| self.out_dims[i].1)
    }

    /// log2 of the size of output dimension `name`.
    pub fn out_dim_size_log2(&self, name: &str) -> Option<u32> {
        self.out_dim_size(name).map(i32::trailing_zeros)
    }

    /// The number of input bits: log2 of [`Self::total_in_size`].
    pub fn total_in_size_log2(&self) -> u32 {
        self.bases.iter().map(|(_, v)| v.len() as u32).sum()
    }

    /// The product of the input dimension sizes (1 without input dimensions).
    pub fn total_in_size(&self) -> u64 {
        1u64 << self.total_in_size_log2()
    }

    /// The number of output bits: log2 of [`Self::total_out_size`].
    pub fn total_out_size_log2(&self) -> u32 {
        self.out_dims.iter().map(|(_, s)| s.trailing_zeros()).sum()
    }

    /// The product of the output dimension sizes (1 without output dimensions).
    pub fn total_out_size(&self) -> u64 {
        1u64 << self.total_out_size_log2()
    }

    /// Applies the layout to one value per input dimension, given by name in
    /// any order; returns the value of every output dimension, in order.
    pub fn apply<S: AsRef<str>>(&self, inputs: &[(S, i32)]) -> Result<Vec<(String, i32)>, LayoutError> {
        let mut values: Vec<Option<i32>> = vec![None; self.bases.len()];
        for (name, value) in inputs {
            let name = name.as_ref();
            let i = self
                .in_dim_index(name)
                .ok_or_else(|| LayoutError::UnknownInDim(name.to_string()))?;
            let size = 1u64 << self.bases[i].1.len();
            if *value < 0 || *value as u64 >= size {
                return Err(LayoutError::InputOutOfRange {
                    dim: name.to_string(),
                    value: i64::from(*value),
                    size,
                });
            }
            if values[i].replace(*value).is_some() {
                return Err(LayoutError::DuplicateInput(name.to_string()));
            }
        }
        let mut ins = Vec::with_capacity(values.len());
        for (value, (name, _)) in values.into_iter().zip(&self.bases) {
            ins.push(value.ok_or_else(|| LayoutError::MissingInput(name.clone()))?);
        }
        let outs = self.apply_vec(&ins);
        Ok(self.out_dims.iter().map(|(n, _)| n.clone()).zip(outs).collect())
    }

    /// Applies the layout to a flat input index (input dimensions
    /// concatenated, the first one least significant) and returns the flat
    /// output index (output dimensions concatenated the same way).
    pub fn apply_flat(&self, input: u64) -> Result<u64, LayoutError> {
        let bits = self.total_in_size_log2();
        if input >> bits != 0 {
            return Err(LayoutError::InputOutOfRange {
                dim: String::new(),
                value: i64::try_from(input).unwrap_or(i64::MAX),
                size: 1u64 << bits,
            });
        }
        Ok(self.apply_flat_unchecked(input))
    }

    /// Whether every output value is the image of some input.
    pub fn is_surjective(&self) -> bool {
        self.rank() == self.total_out_size_log2() as usize
    }

    /// Whether distinct inputs always have distinct images.
    pub fn is_injective(&self) -> bool {
        self.rank() == self.total_in_size_log2() as usize
    }

    /// Whether the layout is a bijection (so [`Self::invert`] succeeds).
    pub fn is_invertible(&self) -> bool {
        self.is_injective() && self.is_surjective()
    }

    /// The rank of the layout as a GF(2) matrix: log2 of the size of its image.
    pub fn rank(&self) -> usize {
        gf2::rank(&self.matrix_rows())
    }

    /// For each input dimension (in order), the mask of its bits that are free
    /// variables: the bits whose basis is a combination of the bases before it
    /// (earlier bits of the same dimension and all bits of earlier
    /// dimensions). Flipping a free bit never reaches a new output value, so
    /// they are the broadcast bits of the layout; a zero basis is always free.
    pub fn get_free_variable_masks(&self) -> Vec<(String, i32)> {
        let mut rows = self.matrix_rows();
        gf2::row_reduce(&mut rows);
        let pivots = gf2::pivot_mask(&rows);
        let mut offset = 0u32;
        self.bases
            .iter()
            .map(|(name, vectors)| {
                let len = vectors.len() as u32;
                let free = !(pivots >> offset) & low_mask(len);
                offset += len;
                (name.clone(), free as i32)
            })
            .collect()
    }

    /// Triton's `getNumConsecutiveInOut`: the number of consecutive values
    /// of the first input dimension that map to consecutive values of the
    /// first output dimension. That is `2^min(k, t)`, where `k` is the
    /// number of leading bases of the first input dimension equal to `1 << j`
    /// in the first output dimension and 0 elsewhere, and `t` the number of
    /// trailing zeros of the first output of all the other bases OR-ed
    /// together (another register, lane, warp or block landing inside the
    /// run breaks it).
    pub fn num_consecutive_in_out(&self) -> i32 {
        let Some((_, vectors)) = self.bases.first() else {
            return 1;
        };
        if self.out_dims.is_empty() {
            return 1;
        }
        let k = vectors
            .iter()
            .enumerate()
            .take_while(|(j, v)| *j < 31 && v[0] == 1 << j && v[1..].iter().all(|&x| x == 0))
            .count() as u32;
        let other_bits = self
            .bases
            .iter()
            .enumerate()
            .flat_map(|(d, (_, vs))| vs.iter().skip(if d == 0 { k as usize } else { 0 }))
            .fold(0i32, |acc, v| acc | v[0]);
        let trailing = if other_bits != 0 { other_bits.trailing_zeros() } else { 31 };
        1 << k.min(trailing)
    }

    /// Whether both layouts have the same input dimensions with the same bases
    /// and the same output dimension names, in order, whatever the output
    /// sizes.
    pub fn equal_ignoring_out_dim_sizes(&self, other: &Self) -> bool {
        self.bases == other.bases && self.get_out_dim_names() == other.get_out_dim_names()
    }

    // ----------------------------------------------------------------------
    // Algebra
    // ----------------------------------------------------------------------

    /// The direct product of `self` and `rhs` (also available as `*`).
    ///
    /// Dimensions present in only one factor are kept as they are (those of
    /// `rhs` appended after those of `self`). An input dimension present in
    /// both gets the bases of `self` followed by those of `rhs`; an output
    /// dimension present in both gets the product of the sizes, with `rhs`
    /// occupying the high bits (its values are shifted by the size `self`
    /// gives that dimension).
    pub fn multiply(&self, rhs: &Self) -> Result<Self, LayoutError> {
        let mut out_dims = self.out_dims.clone();
        // Where each output entry of `rhs` lands: result index and shift.
        let mut placement = Vec::with_capacity(rhs.out_dims.len());
        for (name, size) in &rhs.out_dims {
            let log2 = size.trailing_zeros();
            if let Some(pos) = out_dims.iter().position(|(n, _)| n == name) {
                let shift = out_dims[pos].1.trailing_zeros();
                let total = check_log2(name, shift + log2)?;
                out_dims[pos].1 = 1i32 << total;
                placement.push((pos, shift));
            } else {
                placement.push((out_dims.len(), 0));
                out_dims.push((name.clone(), *size));
            }
        }
        let n = out_dims.len();
        let mut bases: Vec<(String, Vec<Vec<i32>>)> = self
            .bases
            .iter()
            .map(|(name, vectors)| {
                let padded = vectors
                    .iter()
                    .map(|v| {
                        let mut w = v.clone();
                        w.resize(n, 0);
                        w
                    })
                    .collect();
                (name.clone(), padded)
            })
            .collect();
        for (name, vectors) in &rhs.bases {
            let placed = vectors.iter().map(|v| {
                let mut w = vec![0i32; n];
                for (&value, &(pos, shift)) in v.iter().zip(&placement) {
                    w[pos] = value << shift;
                }
                w
            });
            match bases.iter_mut().find(|(n, _)| n == name) {
                Some((_, existing)) => existing.extend(placed),
                None => bases.push((name.clone(), placed.collect())),
            }
        }
        let layout = LinearLayout { bases, out_dims };
        layout.validate()?;
        Ok(layout)
    }

    /// Triton's `divideLeft(self, b)`: the layout `c` with `b * c == self`, if
    /// any. Every input and output dimension of `b` must be one of `self`;
    /// `self`'s first bases of each input dimension must be those of `b`, and
    /// the remaining ones (and the output sizes) multiples of `b`'s output
    /// sizes, which they are divided by.
    pub fn divide_left(&self, b: &Self) -> Option<Self> {
        if b.bases.iter().any(|(n, _)| !self.has_in_dim(n)) || b.out_dims.iter().any(|(n, _)| !self.has_out_dim(n)) {
            return None;
        }
        let b_size = |o: &str| b.out_dim_size(o).unwrap_or(1);
        let b_at = |dim: &str, i: usize, o: &str| -> i32 {
            match (b.basis(dim, i), b.out_dims.iter().position(|(n, _)| n == o)) {
                (Some(v), Some(k)) => v.get(k).copied().unwrap_or(0),
                _ => 0,
            }
        };
        let mut c_outs = Vec::with_capacity(self.out_dims.len());
        for (name, size) in &self.out_dims {
            let sb = b_size(name);
            if size % sb != 0 {
                return None;
            }
            c_outs.push((name.clone(), size / sb));
        }
        let mut c_bases = Vec::with_capacity(self.bases.len());
        for (name, vectors) in &self.bases {
            let in_b = b.bases.iter().find(|(n, _)| n == name).map_or(0, |(_, v)| v.len());
            if in_b > vectors.len() {
                return None;
            }
            for (i, v) in vectors.iter().enumerate().take(in_b) {
                if self.out_dims.iter().zip(v).any(|((o, _), &x)| x != b_at(name, i, o)) {
                    return None;
                }
            }
            let mut rest = Vec::with_capacity(vectors.len() - in_b);
            for v in &vectors[in_b..] {
                let mut w = Vec::with_capacity(v.len());
                for ((o, _), &x) in self.out_dims.iter().zip(v) {
                    let sb = b_size(o);
                    if x % sb != 0 {
                        return None;
                    }
                    w.push(x / sb);
                }
                rest.push(w);
            }
            c_bases.push((name.clone(), rest));
        }
        Self::new(c_bases, c_outs, false).ok()
    }

    /// `outer ∘ self`: the outputs of `self` feed the inputs of `outer`.
    ///
    /// The output dimensions of `self` and the input dimensions of `outer` must
    /// have the same names (in any order), and each input dimension of `outer`
    /// must be at least as large as the matching output dimension of `self`.
    /// The result has the input dimensions of `self` and the output dimensions
    /// of `outer`.
    pub fn compose(&self, outer: &Self) -> Result<Self, LayoutError> {
        let mine = self.get_out_dim_names();
        let theirs = outer.get_in_dim_names();
        require_same_names("compose: outputs of the inner layout vs inputs of the outer one", &mine, &theirs)?;
        // For each input of `outer`, the matching output of `self`.
        let mut source = Vec::with_capacity(theirs.len());
        for (name, vectors) in &outer.bases {
            let k = self.out_dim_index(name).expect("name sets are equal");
            let needed = self.out_dims[k].1;
            let available = 1i32 << vectors.len();
            if available < needed {
                return Err(LayoutError::IncompatibleSize {
                    context: "compose",
                    dim: name.clone(),
                    needed,
                    available,
                });
            }
            source.push(k);
        }
        let bases = self
            .bases
            .iter()
            .map(|(name, vectors)| {
                let mapped = vectors
                    .iter()
                    .map(|v| {
                        let ins: Vec<i32> = source.iter().map(|&k| v[k]).collect();
                        outer.apply_vec(&ins)
                    })
                    .collect();
                (name.clone(), mapped)
            })
            .collect();
        Ok(LinearLayout::from_valid_parts(bases, outer.out_dims.clone()))
    }

    /// The inverse map: from the output dimensions of `self` (with their
    /// sizes) to its input dimensions. Fails unless the layout is a bijection.
    pub fn invert(&self) -> Result<Self, LayoutError> {
        if !self.is_invertible() {
            return Err(LayoutError::NotInvertible);
        }
        let system = self.system();
        let mut offset = 0u32;
        let mut bases = Vec::with_capacity(self.out_dims.len());
        for (name, size) in &self.out_dims {
            let bits = size.trailing_zeros();
            let vectors = (0..bits)
                .map(|b| {
                    let x = system.solve(1u64 << (offset + b)).expect("layout is surjective");
                    self.split_in_flat(x)
                })
                .collect();
            offset += bits;
            bases.push((name.clone(), vectors));
        }
        let out_dims = self.in_dims_with_sizes();
        Ok(LinearLayout::from_valid_parts(bases, out_dims))
    }

    /// `other⁻¹ ∘ self`: the layout `c` from the inputs of `self` to the inputs
    /// of `other` such that `other(c(x)) == self(x)` for every `x`.
    ///
    /// `other` must be surjective, and the output dimensions of both layouts
    /// must have the same names (in any order), with those of `self` no larger
    /// than those of `other`. When `other` is not injective the preimage is not
    /// unique; the one whose free variables (see
    /// [`Self::get_free_variable_masks`]) are zero is chosen.
    pub fn invert_and_compose(&self, other: &Self) -> Result<Self, LayoutError> {
        let mine = self.get_out_dim_names();
        let theirs = other.get_out_dim_names();
        require_same_names("invert_and_compose: outputs of both layouts", &mine, &theirs)?;
        // For each output of `other`, the matching output of `self`.
        let mut source = Vec::with_capacity(theirs.len());
        for (name, available) in &other.out_dims {
            let k = self.out_dim_index(name).expect("name sets are equal");
            let needed = self.out_dims[k].1;
            if *available < needed {
                return Err(LayoutError::IncompatibleSize {
                    context: "invert_and_compose",
                    dim: name.clone(),
                    needed,
                    available: *available,
                });
            }
            source.push(k);
        }
        if !other.is_surjective() {
            return Err(LayoutError::NotSurjective);
        }
        let system = other.system();
        let bases = self
            .bases
            .iter()
            .map(|(name, vectors)| {
                let mapped = vectors
                    .iter()
                    .map(|v| {
                        let target: Vec<i32> = source.iter().map(|&k| v[k]).collect();
                        let x = system.solve(other.flatten_out(&target)).expect("other is surjective");
                        other.split_in_flat(x)
                    })
                    .collect();
                (name.clone(), mapped)
            })
            .collect();
        Ok(LinearLayout::from_valid_parts(bases, other.in_dims_with_sizes()))
    }

    /// The same map with its output dimensions reordered to `names`, which
    /// must be a permutation of the output dimension names.
    pub fn transpose_outs<S: AsRef<str>>(&self, names: &[S]) -> Result<Self, LayoutError> {
        let perm = permutation(&self.get_out_dim_names(), names)?;
        let out_dims = perm.iter().map(|&k| self.out_dims[k].clone()).collect();
        let bases = self
            .bases
            .iter()
            .map(|(name, vectors)| {
                let permuted = vectors.iter().map(|v| perm.iter().map(|&k| v[k]).collect()).collect();
                (name.clone(), permuted)
            })
            .collect();
        Ok(LinearLayout::from_valid_parts(bases, out_dims))
    }

    /// The same map with its input dimensions reordered to `names`, which must
    /// be a permutation of the input dimension names.
    pub fn transpose_ins<S: AsRef<str>>(&self, names: &[S]) -> Result<Self, LayoutError> {
        let perm = permutation(&self.get_in_dim_names(), names)?;
        let bases = perm.iter().map(|&i| self.bases[i].clone()).collect();
        Ok(LinearLayout::from_valid_parts(bases, self.out_dims.clone()))
    }

    /// The same map with the output dimensions flattened (the first one least
    /// significant) and split again into `new_out_dims` (the first one least
    /// significant). The total size must not change.
    pub fn reshape_outs<S: AsRef<str>>(&self, new_out_dims: &[(S, i32)]) -> Result<Self, LayoutError> {
        let new_log2 = checked_dims(new_out_dims)?;
        let total: u32 = new_log2.iter().sum();
        if total != self.total_out_size_log2() {
            return Err(LayoutError::TotalSizeMismatch {
                expected: self.total_out_size(),
                found: 1u64.checked_shl(total).unwrap_or(u64::MAX),
            });
        }
        let out_dims: Vec<(String, i32)> = new_out_dims.iter().map(|(n, s)| (n.as_ref().to_string(), *s)).collect();
        let bases = self
            .bases
            .iter()
            .map(|(name, vectors)| {
                let split = vectors
                    .iter()
                    .map(|v| split_flat(self.flatten_out(v), &new_log2))
                    .collect();
                (name.clone(), split)
            })
            .collect();
        LinearLayout::new(bases, out_dims, false)
    }

    /// The same map with the input dimensions flattened (the first one least
    /// significant) and split again into `new_in_dims` (the first one least
    /// significant). The total size must not change.
    pub fn reshape_ins<S: AsRef<str>>(&self, new_in_dims: &[(S, i32)]) -> Result<Self, LayoutError> {
        let new_log2 = checked_dims(new_in_dims)?;
        let total: u32 = new_log2.iter().sum();
        if total != self.total_in_size_log2() {
            return Err(LayoutError::TotalSizeMismatch {
                expected: self.total_in_size(),
                found: 1u64.checked_shl(total).unwrap_or(u64::MAX),
            });
        }
        let mut flat = self.bases.iter().flat_map(|(_, vectors)| vectors.iter().cloned());
        let bases = new_in_dims
            .iter()
            .zip(&new_log2)
            .map(|((name, _), &bits)| (name.as_ref().to_string(), flat.by_ref().take(bits as usize).collect()))
            .collect();
        LinearLayout::new(bases, self.out_dims.clone(), false)
    }

    /// The same map with all input dimensions merged into one, named like the
    /// first (the first dimension least significant). Fails when the merged
    /// dimension would exceed 2^30 elements.
    pub fn flatten_ins(&self) -> Result<Self, LayoutError> {
        match self.bases.first() {
            None => Ok(self.clone()),
            Some((name, _)) => {
                let log2 = check_log2(name, self.total_in_size_log2())?;
                self.reshape_ins(&[(name.as_str(), 1i32 << log2)])
            }
        }
    }

    /// The same map with all output dimensions merged into one, named like the
    /// first (the first dimension least significant). Fails when the merged
    /// dimension would exceed 2^30 elements.
    pub fn flatten_outs(&self) -> Result<Self, LayoutError> {
        match self.out_dims.first() {
            None => Ok(self.clone()),
            Some((name, _)) => {
                let log2 = check_log2(name, self.total_out_size_log2())?;
                self.reshape_outs(&[(name.as_str(), 1i32 << log2)])
            }
        }
    }

    /// The restriction of the layout to the input dimensions `in_names` and
    /// the output dimensions `out_names` (kept in the layout's own order).
    pub fn sublayout<S: AsRef<str>, T: AsRef<str>>(
        &self,
        in_names: &[S],
        out_names: &[T],
    ) -> Result<Self, LayoutError> {
        for name in in_names {
            if !self.has_in_dim(name.as_ref()) {
                return Err(LayoutError::UnknownInDim(name.as_ref().to_string()));
            }
        }
        for name in out_names {
            if !self.has_out_dim(name.as_ref()) {
                return Err(LayoutError::UnknownOutDim(name.as_ref().to_string()));
            }
        }
        let kept: Vec<usize> = (0..self.out_dims.len())
            .filter(|&k| out_names.iter().any(|n| n.as_ref() == self.out_dims[k].0))
            .collect();
        let out_dims = kept.iter().map(|&k| self.out_dims[k].clone()).collect();
        let bases = self
            .bases
            .iter()
            .filter(|(name, _)| in_names.iter().any(|n| n.as_ref() == name))
            .map(|(name, vectors)| {
                let restricted = vectors.iter().map(|v| kept.iter().map(|&k| v[k]).collect()).collect();
                (name.clone(), restricted)
            })
            .collect();
        Ok(LinearLayout::from_valid_parts(bases, out_dims))
    }

    /// Whether the input dimensions `in_names` contribute nothing to the
    /// output dimensions `out_names`.
    pub fn sublayout_is_zero<S: AsRef<str>, T: AsRef<str>>(
        &self,
        in_names: &[S],
        out_names: &[T],
    ) -> Result<bool, LayoutError> {
        let sub = self.sublayout(in_names, out_names)?;
        Ok(sub
            .bases
            .iter()
            .all(|(_, vectors)| vectors.iter().flatten().all(|&x| x == 0)))
    }

    /// The layout with input dimension `name` resized to `new_size`: shrinking
    /// drops its highest bases, growing adds zero (broadcast) bases.
    pub fn resize_in_dim(&self, name: &str, new_size: i32) -> Result<Self, LayoutError> {
        let i = self
            .in_dim_index(name)
            .ok_or_else(|| LayoutError::UnknownInDim(name.to_string()))?;
        let log2 = check_size(name, i64::from(new_size))? as usize;
        let mut layout = self.clone();
        layout.bases[i].1.resize(log2, vec![0; self.out_dims.len()]);
        layout.validate()?;
        Ok(layout)
    }

    /// The layout with output dimension `name` resized to `new_size`, which
    /// must still hold every basis value.
    pub fn resize_out_dim(&self, name: &str, new_size: i32) -> Result<Self, LayoutError> {
        let k = self
            .out_dim_index(name)
            .ok_or_else(|| LayoutError::UnknownOutDim(name.to_string()))?;
        check_size(name, i64::from(new_size))?;
        let mut layout = self.clone();
        layout.out_dims[k].1 = new_size;
        layout.validate()?;
        Ok(layout)
    }

    // ----------------------------------------------------------------------
    // Internals
    // ----------------------------------------------------------------------

    fn in_dim_index(&self, name: &str) -> Option<usize> {
        self.bases.iter().position(|(n, _)| n == name)
    }

    fn out_dim_index(&self, name: &str) -> Option<usize> {
        self.out_dims.iter().position(|(n, _)| n == name)
    }

    /// The input dimensions as (name, size) pairs.
    fn in_dims_with_sizes(&self) -> Vec<(String, i32)> {
        self.bases.iter().map(|(n, v)| (n.clone(), 1i32 << v.len())).collect()
    }

    /// Applies the layout to in-range values, one per input dimension in order.
    fn apply_vec(&self, ins: &[i32]) -> Vec<i32> {
        debug_assert_eq!(ins.len(), self.bases.len());
        let mut out = vec![0i32; self.out_dims.len()];
        for (&value, (_, vectors)) in ins.iter().zip(&self.bases) {
            debug_assert!(value >= 0 && (value as u64) < (1u64 << vectors.len()));
            for (j, v) in vectors.iter().enumerate() {
                if value >> j & 1 == 1 {
                    for (o, &b) in out.iter_mut().zip(v) {
                        *o ^= b;
                    }
                }
            }
        }
        out
    }

    /// [`Self::apply_flat`] for an input known to be in range.
    fn apply_flat_unchecked(&self, input: u64) -> u64 {
        self.bases
            .iter()
            .flat_map(|(_, vectors)| vectors)
            .enumerate()
            .filter(|(j, _)| input >> j & 1 == 1)
            .fold(0, |acc, (_, v)| acc ^ self.flatten_out(v))
    }

    /// The flat output index of a vector of output values.
    fn flatten_out(&self, values: &[i32]) -> u64 {
        let mut flat = 0u64;
        let mut offset = 0u32;
        for (&v, (_, size)) in values.iter().zip(&self.out_dims) {
            flat |= (v as u64) << offset;
            offset += size.trailing_zeros();
        }
        flat
    }

    /// Splits a flat input index into one value per input dimension.
    fn split_in_flat(&self, flat: u64) -> Vec<i32> {
        let log2: Vec<u32> = self.bases.iter().map(|(_, v)| v.len() as u32).collect();
        split_flat(flat, &log2)
    }

    /// The images of the input bits, flattened: the columns of the layout's
    /// GF(2) matrix, in flat input order.
    fn columns(&self) -> Vec<u64> {
        self.bases
            .iter()
            .flat_map(|(_, vectors)| vectors.iter().map(|v| self.flatten_out(v)))
            .collect()
    }

    /// The rows of the layout's GF(2) matrix: row `i` is the mask of input
    /// bits whose image has output bit `i` set.
    fn matrix_rows(&self) -> Vec<u64> {
        let columns = self.columns();
        (0..self.total_out_size_log2())
            .map(|i| {
                columns
                    .iter()
                    .enumerate()
                    .fold(0u64, |row, (j, c)| row | ((c >> i & 1) << j))
            })
            .collect()
    }

    /// The linear system `layout(x) = y`, ready to be solved for any `y`.
    fn system(&self) -> gf2::LinearSystem {
        gf2::LinearSystem::new(&self.matrix_rows()).expect("at most 63 output bits")
    }
}

/// Validates `(name, size)` pairs for a reshape and returns the log2 sizes.
fn checked_dims<S: AsRef<str>>(dims: &[(S, i32)]) -> Result<Vec<u32>, LayoutError> {
    dims.iter()
        .map(|(n, s)| check_size(n.as_ref(), i64::from(*s)))
        .collect()
}

/// Splits `flat` into fields of `log2[k]` bits each, the first field lowest.
fn split_flat(flat: u64, log2: &[u32]) -> Vec<i32> {
    let mut offset = 0u32;
    log2.iter()
        .map(|&bits| {
            let v = (flat >> offset) & low_mask(bits);
            offset += bits;
            v as i32
        })
        .collect()
}

/// For `names`, a permutation of `current`, the index in `current` of each.
fn permutation<S: AsRef<str>>(current: &[&str], names: &[S]) -> Result<Vec<usize>, LayoutError> {
    let error = || LayoutError::NotAPermutation {
        expected: owned_names(current),
        found: owned_names(names),
    };
    if names.len() != current.len() {
        return Err(error());
    }
    let mut perm = Vec::with_capacity(names.len());
    for name in names {
        let i = current.iter().position(|c| *c == name.as_ref()).ok_or_else(error)?;
        if perm.contains(&i) {
            return Err(error());
        }
        perm.push(i);
    }
    Ok(perm)
}

impl Mul for LinearLayout {
    type Output = LinearLayout;

    /// The direct product; see [`LinearLayout::multiply`].
    ///
    /// # Panics
    ///
    /// When the product exceeds the size limits; use
    /// [`LinearLayout::multiply`] to get an error instead.
    fn mul(self, rhs: LinearLayout) -> LinearLayout {
        &self * &rhs
    }
}

impl Mul<&LinearLayout> for &LinearLayout {
    type Output = LinearLayout;

    /// The direct product; see [`LinearLayout::multiply`].
    ///
    /// # Panics
    ///
    /// When the product exceeds the size limits; use
    /// [`LinearLayout::multiply`] to get an error instead.
    fn mul(self, rhs: &LinearLayout) -> LinearLayout {
        match self.multiply(rhs) {
            Ok(product) => product,
            Err(e) => panic!("product of linear layouts failed: {e}"),
        }
    }
}

impl LinearLayout {
    /// The same map without the zero (broadcast) bases of input dimension
    /// `in_dim`, or of every input dimension when `None` (Triton's
    /// `removeZeroBasesAlongDim`; for `register`, `actionRemoveBroadcastedRegs`).
    /// Output sizes are unchanged.
    pub fn without_zero_bases(&self, in_dim: Option<&str>) -> Self {
        let bases = self
            .bases
            .iter()
            .map(|(name, vectors)| {
                let kept = if in_dim.is_none_or(|d| d == name) {
                    vectors.iter().filter(|v| v.iter().any(|&x| x != 0)).cloned().collect()
                } else {
                    vectors.clone()
                };
                (name.clone(), kept)
            })
            .collect();
        LinearLayout::from_valid_parts(bases, self.out_dims.clone())
    }

    /// The layout as Triton's `LinearLayout::toString` prints it inside
    /// diagnostics: a leading newline, one ` - inDim=2^i -> (…)` line per
    /// basis (` - inDim is a size 1 dimension` for an empty one), then
    /// `where out dims are: [name (size n), …]`; a layout without input
    /// dimensions prints as `(empty layout…)`.
    pub fn triton_text(&self) -> String {
        let join = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
        let dims = self.out_dims().iter().map(|(name, size)| format!("{name} (size {size})")).collect::<Vec<_>>();
        let dims = dims.join(", ");
        if self.bases.is_empty() {
            return if self.out_dims().is_empty() {
                "\n(empty layout)".to_string()
            } else {
                format!("\n(empty layout with out-dims [{dims}])")
            };
        }
        let mut text = String::from("\n");
        for (name, vectors) in &self.bases {
            if vectors.is_empty() {
                text += &format!(" - {name} is a size 1 dimension\n");
                continue;
            }
            let lines: Vec<String> = vectors
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{name}={} -> ({})", 1u64 << i.min(63), join(v)))
                .collect();
            text += &format!(" - {}\n", lines.join("\n   "));
        }
        text + &format!("where out dims are: [{dims}]")
    }
}

impl fmt::Display for LinearLayout {
    /// Prints the bases in the style of the body of a `#ttg.linear`
    /// attribute: `{register = [[0, 1], [0, 2]], lane = [], …}` (output
    /// dimension sizes are not shown).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, (name, vectors)) in self.bases.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{name} = [")?;
            for (j, v) in vectors.iter().enumerate() {
                if j > 0 {
                    write!(f, ", ")?;
                }
                write!(f, "[")?;
                for (k, x) in v.iter().enumerate() {
                    if k > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{x}")?;
                }
                write!(f, "]")?;
            }
            write!(f, "]")?;
        }
        write!(f, "}}")
    }
}

/// Linear algebra over GF(2) on matrices whose rows are `u64` bit masks
/// (column `c` of a row is bit `c`; at most 64 columns).
///
/// "Leading" means lowest-numbered: the pivot of a row is its lowest set bit,
/// and in reduced row-echelon form the pivots increase from row to row.
pub mod gf2 {
    /// Reduces `rows` in place to reduced row-echelon form and returns the
    /// rank. Afterwards the first `rank` rows are nonzero with strictly
    /// increasing pivots (lowest set bits), each pivot column is set in
    /// exactly one row, and the remaining rows are zero.
    pub fn row_reduce(rows: &mut [u64]) -> usize {
        let mut rank = 0;
        for col in 0..64 {
            if rank == rows.len() {
                break;
            }
            let bit = 1u64 << col;
            let Some(found) = (rank..rows.len()).find(|&i| rows[i] & bit != 0) else {
                continue;
            };
            rows.swap(rank, found);
            let pivot_row = rows[rank];
            for (i, row) in rows.iter_mut().enumerate() {
                if i != rank && *row & bit != 0 {
                    *row ^= pivot_row;
                }
            }
            rank += 1;
        }
        rank
    }

    /// The rank of the matrix with these rows.
    pub fn rank(rows: &[u64]) -> usize {
        let mut copy = rows.to_vec();
        row_reduce(&mut copy)
    }

    /// The mask of pivot columns of a matrix already in reduced row-echelon
    /// form (see [`row_reduce`]).
    pub fn pivot_mask(reduced: &[u64]) -> u64 {
        reduced
            .iter()
            .filter(|&&r| r != 0)
            .fold(0, |acc, &r| acc | (r & r.wrapping_neg()))
    }

    /// The system `A x = b` for a fixed matrix `A` (at most 64 equations),
    /// reduced once and then solvable for any right-hand side `b`.
    #[derive(Clone, Debug)]
    pub struct LinearSystem {
        /// Per nonzero reduced row: its pivot column and the set of original
        /// equations it is the sum of.
        pivots: Vec<(u32, u64)>,
        /// Per zero reduced row: the set of original equations summing to
        /// zero, whose right-hand sides must then sum to zero too.
        constraints: Vec<u64>,
    }

    impl LinearSystem {
        /// The largest number of equations a system can have.
        pub const MAX_EQUATIONS: usize = 64;

        /// Prepares the system whose equation `i` is `parity(rows[i] & x) =
        /// b_i`; `None` with more than [`Self::MAX_EQUATIONS`] equations.
        pub fn new(rows: &[u64]) -> Option<Self> {
            if rows.len() > Self::MAX_EQUATIONS {
                return None;
            }
            let mut work: Vec<(u64, u64)> = rows.iter().enumerate().map(|(i, &r)| (r, 1u64 << i)).collect();
            let mut rank = 0;
            for col in 0..64 {
                if rank == work.len() {
                    break;
                }
                let bit = 1u64 << col;
                let Some(found) = (rank..work.len()).find(|&i| work[i].0 & bit != 0) else {
                    continue;
                };
                work.swap(rank, found);
                let (pivot_row, pivot_combo) = work[rank];
                for (i, (row, combo)) in work.iter_mut().enumerate() {
                    if i != rank && *row & bit != 0 {
                        *row ^= pivot_row;
                        *combo ^= pivot_combo;
                    }
                }
                rank += 1;
            }
            let pivots = work[..rank].iter().map(|&(r, c)| (r.trailing_zeros(), c)).collect();
            let constraints = work[rank..].iter().map(|&(_, c)| c).collect();
            Some(LinearSystem { pivots, constraints })
        }

        /// The rank of the matrix.
        pub fn rank(&self) -> usize {
            self.pivots.len()
        }

        /// The pivot columns; the other columns are the free variables.
        pub fn pivot_mask(&self) -> u64 {
            self.pivots.iter().fold(0, |acc, &(c, _)| acc | 1u64 << c)
        }

        /// A solution of `A x = b` (bit `i` of `rhs` is `b_i`; bits beyond the
        /// number of equations are ignored), with every free variable zero, or
        /// `None` when there is none.
        pub fn solve(&self, rhs: u64) -> Option<u64> {
            let parity = |combo: u64| (combo & rhs).count_ones() & 1 == 1;
            if self.constraints.iter().any(|&c| parity(c)) {
                return None;
            }
            Some(
                self.pivots
                    .iter()
                    .filter(|&&(_, c)| parity(c))
                    .fold(0, |x, &(col, _)| x | 1u64 << col),
            )
        }
    }

    /// Solves `A x = b` once (see [`LinearSystem::solve`]); `None` when there
    /// is no solution or more than 64 equations.
    pub fn solve(rows: &[u64], rhs: u64) -> Option<u64> {
        LinearSystem::new(rows)?.solve(rhs)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// `A x` for the matrix with these rows.
        fn mul(rows: &[u64], x: u64) -> u64 {
            rows.iter()
                .enumerate()
                .fold(0, |b, (i, &r)| b | (u64::from((r & x).count_ones() & 1) << i))
        }

        #[test]
        fn row_reduce_hand_example() {
            // Rows over columns 0..3 (bit c = column c):
            //   r0 = 0b0110, r1 = 0b0011, r2 = 0b0101 (= r0 ^ r1), r3 = 0b1000.
            let mut rows = vec![0b0110, 0b0011, 0b0101, 0b1000];
            let rank = row_reduce(&mut rows);
            assert_eq!(rank, 3);
            // Column 0: r1 = 0011 becomes the first pivot row; r2 ^= r1 → 0110.
            // Column 1: 0110 is the second pivot row; clearing it from 0011
            // gives 0101 and zeroes the other 0110. Column 2 has no pivot
            // left (it is free); column 3: 1000.
            assert_eq!(rows, vec![0b0101, 0b0110, 0b1000, 0]);
            assert_eq!(pivot_mask(&rows), 0b1011);
        }

        #[test]
        fn rank_of_simple_matrices() {
            assert_eq!(rank(&[]), 0);
            assert_eq!(rank(&[0, 0, 0]), 0);
            assert_eq!(rank(&[1, 2, 4, 8]), 4);
            assert_eq!(rank(&[0b11, 0b11]), 1);
            assert_eq!(rank(&[0b011, 0b110, 0b101]), 2);
            assert_eq!(rank(&[1 << 63, 1 << 62, (1 << 63) | (1 << 62)]), 2);
        }

        #[test]
        fn solve_unique_and_inconsistent() {
            // Equations x0 ^ x1 = b0, x1 = b1.
            let rows = [0b11, 0b10];
            // b = (1, 0): x1 = 0, x0 = 1.
            assert_eq!(solve(&rows, 0b01), Some(0b01));
            // b = (1, 1): x1 = 1, x0 = 0.
            assert_eq!(solve(&rows, 0b11), Some(0b10));
            // Two equal equations with different right-hand sides.
            let rows = [0b1, 0b1];
            assert_eq!(solve(&rows, 0b01), None);
            assert_eq!(solve(&rows, 0b11), Some(0b1));
            assert_eq!(solve(&rows, 0b00), Some(0));
        }

        #[test]
        fn solve_sets_free_variables_to_zero() {
            // One equation x0 ^ x1 ^ x2 = 1: pivot column 0, columns 1, 2 free.
            let system = LinearSystem::new(&[0b111]).unwrap();
            assert_eq!(system.rank(), 1);
            assert_eq!(system.pivot_mask(), 0b001);
            assert_eq!(system.solve(1), Some(0b001));
            assert_eq!(system.solve(0), Some(0));
            // x1 = 1, x1 ^ x2 = 0: pivots 1 and 2, column 0 free.
            let system = LinearSystem::new(&[0b010, 0b110]).unwrap();
            assert_eq!(system.solve(0b01), Some(0b110));
        }

        #[test]
        fn too_many_equations_is_rejected() {
            assert!(LinearSystem::new(&[0u64; 65]).is_none());
            assert!(LinearSystem::new(&[0u64; 64]).is_some());
            assert_eq!(solve(&[0u64; 65], 0), None);
        }

        #[test]
        fn solve_random_systems() {
            let mut state = 0x9e37_79b9_7f4a_7c15u64;
            let mut next = move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            for _ in 0..500 {
                let n_rows = (next() % 12 + 1) as usize;
                let n_cols = next() % 12 + 1;
                let mask = (1u64 << n_cols) - 1;
                let rows: Vec<u64> = (0..n_rows).map(|_| next() & mask).collect();
                let x = next() & mask;
                let b = mul(&rows, x);
                let system = LinearSystem::new(&rows).unwrap();
                assert_eq!(system.rank(), rank(&rows));
                let y = system.solve(b).expect("b is in the image");
                assert_eq!(mul(&rows, y), b);
                assert_eq!(y & !system.pivot_mask(), 0, "free variables are zero");
                // Reduction keeps the row space: the same b is reachable from
                // the reduced rows' pivots, and the rank is unchanged.
                let mut reduced = rows.clone();
                assert_eq!(row_reduce(&mut reduced), system.rank());
                assert_eq!(pivot_mask(&reduced), system.pivot_mask());
            }
        }
    }
}

#[cfg(test)]
mod tests;
