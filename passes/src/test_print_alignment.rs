//! `test-print-alignment` (test only): runs [`AxisInfoAnalysis`] and remarks,
//! at each op, the information of each of its results the analysis covers,
//! in Triton's format: `contiguity = [128], divisibility = [16],
//! constancy = [1], constant_value = <none>`.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::services::emit_remark;

use crate::analysis::axis_info::{AxisInfo, AxisInfoAnalysis};

/// The pass.
pub struct TestPrintAlignment;

fn list(values: &[i64]) -> String {
    let items: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// One result's information as Triton's test printer writes it.
pub fn describe(info: &AxisInfo) -> String {
    let constant = match info.constant {
        Some(v) => v.to_string(),
        None => "<none>".to_string(),
    };
    format!(
        "contiguity = {}, divisibility = {}, constancy = {}, constant_value = {}",
        list(&info.contiguity),
        list(&info.divisibility),
        list(&info.constancy),
        constant
    )
}

impl Pass for TestPrintAlignment {
    fn argument(&self) -> &'static str {
        "test-print-alignment"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let analysis = AxisInfoAnalysis::run(module);
        for op in module.nested_ops() {
            for result in op.results() {
                if let Some(info) = analysis.get(result) {
                    emit_remark(op, &describe(info));
                }
            }
        }
        Ok(())
    }
}
