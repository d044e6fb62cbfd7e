// Malformed input of compile-errors.mlir: %w is used but never defined.
module {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel = 1 : ui1} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %s = llvm.fmul %v, %w : f32
    llvm.return
  }
}
