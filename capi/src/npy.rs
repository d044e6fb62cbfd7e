//! `.npy` buffers for CPU kernel arguments (`tritiumCpuKernelParseNpy` in
//! `include/tritium-c/Cpu.h`), read strictly: a file that does not say
//! exactly what the kernel's parameter takes is an error, never garbage data.
//!
//! Algorithm of [`parse`]:
//! 1. the preamble: the `\x93NUMPY` magic, a format version of 1.0, 2.0 or
//!    3.0, the header length (2 bytes little-endian for 1.0, 4 for 2.0/3.0),
//!    which must lie within the file;
//! 2. the header: `npyz` parses the Python dict literal (descr, fortran_order,
//!    shape; a structured or unknown descr fails there), and `py_literal`
//!    checks that the dict has exactly these three keys, once each (NumPy's
//!    own reader refuses other keys too);
//! 3. the element type: the descr's kind and size must be those of the
//!    parameter's pointee (`|b1` for i1, `|i1` `<i2` `<i4` `<i8` for i8..i64,
//!    `<f2` `<f4` `<f8` for f16/f32/f64, a 2-byte `V2` blob for bf16, as
//!    tritium-run writes it); big-endian elements (`>`) are byte-swapped;
//! 4. the extent: the shape's product (checked) must be the expected
//!    element count when one is given, and the data after the header must be
//!    exactly that many elements: a short or a long file fails;
//! 5. `fortran_order: True` arrays of rank 2 and more are transposed to C
//!    order (the kernel indexes row-major, as Triton's launcher passes
//!    `tensor.data_ptr()` of a contiguous tensor); i1 bytes must be 0 or 1.
use std::collections::BTreeSet;

/// A parsed `.npy` array: its elements in C order and native byte order, in
/// 8-byte aligned storage.
pub struct NpyArray {
    storage: Vec<u64>,
    pub num_elements: i64,
    pub shape: Vec<i64>,
}

impl NpyArray {
    pub fn data(&self) -> *const u8 {
        self.storage.as_ptr() as *const u8
    }
}

/// The NumPy element type that holds a pointee `elem` (an MLIR type text):
/// the kind character, its size in bytes, and the descr NumPy writes.
fn numpy_type(elem: &str) -> Option<(char, usize, &'static str)> {
    Some(match elem {
        "i1" => ('b', 1, "|b1"),
        "i8" => ('i', 1, "|i1"),
        "i16" => ('i', 2, "<i2"),
        "i32" => ('i', 4, "<i4"),
        "i64" => ('i', 8, "<i8"),
        "f16" => ('f', 2, "<f2"),
        "bf16" => ('V', 2, "<V2"),
        "f32" => ('f', 4, "<f4"),
        "f64" => ('f', 8, "<f8"),
        _ => return None,
    })
}

/// The pointee of a pointer type text (`!tt.ptr<f32>`, `!tt.ptr<f16, 1>`).
pub fn pointee(ty: &str) -> Option<&str> {
    let inner = ty.strip_prefix("!tt.ptr<")?.strip_suffix('>')?;
    Some(inner.split(',').next().unwrap_or(inner).trim())
}

