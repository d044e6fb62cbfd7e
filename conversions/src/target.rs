//! The one check of a `target` option, shared by every pass and pipeline
//! that takes one: the backends of this library say which names they serve
//! (their manifest's target prefix and, where they declare one, the form of
//! the rest: `SpecBuilder::set_target_form`).
use tritium_dialects::spec;

/// Whether `target` names a target the TTIR/TTGIR passes serve: the form a
/// backend declares after its prefix (`<prefix>:<arch>`), or a target served
/// by a registered ttg→LLVM backend or by the installed backend spec that
/// declares no form (`musa` serves `musa` and `musa:…`). An empty target is
/// a missing one. `Err` holds one message naming every known prefix.
pub fn check_target(target: &str) -> Result<(), String> {
    let forms = spec::target_forms();
    if target.is_empty() {
        return Err(missing_target_message(&forms));
    }
    let mut declared_prefix = false;
    for (prefix, form) in &forms {
        if let Some(arch) = target.strip_prefix(prefix.as_str()).and_then(|rest| rest.strip_prefix(':')) {
            if (form.accepts)(arch) {
                return Ok(());
            }
            declared_prefix = true;
            break;
        }
    }
    let others = other_prefixes(&forms);
    if !declared_prefix && others.iter().any(|p| spec::serves(p, target)) {
        return Ok(());
    }
    let mut descriptions: Vec<String> = forms.iter().map(|(_, form)| form.form.to_string()).collect();
    descriptions.extend(others.iter().map(|p| format!("{p} or {p}:<...>")));
    let prefixes: Vec<String> = forms.iter().map(|(p, _)| p.clone()).chain(others).collect();
    Err(format!(
        "unknown target '{target}' (known target prefixes: {}; expected {})",
        prefixes.join(", "),
        descriptions.join("; ")
    ))
}

/// The message for a missing `target` option, with an example of each
/// declared form.
fn missing_target_message(forms: &[(String, spec::TargetForm)]) -> String {
    if forms.is_empty() {
        return "the 'target' option is required".into();
    }
    let examples: Vec<String> = forms.iter().map(|(_, form)| format!("target={}", form.example)).collect();
    format!("the 'target' option is required (e.g. {})", examples.join(" or "))
}

/// The prefixes served beyond those with a declared form: other ttg→LLVM
/// backends and the installed backend spec's.
fn other_prefixes(forms: &[(String, spec::TargetForm)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let candidates = crate::ttg_to_llvm::registered_targets()
        .into_iter()
        .map(str::to_string)
        .chain(spec::installed().map(|s| s.target.clone()));
    for p in candidates {
        if !p.is_empty() && !forms.iter().any(|(k, _)| *k == p) && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // The forms the in-tree backends declare are tested beside them
    // (in their own crates); this crate's tests have no backend.
    #[test]
    fn without_backends_every_target_is_unknown() {
        assert_eq!(check_target("").unwrap_err(), "the 'target' option is required");
        let message = check_target("foo").unwrap_err();
        assert!(message.starts_with("unknown target 'foo' (known target prefixes: "), "{message}");
    }
}
