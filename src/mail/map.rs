//! Offsets in decoded text back to the raw bytes they were decoded from,
//! byte for byte: every decoded byte knows the first and the last raw byte
//! that hold it, through quoted-printable, base64, charsets, format=flowed
//! and HTML references.

/// How the decoded bytes from a point on came from the raw bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Byte for byte: decoded `dec + k` is raw `raw + k`.
    Exact,
    /// Base64: each 3 decoded bytes from 4 raw characters; the point's
    /// first decoded byte is byte `phase` (0 to 2) of the group at `raw`.
    Base64 { phase: u8 },
    /// Every decoded byte up to the next point came from raw `raw..end`
    /// as a whole: a quoted-printable escape, a character of a charset,
    /// an HTML reference, a base64 group split by a line break.
    Whole { end: usize },
}

#[derive(Clone, Copy, Debug)]
struct Point {
    dec: usize,
    raw: usize,
    step: Step,
}

impl Point {
    /// The raw offset where decoded byte `d` (at or after this point)
    /// starts.
    fn start(&self, d: usize) -> usize {
        match self.step {
            Step::Exact => self.raw + (d - self.dec),
            Step::Base64 { phase } => self.raw + (d - self.dec + phase as usize) / 3 * 4,
            Step::Whole { .. } => self.raw,
        }
    }

    /// The raw offset after decoded byte `e - 1` (at or after this point).
    fn end(&self, e: usize) -> usize {
        match self.step {
            Step::Exact => self.raw + (e - self.dec),
            Step::Base64 { phase } => self.raw + (e - self.dec + phase as usize).div_ceil(3) * 4,
            Step::Whole { end } => end,
        }
    }

    /// This point's step as seen from decoded offset `d` on, placed at
    /// decoded offset `at` (a transform that copies bytes from `d`).
    fn moved(&self, d: usize, at: usize) -> Point {
        let step = match self.step {
            Step::Base64 { phase } => Step::Base64 {
                phase: ((d - self.dec + phase as usize) % 3) as u8,
            },
            step => step,
        };
        Point {
            dec: at,
            raw: self.start(d),
            step,
        }
    }
}

/// Where each byte of a decoded text came from in the raw input: points
/// sorted by decoded offset, each with how the bytes from it on were
/// decoded.
#[derive(Clone, Debug, Default)]
pub struct OffsetMap {
    points: Vec<Point>,
}

/// A point of a transform of decoded text (`out`, `inp`, `copied`): from
/// output offset `out` on, the output came from input offset `inp`, byte
/// for byte when `copied`, else all of it from the input up to the next
/// point's `inp`.
pub(crate) type Stretch = (usize, usize, bool);

impl OffsetMap {
    /// The identity over `raw_start..`: decoded offset `d` is raw
    /// `raw_start + d`.
    pub fn exact(raw_start: usize) -> Self {
        OffsetMap {
            points: vec![Point {
                dec: 0,
                raw: raw_start,
                step: Step::Exact,
            }],
        }
    }

    pub(crate) fn new() -> Self {
        OffsetMap::default()
    }

    /// From decoded offset `dec` on, bytes are copied from raw `raw` on.
    pub(crate) fn push_exact(&mut self, dec: usize, raw: usize) {
        self.push(Point {
            dec,
            raw,
            step: Step::Exact,
        });
    }

    /// From decoded offset `dec` to the next point, the bytes came from
    /// raw `raw..end` as a whole.
    pub(crate) fn push_whole(&mut self, dec: usize, raw: usize, end: usize) {
        self.push(Point {
            dec,
            raw,
            step: Step::Whole { end },
        });
    }

    /// From decoded offset `dec` on, base64 groups of 4 raw characters
    /// from raw `raw` on, one after another.
    pub(crate) fn push_base64(&mut self, dec: usize, raw: usize) {
        self.push(Point {
            dec,
            raw,
            step: Step::Base64 { phase: 0 },
        });
    }

    fn push(&mut self, p: Point) {
        // The lookups rely on points sorted by decoded offset.
        debug_assert!(
            self.points.last().is_none_or(|l| l.dec <= p.dec),
            "unsorted offset map"
        );
        if let Some(last) = self.points.last_mut() {
            if last.dec == p.dec {
                *last = p;
                return;
            }
            // A point that goes on as the last one would is no point.
            let same = match (last.step, p.step) {
                (Step::Exact, Step::Exact) => last.raw + (p.dec - last.dec) == p.raw,
                (Step::Base64 { .. }, Step::Base64 { .. }) => {
                    let on = last.moved(p.dec, p.dec);
                    on.raw == p.raw && on.step == p.step
                }
                _ => false,
            };
            if same {
                return;
            }
        }
        self.points.push(p);
    }

    /// The point that decoded offset `d` falls under.
    fn at(&self, d: usize) -> Option<&Point> {
        let i = self.points.partition_point(|p| p.dec <= d);
        self.points.get(i.saturating_sub(1))
    }

    /// The raw offset of the first raw byte that holds decoded byte `d`.
    pub fn raw(&self, d: usize) -> usize {
        self.at(d).map_or(0, |p| p.start(d.max(p.dec)))
    }

