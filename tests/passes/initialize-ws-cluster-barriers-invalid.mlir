// initialize-ws-cluster-barriers on malformed modules: located diagnostics.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --initialize-ws-cluster-barriers=compute-capability=90

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 2 : i32, ttg.shared = 32 : i32, ttg.ws_cluster_barrier_count = 1 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // expected-error @+1 {{initialize-ws-cluster-barriers: 'ttg.total-num-warps' = 2 is below 'ttg.num-warps' = 4}}
  llvm.func @kern() attributes {nvvm.kernel = 1 : ui1} {
    llvm.return
  }
}

// -----

// expected-error @+1 {{initialize-ws-cluster-barriers: 'ttg.ws_cluster_barrier_count' must be an integer attribute}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 32 : i32, ttg.ws_cluster_barrier_count = "one"} {
  llvm.func @kern() attributes {nvvm.kernel = 1 : ui1} {
    llvm.return
  }
}

// -----

// expected-error @+1 {{initialize-ws-cluster-barriers: 'ttg.ws_cluster_barrier_count' = -1 is negative}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 32 : i32, ttg.ws_cluster_barrier_count = -1 : i32} {
  llvm.func @kern() attributes {nvvm.kernel = 1 : ui1} {
    llvm.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 2 : i32, ttg.shared = 32 : i32, ttg.ws_cluster_barrier_count = 1 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // expected-error @+1 {{initialize-ws-cluster-barriers: no 'ttg.num-warps' on the op or its module}}
  llvm.func @kern() attributes {nvvm.kernel = 1 : ui1} {
    llvm.return
  }
}
