// test-print-allocation{partition-size}: with physical shared-memory
// partitions, the pieces of a #ttg.partitioned_shared allocation go to
// different partitions (by the partitions each spans), pieces of different
// allocations share them, other buffers fill the gaps; without partitioned
// allocations the placement is the usual one. Remarks: Triton's own
// expectations (its lit file Analysis/test-allocation-partitioned.mlir, the
// same cases; Triton 3.9.0's gfx1250 allocation gives the same offsets).
// RUN: tritium-opt %s -allow-unregistered-dialect -test-print-allocation="partition-size=65536" -verify-diagnostics -o /dev/null
// RUN: not tritium-opt %s -allow-unregistered-dialect -test-print-allocation="partition-size=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG

// NEG: error: test-print-allocation: partition-size must not be negative, got -1

#A_SHARED = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#PADDED_SHARED = #ttg.padded_shared<[256:+8] {order = [1, 0], shape = [16, 32]}>
#PARTITIONED_2P_2G = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #PADDED_SHARED}>
#PARTITIONED_4P_1G = #ttg.partitioned_shared<{numPartitions = 4, numGroups = 1, partitionDim = 0, partitionLayout = #PADDED_SHARED}>
#PARTITIONED_2P_4G = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #A_SHARED}>
#PARTITIONED_4P_2G = #ttg.partitioned_shared<{numPartitions = 4, numGroups = 2, partitionDim = 0, partitionLayout = #A_SHARED}>
#PARTITIONED_2P_1G_SW = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #A_SHARED}>
#PARTITIONED_4P_1G_SW = #ttg.partitioned_shared<{numPartitions = 4, numGroups = 1, partitionDim = 0, partitionLayout = #A_SHARED}>
#PADDED_STRADDLE_2P = #ttg.padded_shared<[128:+32] {order = [1, 0], shape = [512, 32]}>
#PADDED_STRADDLE_4P = #ttg.padded_shared<[256:+64] {order = [1, 0], shape = [512, 32]}>
#PARTITIONED_2P_STRADDLE = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #PADDED_STRADDLE_2P}>
#PARTITIONED_4P_STRADDLE = #ttg.partitioned_shared<{numPartitions = 4, numGroups = 1, partitionDim = 0, partitionLayout = #PADDED_STRADDLE_4P}>
#PADDED_BIG = #ttg.padded_shared<[256:+128] {order = [1, 0], shape = [1024, 32]}>
#PARTITIONED_2P_BIG = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #PADDED_BIG}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {

// expected-remark @below {{partitioned_2p_2g}}
// expected-remark @below {{size = 67640}}
tt.func @partitioned_2p_2g() {
  // 2 partition buffers: one for partition 0 (contains groups 0,1) and one for partition 1 (contains groups 0,1)
  // Each partition buffer is 2104 bytes (1052 bytes per piece * 2 groups)
  // With 64KB partition size, the two partition buffers are placed in different 64KB physical partitions
  // expected-remark @below {{offset = 0, size = 2104}}
  // expected-remark @below {{offset = 65536, size = 2104}}
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #PARTITIONED_2P_2G, #ttg.shared_memory, mutable>
  tt.return
}

