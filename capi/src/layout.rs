//! The layout-inspection C API (`include/tritium-c/Layout.h`): which hardware
//! location holds which tensor element, for a `ttg` encoding and a shape. This
//! is what `tools/tritium-layout` prints.
//!
//! Every entry point runs under [`guard`]: a panic becomes an `error: ` line
//! and a failure, never an unwind into C.
use crate::guard;
use mlir_sys::*;
use std::ffi::c_void;
use std::fmt::Write as _;
use tritium_dialects::ir::{str_of, string_ref, Attr};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::to_linear_layout;

/// `TRITIUM_LAYOUT_LINEAR`, `TRITIUM_LAYOUT_ELEMENTS`, `TRITIUM_LAYOUT_HARDWARE`.
const VIEW_LINEAR: i32 = 0;
const VIEW_ELEMENTS: i32 = 1;
const VIEW_HARDWARE: i32 = 2;

/// The element and hardware-location views refuse to print more lines than
/// 2^MAX_LINES_LOG2.
const MAX_LINES_LOG2: u32 = 16;

/// No encoding has more dimensions than this; larger ranks are refused
/// before the shape is read.
const MAX_RANK: isize = 64;

/// Output is handed to the callback in chunks of about this many bytes.
const CHUNK: usize = 1 << 16;

/// Where the text goes: the caller's callback and its user data.
struct Sink {
    callback: MlirStringCallback,
    user_data: *mut c_void,
}

impl Sink {
    fn emit(&self, text: &str) {
        if let Some(callback) = self.callback {
            if !text.is_empty() {
                // SAFETY: the caller promised a callback valid with its user data.
                unsafe { callback(string_ref(text), self.user_data) };
            }
        }
    }

    /// Writes `error: <message>` as one line.
    fn error(&self, message: &str) {
        let flat: String = message.trim().chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect();
        self.emit(&format!("error: {flat}\n"));
    }

    /// Hands `buffer` over when it is large enough (or when `force`).
    fn flush(&self, buffer: &mut String, force: bool) {
        if force || buffer.len() >= CHUNK {
            self.emit(buffer);
            buffer.clear();
        }
    }
}

/// The [`crate::ReportFn`] through which [`guard`] reports a panic: an error line
/// to the [`Sink`] that `user_data` points to.
unsafe extern "C" fn report_to_sink(user_data: *mut c_void, message: MlirStringRef) {
    if let Some(sink) = (user_data as *const Sink).as_ref() {
        sink.error(str_of(message));
    }
}

/// Formats a shape as `16x16`.
fn shape_text(shape: &[i64]) -> String {
    shape.iter().map(i64::to_string).collect::<Vec<_>>().join("x")
}

/// Reads the `rank` dimensions at `shape`.
fn shape_of(rank: isize, shape: *const i64) -> Result<Vec<i64>, String> {
    if rank <= 0 {
        return Err(format!("a shape needs at least one dimension, got rank {rank}"));
    }
    if rank > MAX_RANK {
        return Err(format!("a shape of rank {rank} is not supported (at most {MAX_RANK})"));
    }
    if shape.is_null() {
        return Err("the shape is a null pointer".into());
    }
    // SAFETY: the caller passes `rank` readable dimensions.
    Ok(unsafe { std::slice::from_raw_parts(shape, rank as usize) }.to_vec())
}

/// The encoding `attr` denotes and its linear layout for `shape`.
fn layout_for(attr: MlirAttribute, shape: &[i64]) -> Result<(Encoding, LinearLayout), String> {
    let attr = Attr(attr);
    if attr.is_null() {
        return Err("the encoding is a null attribute".into());
    }
    let encoding = match bridge::encoding_of(attr) {
        None => return Err(format!("'{attr}' is not a ttg encoding")),
        Some(Err(message)) => return Err(format!("invalid encoding '{attr}': {message}")),
        Some(Ok(encoding)) => encoding,
    };
    if matches!(encoding, Encoding::SharedMemory) {
        return Err("#ttg.shared_memory is a memory space, not a layout".into());
    }
    let rank = encoding.rank();
    if rank != shape.len() {
        return Err(format!(
            "the shape {} has rank {}, but the #ttg.{} encoding has rank {rank}",
            shape_text(shape),
            shape.len(),
            encoding.mnemonic()
        ));
    }
    let layout = to_linear_layout(&encoding, shape).map_err(|e| format!("no layout for shape {}: {e}", shape_text(shape)))?;
    Ok((encoding, layout))
}

/// A layout prepared for enumeration: the widths of its input dimensions and
/// where each tensor dimension sits in its flat output.
struct Enumeration<'a> {
    layout: &'a LinearLayout,
    /// Input dimensions in order: name and log2 of size.
    in_dims: Vec<(&'a str, u32)>,
    /// Per tensor dimension `k` (`dimk`): its bit offset in the flat output and
    /// its size.
    out_fields: Vec<(u32, u64)>,
    /// Row-major strides of the tensor.
    strides: Vec<u64>,
    num_elements: u64,
}

