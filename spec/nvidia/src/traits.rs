//! What the core passes ask about a `cuda:<cc>` target
//! ([`tritium_dialects::spec::DeviceTraits`]), read off its compute
//! capability as Triton's passes read it.
use tritium_dialects::spec::{DeviceTraits, ScratchTiles, SpecBuilder};

/// Registers [`device_traits`] for the `cuda:<cc>` targets.
pub fn register(spec: &mut SpecBuilder) {
    spec.set_device_traits("cuda:<capability>", device_traits);
}

/// The traits of `cuda:<cc>` (`None` when `cc` is not a number).
pub fn device_traits(target: &str) -> Option<DeviceTraits> {
    let cc: i64 = target.strip_prefix("cuda:")?.parse().ok()?;
    Some(traits_of(cc))
}

/// The traits of compute capability `cc`.
pub fn traits_of(cc: i64) -> DeviceTraits {
    // Tritium gives dots MMA layouts from sm80 on (MMA v1 and v2.1, of
    // Volta and Turing, are not built).
    let mma_versions: &'static [u32] = match cc {
        ..=79 => &[],
        80..=89 => &[2],
        90..=99 => &[3, 2],
        100..=109 => &[5, 2],
        110..=129 => &[2],
        _ => &[],
    };
    DeviceTraits {
        arch: format!("compute capability {cc}"),
        mma_versions,
        f64_mma: cc == 80 || cc == 90 || (100..120).contains(&cc),
        // The f64 `mma.sync` of sm90 and later is m16n8k16 (m16n8k4 before).
        wide_f64_mma: cc >= 90,
        // Ada (sm89) and sm120 have fp8 `mma.sync`.
        fp8_mma_v2: cc == 89 || cc == 120,
        // The tcgen05 scaled MMA (MMA v5) of sm100..sm109; below it (sm90
        // included) Triton decomposes `tt.dot_scaled`.
        scaled_mma: (100..=109).contains(&cc).then_some(5),
        // `ldmatrix` from sm75, `stmatrix` from sm90.
        scratch_tiles: Some(ScratchTiles { matrix_load: cc >= 75, matrix_store: cc >= 90 }),
    }
}

#[test]
fn traits_by_capability() {
    assert_eq!(device_traits("cuda:80").unwrap().mma_versions, &[2]);
    assert_eq!(device_traits("cuda:90").unwrap().mma_versions, &[3, 2]);
    assert_eq!(device_traits("cuda:75").unwrap().mma_versions, &[] as &[u32]);
    assert_eq!(device_traits("cuda:100").unwrap().scaled_mma, Some(5));
    assert!(device_traits("cuda:89").unwrap().fp8_mma_v2);
    assert_eq!(device_traits("cuda:80").unwrap().scratch_tiles, Some(ScratchTiles { matrix_load: true, matrix_store: false }));
    assert!(device_traits("cuda:x").is_none());
    assert!(device_traits("hip:gfx942").is_none());
}
