/*===- tritium-compile.c - TTGIR or LLVM-dialect MLIR to PTX ----------------===*\
|*                                                                            *|
|* Compiles one kernel module (TTGIR, or an LLVM-dialect module such as the   *|
|* end of Triton's make_llir) to PTX, LLVM IR, the LLVM dialect or object     *|
|* code, and writes Triton's kernel metadata as JSON beside the output. A     *|
|* thin C driver over tritium-c/Compile.h; it only uses the C API.            *|
\*===----------------------------------------------------------------------===*/
#include "tritium-c/Compile.h"
#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LIBS 16

static const char *kUsage =
    "usage: tritium-compile <input.mlir> [options] -o <output>\n"
    "\n"
    "Compiles one Triton kernel module - TTIR, TTGIR, or an LLVM-dialect module\n"
    "such as the end of Triton's make_llir - in process: TTIR goes through the\n"
    "registered pipeline tritium-make-ttgir, TTGIR through tritium-make-llir,\n"
    "the LLVM dialect is translated to\n"
    "LLVM IR, optimized (default<O3>) and compiled by LLVM's NVPTX backend.\n"
    "Triton's kernel metadata (name, num_warps, shared, arguments, ...) is\n"
    "written as JSON beside the output: -o k.ptx also writes k.json.\n"
    "\n"
    "options:\n"
    "  --target T          cuda:<capability> (e.g. cuda:80, cuda:90) or cpu;\n"
    "                      default: the module's ttg.target\n"
    "  --ptx-version N     PTX ISA version times ten (default 88 = PTX 8.8)\n"
    "  --num-warps N       for TTIR input: make_ttgir's num_warps (default 4)\n"
    "  --num-stages N      for TTIR input: make_ttgir's num_stages (default 3)\n"
    "  --emit KIND         ptx (default; obj for -o *.o), asm, llvm-ir (optimized LLVM IR),\n"
    "                      llvm-mlir (the LLVM-dialect module), obj (cpu only)\n"
    "  -O N                LLVM optimization level 0-3 (default 3)\n"
    "  --no-fp-fusion      do not fuse floating-point operations (FMA)\n"
    "  --link FILE         link a bitcode library before optimizing (repeatable);\n"
    "                      without it, a kernel that calls libdevice gets\n"
    "                      $TRITIUM_LIBDEVICE or the Triton wheel's libdevice.10.bc\n"
    "  -o FILE             output file; '-' writes to stdout (no metadata\n"
    "                      unless --metadata is given)\n"
    "  --metadata FILE     write the metadata JSON to FILE instead\n"
    "  --no-metadata       do not write the metadata JSON\n"
    "  -h, --help          print this help\n"
    "\n"
    "example:\n"
    "  tritium-compile vec_add.llvm.mlir --target cuda:80 -o vec_add.ptx\n"
    "  ptxas -arch=sm_80 vec_add.ptx -o vec_add.cubin\n"
    "\n"
    "Diagnostics go to stderr with their source location. Exit status: 0 on\n"
    "success, 1 on any error (bad options, bad IR, failed compilation).\n";

/* ---- a growable byte buffer, filled by the C API's string callbacks ---- */

typedef struct {
  char *data;
  size_t length;
  size_t capacity;
  bool oom;
} Buffer;

static void bufferAppend(Buffer *b, const char *s, size_t n) {
  if (b->oom || n == 0)
    return;
  if (b->length + n + 1 > b->capacity) {
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (capacity < b->length + n + 1)
      capacity *= 2;
    char *grown = realloc(b->data, capacity);
    if (!grown) {
      b->oom = true;
      return;
    }
    b->data = grown;
    b->capacity = capacity;
  }
  memcpy(b->data + b->length, s, n);
  b->length += n;
  b->data[b->length] = '\0';
}

static void appendToBuffer(MlirStringRef s, void *userData) {
  bufferAppend((Buffer *)userData, s.data, s.length);
}

/* ---- MLIR diagnostics, printed to stderr as `file:line:col: error: ...` ---- */

