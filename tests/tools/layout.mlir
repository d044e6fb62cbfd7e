// tritium-layout: which (register, lane, warp, block) holds which tensor
// element. Every expected line below is derived by hand from the definition
// of the encoding, not copied from the tool's output.

// --- #ttg.blocked, sizePerThread = [1, 4], threadsPerWarp = [8, 4], order = [1, 0]
// on 8x16: a thread holds 4 consecutive elements of a row (register = j % 4);
// lanes go 4 along a row, then down the rows (lane = 4 * i + j / 4).
// RUN: tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 \
// RUN:   | FileCheck %s --check-prefix=BLOCKED
// BLOCKED:      {{^}}[0, 0]: register=0 lane=0 warp=0 block=0{{$}}
// BLOCKED-NEXT: {{^}}[0, 1]: register=1 lane=0 warp=0 block=0{{$}}
// BLOCKED-NEXT: {{^}}[0, 2]: register=2 lane=0 warp=0 block=0{{$}}
// BLOCKED-NEXT: {{^}}[0, 3]: register=3 lane=0 warp=0 block=0{{$}}
// BLOCKED-NEXT: {{^}}[0, 4]: register=0 lane=1 warp=0 block=0{{$}}
// BLOCKED-NEXT: {{^}}[0, 5]: register=1 lane=1 warp=0 block=0{{$}}
// BLOCKED:      {{^}}[3, 14]: register=2 lane=15 warp=0 block=0{{$}}
// BLOCKED:      {{^}}[5, 8]: register=0 lane=22 warp=0 block=0{{$}}
// BLOCKED:      {{^}}[7, 15]: register=3 lane=31 warp=0 block=0{{$}}
// BLOCKED-NOT:  {{.}}
// No element has a second holder: the layout covers 8x16 exactly once.
// RUN: tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 \
// RUN:   | FileCheck %s --check-prefix=ONE-HOLDER
// ONE-HOLDER-NOT: |
// RUN: tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 | count 128

// A shape larger than the CTA tile (8x16) repeats it along the registers.
// RUN: tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 16x16 \
// RUN:   | FileCheck %s --check-prefix=REPEAT
// REPEAT: {{^}}[7, 15]: register=3 lane=31 warp=0 block=0{{$}}
// REPEAT: {{^}}[8, 0]: register=4 lane=0 warp=0 block=0{{$}}
// REPEAT: {{^}}[15, 15]: register=7 lane=31 warp=0 block=0{{$}}

// --- The hardware view (the inverse): lane 13 is row 3, column group 1.
// RUN: tritium-layout --view=hardware '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 \
// RUN:   | FileCheck %s --check-prefix=HW
// HW:      {{^}}register=0 lane=0 warp=0 block=0 -> [0, 0]{{$}}
// HW-NEXT: {{^}}register=1 lane=0 warp=0 block=0 -> [0, 1]{{$}}
// HW-NEXT: {{^}}register=2 lane=0 warp=0 block=0 -> [0, 2]{{$}}
// HW-NEXT: {{^}}register=3 lane=0 warp=0 block=0 -> [0, 3]{{$}}
// HW-NEXT: {{^}}register=0 lane=1 warp=0 block=0 -> [0, 4]{{$}}
// HW:      {{^}}register=2 lane=13 warp=0 block=0 -> [3, 6]{{$}}
// HW:      {{^}}register=3 lane=31 warp=0 block=0 -> [7, 15]{{$}}
// HW-NOT:  {{.}}

// --- The linear view: one basis per bit of register, lane, warp, block.
// RUN: tritium-layout --view=linear '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 \
// RUN:   | FileCheck %s --check-prefix=LINEAR
// LINEAR: {{^}}{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [], block = []}{{$}}

