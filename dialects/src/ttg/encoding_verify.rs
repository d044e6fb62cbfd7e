//! scratch stub
use super::encoding::Encoding;
impl Encoding {
    pub fn verify(&self) -> Result<(), String> { Ok(()) }
    pub fn verify_for_tensor(&self, _s: &[i64]) -> Result<(), String> { Ok(()) }
}
