//! The schemes a finder knows and what each may do (bare, wrapped, with
//! an authority), looked up at every colon trigger.

use crate::scan::scheme::SchemeClass;

use super::registry::REGISTERED;

/// Whether `name` (whose `scheme::key` is `key`) is a scheme of IANA's
/// registry (permanent or provisional; `tests/data/iana/`), in any case.
// PERF: by hash in an open-addressing table, one probe for most:
// `cargo bench --bench adversarial -- 'zz://'` (a trigger of an unknown
// scheme every 5 bytes) took 4 times the time without the registry with a
// search of the names, 1.5 times with a binary search of the keys, 1.04
// times so; `abcdefghij://` repeated 4.8 times with a search of the
// names, 1.16 times so.
pub(super) fn registered(name: &[u8], key: u64) -> bool {
    if name.is_empty() || name.len() > crate::scan::scheme::MAX_SCHEME_LEN {
        return false;
    }
    let short = name.len() <= 8;
    let hash = if short { key } else { long_key(name) };
    let mut j = registry_slot(hash);
    loop {
        match REGISTERED_SLOTS[j] {
            (_, 0) => return false,
            (h, i) if h == hash => {
                // A key is its name (up to 8 bytes); a longer name is
                // compared.
                let r = REGISTERED[i as usize - 1].as_bytes();
                let same = if short {
                    r.len() <= 8
                } else {
                    r.eq_ignore_ascii_case(name)
                };
                if same {
                    return true;
                }
                j = (j + 1) % REGISTRY_SLOTS;
            }
            _ => j = (j + 1) % REGISTRY_SLOTS,
        }
    }
}

/// A hash of a name of more than 8 bytes, in any case: its first and last
/// 8 bytes folded as `scheme::key` folds them, and its length.
const fn long_key(name: &[u8]) -> u64 {
    let n = name.len();
    let first = name.split_at(8).0;
    let tail = name.split_at(n - 8).1;
    let a = crate::scan::scheme::key(first);
    let b = crate::scan::scheme::key(tail);
    a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.rotate_left(29) ^ n as u64
}

/// Slots of [`REGISTERED_SLOTS`]: a power of two, at least twice the names.
const REGISTRY_SLOTS: usize = 1024;

const fn registry_slot(hash: u64) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize
}

/// The registered names by open addressing: each slot the name's hash
/// (`scheme::key` up to 8 bytes, else [`long_key`]) and its index in
/// `REGISTERED` plus 1 (0: an empty slot).
static REGISTERED_SLOTS: [(u64, u16); REGISTRY_SLOTS] = {
    assert!(REGISTERED.len() * 2 <= REGISTRY_SLOTS);
    let mut slots = [(0u64, 0u16); REGISTRY_SLOTS];
    let mut i = 0;
    while i < REGISTERED.len() {
        let name = REGISTERED[i].as_bytes();
        let hash = if name.len() <= 8 {
            crate::scan::scheme::key(name)
        } else {
            long_key(name)
        };
        let mut j = registry_slot(hash);
        while slots[j].1 != 0 {
            j = (j + 1) % REGISTRY_SLOTS;
        }
        slots[j] = (hash, i as u16 + 1);
        i += 1;
    }
    slots
};

/// The schemes a finder knows, looked up by `scheme::key` in a small
/// open-addressing table (every colon trigger asks; a list scan cost more
/// than the rest of a refused trigger).
#[derive(Clone, Debug)]
pub(super) struct ClassTable {
    /// Each scheme's key (0 for names over 8 bytes), name and class.
    all: Vec<(u64, String, SchemeClass)>,
    /// Each slot's key (0 for none) and class: one load a probe (an index
    /// into `all` made the key's load wait on the index's, at every
    /// trigger). Empty when the keys would fill more than half of it.
    slots: Vec<(u64, Option<SchemeClass>)>,
}

impl ClassTable {
    const SLOTS: usize = 64;

    pub(super) fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize
    }

    pub(super) fn new(all: Vec<(u64, String, SchemeClass)>) -> Self {
        let mut slots = vec![(0u64, None); Self::SLOTS];
        if all.len() > Self::SLOTS / 2 {
            slots.clear();
        }
        for &(k, _, c) in &all {
            if k == 0 || slots.is_empty() {
                continue;
            }
            let mut j = Self::slot(k);
            while slots[j].0 != 0 {
                j = (j + 1) % Self::SLOTS;
            }
            slots[j] = (k, Some(c));
        }
        ClassTable { all, slots }
    }

    // Always inlined: every `scheme://` link asks, and the first probe
    // answers most.
    #[inline(always)]
    pub(super) fn get(&self, name: &[u8], key: u64) -> Option<SchemeClass> {
        if key != 0 && !self.slots.is_empty() {
            let j = Self::slot(key);
            let (k, c) = self.slots[j];
            if k == key {
                return c;
            }
            if k == 0 {
                return None;
            }
            return self.probe_from(key, (j + 1) % Self::SLOTS);
        }
        self.get_listed(name, key)
    }

    /// `get` past a first probe that met another key: the slots from `j`.
    #[inline(never)]
    pub(super) fn probe_from(&self, key: u64, mut j: usize) -> Option<SchemeClass> {
        loop {
            let (k, c) = self.slots[j];
            if k == key {
                return c;
            }
            if k == 0 {
                return None;
            }
            j = (j + 1) % Self::SLOTS;
        }
    }

    /// `get` where the slots do not answer: a name over 8 bytes (key 0),
    /// or too many schemes for the slots.
    #[inline(never)]
    pub(super) fn get_listed(&self, name: &[u8], key: u64) -> Option<SchemeClass> {
        self.all
            .iter()
            .find(|(k, n, _)| {
                if key != 0 {
                    *k == key
                } else {
                    n.as_bytes().eq_ignore_ascii_case(name)
                }
            })
            .map(|&(_, _, c)| c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C-F2: every registered name is found by `registered`, in any case,
    /// and names that are not registered are not.
    #[test]
    fn c_f2_registered_names_by_key_and_by_bytes() {
        use crate::scan::scheme::key;
        for name in REGISTERED {
            let upper = name.to_ascii_uppercase();
            assert!(registered(name.as_bytes(), key(name.as_bytes())), "{name}");
            assert!(
                registered(upper.as_bytes(), key(upper.as_bytes())),
                "{name}"
            );
        }
        for name in ["zz", "d", "e", "http2", "foo", "com-eventbrite-attendeex"] {
            assert!(!registered(name.as_bytes(), key(name.as_bytes())), "{name}");
        }
    }
}