// --- #ttg.slice dim 0 of the same parent on a 16-element vector: the lanes
// that walked down the (removed) rows now all hold the same elements.
// RUN: tritium-layout '#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>}>' 16 \
// RUN:   | FileCheck %s --check-prefix=SLICE
// SLICE: {{^}}[0]: register=0 lane=0 warp=0 block=0 | register=0 lane=4 warp=0 block=0 | register=0 lane=8 warp=0 block=0 | register=0 lane=12 warp=0 block=0 | register=0 lane=16 warp=0 block=0 | register=0 lane=20 warp=0 block=0 | register=0 lane=24 warp=0 block=0 | register=0 lane=28 warp=0 block=0{{$}}
// SLICE: {{^}}[5]: register=1 lane=1 warp=0 block=0 | register=1 lane=5 warp=0 block=0 | register=1 lane=9 warp=0 block=0 | register=1 lane=13 warp=0 block=0 | register=1 lane=17 warp=0 block=0 | register=1 lane=21 warp=0 block=0 | register=1 lane=25 warp=0 block=0 | register=1 lane=29 warp=0 block=0{{$}}
// SLICE: {{^}}[15]: register=3 lane=3 warp=0 block=0 | register=3 lane=7 warp=0 block=0 | register=3 lane=11 warp=0 block=0 | register=3 lane=15 warp=0 block=0 | register=3 lane=19 warp=0 block=0 | register=3 lane=23 warp=0 block=0 | register=3 lane=27 warp=0 block=0 | register=3 lane=31 warp=0 block=0{{$}}
// RUN: tritium-layout --view=linear '#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>}>' 16 \
// RUN:   | FileCheck %s --check-prefix=SLICE-LINEAR
// SLICE-LINEAR: {{^}}{register = {{\[\[}}1], [2]], lane = {{\[\[}}4], [8], [0], [0], [0]], warp = [], block = []}{{$}}

// --- Broadcast: 2 warps stacked along rows over only 8 rows (one warp's
// worth): both warps hold every element.
// RUN: tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>' 8x16 \
// RUN:   | FileCheck %s --check-prefix=BCAST
// BCAST: {{^}}[0, 0]: register=0 lane=0 warp=0 block=0 | register=0 lane=0 warp=1 block=0{{$}}
// BCAST: {{^}}[0, 5]: register=1 lane=1 warp=0 block=0 | register=1 lane=1 warp=1 block=0{{$}}
// BCAST: {{^}}[7, 15]: register=3 lane=31 warp=0 block=0 | register=3 lane=31 warp=1 block=0{{$}}
// RUN: tritium-layout --view=hardware '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>' 8x16 \
// RUN:   | FileCheck %s --check-prefix=BCAST-HW
// BCAST-HW: {{^}}register=3 lane=31 warp=0 block=0 -> [7, 15]{{$}}
// BCAST-HW-NEXT: {{^}}register=0 lane=0 warp=1 block=0 -> [0, 0]{{$}}
// BCAST-HW: {{^}}register=1 lane=1 warp=1 block=0 -> [0, 5]{{$}}
// 32 lanes over a 4x4 tensor: lanes l and l + 16 hold the same element.
// RUN: tritium-layout '#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 4x4 \
// RUN:   | FileCheck %s --check-prefix=BCAST-LANES
// BCAST-LANES: {{^}}[1, 2]: register=0 lane=6 warp=0 block=0 | register=0 lane=22 warp=0 block=0{{$}}

// --- #ttg.nvidia_mma v2 (mma.sync m16n8), one warp, 16x8 accumulator:
// lane = 4 * (row % 8) + col / 2, register = 2 * (row / 8) + col % 2.
// Lane 5 (group 1, thread 1 of the group) holds [1, 2], [1, 3], [9, 2], [9, 3].
// RUN: tritium-layout '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>' 16x8 \
// RUN:   | FileCheck %s --check-prefix=MMA
// MMA: {{^}}[0, 0]: register=0 lane=0 warp=0 block=0{{$}}
// MMA: {{^}}[1, 2]: register=0 lane=5 warp=0 block=0{{$}}
// MMA-NEXT: {{^}}[1, 3]: register=1 lane=5 warp=0 block=0{{$}}
// MMA: {{^}}[9, 2]: register=2 lane=5 warp=0 block=0{{$}}
// MMA-NEXT: {{^}}[9, 3]: register=3 lane=5 warp=0 block=0{{$}}
// MMA: {{^}}[15, 7]: register=3 lane=31 warp=0 block=0{{$}}
// RUN: tritium-layout --view=hardware '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>' 16x8 \
// RUN:   | FileCheck %s --check-prefix=MMA-HW
// MMA-HW:      {{^}}register=0 lane=5 warp=0 block=0 -> [1, 2]{{$}}
// MMA-HW-NEXT: {{^}}register=1 lane=5 warp=0 block=0 -> [1, 3]{{$}}
// MMA-HW-NEXT: {{^}}register=2 lane=5 warp=0 block=0 -> [9, 2]{{$}}
// MMA-HW-NEXT: {{^}}register=3 lane=5 warp=0 block=0 -> [9, 3]{{$}}
// RUN: tritium-layout --view=linear '#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>' 16x8 \
// RUN:   | FileCheck %s --check-prefix=MMA-LINEAR
// MMA-LINEAR: {{^}}{register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}{{$}}