fn shape_text(shape: &[u64]) -> String {
    match shape.len() {
        1 => format!("({},)", shape[0]),
        _ => format!("({})", shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// Reads the `.npy` file `contents` as the buffer of a parameter whose
/// pointee type is `elem`; `expected` is the element count the launch needs,
/// or -1 for any. Errors say what is wrong, without naming the argument.
pub fn parse(contents: &[u8], elem: &str, expected: i64) -> Result<NpyArray, String> {
    if expected < -1 {
        return Err(format!("the expected element count must be -1 (any) or at least 0, got {expected}"));
    }
    let (kind, size, descr) =
        numpy_type(elem).ok_or_else(|| format!("a .npy buffer of {elem} elements is not supported (i1, i8..i64, f16, bf16, f32, f64 are)"))?;
    // 1. The preamble.
    if contents.len() < 8 || &contents[..6] != b"\x93NUMPY" {
        return Err("not a .npy file (no \\x93NUMPY magic)".into());
    }
    let (major, minor) = (contents[6], contents[7]);
    let prefix = match (major, minor) {
        (1, 0) => 10,
        (2, 0) | (3, 0) => 12,
        _ => return Err(format!("unsupported .npy format version {major}.{minor} (1.0, 2.0 and 3.0 are)")),
    };
    if contents.len() < prefix {
        return Err(format!("truncated .npy header: the file ends inside the {major}.{minor} preamble ({} bytes)", contents.len()));
    }
    let header_len = if prefix == 10 {
        u16::from_le_bytes([contents[8], contents[9]]) as usize
    } else {
        u32::from_le_bytes([contents[8], contents[9], contents[10], contents[11]]) as usize
    };
    let data_start = prefix + header_len;
    if data_start > contents.len() {
        return Err(format!(
            "truncated .npy header: it claims {header_len} bytes, the file has {} after the preamble",
            contents.len() - prefix
        ));
    }
    // 2. The header dict.
    let text = &contents[prefix..data_start];
    let text = if major == 3 {
        std::str::from_utf8(text).map_err(|_| "malformed .npy header: not UTF-8 (format 3.0)".to_string())?
    } else {
        if !text.is_ascii() {
            return Err(format!("malformed .npy header: not ASCII (format {major}.0)"));
        }
        std::str::from_utf8(text).map_err(|_| "malformed .npy header".to_string())?
    };
    // Parser errors span lines (pest draws the position): one line here.
    let one_line = |e: String| format!("malformed .npy header: {}", e.split_whitespace().collect::<Vec<_>>().join(" "));
    let header = npyz::NpyHeader::from_reader(&contents[..data_start]).map_err(|e| one_line(e.to_string()))?;
    let dict: py_literal::Value = text.trim_end().parse().map_err(|e: py_literal::ParseError| one_line(e.to_string()))?;
    let py_literal::Value::Dict(entries) = dict else {
        return Err("malformed .npy header: not a dict".into());
    };
    let mut keys = BTreeSet::new();
    for (key, _) in &entries {
        let key = key.as_string().ok_or("malformed .npy header: a key is not a string")?;
        if !["descr", "fortran_order", "shape"].contains(&key.as_str()) {
            return Err(format!("malformed .npy header: unknown key '{key}' (descr, fortran_order and shape are allowed)"));
        }
        if !keys.insert(key.clone()) {
            return Err(format!("malformed .npy header: key '{key}' appears twice"));
        }
    }
    // 3. The element type.
    let npyz::DType::Plain(ts) = header.dtype() else {
        return Err(format!("the .npy dtype {} is structured; the kernel takes plain {elem} elements ('{descr}')", header.dtype().descr()));
    };
    let file_kind = match ts.type_char() {
        npyz::TypeChar::Bool => 'b',
        npyz::TypeChar::Int => 'i',
        npyz::TypeChar::Uint => 'u',
        npyz::TypeChar::Float => 'f',
        npyz::TypeChar::RawData => 'V',
        _ => '?',
    };
    let file_size = ts.num_bytes().unwrap_or(0);
    if file_kind != kind || file_size != size {
        return Err(format!("the .npy dtype is '{ts}', the kernel takes {elem} elements ('{descr}')"));
    }
    let swap = ts.endianness() == npyz::Endianness::Big && size > 1;
    // 4. The extent.
    let dims = header.shape().to_vec();
    let count = dims
        .iter()
        .try_fold(1u64, |n, d| n.checked_mul(*d))
        .and_then(|n| i64::try_from(n).ok())
        .filter(|n| (*n as u64).checked_mul(size as u64).is_some_and(|b| b < (1u64 << 62)))
        .ok_or_else(|| format!("the .npy shape {} has too many elements", shape_text(&dims)))?;
    if expected >= 0 && count != expected {
        return Err(format!("the .npy array has {count} elements (shape {}), the launch expects {expected}", shape_text(&dims)));
    }
    let bytes = count as usize * size;
    let have = contents.len() - data_start;
    if have < bytes {
        return Err(format!(
            "truncated .npy data: shape {} of '{ts}' needs {bytes} bytes after the header, the file has {have}",
            shape_text(&dims)
        ));
    }
    if have > bytes {
        return Err(format!(
            "the .npy file has {} bytes after its data (shape {} of '{ts}' is {bytes} bytes)",
            have - bytes,
            shape_text(&dims)
        ));
    }
    let mut storage = vec![0u64; bytes.div_ceil(8).max(1)];
    let out: &mut [u8] = unsafe { std::slice::from_raw_parts_mut(storage.as_mut_ptr() as *mut u8, bytes) };
    let data = &contents[data_start..];
    // 5. C order, native byte order.
    if header.order() == npyz::Order::Fortran && dims.len() >= 2 {
        // Element (i0, ..., ik) is at sum(i_j * fstride_j), fstride_0 = 1.
        let mut fstride = vec![1usize; dims.len()];
        for j in 1..dims.len() {
            fstride[j] = fstride[j - 1] * dims[j - 1] as usize;
        }
        let mut index = vec![0usize; dims.len()];
        for c in 0..count as usize {
            let f: usize = index.iter().zip(&fstride).map(|(i, s)| i * s).sum();
            out[c * size..(c + 1) * size].copy_from_slice(&data[f * size..(f + 1) * size]);
            for j in (0..dims.len()).rev() {
                index[j] += 1;
                if index[j] < dims[j] as usize {
                    break;
                }
                index[j] = 0;
            }
        }
    } else {
        out.copy_from_slice(data);
    }
    if swap {
        for e in out.chunks_exact_mut(size) {
            e.reverse();
        }
    }
    if kind == 'b' {
        if let Some(i) = out.iter().position(|b| *b > 1) {
            return Err(format!("element {i} of the .npy bool array is {}, not 0 or 1", out[i]));
        }
    }
    let shape = dims.iter().map(|d| *d as i64).collect();
    Ok(NpyArray { storage, num_elements: count, shape })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn npy(major: u8, dict: &str, data: &[u8]) -> Vec<u8> {
        let mut out = b"\x93NUMPY".to_vec();
        out.extend([major, 0]);
        let mut text = dict.to_string();
        let prefix = if major == 1 { 10 } else { 12 };
        while (prefix + text.len() + 1) % 64 != 0 {
            text.push(' ');
        }
        text.push('\n');
        if major == 1 {
            out.extend((text.len() as u16).to_le_bytes());
        } else {
            out.extend((text.len() as u32).to_le_bytes());
        }
        out.extend(text.as_bytes());
        out.extend(data);
        out
    }

    fn f32s(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    fn values(a: &NpyArray) -> Vec<f32> {
        let s = unsafe { std::slice::from_raw_parts(a.data() as *const f32, a.num_elements as usize) };
        s.to_vec()
    }

    #[test]
    fn reads_versions_orders_and_byte_orders() {
        for major in [1, 2, 3] {
            let f = npy(major, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", &f32s(&[1.0, 2.0, 3.0]));
            let a = parse(&f, "f32", 3).unwrap();
            assert_eq!(values(&a), [1.0, 2.0, 3.0]);
        }
        let be: Vec<u8> = [1.0f32, 2.0].iter().flat_map(|x| x.to_be_bytes()).collect();
        let a = parse(&npy(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", &be), "f32", -1).unwrap();
        assert_eq!(values(&a), [1.0, 2.0]);
        // [[1, 2, 3], [4, 5, 6]] stored column by column.
        let f = npy(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", &f32s(&[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]));
        let a = parse(&f, "f32", 6).unwrap();
        assert_eq!(values(&a), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(a.shape, [2, 3]);
    }

    #[test]
    fn refuses_what_does_not_match() {
        let ok = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
        let data = f32s(&[1.0, 2.0]);
        let err = |f: &[u8], elem: &str, n: i64| parse(f, elem, n).err().unwrap();
        assert!(err(&npy(1, ok, &data), "i32", -1).contains("'<f4', the kernel takes i32"));
        assert!(err(&npy(1, ok, &data), "f32", 3).contains("has 2 elements"));
        assert!(err(&npy(1, ok, &data[..7]), "f32", -1).contains("truncated .npy data"));
        assert!(err(&npy(1, ok, &f32s(&[1.0, 2.0, 3.0])), "f32", -1).contains("after its data"));
        assert!(err(&npy(4, ok, &data), "f32", -1).contains("version 4.0"));
        assert!(err(&npy(1, "{'descr': '<f4', 'shape': (2,), }", &data), "f32", -1).contains("fortran_order"));
        assert!(err(&npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}", &data), "f32", -1).contains("unknown key"));
        assert!(err(&npy(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", &data), "i32", -1).contains("'<u4'"));
        assert!(err(&npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", &data), "f32", -1)
            .contains("too many elements"));
        assert!(err(&npy(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }", &[1, 2]), "i1", -1).contains("not 0 or 1"));
        let f = npy(1, ok, &data);
        assert!(err(&f[..20], "f32", -1).contains("truncated .npy header"));
        assert!(err(&f[..9], "f32", -1).contains("truncated .npy header"));
        assert!(err(b"\x93NUMPX\x01\x00", "f32", -1).contains("magic"));
    }
}
