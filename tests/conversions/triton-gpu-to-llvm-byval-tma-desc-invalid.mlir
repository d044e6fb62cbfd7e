// tt.nv_tma_desc where Triton 3.9 refuses it (a device function, a non-pointer) or asserts (a
// value other than 1): located diagnostics.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=90
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  // expected-error @+1 {{tt.nv_tma_desc is not supported for device functions}}
  tt.func private @helper(%desc: !tt.ptr<i8> {tt.nv_tma_desc = 1 : i32}) {
    tt.return
  }
  tt.func public @kern(%desc: !tt.ptr<i8>) {
    tt.call @helper(%desc) : (!tt.ptr<i8>) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  // expected-error @+1 {{tt.nv_tma_desc marks a pointer argument, not i32}}
  tt.func @not_a_pointer(%x: i32 {tt.nv_tma_desc = 1 : i32}) {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  // expected-error @+1 {{tt.nv_tma_desc must be 1}}
  tt.func @not_one(%desc: !tt.ptr<i8> {tt.nv_tma_desc = 0 : i32}) {
    tt.return
  }
}
