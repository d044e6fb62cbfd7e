//! `tritongpu-pipeline`: software-pipelines the loops scheduled by
//! `tritongpu-schedule-loops` (Triton's `SoftwarePipeliner`).
//!
//! Algorithm:
//!
//! 1. **Lower** ([`crate::pipeliner::lower`]): pipelined loads become
//!    asynchronous copies into multi-buffered shared memory.
//! 2. **Expand** ([`crate::pipeliner::expand`]): prologue and predicated
//!    kernel loop, masks resolved into predicated ops.
//! 3. The schedule attributes are removed; the backend serving the target
//!    finishes each loop ([`tritium_dialects::spec::PipelinedLoopHook`]:
//!    asynchronous MMAs and their waits);
//! 4. the `num` of every `async_wait` is
//!    set from the commit groups that may still be pending (adjacent waits
//!    merge), and the module is folded (Triton's arith clean-up: folding,
//!    constant hoisting, dead-code removal).
//!
//! Loops without a schedule are left alone; a loop whose schedule the
//! expander cannot honour stays unpipelined.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};

use crate::pipeliner::{self, expand, lower};

/// The pass.
pub struct Pipeline;

impl Pass for Pipeline {
    fn argument(&self) -> &'static str {
        "tritongpu-pipeline"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        lower::lower_loops(module)?;
        expand::expand_loops(module);
        expand::remove_schedule_attributes(module);
        // The backend's own step on each loop (asynchronous MMAs).
        let hook = crate::mma_utils::module_target(module).and_then(|t| tritium_dialects::spec::pipelined_loop(&t));
        if let Some(hook) = hook {
            let default_stages = options.int("num-stages", 3);
            for for_op in pipeliner::loops_post_order(module) {
                hook(for_op, pipeliner::num_stages_or(for_op, default_stages));
            }
        }
        expand::update_waits(module);
        expand::fold_module(module);
        Ok(())
    }
}

/// `tritongpu-test-pipeline-lower-loop` (test only): the lowering step
/// alone ([`lower::lower_loops`]); the lowered loop keeps its schedule.
pub struct TestPipelineLowerLoop;

impl Pass for TestPipelineLowerLoop {
    fn argument(&self) -> &'static str {
        "tritongpu-test-pipeline-lower-loop"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        lower::lower_loops(module)
    }
}
