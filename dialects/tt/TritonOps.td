// Operations of the `tt` dialect (declaration; semantics live in dialects/src/tt/).
#ifndef TRITIUM_TT_OPS
#define TRITIUM_TT_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "tt/TritonDialect.td"
include "tt/TritonTypes.td"
include "tt/TritonAttrs.td"

def GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

//===----------------------------------------------------------------------===//
// Native traits. Each `verifyTrait` is a call into Rust (dialects/src/tt/traits.rs).
//===----------------------------------------------------------------------===//

class TT_NativeTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::triton::OpTrait";
}
// Every tensor has a power-of-two number of elements, at most 2^20.
def TensorSizeTrait : TT_NativeTrait<"TensorSizeTrait">;
// Every tensor encoding is verified by the encoding's dialect, when it has a verifier.
def VerifyTensorLayoutsTrait : TT_NativeTrait<"VerifyTensorLayoutsTrait">;
def SameOperandsEncoding : TT_NativeTrait<"SameOperandsEncoding">;
def SameOperandsAndResultEncoding : TT_NativeTrait<"SameOperandsAndResultEncoding">;
def SameResultsType : TT_NativeTrait<"SameResultsType">;
def SameLoadStoreOperandsShape : TT_NativeTrait<"SameLoadStoreOperandsShape">;
def SameLoadStoreOperandsAndResultShape : TT_NativeTrait<"SameLoadStoreOperandsAndResultShape">;
def SameLoadStoreOperandsEncoding : TT_NativeTrait<"SameLoadStoreOperandsEncoding">;
def SameLoadStoreOperandsAndResultEncoding : TT_NativeTrait<"SameLoadStoreOperandsAndResultEncoding">;

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<Triton_Dialect, mnemonic,
         !listconcat(traits, [TensorSizeTrait, VerifyTensorLayoutsTrait])>;

//===----------------------------------------------------------------------===//
// Casts and element-wise arithmetic
//===----------------------------------------------------------------------===//

