/* contract.c - Every promise of include/tritium-c/ about bad input, checked as a careless caller. */
// RUN: tritium-capi-contract 2>&1 | FileCheck %s
// The same program built with -fsanitize=address (when `make deps` installed
// the ASan runtime; tests/CMakeLists.txt): no invalid access either.
// RUN: %if asan %{ tritium-capi-contract-asan 2>&1 | FileCheck %s %}
// CHECK-NOT: FAIL
// CHECK: contract: {{[0-9]+}} checks, 0 failed

#include "tritium-c/Compile.h"
#include "tritium-c/Dialects.h"
#include "tritium-c/Layout.h"
#include "tritium-c/Passes.h"
#include "tritium-c/Spec.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"

/* Diagnostics of refused input are expected: count them, print nothing. */
static int diagnostics;
static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  (void)d;
  (void)userData;
  ++diagnostics;
  return mlirLogicalResultSuccess();
}

static void ignoreText(MlirStringRef s, void *userData) {
  (void)s;
  (void)userData;
}

/* Collects printed text. */
typedef struct {
  char data[4096];
  size_t length;
} Text;
static void appendText(MlirStringRef s, void *userData) {
  Text *t = (Text *)userData;
  size_t room = sizeof(t->data) - 1 - t->length;
  size_t n = s.length < room ? s.length : room;
  memcpy(t->data + t->length, s.data, n);
  t->length += n;
  t->data[t->length] = '\0';
}

/* A constructor's result is null or a type the parser reads back as itself. */
static int nullOrReparses(MlirContext ctx, MlirType type) {
  if (mlirTypeIsNull(type))
    return 1;
  Text text = {{0}, 0};
  mlirTypePrint(type, appendText, &text);
  MlirType again = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(text.data));
  int ok = !mlirTypeIsNull(again) && mlirTypeEqual(again, type);
  if (!ok)
    printf("does not reparse: %s\n", text.data);
  return ok;
}

static MlirAttribute parseAttr(MlirContext ctx, const char *text) {
  return mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(text));
}

static const MlirType kNullType = {NULL};
static const MlirAttribute kNullAttr = {NULL};
static const MlirModule kNullModule = {NULL};

