/* compile.c - tritium-c/Compile.h from C: an LLVM-dialect module to PTX, the
 * metadata, and failures that leave the module as it was. */
// RUN: tritium-capi-compile 2>&1 | FileCheck %s

#include "tritium-c/Compile.h"
#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Collects text from string callbacks into a growable buffer. */
typedef struct {
  char *data;
  size_t length;
} Text;

static void append(MlirStringRef s, void *userData) {
  Text *t = (Text *)userData;
  char *grown = realloc(t->data, t->length + s.length + 1);
  if (!grown)
    abort();
  t->data = grown;
  memcpy(t->data + t->length, s.data, s.length);
  t->length += s.length;
  t->data[t->length] = '\0';
}

static Text print(MlirOperation op) {
  Text t = {NULL, 0};
  append(mlirStringRefCreate("", 0), &t);
  mlirOperationPrint(op, append, &t);
  return t;
}

static void printPiece(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(d, printPiece, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static const char *kKernel =
    "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.shared = 0 : i32} {\n"
    "  llvm.func @copy(%src: !llvm.ptr<1> {tt.divisibility = 16 : i32}, %dst: !llvm.ptr<1>)\n"
    "      attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 64>} {\n"
    "    %t = nvvm.read.ptx.sreg.tid.x : i32\n"
    "    %a = llvm.getelementptr %src[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32\n"
    "    %b = llvm.getelementptr %dst[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32\n"
    "    %v = llvm.load %a : !llvm.ptr<1> -> f32\n"
    "    llvm.store %v, %b : f32, !llvm.ptr<1>\n"
    "    llvm.return\n"
    "  }\n"
    "}\n";

static const char *kTwoKernels =
    "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.shared = 0 : i32} {\n"
    "  llvm.func @first() attributes {nvvm.kernel = 1 : ui1} {\n"
    "    llvm.return\n"
    "  }\n"
    "  llvm.func @second() attributes {nvvm.kernel = 1 : ui1} {\n"
    "    llvm.return\n"
    "  }\n"
    "}\n";

static const char *kTTGIR =
    "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32,\n"
    "                   ttg.target = \"cuda:80\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @empty(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  tritiumRegisterAllPasses();

  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  MlirOperation op = mlirModuleGetOperation(module);
  Text before = print(op);
  printf("needs lowering: %d\n", tritiumModuleNeedsLowering(module));
  // CHECK: needs lowering: 0

  /* An LLVM-dialect module goes straight to translation. */
  TritiumCompileOptions options = tritiumCompileOptionsGetDefault();
  options.target = mlirStringRefCreateFromCString("cuda:80");
  Text ptx = {NULL, 0};
  MlirLogicalResult ok = tritiumCompileToPTX(module, options, append, &ptx);
  printf("ptx: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: ptx: 1
  printf("%s", ptx.data);
  // CHECK: .version 8.8
  // CHECK: .target sm_80
  // CHECK: .visible .entry copy(
  // CHECK: .reqntid 64
  // CHECK: ld.global.b32
  // CHECK: st.global.b32
  free(ptx.data);

  /* The PTX ISA is an option. */
  options.ptxVersion = 83;
  Text ptx83 = {NULL, 0};
  tritiumCompileToPTX(module, options, append, &ptx83);
  printf("isa 8.3: %d\n", ptx83.data && strstr(ptx83.data, ".version 8.3\n") != NULL);
  // CHECK: isa 8.3: 1
  free(ptx83.data);
  options.ptxVersion = 0;

  Text json = {NULL, 0};
  MlirModule none = {NULL};
  ok = tritiumKernelMetadataJSON(module, none, options, append, &json);
  printf("metadata: %d\n%s", mlirLogicalResultIsSuccess(ok), json.data);
  // CHECK: metadata: 1
  // CHECK: "name": "copy",
  // CHECK: "num_warps": 4,
  // CHECK: {"name": "arg0", "type": "!llvm.ptr<1>", "divisibility": 16},
  // CHECK: {"name": "arg1", "type": "!llvm.ptr<1>", "divisibility": null},
  // CHECK: {"name": "global_scratch", "type": "!llvm.ptr<1>", "divisibility": null, "abi": true},
  free(json.data);

  /* Failures: a diagnostic, a failure result, the module as it was. */
  options.target = mlirStringRefCreateFromCString("cuda:81");
  ok = tritiumCompileToPTX(module, options, append, &ptx);
  printf("unknown target: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: unknown target 'cuda:81'
  // CHECK: unknown target: 0
  options.target = mlirStringRefCreateFromCString("cuda:80");
  ok = tritiumCompileToObject(module, options, append, &ptx);
  printf("nvptx object: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: the NVPTX backend emits no object code
  // CHECK: nvptx object: 0
  options.optLevel = 9;
  ok = tritiumCompileToLLVMIR(module, options, append, &ptx);
  printf("bad level: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: optimization level must be 0 to 3, got 9
  // CHECK: bad level: 0
  options.optLevel = 3;
  Text after = print(op);
  printf("unchanged: %d\n", strcmp(before.data, after.data) == 0);
  // CHECK: unchanged: 1
  free(before.data);
  free(after.data);

  /* Options that used to be taken silently as something else. An invalid
   * UTF-8 target was read as "" (the module's ttg.target, or the default). */
  options.target = mlirStringRefCreate("cuda:8\xff", 7);
  ok = tritiumCompileToPTX(module, options, append, &ptx);
  printf("non-UTF-8 target: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: the target is not valid UTF-8 (invalid utf-8 sequence of 1 bytes from index 6): "cuda:8\xff"
  // CHECK: non-UTF-8 target: 0
  options.target = mlirStringRefCreate(NULL, 5);
  ok = tritiumCompileToPTX(module, options, append, &ptx);
  printf("NULL target with a length: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: the target is NULL with length 5
  // CHECK: NULL target with a length: 0
  options.target = mlirStringRefCreateFromCString("cuda:80");
  /* A negative numExternLibs was taken as 0. */
  options.numExternLibs = -1;
  ok = tritiumCompileToPTX(module, options, append, &ptx);
  printf("negative numExternLibs: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: numExternLibs must not be negative, got -1
  // CHECK: negative numExternLibs: 0
  MlirStringRef badLib = mlirStringRefCreate("/tmp/\xc3(.bc", 10);
  options.externLibs = &badLib;
  options.numExternLibs = 1;
  ok = tritiumCompileToPTX(module, options, append, &ptx);
  printf("non-UTF-8 library path: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: externLibs[0] is not valid UTF-8 {{.*}}: "/tmp/\xc3(.bc"
  // CHECK: non-UTF-8 library path: 0
  options.externLibs = NULL;
  options.numExternLibs = 0;
  mlirModuleDestroy(module);

  /* A module with two kernels: one of them was compiled without a word. */
  module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kTwoKernels));
  ok = tritiumCompileToPTX(module, options, append, &ptx);
  printf("two kernels, ptx: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: the module has 2 kernels (nvvm.kernel llvm.funcs with a body: @first, @second); a module must have exactly one (drop nvvm.kernel from the others)
  // CHECK: two kernels, ptx: 0
  ok = tritiumKernelMetadataJSON(module, none, options, append, &json);
  printf("two kernels, metadata: %d\n", mlirLogicalResultIsSuccess(ok));
  // CHECK: diagnostic: the module has 2 kernels
  // CHECK: two kernels, metadata: 0
  mlirModuleDestroy(module);

  /* A TTGIR module is lowered by `tritium-make-llir` first; whether or not
   * that pipeline is registered yet, a failure leaves the module as it was. */
  module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kTTGIR));
  op = mlirModuleGetOperation(module);
  before = print(op);
  printf("ttgir needs lowering: %d\n", tritiumModuleNeedsLowering(module));
  // CHECK: ttgir needs lowering: 1
  options.target = mlirStringRefCreate(NULL, 0); /* the module's ttg.target */
  ok = tritiumLowerToLLVMDialect(module, options);
  after = print(op);
  if (mlirLogicalResultIsSuccess(ok))
    printf("ttgir lowered: %d\n", !tritiumModuleNeedsLowering(module));
  else
    printf("ttgir lowered: failed, unchanged=%d\n", strcmp(before.data, after.data) == 0);
  // CHECK: ttgir lowered: {{1|failed, unchanged=1}}
  free(before.data);
  free(after.data);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
