/*===- tritium-c/Compile.h - From TTGIR or LLVM dialect to PTX, from C ------===*\
|*                                                                            *|
|* Triton's back end as library calls: a TTGIR module is lowered to the LLVM  *|
|* dialect (the registered pipeline `tritium-make-llir`), translated to LLVM  *|
|* IR, optimized with LLVM's `default<O3>` pipeline and turned into PTX (or,  *|
|* for the CPU, object code), all in process, with the one shared libLLVM.    *|
|*                                                                            *|
|* Ownership: every function borrows its module and options; output goes to   *|
|* the caller's callback, valid only during the call. Errors are MLIR         *|
|* diagnostics on the module's location (attach a handler to the context to   *|
|* see them) plus a failure result; the functions never abort on bad input:   *|
|* a null module fails (tritiumModuleNeedsLowering: false), a NULL callback   *|
|* drops the output, bad options (see below) fail with a diagnostic.          *|
|* (A fatal error inside LLVM's code generator, e.g. an instruction it cannot *|
|* select, still aborts, as in any LLVM-based compiler.)                      *|
|*                                                                            *|
|* Process-wide effects, as in Triton: the first call registers Tritium's     *|
|* passes and turns on the LLVM options `nvptx-short-ptr` (32-bit pointers to *|
|* shared/constant/local memory) and `nvptx-mad-wide-opt`; the NVPTX and X86  *|
|* LLVM targets are initialized.                                              *|
|*                                                                            *|
|* Threads: calls on one context run one at a time (a per-context lock), on  *|
|* separate contexts in parallel; see tritiumRegisterAllDialects (Dialects.h).*|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_COMPILE_H
#define TRITIUM_C_COMPILE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A module to compile holds one kernel: one public `tt.func` with a body (or
 * one `llvm.func` marked `nvvm.kernel`); a module with two fails with a
 * diagnostic naming them, as does tritiumCpuKernelLoad (Cpu.h). */

/** How to compile. Start from tritiumCompileOptionsGetDefault(). */
typedef struct {
  /** Triton's target name: `cuda:<capability>` (e.g. "cuda:80"; from 90 on
   *  the architecture is `sm_<capability>a`, as in Triton) or `cpu` (x86-64
   *  object code). Empty: the module's `ttg.target` attribute. `hip:*` is
   *  refused with a diagnostic. Must be UTF-8 (else the call fails).
   *  Borrowed. */
  MlirStringRef target;
  /** The PTX ISA version times ten (88 = PTX 8.8). 0: 88 (or the oldest the
   *  architecture supports, if newer). Versions newer than LLVM 22 knows
   *  (9.0) are generated as 9.0 with the `.version` line rewritten, as Triton
   *  does. Ignored for `cpu`. */
  int32_t ptxVersion;
  /** 0 to 3: LLVM's `default<On>` pipeline and code generator level. */
  int32_t optLevel;
  /** Paths of LLVM bitcode libraries (e.g. Triton's libdevice.10.bc) whose
   *  definitions are linked into the module, with internal linkage, before
   *  optimization. Borrowed; may be NULL only when numExternLibs is 0 (else
   *  the call fails); each path must be UTF-8. A CUDA
   *  kernel that declares a function none of them defines is refused. */
  const MlirStringRef *externLibs;
  /** The number of externLibs; negative fails. */
  intptr_t numExternLibs;
  /** Whether the code generator may fuse floating-point operations (e.g. a
   *  multiply and an add into an FMA): Triton's `enable_fp_fusion`. */
  bool enableFPFusion;
  /** For a TTIR module (one without `ttg.num-warps`, as make_ttir leaves
   *  it): Triton's `num_warps` for make_ttgir. 0: 4. Must be a power of two
   *  up to 32. Ignored for TTGIR and LLVM-dialect modules. */
  int32_t numWarps;
  /** For a TTIR module: Triton's `num_stages` (software pipelining) for
   *  make_ttgir. 0: 3. */
  int32_t numStages;
} TritiumCompileOptions;

/** The defaults: target from the module, PTX 8.8, -O3, no libraries, FP
 *  fusion on, 4 warps and 3 stages for TTIR input. */
