//! `tritongpu-global-scratch-memory-allocation`: lays out the global scratch
//! buffers of each function (`ttg.global_scratch_alloc`, offsets in
//! `ttg.global_scratch_memory_offset`) and records each function's and the
//! module's global and profile scratch sizes and alignments
//! (`ttg.global_scratch_memory_size` / `_alignment`,
//! `ttg.profile_scratch_memory_size` / `_alignment`).
//!
//! Algorithm (Triton 3.9's `allocateGMem`), per function: the callees not
//! laid out yet are laid out first. Then, in walk order, each allocation of a
//! non-zero size, and each call with the callee's non-zero size, is placed at
//! the previous end rounded up to its alignment (a call also gets its offset
//! into the profile scratch, `ttg.profile_scratch_memory_offset`); an
//! allocation marked `third_party_allocation` goes to the profile scratch.
//! A function's size is its end rounded up to the largest alignment (1
//! without allocations). The module takes the public function's (the
//! kernel's) sizes; without one (Triton asserts), the largest of all.
use std::collections::HashMap;

use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

use crate::analysis::{callee_name, i32_attr, module_functions, symbol_name};

/// The pass.
pub struct GlobalScratchMemoryAllocation;

const SIZE: &str = "ttg.global_scratch_memory_size";
const ALIGN: &str = "ttg.global_scratch_memory_alignment";
const PROFILE_SIZE: &str = "ttg.profile_scratch_memory_size";
const PROFILE_ALIGN: &str = "ttg.profile_scratch_memory_alignment";
const OFFSET: &str = "ttg.global_scratch_memory_offset";
const PROFILE_OFFSET: &str = "ttg.profile_scratch_memory_offset";

/// One scratch area of a function being laid out: its end and the largest
/// alignment so far.
struct Area {
    end: i64,
    align: i64,
}

impl Area {
    fn new() -> Area {
        Area { end: 0, align: 1 }
    }
    /// Places `bytes` (aligned to `align`) at the end and records the offset
    /// on `op`; nothing for 0 bytes.
    fn place(&mut self, op: Op, attr: &str, bytes: i64, align: i64) {
        if bytes == 0 {
            return;
        }
        self.end = (self.end + align - 1) / align * align;
        op.set_attr(attr, i32_attr(op.context(), self.end));
        self.end += bytes;
        self.align = self.align.max(align);
    }
    fn size(&self) -> i64 {
        (self.end + self.align - 1) / self.align * self.align
    }
}

impl Pass for GlobalScratchMemoryAllocation {
    fn argument(&self) -> &'static str {
        "tritongpu-global-scratch-memory-allocation"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let functions = module_functions(module);
        let by_name: HashMap<String, Op> =
            functions.iter().filter_map(|&f| symbol_name(f).map(|n| (n, f))).collect();
        let mut stack = Vec::new();
        for &func in &functions {
            allocate(func, &by_name, &mut stack)?;
        }
        let int = |f: Op, name: &str| f.attr(name).and_then(|a| a.int()).unwrap_or(0);
        let kernel = functions.iter().copied().find(|f| {
            f.name() == "tt.func"
                && f.attr("sym_visibility").is_none_or(|v| v.to_string().trim_matches('"') == "public")
        });
        let (size, align, profile_size, profile_align) = match kernel {
            Some(k) => (int(k, SIZE), int(k, ALIGN), int(k, PROFILE_SIZE), int(k, PROFILE_ALIGN)),
            None => functions.iter().fold((0, 1, 0, 1), |(s, a, ps, pa), &f| {
                (s.max(int(f, SIZE)), a.max(int(f, ALIGN)), ps.max(int(f, PROFILE_SIZE)), pa.max(int(f, PROFILE_ALIGN)))
            }),
        };
        let context = module.context();
        module.set_attr(SIZE, i32_attr(context, size));
        module.set_attr(ALIGN, i32_attr(context, align));
        module.set_attr(PROFILE_SIZE, i32_attr(context, profile_size));
        module.set_attr(PROFILE_ALIGN, i32_attr(context, profile_align));
        Ok(())
    }
}

/// Lays out `func` after the callees it needs (`stack`: the functions being
/// laid out, to refuse call cycles).
fn allocate(func: Op, functions: &HashMap<String, Op>, stack: &mut Vec<Op>) -> Result<(), ()> {
    stack.push(func);
    let ops = func.nested_ops();
    let callee = |call: Op| callee_name(call).and_then(|n| functions.get(&n).copied());
    for &op in &ops {
        if op.name() != "tt.call" {
            continue;
        }
        let Some(target) = callee(op) else { continue };
        if target.attr(SIZE).is_some() && target.attr(PROFILE_SIZE).is_some() {
            continue;
        }
        if stack.iter().any(|f| f.same(target)) {
            emit_error(op, "global scratch allocation: call cycle");
            return Err(());
        }
        allocate(target, functions, stack)?;
    }
    let (mut global, mut profile) = (Area::new(), Area::new());
    for &op in &ops {
        match op.name() {
            "ttg.global_scratch_alloc" => {
                let bytes = op.attr("nbytes").and_then(|a| a.int()).unwrap_or(0);
                let align = op.attr("alignment").and_then(|a| a.int()).unwrap_or(1).max(1);
                if bytes < 0 || align & (align - 1) != 0 {
                    emit_error(op, "global scratch allocations need a non-negative size and a power-of-two alignment");
                    return Err(());
                }
                let area = if op.attr("third_party_allocation").is_some() { &mut profile } else { &mut global };
                area.place(op, OFFSET, bytes, align);
            }
            "tt.call" => {
                let Some(target) = callee(op) else { continue };
                let int = |name: &str| target.attr(name).and_then(|a| a.int()).unwrap_or(0);
                global.place(op, OFFSET, int(SIZE), int(ALIGN).max(1));
                profile.place(op, PROFILE_OFFSET, int(PROFILE_SIZE), int(PROFILE_ALIGN).max(1));
            }
            _ => {}
        }
    }
    let context = func.context();
    func.set_attr(SIZE, i32_attr(context, global.size()));
    func.set_attr(ALIGN, i32_attr(context, global.align));
    func.set_attr(PROFILE_SIZE, i32_attr(context, profile.size()));
    func.set_attr(PROFILE_ALIGN, i32_attr(context, profile.align));
    stack.pop();
    Ok(())
}