// --- #ttg.swizzled_shared, vec = 2, perPhase = 1, maxPhase = 4 on 4x8: row r
// is stored at offsets 8r.., its vectors of 2 permuted by XOR with phase r:
// element [r, c] sits at 8r + 2 * ((c / 2) ^ r) + c % 2.
// RUN: tritium-layout '#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>' 4x8 \
// RUN:   | FileCheck %s --check-prefix=SHARED
// SHARED: {{^}}[0, 7]: offset=7 block=0{{$}}
// SHARED: {{^}}[1, 0]: offset=10 block=0{{$}}
// SHARED: {{^}}[2, 3]: offset=23 block=0{{$}}
// SHARED: {{^}}[3, 5]: offset=27 block=0{{$}}
// RUN: tritium-layout --view=hardware '#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>' 4x8 \
// RUN:   | FileCheck %s --check-prefix=SHARED-HW
// SHARED-HW:      {{^}}offset=8 block=0 -> [1, 2]{{$}}
// SHARED-HW-NEXT: {{^}}offset=9 block=0 -> [1, 3]{{$}}
// SHARED-HW-NEXT: {{^}}offset=10 block=0 -> [1, 0]{{$}}
// RUN: tritium-layout --view=linear '#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>' 4x8 \
// RUN:   | FileCheck %s --check-prefix=SHARED-LINEAR
// SHARED-LINEAR: {{^}}{offset = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 2], [2, 4]], block = []}{{$}}

// --- --threads-per-warp checks the lanes of the layout.
// RUN: tritium-layout --threads-per-warp 32 '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 | count 128

// --- --help
// RUN: tritium-layout --help | FileCheck %s --check-prefix=HELP
// HELP: usage: tritium-layout [--view=elements|hardware|linear] [--threads-per-warp N]

// --- Errors: exit status 1, a message on stderr, nothing on stdout.
// RUN: not tritium-layout '#ttg.blocked<{sizePerThread = [1, x4]}>' 8x16 2>&1 | FileCheck %s --check-prefix=ERR-PARSE
// ERR-PARSE: error: expected attribute value
// ERR-PARSE: error: cannot parse the encoding '#ttg.blocked<{sizePerThread = [1, x4]}>'
// RUN: not tritium-layout '#ttg.bogus<{}>' 8x16 2>&1 | FileCheck %s --check-prefix=ERR-UNKNOWN
// ERR-UNKNOWN: error: unknown attribute `bogus` in dialect `ttg`
// RUN: not tritium-layout '42 : i32' 8 2>&1 | FileCheck %s --check-prefix=ERR-NOT-TTG
// ERR-NOT-TTG: error: '42 : i32' is not a ttg encoding
// RUN: not tritium-layout '#ttg.shared_memory' 8 2>&1 | FileCheck %s --check-prefix=ERR-SPACE
// ERR-SPACE: error: #ttg.shared_memory is a memory space, not a layout
// RUN: not tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16x2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-RANK
// ERR-RANK: error: the shape 8x16x2 has rank 3, but the #ttg.blocked encoding has rank 2
// RUN: not tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 12x16 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-POW2
// ERR-POW2: error: {{.*}}12, 16{{.*}} not made of positive powers of two
// RUN: not tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-SHAPE
// ERR-SHAPE: error: invalid shape '8x': expected dimensions separated by 'x', e.g. 16x16
// RUN: not tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 512x512 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-BIG
// ERR-BIG: error: the shape 512x512 has 262144 elements; tritium-layout prints at most 2^16
// RUN: not tritium-layout --frobnicate '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-FLAG
// ERR-FLAG: error: unknown option '--frobnicate'
// An instrShape no MMA instruction has is refused when the encoding is parsed
// (it gave a layout of zero bases).
// RUN: not tritium-layout '#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 1073741824, 16]}>' 64x64 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-INSTR
// ERR-INSTR: error: every instrShape entry must be between 1 and 65536, got [16, 1073741824, 16]
// ERR-INSTR-NEXT: #ttg.nvidia_mma<{versionMajor = 3
// ERR-INSTR: error: cannot parse the encoding
// RUN: not tritium-layout --view=sideways '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-VIEW
// ERR-VIEW: error: unknown view 'sideways'
// RUN: not tritium-layout --threads-per-warp 64 '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 8x16 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-TPW
// ERR-TPW: error: the layout has 32 threads per warp, but --threads-per-warp is 64
// RUN: not tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-MISSING
// ERR-MISSING: error: missing the shape
// Errors leave stdout empty.
// RUN: not tritium-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>' 12x16 2>/dev/null | count 0