impl<'a> Enumeration<'a> {
    fn new(layout: &'a LinearLayout, shape: &[i64]) -> Result<Self, String> {
        // The element count, saturating (the shape was validated, but stay safe).
        let num_elements = shape.iter().fold(1u64, |n, &s| n.saturating_mul(s.max(0) as u64));
        if num_elements > 1u64 << MAX_LINES_LOG2 {
            return Err(format!(
                "the shape {} has {num_elements} elements; tritium-layout prints at most 2^{MAX_LINES_LOG2} (use a smaller shape, or the linear view)",
                shape_text(shape)
            ));
        }
        let in_bits = layout.total_in_size_log2();
        if in_bits > MAX_LINES_LOG2 {
            return Err(format!(
                "the layout has 2^{in_bits} hardware locations; tritium-layout prints at most 2^{MAX_LINES_LOG2} (use a smaller shape, or the linear view)"
            ));
        }
        let in_dims = layout.bases().iter().map(|(name, vectors)| (name.as_str(), vectors.len() as u32)).collect();
        let mut offsets = Vec::with_capacity(layout.out_dims().len());
        let mut bit = 0u32;
        for (name, size) in layout.out_dims() {
            offsets.push((name.as_str(), bit, *size));
            bit += size.trailing_zeros();
        }
        let mut out_fields = Vec::with_capacity(shape.len());
        for (k, &extent) in shape.iter().enumerate() {
            let name = format!("dim{k}");
            let Some(&(_, offset, size)) = offsets.iter().find(|(n, _, _)| *n == name) else {
                return Err(format!("the layout has no output dimension {name}"));
            };
            if i64::from(size) != extent {
                return Err(format!(
                    "the layout covers {size} elements along {name}, not the {extent} of the shape"
                ));
            }
            out_fields.push((offset, size as u64));
        }
        let mut strides = vec![1u64; shape.len()];
        for k in (0..shape.len().saturating_sub(1)).rev() {
            strides[k] = strides[k + 1] * shape[k + 1] as u64;
        }
        Ok(Enumeration { layout, in_dims, out_fields, strides, num_elements })
    }

    fn num_locations(&self) -> u64 {
        1u64 << self.layout.total_in_size_log2()
    }

    /// The tensor coordinates of hardware location `flat`.
    fn coordinates(&self, flat: u64) -> Result<Vec<u64>, String> {
        let out = self.layout.apply_flat(flat).map_err(|e| e.to_string())?;
        Ok(self.out_fields.iter().map(|&(offset, size)| (out >> offset) & (size - 1)).collect())
    }

    /// The row-major index of an element.
    fn element_index(&self, coordinates: &[u64]) -> u64 {
        coordinates.iter().zip(&self.strides).map(|(c, s)| c * s).sum()
    }

    /// `register=R lane=L warp=W block=B` for hardware location `flat`.
    fn write_location(&self, out: &mut String, mut flat: u64) {
        for (i, (name, bits)) in self.in_dims.iter().enumerate() {
            let value = flat & ((1u64 << bits) - 1);
            flat >>= bits;
            if i > 0 {
                out.push(' ');
            }
            let _ = write!(out, "{name}={value}");
        }
    }
}

/// `[i, j]`.
fn write_coordinates(out: &mut String, coordinates: &[u64]) {
    out.push('[');
    for (k, c) in coordinates.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{c}");
    }
    out.push(']');
}

/// The row-major coordinates of element `index` of `shape`.
fn element_coordinates(mut index: u64, shape: &[i64]) -> Vec<u64> {
    let mut coordinates = vec![0u64; shape.len()];
    for k in (0..shape.len()).rev() {
        let extent = shape[k] as u64;
        coordinates[k] = index % extent;
        index /= extent;
    }
    coordinates
}

/// Produces the text of `view`, handing it to `emit` in chunks. Every error
/// is detected before the first chunk.
fn render(layout: &LinearLayout, shape: &[i64], view: i32, emit: &mut dyn FnMut(&mut String, bool)) -> Result<(), String> {
    let mut out = String::new();
    match view {
        VIEW_LINEAR => {
            let _ = writeln!(out, "{layout}");
        }
        VIEW_ELEMENTS => {
            let e = Enumeration::new(layout, shape)?;
            let mut holders: Vec<Vec<u64>> = vec![Vec::new(); e.num_elements as usize];
            for flat in 0..e.num_locations() {
                let index = e.element_index(&e.coordinates(flat)?) as usize;
                holders.get_mut(index).ok_or("a hardware location maps outside the tensor")?.push(flat);
            }
            for (index, locations) in holders.iter().enumerate() {
                write_coordinates(&mut out, &element_coordinates(index as u64, shape));
                out.push_str(": ");
                if locations.is_empty() {
                    out.push_str("none");
                }
                for (i, &flat) in locations.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" | ");
                    }
                    e.write_location(&mut out, flat);
                }
                out.push('\n');
                emit(&mut out, false);
            }
        }
        VIEW_HARDWARE => {
            let e = Enumeration::new(layout, shape)?;
            // Compute every line first, so that an error leaves no partial output.
            let coordinates = (0..e.num_locations()).map(|flat| e.coordinates(flat)).collect::<Result<Vec<_>, _>>()?;
            for (flat, c) in coordinates.iter().enumerate() {
                e.write_location(&mut out, flat as u64);
                out.push_str(" -> ");
                write_coordinates(&mut out, c);
                out.push('\n');
                emit(&mut out, false);
            }
        }
        other => return Err(format!("unknown layout view {other} (expected 0 = linear, 1 = elements, 2 = hardware)")),
    }
    emit(&mut out, true);
    Ok(())
}