static const char *severityName(MlirDiagnosticSeverity severity) {
  switch (severity) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

/* Appends `file:line:col` of the first file location inside `loc` (through
 * names, call sites and fused locations); returns false if there is none. */
static bool appendFileLocation(Buffer *out, MlirLocation loc, int depth) {
  if (mlirLocationIsNull(loc) || depth > 16)
    return false;
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    char position[64];
    snprintf(position, sizeof(position), ":%d:%d", mlirLocationFileLineColRangeGetStartLine(loc),
             mlirLocationFileLineColRangeGetStartColumn(loc));
    bufferAppend(out, file.data, file.length);
    bufferAppend(out, position, strlen(position));
    return true;
  }
  if (mlirLocationIsAName(loc))
    return appendFileLocation(out, mlirLocationNameGetChildLoc(loc), depth + 1);
  if (mlirLocationIsACallSite(loc))
    return appendFileLocation(out, mlirLocationCallSiteGetCallee(loc), depth + 1);
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    if (n == 0 || n > 64)
      return false;
    MlirLocation locations[64];
    mlirLocationFusedGetLocations(loc, locations);
    for (unsigned i = 0; i < n; ++i)
      if (appendFileLocation(out, locations[i], depth + 1))
        return true;
  }
  return false;
}

static void printDiagnostic(MlirDiagnostic diagnostic, int depth) {
  Buffer where = {0}, text = {0};
  appendFileLocation(&where, mlirDiagnosticGetLocation(diagnostic), 0);
  mlirDiagnosticPrint(diagnostic, appendToBuffer, &text);
  fprintf(stderr, "%s%s%s%s: %s\n", depth ? "  " : "", where.data ? where.data : "",
          where.data ? ": " : "", severityName(mlirDiagnosticGetSeverity(diagnostic)),
          text.data ? text.data : "(no message)");
  free(where.data);
  free(text.data);
  intptr_t numNotes = mlirDiagnosticGetNumNotes(diagnostic);
  for (intptr_t i = 0; i < numNotes; ++i)
    printDiagnostic(mlirDiagnosticGetNote(diagnostic, i), depth + 1);
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic, void *userData) {
  if (mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticError)
    ++*(int *)userData;
  printDiagnostic(diagnostic, 0);
  return mlirLogicalResultSuccess();
}

/* ---- options ---- */

typedef enum { EMIT_PTX, EMIT_ASM, EMIT_LLVM_IR, EMIT_LLVM_MLIR, EMIT_OBJ } EmitKind;

typedef struct {
  const char *input;
  const char *output;
  const char *metadata; /* NULL: beside the output */
  bool noMetadata;
  bool noFPFusion;
  const char *target;
  int ptxVersion;
  int optLevel;
  int numWarps;
  int numStages;
  EmitKind emit;
  const char *libs[MAX_LIBS];
  int numLibs;
} Options;

static int usageError(const char *message, const char *argument) {
  fprintf(stderr, "tritium-compile: %s%s%s\n", message, argument ? ": " : "", argument ? argument : "");
  fprintf(stderr, "run 'tritium-compile --help' for usage\n");
  return 1;
}

/* Parses a decimal integer in [lo, hi]; false if `text` is not one. */
static bool parseInt(const char *text, int lo, int hi, int *value) {
  char *end = NULL;
  long v = strtol(text, &end, 10);
  if (!*text || *end || v < lo || v > hi)
    return false;
  *value = (int)v;
  return true;
}