MLIR_CAPI_EXPORTED TritiumCompileOptions tritiumCompileOptionsGetDefault(void);

/** Whether `module` holds ops that must be lowered (by `tritium-make-llir`)
 *  before translation: anything outside the builtin, llvm, nvvm and rocdl
 *  dialects. */
MLIR_CAPI_EXPORTED bool tritiumModuleNeedsLowering(MlirModule module);

/** Lowers a TTGIR `module` to the LLVM dialect in place, with the registered
 *  pipeline `tritium-make-llir{target=<target>}` (Triton's make_llir up to
 *  translation). A module that is already LLVM dialect is left as is. The
 *  pipeline runs on a clone: on failure `module` is untouched, on success its
 *  body and attributes are replaced by the clone's. Fails with the diagnostic
 *  "pipeline 'tritium-make-llir' is not registered ..." while no lowering is
 *  registered. Registers Tritium's passes (tritiumRegisterAllPasses). */
MLIR_CAPI_EXPORTED MlirLogicalResult
tritiumLowerToLLVMDialect(MlirModule module, TritiumCompileOptions options);

/** Textual LLVM IR of `module` after translation and LLVM's optimization
 *  pipeline (what Triton keeps as `llir`), for the options' target. A TTGIR
 *  module is lowered first, on a clone: `module` is never modified. The text
 *  goes to `callback` in one piece. */
MLIR_CAPI_EXPORTED MlirLogicalResult
tritiumCompileToLLVMIR(MlirModule module, TritiumCompileOptions options,
                       MlirStringCallback callback, void *userData);

/** PTX for a `cuda:*` target (see tritiumCompileToLLVMIR for the steps and
 *  for ownership). Fails for other targets. */
MLIR_CAPI_EXPORTED MlirLogicalResult
tritiumCompileToPTX(MlirModule module, TritiumCompileOptions options,
                    MlirStringCallback callback, void *userData);

/** Textual assembly for any target (PTX for `cuda:*`, x86 assembly for
 *  `cpu`). */
MLIR_CAPI_EXPORTED MlirLogicalResult
tritiumCompileToAssembly(MlirModule module, TritiumCompileOptions options,
                         MlirStringCallback callback, void *userData);

/** An object file (binary; the callback's string holds NUL bytes and must be
 *  read by its length). The NVPTX backend has no object emission: for
 *  `cuda:*` this fails with a diagnostic (assemble the PTX with ptxas). */
MLIR_CAPI_EXPORTED MlirLogicalResult
tritiumCompileToObject(MlirModule module, TritiumCompileOptions options,
                       MlirStringCallback callback, void *userData);

/** Triton's compile metadata of the kernel in `module`, as one JSON object:
 *
 *    name                 the kernel: the public tt.func (or the llvm.func
 *                         marked nvvm.kernel)
 *    target, ptx_version  the resolved target (ptx_version null for cpu)
 *    num_warps            "ttg.num-warps" (null if absent)
 *    threads_per_warp     "ttg.threads-per-warp" (32 if absent)
 *    num_ctas             "ttg.num-ctas" (1 if absent)
 *    shared               ttg.shared, bytes (0 if absent)
 *    global_scratch_size, global_scratch_align, profile_scratch_size,
 *    profile_scratch_align   ttg.{global,profile}_scratch_memory_{size,alignment}
 *    arguments            [{name, type, divisibility}, ...]: each kernel
 *                         argument's name (from its loc("name"(...)), else
 *                         argN), MLIR type text and tt.divisibility (or
 *                         null), then the two pointers Triton's lowering
 *                         appends, {"name": "global_scratch"} and
 *                         {"name": "profile_scratch"}, marked "abi": true.
 *
 *  Call it on the TTGIR module before lowering (the arguments keep their
 *  `tt` types). The module-level numbers are read from `lowered` when it is
 *  not null (the lowering's allocation passes set ttg.shared and the scratch
 *  sizes), else from `module`. Neither module is modified. */
MLIR_CAPI_EXPORTED MlirLogicalResult
tritiumKernelMetadataJSON(MlirModule module, MlirModule lowered,
                          TritiumCompileOptions options,
                          MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_COMPILE_H */
