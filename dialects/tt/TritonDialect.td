// The `tt` dialect: Triton's target-independent tensor-program IR (declaration).
#ifndef TRITIUM_TT_DIALECT
#define TRITIUM_TT_DIALECT

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton's tensor-program IR: block-level tensors, pointers and memory ops";
  let description = [{
    The `tt` dialect models one Triton program instance (a "block") operating on
    statically-shaped tensors. Pointers are explicit (`!tt.ptr<T>`); tensors of
    pointers are builtin ranked tensors with a `!tt.ptr` element type. Once the
    `ttg` dialect has assigned a layout, tensors carry an encoding attribute,
    which `tt` verifies and propagates through layout-inference hooks that the
    encoding's dialect provides.

    ```mlir
    tt.func @add(%p: !tt.ptr<f32>) {
      %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %1 = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
      %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
      tt.return
    }
    ```
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "math::MathDialect",
    "scf::SCFDialect",
    "cf::ControlFlowDialect",
    "ub::UBDialect"
  ];
  let discardableAttrs = (ins
    "::mlir::IntegerAttr":$num_stages,
    "::mlir::IntegerAttr":$latency,
    "::mlir::IntegerAttr":$self_latency
  );
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    // Hand-written (TritonDialect.cpp): the generated dispatch under a
    // nesting limit (tritium/ParseNesting.h).
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
  }];
  let hasConstantMaterializer = 1;
  // The target patterns the backends register for ops of other dialects
  // (e.g. arith.divf on cuda), see dialects/src/target_patterns.rs.
  let hasCanonicalizer = 1;
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
}

#endif // TRITIUM_TT_DIALECT