    /// The raw offset after the last raw byte that holds decoded byte
    /// `e - 1`: with [`OffsetMap::raw`], the raw range of decoded
    /// `s..e` is `raw(s)..raw_end(e)`.
    pub fn raw_end(&self, e: usize) -> usize {
        match e.checked_sub(1) {
            Some(last) => self.at(last).map_or(0, |p| p.end(e.max(p.dec))),
            None => self.raw(0),
        }
    }

    /// This map after a transform of its decoded text, whose stretches
    /// say where the output came from (`inp_len`: the length of the
    /// transform's input, this map's decoded text). Inside a copied
    /// stretch this map's own points carry over, shifted, so precision is
    /// kept (quoted-printable lines inside a joined HTML line).
    pub(crate) fn compose(&self, inner: &[Stretch], inp_len: usize) -> OffsetMap {
        let mut m = OffsetMap::new();
        let mut j = 0;
        for (k, &(out, inp, copied)) in inner.iter().enumerate() {
            let (next_out, next_in) = inner
                .get(k + 1)
                .map_or((usize::MAX, inp_len), |&(o, i, _)| (o, i));
            if !copied {
                let (raw, end) = if next_in > inp {
                    (self.raw(inp), self.raw_end(next_in))
                } else {
                    let r = self.raw_end(inp);
                    (r, r)
                };
                m.push_whole(out, raw, end);
                continue;
            }
            // The stretch copied from `inp`: up to the next point's input,
            // and no longer than the output up to the next point.
            let limit = next_in.min(inp.saturating_add(next_out - out));
            if let Some(p) = self.at(inp) {
                m.push(p.moved(inp.max(p.dec), out));
            }
            while j < self.points.len() && self.points[j].dec <= inp {
                j += 1;
            }
            // PERF: this map's points inside the stretch are taken as
            // they are, shifted, without `push`'s checks (they were made
            // by it); an HTML part's quoted-printable escapes are many
            // (`cargo run --release --example mailcount`).
            let from = j;
            while j < self.points.len() && self.points[j].dec < limit {
                j += 1;
            }
            let shift = |p: &Point| Point {
                dec: out + (p.dec - inp),
                ..*p
            };
            if let Some(first) = self.points[from..j].first() {
                m.push(shift(first));
                m.points.extend(self.points[from + 1..j].iter().map(shift));
            }
            // Output past the copied bytes (a line end the transform
            // wrote) holds no raw byte: placed after the last copied one.
            let copied_out = out + (limit - inp);
            if copied_out < next_out && limit > inp {
                let r = self.raw_end(limit);
                m.push_whole(copied_out, r, r);
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
        assert_eq!((e.raw(5), e.raw_end(6)), (105, 106));
        // "ab" copied from 10, an escape "=3D" at 12 giving one byte, "cd"
        // from 15.
        let mut m = OffsetMap::new();
        m.push_exact(0, 10);
        m.push_whole(2, 12, 15);
        m.push_exact(3, 15);
        assert_eq!((m.raw(1), m.raw(2), m.raw(3), m.raw(4)), (11, 12, 15, 16));
        assert_eq!((m.raw_end(2), m.raw_end(3), m.raw_end(5)), (12, 15, 17));
        // A point that goes on as the last one would is not kept.
        m.push_exact(5, 17);
        assert_eq!(m.points.len(), 3);
    }

    #[test]
    fn base64_groups() {
        // Decoded 0.. from groups at 40, 44, ...
        let mut m = OffsetMap::new();
        m.push_base64(0, 40);
        assert_eq!((m.raw(0), m.raw(2), m.raw(3), m.raw(7)), (40, 40, 44, 48));
        assert_eq!((m.raw_end(1), m.raw_end(3), m.raw_end(4)), (44, 44, 48));
        m.push_base64(6, 48);
        assert_eq!(m.points.len(), 1);
        // A copy from decoded 4 on keeps the phase: output 0 is byte 1 of
        // the group at 44.
        let c = m.compose(&[(0, 4, true)], 9);
        assert_eq!(
            (c.raw(0), c.raw(2), c.raw_end(2), c.raw_end(3)),
            (44, 48, 48, 52)
        );
    }

    #[test]
    fn composed_transforms() {
        let mut m = OffsetMap::new();
        m.push_exact(0, 10);
        m.push_whole(2, 12, 15);
        m.push_exact(3, 15);
        // A transform that takes input 0..3 as one character and copies
        // the rest.
        let c = m.compose(&[(0, 0, false), (2, 3, true)], 6);
        assert_eq!((c.raw(0), c.raw(1), c.raw_end(2)), (10, 10, 15));
        assert_eq!((c.raw(2), c.raw_end(5)), (15, 18));
        // A stretch shorter than its input (joined lines): points past its
        // end are not carried, so the map stays sorted; the output after
        // the copied bytes holds no raw byte.
        let c = m.compose(&[(0, 0, true), (2, 4, true)], 6);
        assert_eq!((c.raw(1), c.raw(2), c.raw(3)), (11, 16, 17));
        let c = m.compose(&[(0, 0, true), (3, 1, true)], 6);
        assert_eq!((c.raw_end(1), c.raw_end(2), c.raw(3)), (11, 11, 11));
    }
}
