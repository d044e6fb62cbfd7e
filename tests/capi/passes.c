/* passes.c - Tritium's passes and pipelines, by name, from a C pass manager. */
// RUN: tritium-capi-passes 2>&1 | FileCheck %s

#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"
#include "tritium-c/Spec.h"

#include "mlir-c/IR.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Collects printed IR into a growable buffer. */
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

/* Pipeline parse errors arrive in pieces: print them as they come. */
static void printParseError(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

/* Parses `pipeline` into a fresh pass manager and runs it on `module`. */
static int run(MlirContext ctx, MlirOperation module, const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm), mlirStringRefCreateFromCString(pipeline),
      printParseError, NULL);
  int ok = mlirLogicalResultIsSuccess(parsed) &&
           mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, module));
  mlirPassManagerDestroy(pm);
  return ok;
}

static const char *kSource =
    "module {\n"
    "  tt.func public @scale(%p: !tt.ptr<f32>, %n: i32) {\n"
    "    %c = tt.call @twice(%n) : (i32) -> i32\n"
    "    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>\n"
    "    %s = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>\n"
    "    %a = tt.addptr %s, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>\n"
    "    %cn = tt.splat %c : i32 -> tensor<256xi32>\n"
    "    %m = arith.cmpi slt, %r, %cn : tensor<256xi32>\n"
    "    %v = tt.load %a, %m : tensor<256x!tt.ptr<f32>>\n"
    "    tt.store %a, %v, %m : tensor<256x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "  tt.func private @twice(%x: i32) -> i32 {\n"
    "    %y = arith.addi %x, %x : i32\n"
    "    tt.return %y : i32\n"
    "  }\n"
    "}\n";

static const char *kUnconvertible =
    "module {\n"
    "  tt.func @region(%p: !tt.ptr<f32>) {\n"
    "    %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %v = scf.execute_region -> tensor<128xf32> {\n"
    "      %l = tt.load %s : tensor<128x!tt.ptr<f32>>\n"
    "      scf.yield %l : tensor<128xf32>\n"
    "    }\n"
    "    tt.store %s, %v : tensor<128x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void printDiagnosticLine(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(d, printDiagnosticLine, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

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
  tritiumRegisterAllPasses(); /* idempotent */

  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kSource));
  MlirOperation op = mlirModuleGetOperation(module);

  /* Triton's make_ttir stage as one registered pipeline: the call is
     inlined, @twice is dropped, the mask stays. */
  printf("make-ttir: %d\n", run(ctx, op, "builtin.module(tritium-make-ttir{target=cuda:80})"));
  // CHECK: make-ttir: 1
  Text ttir = print(op);
  printf("ttir: call=%d twice=%d\n", strstr(ttir.data, "tt.call") != NULL,
         strstr(ttir.data, "@twice") != NULL);
  // CHECK: ttir: call=0 twice=0
  free(ttir.data);

  /* A conversion by name, with Triton's options. */
  printf("convert: %d\n",
         run(ctx, op, "builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=4})"));
  // CHECK: convert: 1
  mlirOperationPrint(op, printDiagnosticLine, NULL);
  // CHECK: #[[BLOCKED:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}
  // CHECK: tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[BLOCKED]]>
  // CHECK: tt.load {{.*}} : tensor<256x!tt.ptr<f32>, #[[BLOCKED]]>
  mlirModuleDestroy(module);

  /* Failures leave the module exactly as it was. */
  module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kUnconvertible));
  op = mlirModuleGetOperation(module);
  Text before = print(op);
  printf("no target: %d\n", run(ctx, op, "builtin.module(convert-triton-to-tritongpu)"));
  // CHECK: diagnostic: convert-triton-to-tritongpu: the 'target' option is required
  // CHECK: no target: 0
  printf("unconvertible: %d\n",
         run(ctx, op, "builtin.module(convert-triton-to-tritongpu{target=cuda:80})"));
  // CHECK: diagnostic: failed to legalize operation 'scf.execute_region'
  // CHECK: unconvertible: 0
  Text after = print(op);
  printf("unchanged: %d\n", strcmp(before.data, after.data) == 0);
  // CHECK: unchanged: 1
  free(before.data);
  free(after.data);

  /* An unknown pass name is a parse failure, not a crash. */
  printf("unknown pass: %d\n", run(ctx, op, "builtin.module(triton-no-such-pass)"));
  // CHECK: 'triton-no-such-pass' does not refer to a registered pass
  // CHECK: unknown pass: 0
  mlirModuleDestroy(module);

  /* Backend-spec slots (tritium-c/Spec.h): the default library has none. */
  Text slots = {NULL, 0};
  append(mlirStringRefCreate("", 0), &slots);
  tritiumSpecListSlots(append, &slots);
  printf("slots: dot=%d hook=%d legality=%d\n", strstr(slots.data, "tt-to-ttg.tt.dot") != NULL,
         strstr(slots.data, "tt-to-ttg.default-encoding") != NULL,
         strstr(slots.data, "convert-triton-to-tritongpu/illegal-op/scf.execute_region") != NULL);
  // CHECK: slots: dot=1 hook=1 legality=1
  free(slots.data);
  printf("spec check: %d\n", tritiumSpecCheck(printDiagnosticLine, NULL) ? 1 : 0);
  // CHECK: spec check: 1
  Text report = {NULL, 0};
  append(mlirStringRefCreate("", 0), &report);
  tritiumSpecReport(append, &report);
  printf("report: no-backend=%d dot-is-core=%d\n",
         strstr(report.data, "no backend: every slot is the core's") != NULL,
         strstr(report.data, "tt-to-ttg.tt.dot") != NULL && strstr(report.data, "replaces") == NULL);
  // CHECK: report: no-backend=1 dot-is-core=1
  free(report.data);
  /* A null callback is allowed: nothing is written. */
  tritiumSpecListSlots(NULL, NULL);
  tritiumSpecReport(NULL, NULL);
  printf("null callbacks: check=%d\n", tritiumSpecCheck(NULL, NULL) ? 1 : 0);
  // CHECK: null callbacks: check=1
  mlirContextDestroy(ctx);

  /* Dialect loading (issue 26, first-run cost): on a context that loads
     dialects on demand (as tritium-opt's and mlir-opt's do), the TTIR and
     TTGIR stages load the dialects their passes may create, and not the
     LLVM dialect, which only the lowering to LLVM needs: loading it took
     about 0.3 ms per context (0.6 ms in a fresh process). Counted, not
     timed: after the stages, loading LLVM must add one dialect. */
  MlirDialectRegistry lazyRegistry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(lazyRegistry);
  MlirContext lazy = mlirContextCreateWithRegistry(lazyRegistry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(lazyRegistry);
  mlirContextAttachDiagnosticHandler(lazy, onDiagnostic, NULL, NULL);
  module = mlirModuleCreateParse(lazy, mlirStringRefCreateFromCString(kSource));
  op = mlirModuleGetOperation(module);
  printf("lazy stages: %d %d %d\n", run(lazy, op, "builtin.module(tritium-make-ttir{target=cuda:80})"),
         run(lazy, op, "builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=4})"),
         run(lazy, op, "builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=4})"));
  // CHECK: lazy stages: 1 1 1
  intptr_t loaded = mlirContextGetNumLoadedDialects(lazy);
  mlirContextGetOrLoadDialect(lazy, mlirStringRefCreateFromCString("llvm"));
  printf("llvm loaded by the stages: %d\n", mlirContextGetNumLoadedDialects(lazy) == loaded);
  // CHECK: llvm loaded by the stages: 0
  mlirModuleDestroy(module);
  mlirContextDestroy(lazy);
  return 0;
}
