/*===- tritium-pm-time.c - Time a pass pipeline in one process -------------===*\
|*                                                                            *|
|* Measures what Triton's run_triton_pass.py measures for Triton: the wall    *|
|* time of PassManager::run alone, on a fresh context (dialects loaded) and a *|
|* fresh parse for every repetition, after untimed warm-up repetitions in the *|
|* same process. Building the pass manager and parsing the pipeline happen    *|
|* before the clock starts, as in Triton's script.                            *|
|*                                                                            *|
|*   tritium-pm-time --pass-pipeline=P [--reps N] [--warmup N]                *|
|*                   [--single-thread] [--lazy-dialects] [-o OUT] INPUT       *|
|*                                                                            *|
|* --lazy-dialects: the context loads no dialect up front, as tritium-opt,    *|
|* mlir-opt and a C API context do: the parser loads those of the input, and  *|
|* the timed run loads those its passes declare (one-time work per context).  *|
|*                                                                            *|
|* Prints {"samples_ms": [...], "median_ms": m, "min_ms": m} on stdout; with  *|
|* -o, the module the last repetition produced. Exit 1 when the input, the    *|
|* pipeline or a run fails (diagnostics on stderr), 2 on a bad command line.  *|
\*===----------------------------------------------------------------------===*/

#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  const char *pipeline;
  const char *input;
  const char *output;
  long reps;
  long warmup;
  bool singleThread;
  bool lazyDialects;
} Options;

static void usage(FILE *to) {
  fputs("usage: tritium-pm-time --pass-pipeline=PIPELINE [--reps N] [--warmup N] [--single-thread] "
        "[--lazy-dialects] [-o OUT] INPUT\n",
        to);
}

/* Parses a non-negative count; false on anything else. */
static bool parseCount(const char *text, long *out) {
  char *end = NULL;
  errno = 0;
  long value = strtol(text, &end, 10);
  if (errno || end == text || *end != '\0' || value < 0 || value > 1000000)
    return false;
  *out = value;
  return true;
}

static bool parseArgs(int argc, char **argv, Options *o) {
  *o = (Options){NULL, NULL, NULL, 1, 0, false, false};
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *value = NULL;
    if (strncmp(a, "--pass-pipeline=", 16) == 0) {
      o->pipeline = a + 16;
    } else if (strcmp(a, "--single-thread") == 0) {
      o->singleThread = true;
    } else if (strcmp(a, "--lazy-dialects") == 0) {
      o->lazyDialects = true;
    } else if ((strcmp(a, "--reps") == 0 || strcmp(a, "--warmup") == 0 || strcmp(a, "-o") == 0)) {
      if (i + 1 >= argc) {
        fprintf(stderr, "tritium-pm-time: %s needs a value\n", a);
        return false;
      }
      value = argv[++i];
      if (strcmp(a, "-o") == 0) {
        o->output = value;
      } else if (!parseCount(value, strcmp(a, "--reps") == 0 ? &o->reps : &o->warmup)) {
        fprintf(stderr, "tritium-pm-time: %s: not a count: '%s'\n", a, value);
        return false;
      }
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "tritium-pm-time: unknown option '%s'\n", a);
      return false;
    } else if (o->input) {
      fprintf(stderr, "tritium-pm-time: more than one input ('%s', '%s')\n", o->input, a);
      return false;
    } else {
      o->input = a;
    }
  }
  if (!o->pipeline || !o->input) {
    fputs("tritium-pm-time: --pass-pipeline and an input are required\n", stderr);
    return false;
  }
  if (o->reps < 1) {
    fputs("tritium-pm-time: --reps must be at least 1\n", stderr);
    return false;
  }
  return true;
}

static void writeTo(MlirStringRef s, void *userData) { fwrite(s.data, 1, s.length, (FILE *)userData); }

/* Diagnostics as `location: severity: message` on stderr. */
static MlirLogicalResult printDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  static const char *const kSeverity[] = {"error", "warning", "note", "remark"};
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(d);
  MlirLocation loc = mlirDiagnosticGetLocation(d);
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    fprintf(stderr, "%.*s:%d:%d", (int)file.length, file.data, mlirLocationFileLineColRangeGetStartLine(loc),
            mlirLocationFileLineColRangeGetStartColumn(loc));
  } else {
    mlirLocationPrint(loc, writeTo, stderr);
  }
  fprintf(stderr, ": %s: ", (unsigned)severity < 4 ? kSeverity[severity] : "diagnostic");
  mlirDiagnosticPrint(d, writeTo, stderr);
  fputc('\n', stderr);
  return mlirLogicalResultSuccess();
}

static double nowSeconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* One repetition: fresh context, parse, build the pass manager, time run().
 * Returns 0 and the seconds in *seconds, or 1 after printing why. */
static int runOnce(const Options *o, MlirDialectRegistry registry, bool writeOutput, double *seconds) {
  MlirContext ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/!o->singleThread);
  if (!o->lazyDialects)
    mlirContextLoadAllAvailableDialects(ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  int status = 1;
  MlirModule module = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(o->input));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "tritium-pm-time: cannot parse '%s'\n", o->input);
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                                   mlirStringRefCreateFromCString(o->pipeline), writeTo, stderr);
  if (mlirLogicalResultIsFailure(parsed)) {
    fputs("\ntritium-pm-time: bad --pass-pipeline\n", stderr);
  } else {
    double start = nowSeconds();
    MlirLogicalResult ran = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    *seconds = nowSeconds() - start;
    if (mlirLogicalResultIsFailure(ran)) {
      fputs("tritium-pm-time: the pipeline failed\n", stderr);
    } else {
      status = 0;
      if (writeOutput) {
        FILE *out = fopen(o->output, "w");
        if (!out) {
          fprintf(stderr, "tritium-pm-time: cannot write '%s': %s\n", o->output, strerror(errno));
          status = 1;
        } else {
          mlirOperationPrint(mlirModuleGetOperation(module), writeTo, out);
          fputc('\n', out);
          if (fclose(out) != 0)
            status = 1;
        }
      }
    }
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return status;
}

int main(int argc, char **argv) {
  Options o;
  if (!parseArgs(argc, argv, &o)) {
    usage(stderr);
    return 2;
  }
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  tritiumRegisterAllPasses();

  double *samples = calloc((size_t)o.reps, sizeof(double));
  if (!samples)
    return 1;
  int status = 0;
  for (long i = 0; i < o.warmup + o.reps && status == 0; ++i) {
    double seconds = 0;
    bool last = i == o.warmup + o.reps - 1;
    status = runOnce(&o, registry, last && o.output != NULL, &seconds);
    if (i >= o.warmup)
      samples[i - o.warmup] = seconds * 1e3;
  }
  if (status == 0) {
    printf("{\"samples_ms\": [");
    for (long i = 0; i < o.reps; ++i)
      printf("%s%.6f", i ? ", " : "", samples[i]);
    qsort(samples, (size_t)o.reps, sizeof(double), compareDoubles);
    double median = o.reps % 2 ? samples[o.reps / 2] : (samples[o.reps / 2 - 1] + samples[o.reps / 2]) / 2;
    printf("], \"median_ms\": %.6f, \"min_ms\": %.6f}\n", median, samples[0]);
  }
  free(samples);
  mlirDialectRegistryDestroy(registry);
  return status;
}