def TT_IntToPtrOp : TT_Op<"int_to_ptr", [Elementwise, SameOperandsAndResultShape,
                                         SameOperandsAndResultEncoding, Pure]> {
  let summary = "reinterpret a 64-bit integer as a pointer";
  let description = [{
    ```mlir
    %p = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
    ```
  }];
  let arguments = (ins TT_I64Like:$src);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_PtrToIntOp : TT_Op<"ptr_to_int", [Elementwise, SameOperandsAndResultShape,
                                         SameOperandsAndResultEncoding, Pure]> {
  let summary = "reinterpret a pointer as a 64-bit integer";
  let description = [{
    ```mlir
    %i = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
    ```
  }];
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs TT_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_BitcastOp : TT_Op<"bitcast", [Elementwise, SameOperandsAndResultShape,
                                     SameOperandsAndResultEncoding, Pure]> {
  let summary = "reinterpret bits as another type of the same width";
  let description = [{
    Pointers cast only to pointers; other types keep their bit width.

    ```mlir
    %1 = tt.bitcast %0 : f32 -> i32
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Elementwise, SameOperandsAndResultShape,
                                     SameOperandsAndResultEncoding, Pure]> {
  let summary = "convert between float formats, including fp8";
  let description = [{
    A down-cast names its rounding mode; an up-cast must not.

    ```mlir
    %1 = tt.fp_to_fp %0, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
    ```
  }];
  let arguments = (ins TT_FloatLike:$src, OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_ClampFOp : TT_Op<"clampf", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "clamp a float between bounds, with a NaN policy";
  let description = [{
    ```mlir
    %r = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<1024xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)";
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded square root";
  let description = [{
    ```mlir
    %r = tt.precise_sqrt %x : tensor<128xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_Op<"precise_divf", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded float division";
  let description = [{
    ```mlir
    %r = tt.precise_divf %x, %y : tensor<128xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_ApproxDivFOp : TT_Op<"approx_divf", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "fast approximate f32 division";
  let description = [{
    ```mlir
    %r = tt.approx_divf %x, %y : tensor<128xf32>
    ```
  }];
  let arguments = (ins TT_F32Like:$x, TT_F32Like:$y);
  let results = (outs TT_F32Like:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_Op<"mulhiui", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "high half of an unsigned integer product";
  let description = [{
    ```mlir
    %r = tt.mulhiui %x, %y : tensor<128xi32>
    ```
  }];
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise, SameOperandsAndResultShape,
    SameOperandsAndResultEncoding,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "offset a pointer by a number of elements";
  let description = [{
    ```mlir
    %q = tt.addptr %p, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def TT_LoadOp : TT_Op<"load", [
    SameLoadStoreOperandsAndResultShape, SameLoadStoreOperandsAndResultEncoding,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result matches ptr type", "ptr", "result",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">,
    TypesMatchWith<"other matches ptr type", "ptr", "other",
                   "::mlir::triton::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "load from global memory, optionally masked";
  let description = [{
    Lanes whose `mask` is false yield `other` (undefined when absent).

    ```mlir
    %v = tt.load %ptrs, %mask, %other : tensor<128x!tt.ptr<f32>>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, Optional<TT_BoolLike>:$mask,
                       Optional<TT_Type>:$other, OptionalAttr<AnyAttr>:$cachePolicy,
                       DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$ptr (`,` $mask^)? (`,` $other^)? attr-dict `:` type($ptr)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_StoreOp : TT_Op<"store", [
    SameLoadStoreOperandsShape, SameLoadStoreOperandsEncoding,
    TypesMatchWith<"value type matches ptr type", "ptr", "value",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "store to global memory, optionally masked";
  let description = [{
    ```mlir
    tt.store %ptrs, %v, %mask : tensor<128x!tt.ptr<f32>>
    ```
  }];
  let arguments = (ins Arg<TT_PtrLike, "", [MemWrite<GlobalMemory>]>:$ptr,
                       TT_Type:$value, Optional<TT_BoolLike>:$mask,
                       OptionalAttr<AnyAttr>:$cachePolicy, UnitAttr:$ignore_cta);
  let assemblyFormat = "$ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_GridDependencyWaitOp : TT_Op<"grid_dependency_wait",
    [MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "wait until the grids this one depends on have flushed their writes";
  let description = [{
    ```mlir
    tt.grid_dependency_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TT_GridDependencyLaunchDependentsOp : TT_Op<"grid_dependency_launch_dependents",
    [MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "allow dependent grids to start launching";
  let description = [{
    ```mlir
    tt.grid_dependency_launch_dependents
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TT_AtomicLoadOp : TT_Op<"atomic_load", [
    SameLoadStoreOperandsAndResultShape, SameLoadStoreOperandsAndResultEncoding,
    TypesMatchWith<"result matches ptr type", "ptr", "result",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "atomic load with a memory ordering";
  let description = [{
    ```mlir
    %v = tt.atomic_load acquire, gpu, %p : (!tt.ptr<i32>) -> i32
    ```
  }];
  let arguments = (ins Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
                       Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr (`,` $mask^)? attr-dict `:` functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def TT_AtomicStoreOp : TT_Op<"atomic_store", [
    SameLoadStoreOperandsShape, SameLoadStoreOperandsEncoding,
    TypesMatchWith<"value type matches ptr type", "ptr", "value",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "atomic store with a memory ordering";
  let description = [{
    ```mlir
    tt.atomic_store release, gpu, %p, %v : !tt.ptr<i32>
    ```
  }];
  let arguments = (ins Arg<TT_PtrLike, "", [MemWrite<GlobalMemory>]>:$ptr,
                       TT_Type:$value, Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def TT_AtomicPollOp : TT_Op<"atomic_poll", [
    SameOperandsAndResultEncoding,
    TypesMatchWith<"ptr type matches expected type", "expected", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"result type matches expected shape", "expected", "result",
                   "::mlir::triton::getI1SameShape($_self)">]> {
  let summary = "spin until a location holds an expected value, or a timeout";
  let description = [{
    ```mlir
    %ok = tt.atomic_poll acquire, gpu, %p, %c1 : !tt.ptr<i32>, i32 -> i1
    ```
  }];
  let arguments = (ins Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
                       TT_IntLike:$expected, Optional<I64>:$timeout,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_BoolLike:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $expected (`timeout` $timeout^)?
    attr-dict `:` qualified(type($ptr)) `,` type($expected) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    TypesMatchWith<"ptr type matches value type", "val", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"mask type matches value type", "val", "mask",
                   "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "atomic read-modify-write; returns the old value";
  let description = [{
    ```mlir
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op,
                       Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
                       TT_Type:$val, Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    TypesMatchWith<"ptr type matches cmp type", "cmp", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"ptr type matches value type", "val", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">]> {
  let summary = "atomic compare-and-swap; returns the old value";
  let description = [{
    ```mlir
    %old = tt.atomic_cas acq_rel, gpu, %p, %cmp, %v : (!tt.ptr<i32>, i32, i32) -> i32
    ```
  }];
  let arguments = (ins Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
                       TT_Type:$cmp, TT_Type:$val,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:` functional-type(operands, $result)
  }];
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType,
                                 SameOperandsAndResultEncoding]> {
  let summary = "fill a tensor with one scalar";
  let description = [{
    ```mlir
    %t = tt.splat %x : i32 -> tensor<128xi32>
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TT_UnsplatOp : TT_Op<"unsplat", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "extract the only element of a one-element tensor";
  let description = [{
    ```mlir
    %x = tt.unsplat %t : tensor<1x1xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasVerifier = 1;
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure, SameOperandsAndResultElementType,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "insert a dimension of size one";
  let description = [{
    ```mlir
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "reinterpret a tensor with another shape of the same size";
  let description = [{
    With `allow_reorder` the element order may change (the compiler picks the
    cheapest); `efficient_layout` records that the layout was chosen for it.

    ```mlir
    %1 = tt.reshape %0 : tensor<64x32xf32> -> tensor<2x32x32xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder, UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)? attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "repeat a tensor along its size-one dimensions";
  let description = [{
    ```mlir
    %1 = tt.broadcast %0 : tensor<1x32xi32> -> tensor<128x32xi32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_CatOp : TT_Op<"cat", [NoMemoryEffect, SameTypeOperands,
                             SameOperandsAndResultElementType]> {
  let summary = "concatenate two tensors (element order unspecified)";
  let description = [{
    ```mlir
    %r = tt.cat %a, %b : tensor<32xf32> -> tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [Pure, SameTypeOperands]> {
  let summary = "stack two tensors along a new minor dimension of size 2";
  let description = [{
    ```mlir
    %r = tt.join %a, %b : tensor<32x32xf32> -> tensor<32x32x2xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_SplitOp : TT_Op<"split", [Pure, SameResultsType,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"outLHS and outRHS types match", "outLHS", "outRHS", "$_self">]> {
  let summary = "split a tensor along its minor dimension of size 2";
  let description = [{
    ```mlir
    %outLHS, %outRHS = tt.split %t : tensor<32x32x2xf32> -> tensor<32x32xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs, ::mlir::TypeRange rhs);
  }];
}

def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "permute the dimensions of a tensor";
  let description = [{
    Result dimension `i` is source dimension `order[i]`.

    ```mlir
    %r = tt.trans %t {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    // Triton's InferTensorTypeOpWithLayoutEquivalence: any encoding that is
    // the same layout as the inferred one is accepted.
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs, ::mlir::TypeRange rhs);
  }];
}

//===----------------------------------------------------------------------===//
// Grid
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "index of this program instance along a grid axis";
  let description = [{
    ```mlir
    %pid = tt.get_program_id x : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "number of program instances along a grid axis";
  let description = [{
    ```mlir
    %n = tt.get_num_programs y : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Dot products
//===----------------------------------------------------------------------===//

def TT_DotOp : TT_Op<"dot", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c", "$_self">]> {
  let summary = "matrix product with accumulation: d = a * b + c";
  let description = [{
    Operands are rank 2 (or rank 3 with a leading batch dimension).

    ```mlir
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins TT_FpIntTensor:$a, TT_FpIntTensor:$b, TT_FpIntTensor:$c,
      DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
      DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a`,` $b`,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c", "$_self">]> {
  let summary = "matrix product of microscaled (MX) operands";
  let description = [{
    ```mlir
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins RankedTensorOf<[TT_Float, I8]>:$a, RankedTensorOf<[TT_Float, I8]>:$b,
      TT_FloatTensor:$c,
      Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
      Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
      TT_ScaleDotElemTypeAttr:$a_elem_type, TT_ScaleDotElemTypeAttr:$b_elem_type,
      BoolAttr:$fastMath,
      DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
      DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Region ops (printed in generic form, as Triton prints them)
//===----------------------------------------------------------------------===//

def TT_ReduceOp : TT_Op<"reduce", [Pure, SameOperandsShape, SameOperandsEncoding,
    SingleBlock, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "reduce tensors along an axis with a combining region";
  let description = [{
    The region combines two sets of scalars (one per operand) and yields one.

    ```mlir
    %r = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<256xf32>) -> f32
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [HasParent<"ReduceOp">, Pure,
                                                Terminator, ReturnLike]> {
  let summary = "yield the combined values of a tt.reduce region";
  let description = [{
    ```mlir
    tt.reduce.return %s : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SameOperandsAndResultEncoding,
    SameOperandsAndResultShape, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "inclusive prefix scan along an axis with a combining region";
  let description = [{
    ```mlir
    %r = "tt.scan"(%t) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<256xf32>) -> tensor<256xf32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis, BoolAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ScanReturnOp : TT_Op<"scan.return", [HasParent<"ScanOp">, Pure,
                                            Terminator, ReturnLike]> {
  let summary = "yield the combined values of a tt.scan region";
  let description = [{
    ```mlir
    tt.scan.return %s : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [SameOperandsAndResultEncoding,
    SameOperandsAndResultShape, RecursiveMemoryEffects]> {
  let summary = "apply a scalar region to `pack` elements at a time";
  let description = [{
    The region takes `pack` scalars of each operand and yields `pack` scalars
    of each result.

    ```mlir
    %r = "tt.map_elementwise"(%t) <{pack = 1 : i32}> ({
    ^bb0(%a: f32):
      %s = arith.addf %a, %a : f32
      tt.map_elementwise.return %s : f32
    }) : (tensor<256xf32>) -> tensor<256xf32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return", [
    HasParent<"MapElementwiseOp">, Pure, Terminator, ReturnLike]> {
  let summary = "yield the results of a tt.map_elementwise region";
  let description = [{
    ```mlir
    tt.map_elementwise.return %s : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// External code, ranges, histograms, gathers, debugging
//===----------------------------------------------------------------------===//

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [Elementwise,
    SameOperandsAndResultEncoding, SameVariadicOperandSize,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "call an element-wise function of an external library";
  let description = [{
    ```mlir
    %r = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname, StrAttr:$libpath,
                       StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "the 1-D tensor [start, start + 1, ..., end - 1]";
  let description = [{
    ```mlir
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [Elementwise,
    SameOperandsAndResultEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "inline assembly applied element-wise (`packed_element` at a time)";
  let description = [{
    ```mlir
    %r = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xi32> -> tensor<128xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints, BoolAttr:$pure,
                       I32Attr:$packed_element, Variadic<AnyType>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = "$asm_string attr-dict ($args^ `:` type($args))? `->` type($result)";
  let hasVerifier = 1;
}

def TT_HistogramOp : TT_Op<"histogram", [Pure,
    TypesMatchWith<"mask type matches src type", "src", "mask",
                   "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "count occurrences of each value in [0, bins)";
  let description = [{
    ```mlir
    %h = tt.histogram %x, %m : tensor<1024xi32> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "$src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
}

def TT_GatherOp : TT_Op<"gather", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "gather elements of a tensor along an axis";
  let description = [{
    ```mlir
    %r = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src `[` $indices `]` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_PrintOp : TT_Op<"print", [SameVariadicOperandSize,
                                 MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "print a prefix and values from the device";
  let description = [{
    ```mlir
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<AnyTypeOf<[TT_Type]>>:$args, DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "abort the kernel with a message when a condition is false";
  let description = [{
    ```mlir
    tt.assert %c, "index out of bounds" : tensor<128xi1>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I1, I1Tensor]>:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure, SameVariadicOperandSize]> {
  let summary = "describe a strided global tensor for block loads and stores";
  let description = [{
    ```mlir
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%s, %c1_i64] : <f16>, <64x64xf16>
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape, Variadic<I64>:$strides,
      DefaultValuedAttr<TT_PaddingOptionAttr, "::mlir::triton::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = "$base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,` type($result)";
  let hasVerifier = 1;
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load"> {
  let summary = "load a block through a tensor descriptor";
  let description = [{
    ```mlir
    %v = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16>
    ```
  }];
  let arguments = (ins Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>]>:$desc,
                       Variadic<I32>:$indices, OptionalAttr<AnyAttr>:$cachePolicy);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$desc `[` $indices `]` attr-dict `:` qualified(type($desc)) `->` type($result)";
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store"> {
  let summary = "store a block through a tensor descriptor";
  let description = [{
    ```mlir
    tt.descriptor_store %d[%i, %j], %v : !tt.tensordesc<64x64xf16>, tensor<64x64xf16>
    ```
  }];
  let arguments = (ins Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
                       TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = "$desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)";
  let hasVerifier = 1;
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce"> {
  let summary = "reduce a block into memory through a tensor descriptor";
  let description = [{
    ```mlir
    tt.descriptor_reduce add, %d[%i, %j], %v : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
                       Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
                       TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = "$kind `,` $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)";
  let hasVerifier = 1;
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather"> {
  let summary = "gather rows of a 2-D block through a tensor descriptor";
  let description = [{
    ```mlir
    %v = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<1x128xf16>, tensor<32xi32>, i32) -> tensor<32x128xf16>
    ```
  }];
  let arguments = (ins Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>]>:$desc,
                       RankedTensorOf<[I16, I32]>:$x_offsets, I32:$y_offset);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter"> {
  let summary = "scatter rows of a 2-D block through a tensor descriptor";
  let description = [{
    ```mlir
    tt.descriptor_scatter %d[%rows, %col], %v : !tt.tensordesc<1x128xf16>, tensor<32xi32>, i32, tensor<32x128xf16>
    ```
  }];
  let arguments = (ins Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
                       RankedTensorOf<[I16, I32]>:$x_offsets, I32:$y_offset, TT_Tensor:$src);
  let assemblyFormat = "$desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call a tt.func";
  let description = [{
    ```mlir
    %r = tt.call @cdiv(%x) : (i32) -> i32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
  }];
  let assemblyFormat = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)";
}

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope,
    CallableOpInterface, FunctionOpInterface, IsolatedFromAbove,
    HasParent<"ModuleOp">]> {
  let summary = "a Triton function: a kernel (public) or a device function";
  let description = [{
    ```mlir
    tt.func public @kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
      tt.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike, Terminator]> {
  let summary = "return from a tt.func";
  let description = [{
    ```mlir
    tt.return %x : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

#endif // TRITIUM_TT_OPS
