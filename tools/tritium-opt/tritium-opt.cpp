//===- tritium-opt.cpp - mlir-opt with every Tritium dialect and pass --------===//
//
// Besides every mlir-opt flag, three flags about backend specs, each handled
// on its own (no input file):
//   --list-spec-slots  every slot (pattern, legality rule, hook) by name
//   --spec-report      the library's backend, and who provides each slot
//   --spec-check       the drift guard: exit 1 if the backend's spec.toml and
//                      Rust code disagree with the core's slots, or spec.toml
//                      names an op no dialect has or a pipeline that does not
//                      parse (unknown pass, bad option)
// Without them, a library whose spec fails the drift guard refuses to run.
//
//===----------------------------------------------------------------------===//
#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"
#include "tritium-c/Spec.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include <cstdio>
#include <cstring>

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, static_cast<FILE *>(stream));
}

int main(int argc, char **argv) {
  bool specCheck = false;
  for (int i = 1; i < argc; ++i)
    specCheck |= !strcmp(argv[i], "--spec-check");
  mlir::DialectRegistry registry;
  if (specCheck) {
    // The names in spec.toml are checked against what mlir-opt, the host of
    // the plugin, offers: every upstream dialect and pass, then Tritium's.
    mlir::registerAllDialects(registry);
    mlir::registerAllPasses();
  }
  tritiumRegisterAllDialects(wrap(&registry));
  tritiumRegisterAllPasses();
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--list-spec-slots")) {
      tritiumSpecListSlots(printTo, stdout);
      return 0;
    }
    if (!strcmp(argv[i], "--spec-report")) {
      tritiumSpecReport(printTo, stdout);
      return 0;
    }
    if (!strcmp(argv[i], "--spec-check")) {
      bool ok = tritiumSpecCheck(printTo, stderr);
      ok &= tritiumSpecCheckNames(wrap(&registry), printTo, stderr);
      return ok ? 0 : 1;
    }
  }
  // A library whose backend spec failed the drift guard is not used without
  // the backend's changes: say why and stop (the build removes such a library).
  if (!tritiumSpecCheck(printTo, stderr)) {
    fprintf(stderr, "error: %s: this library's backend spec failed the drift guard (above); "
                    "refusing to run\n", argv[0]);
    return 1;
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tritium optimizer driver\n", registry));
}
