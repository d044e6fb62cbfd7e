//! One Tritium call at a time on each `MlirContext` (the "Threads" section of
//! `include/tritium-c/Dialects.h`).
//!
//! The calls that run pass pipelines, translate to LLVM IR or emit
//! diagnostics on a module's context (`tritiumCompileTo*`,
//! `tritiumLowerToLLVMDialect`, `tritiumKernelMetadataJSON`,
//! `tritiumCpuKernelLoad`, `tritiumCpuKernelEmitObject`) take that context's
//! lock for their whole run: MLIR's `PassManager::run` appends the passes'
//! dependent dialects to the context and loads them, which is not
//! thread-safe, so two such calls on one context ran into each other
//! (segfaults in lazy dialect loading, issue 26). Calls on different contexts
//! do not wait for each other. The lock is re-entrant (a thread that holds
//! it may take it again) and keyed by the context's address; an entry lives
//! only while the lock is held.
use mlir_sys::MlirContext;
use std::collections::HashMap;
use std::sync::{Condvar, Mutex, OnceLock};
use std::thread::ThreadId;

/// Each locked context: its owner thread and how often it took the lock.
struct Table {
    held: Mutex<HashMap<usize, (ThreadId, usize)>>,
    released: Condvar,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| Table { held: Mutex::new(HashMap::new()), released: Condvar::new() })
}

/// Holds the lock of one context until dropped.
pub struct ContextGuard {
    key: usize,
}

/// Waits until no other thread holds the lock of `context`, then takes it.
pub fn lock(context: MlirContext) -> ContextGuard {
    let key = context.ptr as usize;
    let me = std::thread::current().id();
    let t = table();
    let mut held = t.held.lock().unwrap_or_else(|p| p.into_inner());
    loop {
        match held.get_mut(&key) {
            None => {
                held.insert(key, (me, 1));
                break;
            }
            Some((owner, depth)) if *owner == me => {
                *depth += 1;
                break;
            }
            Some(_) => held = t.released.wait(held).unwrap_or_else(|p| p.into_inner()),
        }
    }
    ContextGuard { key }
}

impl Drop for ContextGuard {
    fn drop(&mut self) {
        let t = table();
        let mut held = t.held.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, depth)) = held.get_mut(&self.key) {
            *depth -= 1;
            if *depth == 0 {
                held.remove(&self.key);
                t.released.notify_all();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn serialises_one_context_and_reenters() {
        let ctx = MlirContext { ptr: 0x1000 as *mut _ };
        let inside = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..200 {
                        let _a = lock(MlirContext { ptr: 0x1000 as *mut _ });
                        let _b = lock(MlirContext { ptr: 0x1000 as *mut _ }); // re-entrant
                        let n = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(n, Ordering::SeqCst);
                        inside.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 1);
        let held = lock(ctx); // free again
        assert!(table().held.lock().unwrap().get(&0x1000).is_some());
        drop(held);
        assert!(table().held.lock().unwrap().get(&0x1000).is_none());
    }
}
