//! `triton-nvidia-tma-lowering`: tensor-descriptor loads, stores and
//! device-side descriptor creation become TMA ops (sm90+).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The descriptor ops this pass rewrites.
const DESCRIPTOR_OPS: [&str; 3] = ["tt.descriptor_load", "tt.descriptor_store", "tt.make_tensor_descriptor"];

pub struct TmaLowering;

impl Pass for TmaLowering {
    fn argument(&self) -> &'static str {
        "triton-nvidia-tma-lowering"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        if let Some(nested) = op.nested_ops().into_iter().find(|o| DESCRIPTOR_OPS.contains(&o.name())) {
            emit_error(nested, "triton-nvidia-tma-lowering: tensor-descriptor ops are not supported yet");
            return Err(());
        }
        Ok(())
    }
}