static void ttTypes(MlirContext ctx) {
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  int64_t shape[2] = {16, 32};

  /* !tt.ptr: null and wrong kinds give null / false / -1. */
  EXPECT(!mlirTypeIsATritonPointer(kNullType));
  EXPECT(!mlirTypeIsATritonPointer(f32));
  EXPECT(mlirTypeIsNull(mlirTritonPointerTypeGet(kNullType, 1)));
  EXPECT(mlirTypeIsNull(mlirTritonPointerTypeGetPointeeType(kNullType)));
  EXPECT(mlirTypeIsNull(mlirTritonPointerTypeGetPointeeType(f32)));
  EXPECT(mlirTritonPointerTypeGetAddressSpace(kNullType) == (unsigned)-1);
  EXPECT(mlirTritonPointerTypeGetAddressSpace(f32) == (unsigned)-1);
  MlirType ptr = mlirTritonPointerTypeGet(f32, 1);
  EXPECT(mlirTypeIsATritonPointer(ptr));
  EXPECT(mlirTypeEqual(mlirTritonPointerTypeGetPointeeType(ptr), f32));
  EXPECT(mlirTritonPointerTypeGetAddressSpace(ptr) == 1);
  EXPECT(nullOrReparses(ctx, ptr));
  EXPECT(nullOrReparses(ctx, mlirTritonPointerTypeGet(ptr, 3)));
  EXPECT(nullOrReparses(ctx, mlirTritonPointerTypeGet(mlirNoneTypeGet(ctx), 1)));

  /* !tt.tensordesc. */
  EXPECT(!mlirTypeIsATritonTensorDesc(kNullType));
  EXPECT(mlirTypeIsNull(mlirTritonTensorDescTypeGet((MlirContext){NULL}, 2, shape, f32, kNullAttr)));
  EXPECT(mlirTypeIsNull(mlirTritonTensorDescTypeGet(ctx, 2, NULL, f32, kNullAttr)));
  EXPECT(mlirTypeIsNull(mlirTritonTensorDescTypeGet(ctx, -1, shape, f32, kNullAttr)));
  EXPECT(mlirTypeIsNull(mlirTritonTensorDescTypeGet(ctx, 2, shape, kNullType, kNullAttr)));
  EXPECT(nullOrReparses(ctx, mlirTritonTensorDescTypeGet(ctx, 2, shape, i32, mlirIntegerAttrGet(i32, 7))));
  int64_t bad[2] = {-4, 0};
  EXPECT(nullOrReparses(ctx, mlirTritonTensorDescTypeGet(ctx, 2, bad, f32, kNullAttr)));
  EXPECT(nullOrReparses(ctx, mlirTritonTensorDescTypeGet(ctx, 2, shape, ptr, kNullAttr)));
  EXPECT(nullOrReparses(ctx, mlirTritonTensorDescTypeGet(ctx, 0, NULL, f32, kNullAttr)));
  MlirType desc = mlirTritonTensorDescTypeGet(ctx, 2, shape, f32, kNullAttr);
  EXPECT(mlirTypeIsATritonTensorDesc(desc));
  EXPECT(nullOrReparses(ctx, desc));
  EXPECT(mlirTritonTensorDescTypeGetRank(desc) == 2);
  EXPECT(mlirTritonTensorDescTypeGetDimSize(desc, 1) == 32);
  EXPECT(mlirTritonTensorDescTypeGetDimSize(desc, 2) == -1);
  EXPECT(mlirTritonTensorDescTypeGetDimSize(desc, -1) == -1);
  EXPECT(mlirTritonTensorDescTypeGetRank(kNullType) == -1);
  EXPECT(mlirTritonTensorDescTypeGetRank(ptr) == -1);
  EXPECT(mlirTritonTensorDescTypeGetDimSize(ptr, 0) == -1);
  EXPECT(mlirTypeIsNull(mlirTritonTensorDescTypeGetElementType(ptr)));
  EXPECT(mlirTypeIsNull(mlirTritonTensorDescTypeGetElementType(kNullType)));
  EXPECT(mlirAttributeIsNull(mlirTritonTensorDescTypeGetSharedLayout(ptr)));
  EXPECT(mlirAttributeIsNull(mlirTritonTensorDescTypeGetSharedLayout(kNullType)));
}

