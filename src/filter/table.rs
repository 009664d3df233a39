//! A set of names in one buffer: open addressing over 8-byte slots that
//! hold 32 bits of a name's hash and its number. One allocation for every
//! name, a probe of a compact slot array a lookup (the slots of 100,000
//! names fit in 2 MiB), and the name itself read only when the hash
//! matches.
// PERF: 100,000 domains take 15 MiB of peak memory in all against 25 MiB
// as a `HashSet<Box<str>>` (an allocation a name), in the same time; their
// load waits on cache misses either way. `/usr/bin/time -v urlx -c
// --host-file target/filter-lists/hosts.txt /dev/null` after
// `benches/filters.sh`.

/// Names, exact (lower case ASCII as the caller gives them).
#[derive(Clone, Debug, Default)]
pub(super) struct NameTable {
    /// Every name, back to back.
    bytes: Vec<u8>,
    /// Where each name is in `bytes` (start, length), in the order added.
    names: Vec<(u32, u32)>,
    /// A power of two long, at most half full.
    slots: Vec<Slot>,
}

/// Where a probe ends: at the name, or at a free slot.
enum Found {
    Here,
    Free(usize),
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// The high half of the name's hash.
    tag: u32,
    /// The name's number plus one; 0 for an empty slot.
    name: u32,
}

impl NameTable {
    /// Makes room for `n` more names without a rehash.
    pub(super) fn reserve(&mut self, n: usize) {
        let want = (self.names.len() + n)
            .saturating_mul(2)
            .next_power_of_two()
            .max(16);
        if want > self.slots.len() {
            self.rehash(want);
        }
        self.names.reserve(n);
    }

    /// Adds `name` in lower case (ASCII letters; other bytes as they are).
    /// A set holds names of 4 GiB in all; more are not added.
    pub(super) fn insert(&mut self, name: &[u8]) {
        let Ok(start) = u32::try_from(self.bytes.len()) else {
            return;
        };
        if name.is_empty() || u32::try_from(self.bytes.len() + name.len()).is_err() {
            return;
        }
        if (self.names.len() + 1) * 2 > self.slots.len() {
            self.rehash((self.slots.len() * 2).max(16));
        }
        self.bytes.extend(name.iter().map(u8::to_ascii_lowercase));
        let hash = hash(&self.bytes[start as usize..]);
        match self.find(hash, &self.bytes[start as usize..]) {
            Found::Here => self.bytes.truncate(start as usize),
            Found::Free(i) => {
                // Fits: the bytes' length fits in a u32.
                self.names.push((start, name.len() as u32));
                self.slots[i] = Slot {
                    tag: (hash >> 32) as u32,
                    name: self.names.len() as u32,
                };
            }
        }
    }

    /// Whether `name` (already in lower case) is in the set.
    pub(super) fn contains(&self, name: &[u8]) -> bool {
        !self.slots.is_empty() && matches!(self.find(hash(name), name), Found::Here)
    }

    /// The slot that holds `name`, or the free slot where it would go
    /// (the table is never full).
    fn find(&self, hash: u64, name: &[u8]) -> Found {
        let (tag, mask) = ((hash >> 32) as u32, self.slots.len() - 1);
        let mut i = hash as usize & mask;
        loop {
            let s = self.slots[i];
            if s.name == 0 {
                return Found::Free(i);
            }
            if s.tag == tag && self.name(s) == name {
                return Found::Here;
            }
            i = (i + 1) & mask;
        }
    }

    /// The name a full slot holds.
    fn name(&self, s: Slot) -> &[u8] {
        let (start, len) = self.names[s.name as usize - 1];
        &self.bytes[start as usize..(start + len) as usize]
    }

    fn rehash(&mut self, size: usize) {
        let mut slots = vec![Slot::default(); size];
        let mask = size - 1;
        for (n, &(start, len)) in self.names.iter().enumerate() {
            let h = hash(&self.bytes[start as usize..(start + len) as usize]);
            let mut i = h as usize & mask;
            while slots[i].name != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = Slot {
                tag: (h >> 32) as u32,
                name: n as u32 + 1,
            };
        }
        self.slots = slots;
    }
}

/// A hash of a short string, a word at a time (the multiply-rotate of
/// rustc's FxHasher), then MurmurHash3's finalizer, since the slot is
/// taken from the low bits. The names are the user's list, so a host in
/// hostile input can only walk the probe runs the list made.
fn hash(bytes: &[u8]) -> u64 {
    let add = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    let mut h = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = add(h, u64::from_le_bytes(w));
    }
    let mut last = [0u8; 8];
    let rest = chunks.remainder();
    last[..rest.len()].copy_from_slice(rest);
    h = add(h, u64::from_le_bytes(last));
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn agrees_with_a_hash_set() {
        let mut t = NameTable::default();
        let mut s = HashSet::new();
        // Many names, repeats, case, lengths across word edges.
        for i in 0..5000u32 {
            let name = format!("{}{}.Ex{}", "a".repeat((i % 19) as usize), i % 3000, i % 7);
            t.insert(name.as_bytes());
            s.insert(name.to_ascii_lowercase());
        }
        assert_eq!(t.names.len(), s.len());
        for i in 0..6000u32 {
            let name = format!("{}{}.ex{}", "a".repeat((i % 19) as usize), i % 3000, i % 7);
            assert_eq!(t.contains(name.as_bytes()), s.contains(&name), "{name}");
        }
        assert!(!t.contains(b""));
        assert!(!NameTable::default().contains(b"a"));
    }
}
