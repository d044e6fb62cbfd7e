// The `ttg` dialect: Triton's GPU-level IR, tensors with layouts (declaration).
#ifndef TRITIUM_TTG_DIALECT
#define TRITIUM_TTG_DIALECT

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "Triton's GPU IR: tensors distributed over registers, lanes, warps and CTAs";
  let description = [{
    `ttg` gives every tensor an *encoding* saying which register of which lane
    of which warp of which CTA holds each element, and adds shared memory
    (`!ttg.memdesc`), asynchronous copies and warp specialization. Every
    encoding denotes a linear layout over GF(2) (computed in Rust,
    `dialects/src/ttg/to_linear.rs`); tensor verification checks that layout
    against the module's `ttg.num-warps` and `ttg.threads-per-warp`.

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
      tt.func @f() {
        %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
        tt.return
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect", "::mlir::gpu::GPUDialect"];
  let hasOperationAttrVerify = 1;
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    // Hand-written (TritonGPUEncodings.cpp): the generated dispatch under a
    // nesting limit (tritium/ParseNesting.h).
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

#endif // TRITIUM_TTG_DIALECT
