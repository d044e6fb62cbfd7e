//! The one check of a `target` option (`cuda:<cc>`, `hip:<gfx arch>`, or a
//! backend's own prefix), shared by every pass and pipeline that takes one.
use tritium_dialects::spec;

/// The target families Triton IR itself knows, with the form of their names.
const KNOWN: &[(&str, &str)] = &[("cuda", "cuda:<compute capability>, e.g. cuda:80"), ("hip", "hip:<gfx arch>, e.g. hip:gfx942")];

/// Whether `target` names a target the TTIR/TTGIR passes serve: `cuda:<cc>`
/// (a positive decimal compute capability), `hip:gfx<arch>` (letters and
/// digits), or a target served by a registered ttg→LLVM backend or by the
/// installed backend spec (`musa` serves `musa` and `musa:…`).
/// `Err` holds one message naming every known prefix.
pub fn check_target(target: &str) -> Result<(), String> {
    if let Some(cc) = target.strip_prefix("cuda:") {
        if !cc.is_empty() && cc.bytes().all(|b| b.is_ascii_digit()) && cc.parse::<u32>().is_ok_and(|cc| cc > 0) {
            return Ok(());
        }
    } else if let Some(arch) = target.strip_prefix("hip:") {
        if arch.strip_prefix("gfx").is_some_and(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_alphanumeric())) {
            return Ok(());
        }
    } else if other_prefixes().iter().any(|p| spec::serves(p, target)) {
        return Ok(());
    }
    let mut forms: Vec<String> = KNOWN.iter().map(|(_, form)| form.to_string()).collect();
    forms.extend(other_prefixes().into_iter().map(|p| format!("{p} or {p}:<...>")));
    let prefixes: Vec<String> =
        KNOWN.iter().map(|(p, _)| p.to_string()).chain(other_prefixes()).collect();
    Err(format!(
        "unknown target '{target}' (known target prefixes: {}; expected {})",
        prefixes.join(", "),
        forms.join("; ")
    ))
}

/// The prefixes served beyond `cuda`/`hip`: other in-tree ttg→LLVM backends
/// and the installed backend spec's.
fn other_prefixes() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let candidates = crate::ttg_to_llvm::registered_targets()
        .into_iter()
        .map(str::to_string)
        .chain(spec::installed().map(|s| s.target.clone()));
    for p in candidates {
        if !p.is_empty() && !KNOWN.iter().any(|(k, _)| *k == p) && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuda_and_hip_forms() {
        for ok in ["cuda:80", "cuda:90", "cuda:100", "hip:gfx942", "hip:gfx90a", "hip:gfx1100"] {
            assert!(check_target(ok).is_ok(), "{ok}");
        }
        for bad in ["", "foo", "cuda", "cuda:", "cuda:-1", "cuda:0", "cuda:8x", "hip:", "hip:942", "hip:gfx", "hip:gfx9-4", "cudax:80"] {
            let message = check_target(bad).unwrap_err();
            assert!(message.contains("known target prefixes: cuda, hip"), "{bad}: {message}");
        }
    }
}
