//! `tritongpu-pipeline`: software-pipelines the loops scheduled by
//! `tritongpu-schedule-loops` (Triton's `SoftwarePipeliner`).
//!
//! Algorithm:
//!
//! 1. **Lower** ([`crate::pipeliner::lower`]): pipelined loads become
//!    asynchronous copies into multi-buffered shared memory.
//! 2. **Expand** ([`crate::pipeliner::expand`]): prologue and predicated
//!    kernel loop, masks resolved into predicated ops.
//! 3. The schedule attributes are removed, the `num` of every `async_wait` is
//!    set from the commit groups that may still be pending (adjacent waits
//!    merge), and the module is folded (Triton's arith clean-up: folding,
//!    constant hoisting, dead-code removal).
//!
//! Loops without a schedule are left alone; a loop whose schedule the
//! expander cannot honour stays unpipelined.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};

use crate::pipeliner::{expand, lower};

/// The pass.
pub struct Pipeline;

impl Pass for Pipeline {
    fn argument(&self) -> &'static str {
        "tritongpu-pipeline"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        lower::lower_loops(module);
        expand::expand_loops(module);
        expand::remove_schedule_attributes(module);
        expand::update_waits(module);
        expand::fold_module(module);
        Ok(())
    }
}