static void ttgAttributesAndTypes(MlirContext ctx) {
  MlirType f16 = mlirF16TypeGet(ctx);
  unsigned spt[2] = {1, 4}, tpw[2] = {8, 4}, wpc[2] = {1, 1}, order[2] = {1, 0};
  unsigned badOrder[2] = {1, 1}; /* not a permutation */
  unsigned out[4] = {0, 0, 0, 0};

  /* #ttg.blocked. */
  EXPECT(!mlirAttributeIsATritonGPUEncoding(kNullAttr));
  EXPECT(!mlirAttributeIsATritonGPUBlockedEncoding(kNullAttr));
  EXPECT(mlirAttributeIsNull(mlirTritonGPUBlockedEncodingGet((MlirContext){NULL}, 2, spt, tpw, wpc, order)));
  EXPECT(mlirAttributeIsNull(mlirTritonGPUBlockedEncodingGet(ctx, -1, spt, tpw, wpc, order)));
  EXPECT(mlirAttributeIsNull(mlirTritonGPUBlockedEncodingGet(ctx, 2, spt, NULL, wpc, order)));
  EXPECT(mlirAttributeIsNull(mlirTritonGPUBlockedEncodingGet(ctx, 2, spt, tpw, wpc, badOrder)));
  MlirAttribute blocked = mlirTritonGPUBlockedEncodingGet(ctx, 2, spt, tpw, wpc, order);
  EXPECT(mlirAttributeIsATritonGPUBlockedEncoding(blocked));
  EXPECT(mlirAttributeIsATritonGPUEncoding(blocked));
  EXPECT(mlirTritonGPUBlockedEncodingGetRank(blocked) == 2);
  EXPECT(mlirTritonGPUBlockedEncodingGetSizePerThread(blocked, NULL, 4) == 2);
  EXPECT(mlirTritonGPUBlockedEncodingGetThreadsPerWarp(blocked, out, -3) == 2);
  EXPECT(mlirTritonGPUBlockedEncodingGetWarpsPerCTA(blocked, out, 1) == 2 && out[0] == 1 && out[1] == 0);
  EXPECT(mlirTritonGPUBlockedEncodingGetOrder(blocked, out, 4) == 2 && out[0] == 1 && out[1] == 0 &&
         out[2] == 0);
  MlirAttribute integer = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), 1);
  EXPECT(mlirTritonGPUBlockedEncodingGetRank(kNullAttr) == -1);
  EXPECT(mlirTritonGPUBlockedEncodingGetRank(integer) == -1);
  EXPECT(mlirTritonGPUBlockedEncodingGetSizePerThread(integer, out, 4) == -1);
  EXPECT(mlirTritonGPUBlockedEncodingGetThreadsPerWarp(kNullAttr, out, 4) == -1);
  EXPECT(mlirTritonGPUBlockedEncodingGetWarpsPerCTA(integer, NULL, 0) == -1);
  EXPECT(mlirTritonGPUBlockedEncodingGetOrder(kNullAttr, NULL, 4) == -1);
  EXPECT(mlirAttributeIsNull(mlirTritonGPUSharedMemorySpaceGet((MlirContext){NULL})));

  /* !ttg.memdesc. */
  MlirAttribute smem = mlirTritonGPUSharedMemorySpaceGet(ctx);
  MlirAttribute shared = parseAttr(ctx, "#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>");
  EXPECT(!mlirAttributeIsNull(smem) && !mlirAttributeIsNull(shared));
  int64_t shape[2] = {16, 32};
  EXPECT(!mlirTypeIsATritonGPUMemDesc(kNullType));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, shape, kNullType, shared, smem, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, NULL, f16, shared, smem, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(-2, shape, f16, shared, smem, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, shape, f16, kNullAttr, smem, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, shape, f16, integer, smem, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, shape, f16, shared, kNullAttr, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, shape, f16, shared, integer, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, shape, f16, blocked, smem, true)));
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, shape, f16, shared, shared, true)));
  int64_t bad[2] = {0, 32};
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGet(2, bad, f16, shared, smem, true)));
  MlirType memdesc = mlirTritonGPUMemDescTypeGet(2, shape, f16, shared, smem, true);
  EXPECT(mlirTypeIsATritonGPUMemDesc(memdesc));
  EXPECT(nullOrReparses(ctx, memdesc));
  EXPECT(mlirTritonGPUMemDescTypeGetRank(memdesc) == 2);
  EXPECT(mlirTritonGPUMemDescTypeGetDimSize(memdesc, 0) == 16);
  EXPECT(mlirTritonGPUMemDescTypeGetDimSize(memdesc, 2) == -1);
  EXPECT(mlirTritonGPUMemDescTypeGetDimSize(memdesc, -1) == -1);
  EXPECT(mlirTritonGPUMemDescTypeIsMutable(memdesc));
  int64_t alloc[3] = {0, 0, 0};
  EXPECT(mlirTritonGPUMemDescTypeGetAllocShape(memdesc, NULL, 3) == 2);
  EXPECT(mlirTritonGPUMemDescTypeGetAllocShape(memdesc, alloc, 3) == 2 && alloc[1] == 32 && alloc[2] == 0);
  MlirType f32 = mlirF32TypeGet(ctx);
  EXPECT(mlirTritonGPUMemDescTypeGetRank(kNullType) == -1);
  EXPECT(mlirTritonGPUMemDescTypeGetRank(f32) == -1);
  EXPECT(mlirTritonGPUMemDescTypeGetDimSize(f32, 0) == -1);
  EXPECT(mlirTypeIsNull(mlirTritonGPUMemDescTypeGetElementType(f32)));
  EXPECT(mlirAttributeIsNull(mlirTritonGPUMemDescTypeGetEncoding(kNullType)));
  EXPECT(mlirAttributeIsNull(mlirTritonGPUMemDescTypeGetMemorySpace(f32)));
  EXPECT(!mlirTritonGPUMemDescTypeIsMutable(kNullType));
  EXPECT(mlirTritonGPUMemDescTypeGetAllocShape(f32, alloc, 3) == -1);
}