// expected-remark @below {{partitioned_with_regular}}
// expected-remark @below {{size = 67640}}
tt.func @partitioned_with_regular() {
  // Non-partitioned allocation: 1024 bytes, packed into partition 0 right after
  // the partitioned buffer's first piece.
  // expected-remark @below {{offset = 2112, size = 1024}}
  %regular = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #A_SHARED, #ttg.shared_memory, mutable>
  // Partitioned allocation: 2 partition buffers of 2104 bytes each
  // expected-remark @below {{offset = 0, size = 2104}}
  // expected-remark @below {{offset = 65536, size = 2104}}
  %partitioned = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #PARTITIONED_2P_2G, #ttg.shared_memory, mutable>
  // Use both allocations so they overlap in liveness
  "use"(%regular) : (!ttg.memdesc<32x16xf16, #A_SHARED, #ttg.shared_memory, mutable>) -> ()
  "use"(%partitioned) : (!ttg.memdesc<64x32xf16, #PARTITIONED_2P_2G, #ttg.shared_memory, mutable>) -> ()
  tt.return
}

// expected-remark @below {{multiple_partitioned}}
// expected-remark @below {{size = 69696}}
tt.func @multiple_partitioned() {
  // First partitioned allocation: 2 partition buffers of 2104 bytes each
  // expected-remark @below {{offset = 0, size = 2104}}
  // expected-remark @below {{offset = 65536, size = 2104}}
  %alloc1 = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #PARTITIONED_2P_2G, #ttg.shared_memory, mutable>
  // Second partitioned allocation: 2 partition buffers of 2048 bytes each.
  // Co-locates alloc2's pieces in the same partitions as alloc1's pieces
  // (alloc2 piece 0 packed right after alloc1 piece 0 in partition 0, etc).
  // expected-remark @below {{offset = 2112, size = 2048}}
  // expected-remark @below {{offset = 67648, size = 2048}}
  %alloc2 = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #PARTITIONED_2P_4G, #ttg.shared_memory, mutable>
  // Use both allocations so they overlap in liveness
  "use"(%alloc1) : (!ttg.memdesc<64x32xf16, #PARTITIONED_2P_2G, #ttg.shared_memory, mutable>) -> ()
  "use"(%alloc2) : (!ttg.memdesc<64x32xf16, #PARTITIONED_2P_4G, #ttg.shared_memory, mutable>) -> ()
  tt.return
}

// expected-remark @below {{regular_only}}
// expected-remark @below {{size = 2048}}
tt.func @regular_only() {
  // Two live 1024-byte buffers packed back-to-back.
  // expected-remark @below {{offset = 0, size = 1024}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #A_SHARED, #ttg.shared_memory, mutable>
  // expected-remark @below {{offset = 1024, size = 1024}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<32x16xf16, #A_SHARED, #ttg.shared_memory, mutable>
  "use"(%a) : (!ttg.memdesc<32x16xf16, #A_SHARED, #ttg.shared_memory, mutable>) -> ()
  "use"(%b) : (!ttg.memdesc<32x16xf16, #A_SHARED, #ttg.shared_memory, mutable>) -> ()
  tt.return
}

// expected-remark @below {{three_tensor_colocation}}
// expected-remark @below {{size = 71680}}
tt.func @three_tensor_colocation() {
  // partition 0: pieces at 0, 2048, 4096 ; partition 1: at 65536, 67584, 69632.
  // expected-remark @below {{offset = 0, size = 2048}}
  // expected-remark @below {{offset = 65536, size = 2048}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #PARTITIONED_2P_1G_SW, #ttg.shared_memory, mutable>
  // expected-remark @below {{offset = 2048, size = 2048}}
  // expected-remark @below {{offset = 67584, size = 2048}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #PARTITIONED_2P_1G_SW, #ttg.shared_memory, mutable>
  // expected-remark @below {{offset = 4096, size = 2048}}
  // expected-remark @below {{offset = 69632, size = 2048}}
  %c = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #PARTITIONED_2P_1G_SW, #ttg.shared_memory, mutable>
  "use"(%a) : (!ttg.memdesc<64x32xf16, #PARTITIONED_2P_1G_SW, #ttg.shared_memory, mutable>) -> ()
  "use"(%b) : (!ttg.memdesc<64x32xf16, #PARTITIONED_2P_1G_SW, #ttg.shared_memory, mutable>) -> ()
  "use"(%c) : (!ttg.memdesc<64x32xf16, #PARTITIONED_2P_1G_SW, #ttg.shared_memory, mutable>) -> ()
  tt.return
}

// expected-remark @below {{partitioned_straddle}}
// expected-remark @below {{size = 303072}}
tt.func @partitioned_straddle() {
  // expected-remark @below {{offset = 0, size = 40928}}
  // expected-remark @below {{offset = 81856, size = 40928}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<1024x32xf16, #PARTITIONED_2P_STRADDLE, #ttg.shared_memory, mutable>
  // expected-remark @below {{offset = 40928, size = 40928}}
  // expected-remark @below {{offset = 131072, size = 40928}}
  // expected-remark @below {{offset = 196608, size = 40928}}
  // expected-remark @below {{offset = 262144, size = 40928}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<2048x32xf16, #PARTITIONED_4P_STRADDLE, #ttg.shared_memory, mutable>
  "use"(%a) : (!ttg.memdesc<1024x32xf16, #PARTITIONED_2P_STRADDLE, #ttg.shared_memory, mutable>) -> ()
  "use"(%b) : (!ttg.memdesc<2048x32xf16, #PARTITIONED_4P_STRADDLE, #ttg.shared_memory, mutable>) -> ()
  tt.return
}

// expected-remark @below {{two_big_neighbors}}
// expected-remark @below {{size = 229248}}
tt.func @two_big_neighbors() {
  // expected-remark @below {{offset = 0, size = 98176}}
  // expected-remark @below {{offset = 131072, size = 98176}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<2048x32xf16, #PARTITIONED_2P_BIG, #ttg.shared_memory, mutable>
  "use"(%a) : (!ttg.memdesc<2048x32xf16, #PARTITIONED_2P_BIG, #ttg.shared_memory, mutable>) -> ()
  tt.return
}
}
