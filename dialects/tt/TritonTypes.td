// Types of the `tt` dialect and the type constraints its ops use (declaration).
#ifndef TRITIUM_TT_TYPES
#define TRITIUM_TT_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "tt/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "a scalar pointer into an address space";
  let description = [{
    `!tt.ptr<T>` points to a `T` (an integer or float) in global memory;
    `!tt.ptr<T, N>` names address space `N` (printed only when it is not 1,
    the global space). Tensors of pointers are builtin tensors of this type.

    ```mlir
    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>>
    ```
  }];
  let parameters = (ins "Type":$pointeeType, "unsigned":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        CArg<"unsigned", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
}

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "a descriptor of a block of a global-memory tensor (TMA-style)";
  let description = [{
    Describes the block shape and element type that descriptor loads and stores
    move, optionally with the shared-memory layout the block uses.

    ```mlir
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1] : <f16>, <64x64xf16>
    %v = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "Type":$elementType,
    OptionalParameter<"Attribute">:$sharedLayout
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// Type constraints (the element-type sets of Triton's type system).
def TT_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;
def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;
def TT_I4 : I<4>;
def TT_Int : AnyTypeOf<[I1, TT_I4, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;
def TT_I64Like : AnyTypeOf<[I64, I64Tensor]>;
def TT_Ptr : DialectType<Triton_Dialect,
    CPred<"::mlir::isa<::mlir::triton::PointerType>($_self)">, "ptr",
    "::mlir::triton::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;
def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;
def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike]>;
def TT_F32Like : AnyTypeOf<[F32, RankedTensorOf<[F32]>]>;

#endif // TRITIUM_TT_TYPES