/// See `tritium-c/Layout.h`.
#[no_mangle]
pub extern "C" fn tritiumLayoutDescribe(
    encoding: MlirAttribute,
    rank: isize,
    shape: *const i64,
    view: i32,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    let sink = Sink { callback, user_data };
    let sink_ptr = &sink as *const Sink as *mut c_void;
    guard(Some(report_to_sink), sink_ptr, false, || {
        let described = shape_of(rank, shape).and_then(|shape| {
            let (_, layout) = layout_for(encoding, &shape)?;
            render(&layout, &shape, view, &mut |buffer, force| sink.flush(buffer, force))
        });
        match described {
            Ok(()) => true,
            Err(message) => {
                sink.error(&message);
                false
            }
        }
    })
}

/// See `tritium-c/Layout.h`.
#[no_mangle]
pub extern "C" fn tritiumLayoutIsDistributed(attr: MlirAttribute) -> bool {
    guard(None, std::ptr::null_mut(), false, || {
        let attr = Attr(attr);
        !attr.is_null() && matches!(bridge::encoding_of(attr), Some(Ok(encoding)) if encoding.is_distributed())
    })
}

/// See `tritium-c/Layout.h`.
#[no_mangle]
pub extern "C" fn tritiumLayoutGetInDimSize(
    encoding: MlirAttribute,
    rank: isize,
    shape: *const i64,
    in_dim: MlirStringRef,
) -> i64 {
    guard(None, std::ptr::null_mut(), -1, || {
        let Ok(shape) = shape_of(rank, shape) else { return -1 };
        let Ok((_, layout)) = layout_for(encoding, &shape) else { return -1 };
        let name = unsafe { str_of(in_dim) };
        layout.in_dim_size(name).map_or(-1, i64::from)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_dialects::ttg::encoding::Cga;

    fn blocked(spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32]) -> Encoding {
        Encoding::Blocked {
            size_per_thread: spt.to_vec(),
            threads_per_warp: tpw.to_vec(),
            warps_per_cta: wpc.to_vec(),
            order: order.to_vec(),
            cga: Cga::default(),
        }
    }

    fn text(encoding: &Encoding, shape: &[i64], view: i32) -> Result<String, String> {
        let layout = to_linear_layout(encoding, shape)?;
        let mut all = String::new();
        render(&layout, shape, view, &mut |buffer, _| {
            all.push_str(buffer);
            buffer.clear();
        })?;
        Ok(all)
    }

    #[test]
    fn elements_of_a_blocked_layout() {
        let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
        let out = text(&enc, &[8, 16], VIEW_ELEMENTS).unwrap();
        assert_eq!(out.lines().count(), 128);
        assert!(out.starts_with("[0, 0]: register=0 lane=0 warp=0 block=0\n"), "{out}");
        assert!(out.contains("\n[0, 5]: register=1 lane=1 warp=0 block=0\n"), "{out}");
        assert!(out.contains("\n[7, 15]: register=3 lane=31 warp=0 block=0\n"), "{out}");
    }

    #[test]
    fn hardware_view_is_the_inverse() {
        let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
        let out = text(&enc, &[8, 16], VIEW_HARDWARE).unwrap();
        assert_eq!(out.lines().count(), 128);
        assert!(out.contains("register=1 lane=1 warp=0 block=0 -> [0, 5]\n"), "{out}");
    }

    #[test]
    fn broadcast_lists_every_holder() {
        // 32 lanes over a 4x4 tensor: every element has two holders.
        let enc = blocked(&[1, 1], &[8, 4], &[1, 1], &[1, 0]);
        let out = text(&enc, &[4, 4], VIEW_ELEMENTS).unwrap();
        assert_eq!(out.lines().count(), 16);
        assert!(
            out.starts_with("[0, 0]: register=0 lane=0 warp=0 block=0 | register=0 lane=16 warp=0 block=0\n"),
            "{out}"
        );
    }

    #[test]
    fn linear_view_and_limits() {
        let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
        let out = text(&enc, &[8, 16], VIEW_LINEAR).unwrap();
        assert!(out.starts_with("{register = [[0, 1], [0, 2]], lane = "), "{out}");
        assert!(text(&enc, &[512, 512], VIEW_ELEMENTS).unwrap_err().contains("at most 2^16"));
        assert!(text(&enc, &[512, 512], VIEW_LINEAR).is_ok());
        assert!(text(&enc, &[8, 16], 7).unwrap_err().contains("unknown layout view"));
    }
}