static void layouts(MlirContext ctx) {
  MlirAttribute blocked = parseAttr(
      ctx, "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>");
  int64_t shape[2] = {8, 16};
  EXPECT(!tritiumLayoutDescribe(kNullAttr, 2, shape, TRITIUM_LAYOUT_LINEAR, ignoreText, NULL));
  EXPECT(!tritiumLayoutDescribe(blocked, 2, NULL, TRITIUM_LAYOUT_LINEAR, ignoreText, NULL));
  EXPECT(!tritiumLayoutDescribe(blocked, -1, shape, TRITIUM_LAYOUT_LINEAR, ignoreText, NULL));
  EXPECT(!tritiumLayoutDescribe(blocked, 2, shape, (TritiumLayoutView)7, ignoreText, NULL));
  EXPECT(tritiumLayoutDescribe(blocked, 2, shape, TRITIUM_LAYOUT_LINEAR, NULL, NULL));
  EXPECT(!tritiumLayoutIsDistributed(kNullAttr));
  EXPECT(tritiumLayoutIsDistributed(blocked));
  EXPECT(tritiumLayoutGetInDimSize(kNullAttr, 2, shape, mlirStringRefCreateFromCString("lane")) == -1);
  EXPECT(tritiumLayoutGetInDimSize(blocked, 2, NULL, mlirStringRefCreateFromCString("lane")) == -1);
  EXPECT(tritiumLayoutGetInDimSize(blocked, 2, shape, (MlirStringRef){NULL, 4}) == -1);
  EXPECT(tritiumLayoutGetInDimSize(blocked, 2, shape, mlirStringRefCreateFromCString("lane")) == 32);
}

static void modules(MlirContext ctx) {
  TritiumCompileOptions options = tritiumCompileOptionsGetDefault();
  EXPECT(!tritiumModuleNeedsLowering(kNullModule));
  EXPECT(mlirLogicalResultIsFailure(tritiumLowerToLLVMDialect(kNullModule, options)));
  EXPECT(mlirLogicalResultIsFailure(tritiumCompileToLLVMIR(kNullModule, options, NULL, NULL)));
  EXPECT(mlirLogicalResultIsFailure(tritiumCompileToPTX(kNullModule, options, ignoreText, NULL)));
  EXPECT(mlirLogicalResultIsFailure(tritiumCompileToAssembly(kNullModule, options, ignoreText, NULL)));
  EXPECT(mlirLogicalResultIsFailure(tritiumCompileToObject(kNullModule, options, ignoreText, NULL)));
  EXPECT(mlirLogicalResultIsFailure(tritiumKernelMetadataJSON(kNullModule, kNullModule, options, ignoreText, NULL)));
  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString("module { tt.func public @k() { tt.return } }"));
  EXPECT(!mlirModuleIsNull(module));
  TritiumCompileOptions bad = options;
  bad.numExternLibs = 2; /* externLibs stays NULL */
  EXPECT(mlirLogicalResultIsFailure(tritiumCompileToLLVMIR(module, bad, ignoreText, NULL)));
  bad = options;
  bad.optLevel = 9;
  EXPECT(mlirLogicalResultIsFailure(tritiumCompileToPTX(module, bad, ignoreText, NULL)));
  bad = options;
  bad.target = mlirStringRefCreateFromCString("foo");
  EXPECT(mlirLogicalResultIsFailure(tritiumLowerToLLVMDialect(module, bad)));
  mlirModuleDestroy(module);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  tritiumRegisterAllDialects((MlirDialectRegistry){NULL}); /* a no-op */
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  tritiumRegisterAllPasses();

  /* The spec reports take a NULL callback. */
  tritiumSpecListSlots(NULL, NULL);
  tritiumSpecReport(NULL, NULL);
  EXPECT(tritiumSpecCheck(NULL, NULL));

  ttTypes(ctx);
  ttgAttributesAndTypes(ctx);
  layouts(ctx);
  modules(ctx);
  EXPECT(diagnostics > 0);

  mlirContextDestroy(ctx);
  printf("contract: %d checks, %d failed\n", checks, failures);
  return failures != 0;
}