/* The value of option `name` at argv[*i]: `--name=value` or `--name value`. */
static const char *optionValue(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  if (strncmp(argv[*i], name, n) != 0)
    return NULL;
  if (argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (argv[*i][n] == '\0' && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static bool isOption(const char *arg, const char *name) {
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/* Returns 0 on success, 1 (after a message) on bad usage, 2 after --help. */
static int parseOptions(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof(*o));
  o->optLevel = 3;
  o->emit = (EmitKind)-1; /* unset: an object file for `-o *.o`, else PTX */
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    const char *value;
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
      fputs(kUsage, stdout);
      return 2;
    }
    if (isOption(arg, "--target")) {
      if (!(value = optionValue(argc, argv, &i, "--target")))
        return usageError("--target needs a value", NULL);
      o->target = value;
    } else if (isOption(arg, "--ptx-version")) {
      if (!(value = optionValue(argc, argv, &i, "--ptx-version")) ||
          !parseInt(value, 1, 999, &o->ptxVersion))
        return usageError("--ptx-version needs a version times ten, e.g. 88", value);
    } else if (isOption(arg, "--num-warps")) {
      if (!(value = optionValue(argc, argv, &i, "--num-warps")) ||
          !parseInt(value, 1, 32, &o->numWarps) || (o->numWarps & (o->numWarps - 1)))
        return usageError("--num-warps needs a power of two from 1 to 32", value);
    } else if (isOption(arg, "--num-stages")) {
      if (!(value = optionValue(argc, argv, &i, "--num-stages")) ||
          !parseInt(value, 1, 16, &o->numStages))
        return usageError("--num-stages needs a number from 1 to 16", value);
    } else if (isOption(arg, "--emit")) {
      if (!(value = optionValue(argc, argv, &i, "--emit")))
        return usageError("--emit needs a value", NULL);
      if (!strcmp(value, "ptx"))
        o->emit = EMIT_PTX;
      else if (!strcmp(value, "asm"))
        o->emit = EMIT_ASM;
      else if (!strcmp(value, "llvm-ir"))
        o->emit = EMIT_LLVM_IR;
      else if (!strcmp(value, "llvm-mlir"))
        o->emit = EMIT_LLVM_MLIR;
      else if (!strcmp(value, "obj"))
        o->emit = EMIT_OBJ;
      else
        return usageError("unknown --emit kind (expected ptx, asm, llvm-ir, llvm-mlir or obj)", value);
    } else if (!strncmp(arg, "-O", 2) && arg[2]) {
      if (!parseInt(arg + 2, 0, 3, &o->optLevel))
        return usageError("unknown optimization level (expected -O0 to -O3)", arg);
    } else if (!strcmp(arg, "-O")) {
      if (i + 1 >= argc || !parseInt(argv[++i], 0, 3, &o->optLevel))
        return usageError("-O needs a level 0 to 3", NULL);
    } else if (isOption(arg, "--link")) {
      if (!(value = optionValue(argc, argv, &i, "--link")))
        return usageError("--link needs a file", NULL);
      if (o->numLibs == MAX_LIBS)
        return usageError("too many --link libraries", value);
      o->libs[o->numLibs++] = value;
    } else if (!strcmp(arg, "-o")) {
      if (i + 1 >= argc)
        return usageError("-o needs a file", NULL);
      o->output = argv[++i];
    } else if (isOption(arg, "--metadata")) {
      if (!(value = optionValue(argc, argv, &i, "--metadata")))
        return usageError("--metadata needs a file", NULL);
      o->metadata = value;
    } else if (!strcmp(arg, "--no-fp-fusion")) {
      o->noFPFusion = true;
    } else if (!strcmp(arg, "--no-metadata")) {
      o->noMetadata = true;
    } else if (arg[0] == '-' && arg[1] != '\0') {
      return usageError("unknown option", arg);
    } else if (o->input) {
      return usageError("more than one input file", arg);
    } else {
      o->input = arg;
    }
  }
  if (!o->input)
    return usageError("no input file", NULL);
  if (!o->output)
    return usageError("no output file (-o FILE, or -o - for stdout)", NULL);
  if (o->emit == (EmitKind)-1) {
    size_t n = strlen(o->output);
    o->emit = n > 2 && !strcmp(o->output + n - 2, ".o") ? EMIT_OBJ : EMIT_PTX;
  }
  return 0;
}

/* `path` with its extension replaced by `.json`. */
static char *metadataPathFor(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(path, '.');
  size_t stem = (dot && (!slash || dot > slash)) ? (size_t)(dot - path) : strlen(path);
  char *out = malloc(stem + 6);
  if (!out)
    return NULL;
  memcpy(out, path, stem);
  strcpy(out + stem, ".json");
  return out;
}

static bool writeFile(const char *path, const Buffer *b) {
  FILE *f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
  if (!f) {
    fprintf(stderr, "tritium-compile: cannot write '%s'\n", path);
    return false;
  }
  bool ok = fwrite(b->data ? b->data : "", 1, b->length, f) == b->length;
  ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
  if (!ok)
    fprintf(stderr, "tritium-compile: cannot write '%s'\n", path);
  return ok;
}

/* ---- the driver ---- */

static int compileModule(MlirModule module, const Options *o) {
  TritiumCompileOptions options = tritiumCompileOptionsGetDefault();
  if (o->target)
    options.target = mlirStringRefCreateFromCString(o->target);
  options.ptxVersion = o->ptxVersion;
  options.optLevel = o->optLevel;
  options.enableFPFusion = !o->noFPFusion;
  options.numWarps = o->numWarps;
  options.numStages = o->numStages;
  MlirStringRef libs[MAX_LIBS];
  for (int i = 0; i < o->numLibs; ++i)
    libs[i] = mlirStringRefCreateFromCString(o->libs[i]);
  options.externLibs = libs;
  options.numExternLibs = o->numLibs;

  /* Lower a clone, so that the metadata sees both the TTGIR arguments and the
   * sizes the lowering's allocation passes record. */
  MlirModule lowered = module;
  if (tritiumModuleNeedsLowering(module)) {
    lowered = mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(module)));
    if (mlirLogicalResultIsFailure(tritiumLowerToLLVMDialect(lowered, options))) {
      mlirModuleDestroy(lowered);
      return 1;
    }
  }

  Buffer output = {0}, metadata = {0};
  MlirLogicalResult result = mlirLogicalResultSuccess();
  switch (o->emit) {
  case EMIT_PTX:
    result = tritiumCompileToPTX(lowered, options, appendToBuffer, &output);
    break;
  case EMIT_ASM:
    result = tritiumCompileToAssembly(lowered, options, appendToBuffer, &output);
    break;
  case EMIT_LLVM_IR:
    result = tritiumCompileToLLVMIR(lowered, options, appendToBuffer, &output);
    break;
  case EMIT_OBJ:
    result = tritiumCompileToObject(lowered, options, appendToBuffer, &output);
    break;
  case EMIT_LLVM_MLIR:
    mlirOperationPrint(mlirModuleGetOperation(lowered), appendToBuffer, &output);
    bufferAppend(&output, "\n", 1);
    break;
  }
  bool writeMetadata = !o->noMetadata && (o->metadata || strcmp(o->output, "-"));
  if (mlirLogicalResultIsSuccess(result) && writeMetadata)
    result = tritiumKernelMetadataJSON(module, lowered, options, appendToBuffer, &metadata);
  if (!mlirModuleIsNull(lowered) && lowered.ptr != module.ptr)
    mlirModuleDestroy(lowered);

  int status = 1;
  if (output.oom || metadata.oom) {
    fprintf(stderr, "tritium-compile: out of memory\n");
  } else if (mlirLogicalResultIsSuccess(result) && writeFile(o->output, &output)) {
    status = 0;
    if (writeMetadata) {
      char *path = o->metadata ? NULL : metadataPathFor(o->output);
      const char *target = o->metadata ? o->metadata : path;
      if (!target || !writeFile(target, &metadata))
        status = 1;
      free(path);
    }
  }
  free(output.data);
  free(metadata.data);
  return status;
}

int main(int argc, char **argv) {
  Options o;
  int parsed = parseOptions(argc, argv, &o);
  if (parsed)
    return parsed == 2 ? 0 : 1;

  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  tritiumRegisterAllPasses();
  int numErrors = 0;
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, &numErrors, NULL);

  int status = 1;
  MlirModule module = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(o.input));
  if (mlirModuleIsNull(module)) {
    if (numErrors == 0)
      fprintf(stderr, "tritium-compile: cannot read '%s'\n", o.input);
  } else {
    status = compileModule(module, &o);
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
  return status;
}
