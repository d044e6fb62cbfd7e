//! `test-buffer-region-alias` (test only): for every op with a
//! `test.region_name` attribute, the regions it names (those of
//! `test.region_addresses`, a list of byte addresses, or else of its first
//! memdesc operand, or result, as [`BufferRegionAnalysis`] found them);
//! then, at the module, in Triton's words, for each pair of names in order
//! `a vs b: alias=…, lhs_contains_rhs=…, rhs_contains_lhs=…` (unless the
//! module has `test.state_plan_only`), and, with `test.print_state_plan`,
//! the lanes of [`create_buffer_state_plan`]: `name case [b, l]: mask={…}`
//! per region (`name case unknown: mask=…` for an unknown one) and last
//! `state-plan: lanes=N`.
use tritium_dialects::ir::{Op, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::services::emit_remark;
use tritium_dialects::ttg::bridge;

use crate::analysis::buffer_region::{
    create_buffer_state_plan, string_attr, view_of_addresses, BufferRegion, BufferRegionAnalysis, RegionInfo,
};
use crate::analysis::post_order;

/// The pass.
pub struct TestBufferRegionAlias;

/// The first memdesc operand of `op`, else its first memdesc result.
fn tagged_memdesc(op: Op) -> Option<Val> {
    let is_memdesc = |v: &Val| bridge::is_memdesc(v.ty());
    op.operands().into_iter().find(is_memdesc).or_else(|| op.results().into_iter().find(is_memdesc))
}

fn may_alias(lhs: &RegionInfo, rhs: &RegionInfo) -> bool {
    if lhs.is_unknown() || rhs.is_unknown() {
        return true;
    }
    lhs.views().iter().any(|a| rhs.views().iter().any(|b| a.intersects(b)))
}

fn contains(container: &RegionInfo, contained: &RegionInfo) -> bool {
    if container.is_unknown() || contained.is_unknown() {
        return false;
    }
    contained.views().iter().all(|b| container.views().iter().any(|a| a.contains(b)))
}

fn mask_text(mask: &[bool]) -> String {
    let bits: Vec<String> = mask.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i.to_string()).collect();
    format!("{{{}}}", bits.join(","))
}

fn emit_state_plan(module: Op, named: &[(String, RegionInfo)]) {
    let mut regions: Vec<BufferRegion> =
        named.iter().flat_map(|(_, info)| info.views().into_iter().map(|v| v.region.clone())).collect();
    regions.sort();
    regions.dedup();
    let has_unknown = named.iter().any(|(_, info)| info.is_unknown());
    let plan = create_buffer_state_plan(&regions, has_unknown);
    for (name, info) in named {
        if info.is_unknown() {
            emit_remark(module, &format!("{name} case unknown: mask={}", mask_text(&plan.unknown_mask)));
            continue;
        }
        let mut candidates: Vec<&BufferRegion> = info.views().into_iter().map(|v| &v.region).collect();
        candidates.sort();
        for candidate in candidates {
            let Ok(index) = regions.binary_search(candidate) else { continue };
            emit_remark(
                module,
                &format!("{name} case {}: mask={}", candidate.text(), mask_text(&plan.region_masks[index])),
            );
        }
    }
    // Triton's summary diagnostic is reported last.
    emit_remark(module, &format!("state-plan: lanes={}", plan.num_lanes));
}

impl Pass for TestBufferRegionAlias {
    fn argument(&self) -> &'static str {
        "test-buffer-region-alias"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let analysis = BufferRegionAnalysis::run(module)?;
        let mut named: Vec<(String, RegionInfo)> = Vec::new();
        let mut failed = false;
        for op in post_order(module) {
            let Some(name) = op.attr("test.region_name").and_then(string_attr) else { continue };
            if let Some(attr) = op.attr("test.region_addresses") {
                let Some(addresses) = attr.i32_array() else {
                    emit_error(op, "test.region_addresses must be an array<i32>");
                    failed = true;
                    continue;
                };
                if addresses.iter().any(|a| *a < 0) {
                    emit_error(op, "test.region_addresses must be non-negative");
                    failed = true;
                    continue;
                }
                let addresses: Vec<u32> = addresses.into_iter().map(|a| a as u32).collect();
                named.push((name, view_of_addresses(&addresses)));
                continue;
            }
            let Some(value) = tagged_memdesc(op) else {
                emit_error(op, "test.region_name requires test.region_addresses or a memdesc operand/result");
                failed = true;
                continue;
            };
            named.push((name, analysis.region_info(value)));
        }
        if failed {
            return Err(());
        }
        named.sort_by(|a, b| a.0.cmp(&b.0));
        if module.attr("test.state_plan_only").is_none() {
            for i in 0..named.len() {
                for j in i..named.len() {
                    let ((lhs_name, lhs), (rhs_name, rhs)) = (&named[i], &named[j]);
                    emit_remark(
                        module,
                        &format!(
                            "{lhs_name} vs {rhs_name}: alias={}, lhs_contains_rhs={}, rhs_contains_lhs={}",
                            may_alias(lhs, rhs),
                            contains(lhs, rhs),
                            contains(rhs, lhs)
                        ),
                    );
                }
            }
        }
        if module.attr("test.print_state_plan").is_some() {
            emit_state_plan(module, &named);
        }
        Ok(())
    }
}
