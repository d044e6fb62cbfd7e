/*===- tritium-layout.c - Which thread holds which tensor element -----------===*\
|*                                                                            *|
|* For a `ttg` encoding and a shape, prints which (register, lane, warp,      *|
|* block) - or, for shared memory, which (offset, block) - holds each tensor  *|
|* element, the inverse, or the linear layout itself. A thin C driver over    *|
|* tritiumLayoutDescribe (tritium-c/Layout.h); it only uses the C API.        *|
\*===----------------------------------------------------------------------===*/
#include "tritium-c/Dialects.h"
#include "tritium-c/Layout.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK 16

static const char *kUsage =
    "usage: tritium-layout [--view=elements|hardware|linear] [--threads-per-warp N]\n"
    "                      '<encoding>' <shape>\n"
    "\n"
    "Prints which hardware location holds each element of a tensor of shape\n"
    "<shape> (e.g. 16x16) laid out by the ttg encoding <encoding>, a full\n"
    "attribute such as\n"
    "  '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4],\n"
    "                 warpsPerCTA = [1, 1], order = [1, 0]}>'\n"
    "\n"
    "Hardware locations are register/lane/warp/block for distributed (register)\n"
    "encodings and offset/block for shared-memory encodings.\n"
    "\n"
    "options:\n"
    "  --view=elements       one line per tensor element, row-major (default):\n"
    "                          [i, j]: register=R lane=L warp=W block=B\n"
    "                        several holders (broadcast) are separated by ' | '\n"
    "  --view=hardware       the inverse, one line per hardware location:\n"
    "                          register=R lane=L warp=W block=B -> [i, j]\n"
    "  --view=linear         the linear layout, as the body of a #ttg.linear\n"
    "  --threads-per-warp N  fail unless the layout uses exactly N lanes per warp\n"
    "                        (distributed encodings only)\n"
    "  -h, --help            print this help\n"
    "\n"
    "The element and hardware views print at most 65536 lines.\n"
    "Exit status: 0 on success, 1 on bad input.\n";

/* ---- a growable text buffer, filled by the C API's string callbacks ---- */

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

/* ---- MLIR diagnostics, printed to stderr ---- */

typedef struct {
  int numErrors;
  /* The text being parsed, to point at the place a parse error names. */
  const char *source;
} DiagnosticState;

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

static void printDiagnostic(MlirDiagnostic diagnostic, int depth) {
  Buffer text = {0};
  mlirDiagnosticPrint(diagnostic, appendToBuffer, &text);
  fprintf(stderr, "%s%s: %s\n", depth ? "  " : "",
          severityName(mlirDiagnosticGetSeverity(diagnostic)),
          text.data ? text.data : "(no message)");
  free(text.data);
  intptr_t numNotes = mlirDiagnosticGetNumNotes(diagnostic);
  for (intptr_t i = 0; i < numNotes; ++i)
    printDiagnostic(mlirDiagnosticGetNote(diagnostic, i), depth + 1);
}

/* Prints line `line` (1-based) of `source` and a caret under column `column`. */
static void printCaret(const char *source, int line, int column) {
  const char *start = source;
  for (int l = 1; l < line && start; ++l) {
    start = strchr(start, '\n');
    if (start)
      ++start;
  }
  if (!start)
    return;
  size_t length = strcspn(start, "\n");
  if (column < 1 || (size_t)column > length + 1)
    return;
  fprintf(stderr, "  %.*s\n  ", (int)length, start);
  for (int c = 1; c < column; ++c)
    fputc(start[c - 1] == '\t' ? '\t' : ' ', stderr);
  fputs("^\n", stderr);
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic, void *userData) {
  DiagnosticState *state = (DiagnosticState *)userData;
  if (mlirDiagnosticGetSeverity(diagnostic) == MlirDiagnosticError)
    ++state->numErrors;
  printDiagnostic(diagnostic, 0);
  MlirLocation location = mlirDiagnosticGetLocation(diagnostic);
  if (state->source && mlirLocationIsAFileLineColRange(location))
    printCaret(state->source, mlirLocationFileLineColRangeGetStartLine(location),
               mlirLocationFileLineColRangeGetStartColumn(location));
  return mlirLogicalResultSuccess();
}

/* ---- command line ---- */

static int usageError(const char *format, const char *argument) {
  fputs("error: ", stderr);
  fprintf(stderr, format, argument);
  fputs(" (see tritium-layout --help)\n", stderr);
  return 1;
}

/* Parses `16x16` (dimensions in decimal separated by 'x'); returns the rank,
 * or -1 after printing an error. */
static intptr_t parseShape(const char *text, int64_t *shape) {
  intptr_t rank = 0;
  const char *p = text;
  for (;;) {
    if (*p < '0' || *p > '9')
      break;
    int64_t value = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9') {
      if (++digits > 12) {
        fprintf(stderr, "error: invalid shape '%s': dimension too large\n", text);
        return -1;
      }
      value = value * 10 + (*p - '0');
      ++p;
    }
    if (rank == MAX_RANK) {
      fprintf(stderr, "error: invalid shape '%s': more than %d dimensions\n", text, MAX_RANK);
      return -1;
    }
    shape[rank++] = value;
    if (*p == '\0')
      return rank;
    if (*p != 'x')
      break;
    ++p;
  }
  fprintf(stderr,
          "error: invalid shape '%s': expected dimensions separated by 'x', e.g. 16x16\n",
          text);
  return -1;
}

