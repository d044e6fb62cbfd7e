// Diagnostics of every encoding verifier and of malformed encodings: zeros,
// non-powers of two, wrong ranks, huge values, bad permutations, unknown keys.
// Each case is an encoding used as the type of a function argument.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{Every element in sizePerThread must be a power of two}}
tt.func @case0(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{Every element in warpsPerCTA must be a power of two}}
tt.func @case1(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [0, 1], order = [1, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{order must be a permutation of 0..(rank-1), but was [0, 0]}}
tt.func @case2(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{order must be a permutation of 0..(rank-1), but was [2, 0]}}
tt.func @case3(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [2, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.}}
tt.func @case4(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{After removing broadcast bases the CGA encoding must be a permutation matrix}}
tt.func @case5(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 3]]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{basis of 'CGALayout' has 1 entries, expected 2}}
tt.func @case6(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{unexpected key: CTAsPerCGA}}
tt.func @case7(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 1]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{'sizePerThread' must be a non-negative 32-bit integer}}
tt.func @case8(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4294967296], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{'sizePerThread' must be a non-negative 32-bit integer}}
tt.func @case9(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, -4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{expected an array of integers for 'sizePerThread'}}
tt.func @case10(%x: tensor<32x32xf32, #ttg.blocked<{sizePerThread = 4, threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{slice dim=2 must be less than the parent rank=2}}
tt.func @case11(%x: tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{parent layout must have at least rank >= 2}}
tt.func @case12(%x: tensor<32x32xf32, #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{expected a distributed encoding trait}}
tt.func @case13(%x: tensor<32x32xf32, #ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{missing 'dim'}}
tt.func @case14(%x: tensor<32x32xf32, #ttg.slice<{parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{the parent 3 : i32 is not a ttg encoding}}
tt.func @case15(%x: tensor<32x32xf32, #ttg.slice<{dim = 0, parent = 3 : i32}>>) {
  tt.return
}
// -----

// expected-error @+1 {{ttg.dot_op opIdx parameter can be 0 or 1, got: 2}}
tt.func @case16(%x: tensor<32x32xf32, #ttg.dot_op<{opIdx = 2, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent}}
tt.func @case17(%x: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent}}
tt.func @case18(%x: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>>) {
  tt.return
}
// -----

// expected-error @+1 {{kWidth parameter is not supported when the parent is a blocked layout}}
tt.func @case19(%x: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>, kWidth = 2}>>) {
  tt.return
}
// -----

// expected-error @+1 {{ttg.dot_op kWidth parameter is mandatory for MFMA parent}}
tt.func @case20(%x: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{ttg.dot_op unexpected parent layout: #ttg.swizzled_shared}}
tt.func @case21(%x: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{Volta (versionMajor = 1) is deprecated and no longer supported}}
tt.func @case22(%x: tensor<32x32xf32, #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{Every element in warpsPerCTA must be a power of two}}
tt.func @case24(%x: tensor<32x32xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [3, 2], instrShape = [16, 8]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{version must be in the [0, 4] range}}
tt.func @case25(%x: tensor<32x32xf32, #ttg.amd_mfma<{version = 5, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>>) {
  tt.return
}
// -----

// expected-error @+1 {{invalid (mDim, nDim) combination: (32, 16)}}
tt.func @case26(%x: tensor<32x32xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 16, 8], isTransposed = true}>>) {
  tt.return
}
// -----

// expected-error @+1 {{elementBitWidth must be 32 or 64}}
tt.func @case27(%x: tensor<32x32xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, elementBitWidth = 16}>>) {
  tt.return
}
// -----

// expected-error @+1 {{expected 'true' or 'false' for 'isTransposed'}}
tt.func @case28(%x: tensor<32x32xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = 1}>>) {
  tt.return
}
// -----

// expected-error @+1 {{WMMA version must be in the [1, 3] range}}
tt.func @case29(%x: tensor<32x32xf32, #ttg.amd_wmma<{version = 4, ctaLayout = {warp = []}, instrShape = [16, 16, 32]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{invalid WMMA v1 instruction shape}}
tt.func @case30(%x: tensor<32x32xf32, #ttg.amd_wmma<{version = 1, ctaLayout = {warp = [[1, 0]]}, instrShape = [16, 16, 32]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{missing 'ctaLayout'}}
tt.func @case31(%x: tensor<32x32xf32, #ttg.amd_wmma<{version = 3, instrShape = [16, 16, 32]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{LinearEncodingAttr requires a permutation matrix layout after removing broadcast bases}}
tt.func @case32(%x: tensor<32x32xf32, #ttg.linear<{register = [[1, 1]], lane = [[0, 1]], warp = [], block = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{missing 'block'}}
tt.func @case33(%x: tensor<32x32xf32, #ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{basis of 'lane' has 3 entries, expected 2}}
tt.func @case34(%x: tensor<32x32xf32, #ttg.linear<{register = [[0, 1]], lane = [[1, 0, 0]], warp = [], block = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{cannot infer the rank of a layout without any basis}}
tt.func @case35(%x: tensor<32x32xf32, #ttg.linear<{register = [], lane = [], warp = [], block = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{unexpected key: thread}}
tt.func @case36(%x: tensor<32x32xf32, #ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], block = [], thread = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{would have size 2^31, more than the maximum 2^30}}
tt.func @case37(%x: tensor<32x32xf32, #ttg.linear<{register = [[0, 1073741824]], lane = [[1, 0]], warp = [], block = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{vec must be between 1 and 65536, got 0}}
tt.func @case38(%x: tensor<32x32xf32, #ttg.swizzled_shared<{vec = 0, perPhase = 1, maxPhase = 1, order = [1, 0]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{order must be a permutation of 0..(rank-1), but was [1, 2]}}
tt.func @case39(%x: tensor<32x32xf32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 2]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{order must not be empty}}
tt.func @case40(%x: tensor<32x32xf32, #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{swizzlingByteWidth must be 0, 32, 64, or 128}}
tt.func @case41(%x: tensor<32x32xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, elementBitWidth = 16}>>) {
  tt.return
}
// -----

// expected-error @+1 {{elementBitWidth must be 4, 8, 16, 32 or 64, got 12}}
tt.func @case42(%x: tensor<32x32xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 12}>>) {
  tt.return
}
// -----

// expected-error @+1 {{interval values must all be power of two}}
tt.func @case43(%x: tensor<32x32xf32, #ttg.padded_shared<[3:+4] {order = [1, 0], shape = [16, 64]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{interval values cannot have duplicates}}
tt.func @case44(%x: tensor<32x32xf32, #ttg.padded_shared<[32:+4, 32:+8] {order = [1, 0], shape = [16, 64]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{Mismatch of shape and order ranks in padded layout}}
tt.func @case45(%x: tensor<32x32xf32, #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{Broadcasting in offset dimension is not supported.}}
tt.func @case46(%x: tensor<32x32xf32, #ttg.padded_shared<[32:+4] {offset = [[1, 0], [1, 0]], block = []}>>) {
  tt.return
}
// -----

// expected-error @+1 {{partitionDim (2) must be less than the layout rank (2)}}
tt.func @case47(%x: tensor<32x32xf32, #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 2, partitionLayout = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{partitionLayout must be a SharedEncodingTrait}}
tt.func @case48(%x: tensor<32x32xf32, #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>>) {
  tt.return
}
// -----

// expected-error @+1 {{alignment must be a positive power of two}}
tt.func @case49(%x: tensor<32x32xf32, #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = []}, alignment = 12>>) {
  tt.return
}
// -----

// expected-error @+1 {{After removing the zero bases the layout must be bijective}}
tt.func @case50(%x: tensor<32x32xf32, #ttg.shared_linear<{offset = [[0, 1], [0, 1]], block = []}, alignment = 16>>) {
  tt.return
}
// -----

// expected-error @+1 {{alignment must be specified outside of the linear layout braces}}
tt.func @case51(%x: tensor<32x32xf32, #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [], alignment = 16}>>) {
  tt.return
}
// -----

// expected-error @+1 {{every instrShape entry must be between 1 and 65536, got [16, 1073741824, 16]}}
tt.func @mma_v3_instr_n(%x: tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 1073741824, 16]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{every instrShape entry must be between 1 and 65536, got [16, 64, 0]}}
tt.func @mma_v3_instr_k(%x: tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 0]}>>) {
  tt.return
}
// -----

// A batched dot's MMA v2 layout has one instrShape entry per dimension,
// [1, 16, 8] (Triton's mmaVersionToInstrShape); Triton accepts it.
tt.func @mma_v2_batched(%x: tensor<2x32x32xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>>,
                        %y: tensor<4x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2, 1], instrShape = [1, 16, 8]}>, kWidth = 2}>>) {
  tt.return
}
// -----

// Triton's verifier leaves instrShape to the lowering (which plans the
// instructions from the layout): these parse, as in Triton 3.9.
tt.func @mma_instr_shapes(%a: tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16]}>>,
                          %b: tensor<64x64xf32, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>>) {
  tt.return
}
// -----

// expected-error @+1 {{an MMA v2 layout must have rank 2 or 3, got rank 4}}
tt.func @mma_v2_rank4(%x: tensor<2x2x32x32xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 2, 2], instrShape = [1, 1, 16, 8]}>>) {
  tt.return
}
