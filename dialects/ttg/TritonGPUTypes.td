// Types of the `ttg` dialect (declaration).
#ifndef TRITIUM_TTG_TYPES
#define TRITIUM_TTG_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "ttg/TritonGPUDialect.td"

def TTG_AsyncToken : TypeDef<TritonGPU_Dialect, "AsyncToken"> {
  let mnemonic = "async.token";
  let summary = "completion token of asynchronous copies";
}

def TTG_MemDescType : TypeDef<TritonGPU_Dialect, "MemDesc", [ShapedTypeInterface]> {
  let mnemonic = "memdesc";
  let summary = "a descriptor of a buffer in shared (or tensor) memory";
  let description = [{
    ```mlir
    !ttg.memdesc<64x16xf16, #shared, #smem>
    !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 2x64x16>
    ```
    The trailing shape is the allocation's, printed only when it differs from
    the view's shape. Ops whose format prints the type unqualified show it as
    `<64x16xf16, #shared, #smem>`; the parser accepts both.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::Attribute":$encoding,
    "::mlir::Attribute":$memorySpace,
    "bool":$mutableMemory,
    ArrayRefParameter<"int64_t">:$allocShape
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
        "::mlir::Type":$elementType, "::mlir::Attribute":$encoding,
        "::mlir::Attribute":$memorySpace, CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Part of ShapedTypeInterface: a memdesc is always ranked.
    bool hasRank() const { return true; }
    /// Part of ShapedTypeInterface.
    MemDescType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const {
      return MemDescType::get(getContext(), shape.value_or(getShape()), elementType,
                              getEncoding(), getMemorySpace(), getMutableMemory(),
                              getAllocShape());
    }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TRITIUM_TTG_TYPES
