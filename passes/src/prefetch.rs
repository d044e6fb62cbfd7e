//! `tritongpu-prefetch`: Triton splits the dots of a pipelined loop along K
//! and prefetches the next iteration's first slice from shared memory.
//!
//! Not written yet: the pass leaves every loop as it is (valid IR, without
//! the prefetch), which is what Triton does for loops without a dot fed by
//! `local_load`s of pipelined buffers.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};

/// The pass.
pub struct Prefetch;

impl Pass for Prefetch {
    fn argument(&self) -> &'static str {
        "tritongpu-prefetch"
    }
    fn run(&self, _op: Op, _options: &PassOptions) -> Result<(), ()> {
        Ok(())
    }
}
