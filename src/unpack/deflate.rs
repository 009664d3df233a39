//! Raw deflate (RFC 1951), the body of a gzip member and of a zip entry:
//! flate2's `Decompress`, which counts the bytes it wrote before an error
//! and takes from its input only what it used, so that what follows the
//! data (a trailer, the next entry) is left in the input.

use std::io::{self, BufRead};

use flate2::{Decompress, FlushDecompress, Status};

use super::{corrupt, truncated};

/// What one step of inflating gave.
pub enum Step {
    /// Bytes, and the data goes on.
    Data(usize),
    /// The last bytes of the data, which ended.
    End(usize),
    /// Bytes decoded before a fault, and the fault.
    Fault(usize, io::Error),
}

/// Inflates from `src` into `buf` until some bytes come, the data ends or
/// a fault is met. `what` names the data in errors ("gzip data").
pub fn step(d: &mut Decompress, src: &mut impl BufRead, buf: &mut [u8], what: &str) -> Step {
    loop {
        let input = match src.fill_buf() {
            Ok(i) => i,
            Err(e) => return Step::Fault(0, e),
        };
        let eof = input.is_empty();
        let (in0, out0) = (d.total_in(), d.total_out());
        let status = d.decompress(input, buf, FlushDecompress::None);
        let used = (d.total_in() - in0) as usize;
        let n = (d.total_out() - out0) as usize;
        src.consume(used);
        match status {
            Err(e) => return Step::Fault(n, corrupt(what, e)),
            Ok(Status::StreamEnd) => return Step::End(n),
            Ok(_) if n > 0 || buf.is_empty() => return Step::Data(n),
            Ok(_) if eof => return Step::Fault(0, truncated(what)),
            // No progress with input and room: the data is broken.
            Ok(_) if used == 0 => {
                return Step::Fault(0, corrupt(what, "the deflate data does not go on"))
            }
            Ok(_) => {}
        }
    }
}