/* Parses a positive decimal integer of at most 9 digits; -1 if invalid. */
static long parsePositive(const char *text) {
  if (!*text || strlen(text) > 9)
    return -1;
  long value = 0;
  for (const char *p = text; *p; ++p) {
    if (*p < '0' || *p > '9')
      return -1;
    value = value * 10 + (*p - '0');
  }
  return value > 0 ? value : -1;
}

static bool parseView(const char *text, TritiumLayoutView *view) {
  if (!strcmp(text, "elements"))
    *view = TRITIUM_LAYOUT_ELEMENTS;
  else if (!strcmp(text, "hardware"))
    *view = TRITIUM_LAYOUT_HARDWARE;
  else if (!strcmp(text, "linear"))
    *view = TRITIUM_LAYOUT_LINEAR;
  else
    return false;
  return true;
}

int main(int argc, char **argv) {
  TritiumLayoutView view = TRITIUM_LAYOUT_ELEMENTS;
  long threadsPerWarp = 0;
  const char *positional[2] = {NULL, NULL};
  int numPositional = 0;
  bool optionsDone = false;

  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (!optionsDone && arg[0] == '-' && arg[1] != '\0') {
      if (!strcmp(arg, "--")) {
        optionsDone = true;
      } else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
        fputs(kUsage, stdout);
        return 0;
      } else if (!strncmp(arg, "--view=", 7) || !strcmp(arg, "--view")) {
        const char *value = arg[6] == '=' ? arg + 7 : (i + 1 < argc ? argv[++i] : NULL);
        if (!value)
          return usageError("%s needs a value: elements, hardware or linear", arg);
        if (!parseView(value, &view))
          return usageError("unknown view '%s': expected elements, hardware or linear", value);
      } else if (!strncmp(arg, "--threads-per-warp=", 19) ||
                 !strcmp(arg, "--threads-per-warp")) {
        const char *value = arg[18] == '=' ? arg + 19 : (i + 1 < argc ? argv[++i] : NULL);
        if (!value)
          return usageError("%s needs a value", arg);
        threadsPerWarp = parsePositive(value);
        if (threadsPerWarp <= 0 || (threadsPerWarp & (threadsPerWarp - 1)) != 0)
          return usageError("--threads-per-warp takes a positive power of two, got '%s'", value);
      } else {
        return usageError("unknown option '%s'", arg);
      }
      continue;
    }
    if (numPositional == 2)
      return usageError("unexpected argument '%s': expected an encoding and a shape", arg);
    positional[numPositional++] = arg;
  }
  if (numPositional != 2)
    return usageError("%s", numPositional == 0 ? "missing the encoding and the shape"
                                               : "missing the shape");

  int64_t shape[MAX_RANK];
  intptr_t rank = parseShape(positional[1], shape);
  if (rank < 0)
    return 1;

  MlirContext ctx = mlirContextCreateWithThreading(false);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tritiumRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  DiagnosticState diagnostics = {0, positional[0]};
  MlirDiagnosticHandlerID handler =
      mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, &diagnostics, NULL);

  int status = 1;
  Buffer out = {0};
  MlirAttribute encoding =
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(positional[0]));
  if (mlirAttributeIsNull(encoding)) {
    fprintf(stderr, "error: cannot parse the encoding '%s'%s\n", positional[0],
            diagnostics.numErrors ? " (see above)" : "");
    goto done;
  }
  if (!tritiumLayoutDescribe(encoding, rank, shape, view, appendToBuffer, &out)) {
    if (out.data)
      fputs(out.data, stderr);
    else
      fputs("error: cannot describe the layout\n", stderr);
    goto done;
  }
  if (out.oom) {
    fputs("error: out of memory\n", stderr);
    goto done;
  }
  if (threadsPerWarp) {
    if (!tritiumLayoutIsDistributed(encoding)) {
      fputs("error: --threads-per-warp applies to distributed encodings only, not to "
            "shared-memory ones\n",
            stderr);
      goto done;
    }
    int64_t lanes =
        tritiumLayoutGetInDimSize(encoding, rank, shape, mlirStringRefCreateFromCString("lane"));
    if (lanes != threadsPerWarp) {
      fprintf(stderr,
              "error: the layout has %lld threads per warp, but --threads-per-warp is %ld\n",
              (long long)lanes, threadsPerWarp);
      goto done;
    }
  }
  if (out.data)
    fwrite(out.data, 1, out.length, stdout);
  status = fflush(stdout) == 0 ? 0 : 1;

done:
  free(out.data);
  mlirContextDetachDiagnosticHandler(ctx, handler);
  mlirContextDestroy(ctx);
  return status;
}
