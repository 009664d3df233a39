//! Offsets in decoded text back to offsets in the raw message.

/// Points `(decoded, raw, exact)`, sorted by `decoded`: from `decoded` on,
/// the text came from raw offset `raw`, byte for byte when `exact` (text
/// that needed no decoding), else from the raw line that starts there
/// (decoded text: quoted-printable, base64, charsets, flowed lines).
#[derive(Clone, Debug, Default)]
pub struct OffsetMap {
    points: Vec<(usize, usize, bool)>,
}

impl OffsetMap {
    /// The identity over `raw_start..`: decoded offset `d` is raw
    /// `raw_start + d`.
    pub fn exact(raw_start: usize) -> Self {
        OffsetMap {
            points: vec![(0, raw_start, true)],
        }
    }

    pub(crate) fn new() -> Self {
        OffsetMap::default()
    }

    /// From decoded offset `decoded` on, the text comes from `raw`.
    pub(crate) fn push(&mut self, decoded: usize, raw: usize, exact: bool) {
        // The lookups rely on points sorted by decoded offset.
        debug_assert!(
            self.points.last().is_none_or(|l| l.0 <= decoded),
            "unsorted offset map"
        );
        if let Some(last) = self.points.last_mut() {
            if last.0 == decoded {
                *last = (decoded, raw, exact);
                return;
            }
        }
        self.points.push((decoded, raw, exact));
    }

    /// The raw offset of decoded offset `d`.
    pub fn raw(&self, d: usize) -> usize {
        let i = self.points.partition_point(|p| p.0 <= d);
        if i == 0 {
            return self.points.first().map_or(0, |p| p.1);
        }
        let (dec, raw, exact) = self.points[i - 1];
        if exact {
            raw + (d - dec)
        } else {
            raw
        }
    }

    /// Whether offset `d` maps byte for byte.
    fn exact_at(&self, d: usize) -> bool {
        let i = self.points.partition_point(|p| p.0 <= d);
        i > 0 && self.points[i - 1].2
    }

    /// This map after a transform whose points (`out`, `in`) say where its
    /// output came from in this map's decoded text. With `shifts`, the
    /// transform copies bytes unchanged between its points, so this map's
    /// own points inside each stretch carry over, shifted: precision is
    /// kept (quoted-printable lines inside a joined HTML line).
    pub(crate) fn compose(&self, inner: &[(usize, usize)], shifts: bool) -> OffsetMap {
        let mut m = OffsetMap::new();
        let mut j = 0;
        for (k, &(out, inp)) in inner.iter().enumerate() {
            m.push(out, self.raw(inp), shifts && self.exact_at(inp));
            if !shifts {
                continue;
            }
            // The stretch copied from `inp`: up to the next point's input,
            // and no longer than the output up to the next point.
            let limit = inner.get(k + 1).map_or(usize::MAX, |&(next_out, next_in)| {
                next_in.min(inp + (next_out - out))
            });
            while j < self.points.len() && self.points[j].0 <= inp {
                j += 1;
            }
            while j < self.points.len() && self.points[j].0 < limit {
                let (dec, raw, exact) = self.points[j];
                m.push(out + (dec - inp), raw, exact);
                j += 1;
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        let e = OffsetMap::exact(100);
        assert_eq!(e.raw(5), 105);
        let mut m = OffsetMap::new();
        m.push(0, 10, false);
        m.push(7, 30, false);
        assert_eq!((m.raw(0), m.raw(6), m.raw(7), m.raw(50)), (10, 10, 30, 30));
        let c = m.compose(&[(0, 0), (3, 8)], false);
        assert_eq!((c.raw(2), c.raw(3)), (10, 30));
        // A shift keeps the inner points: out 0.. is in 0.., out 20.. is in 25...
        let c = m.compose(&[(0, 0), (20, 25)], true);
        assert_eq!((c.raw(6), c.raw(7), c.raw(21)), (10, 30, 30));
        // A stretch shorter than its input (joined lines): points past its
        // end are not carried, so the map stays sorted.
        let c = m.compose(&[(0, 0), (5, 9)], true);
        assert_eq!((c.raw(4), c.raw(5)), (10, 30));
    }
}
