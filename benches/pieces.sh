#!/bin/sh
# One large mbox on one thread and on all cores: the SpamAssassin mbox
# (corpora/fetch.sh) repeated to about 700 MB, counted (-c) in mail mode and
# as plain text, beside the linkify crate on the same raw bytes (through
# benches/tools/count.rs --linkify, one thread, in 8 MiB chunks). Then the
# peak memory (max RSS, GNU time) of each urlx run, and the same mbox
# compressed with gzip and zstd. All timings come from one hyperfine run,
# so the ratios are from one run on a shared machine. Needs hyperfine, GNU
# time, gzip and zstd.
#
# Usage: benches/pieces.sh [SIZE_MB]
set -eu
cd "$(dirname "$0")/.."
MB=${1:-700}
SRC=corpora/fetched/spamassassin.mbox
[ -s "$SRC" ] || { echo "no $SRC: run corpora/fetch.sh first" >&2; exit 2; }
for t in hyperfine gzip zstd; do
    command -v $t >/dev/null || { echo "needs $t (apt-get install hyperfine gzip zstd)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 2; }
cargo build --release --quiet --bin urlx --example count
URLX=target/release/urlx
COUNT=target/release/examples/count
BIG=${TMPDIR:-/tmp}/urlx-pieces-$MB.mbox
if [ ! -s "$BIG" ]; then
    : > "$BIG"
    while [ "$(stat -c %s "$BIG")" -lt $((MB * 1000 * 1000)) ]; do cat "$SRC" >> "$BIG"; done
fi
[ -s "$BIG.gz" ] || gzip -1 -c "$BIG" > "$BIG.gz"
[ -s "$BIG.zst" ] || zstd -q -3 -c "$BIG" > "$BIG.zst"
echo "$(stat -c %s "$BIG") bytes in $BIG; $(nproc) cores" >&2
echo "links: mail $($URLX -c "$BIG"), plain $($URLX --no-mail -c "$BIG"), linkify $($COUNT --linkify "$BIG")" >&2
hyperfine --warmup 1 --runs 5 --export-markdown target/bench-pieces.md \
    -n 'linkify crate, one thread' "$COUNT --linkify $BIG" \
    -n 'urlx mail -j1' "$URLX -j1 -c $BIG" \
    -n 'urlx mail, all cores' "$URLX -c $BIG" \
    -n 'urlx plain -j1' "$URLX --no-mail -j1 -c $BIG" \
    -n 'urlx plain, all cores' "$URLX --no-mail -c $BIG" \
    -n 'urlx mail, all cores, .gz' "$URLX -c $BIG.gz" \
    -n 'urlx mail, all cores, .zst' "$URLX -c $BIG.zst"
for args in "-j1 -c" "-c" "--no-mail -j1 -c" "--no-mail -c"; do
    /usr/bin/time -f "urlx $args: max RSS %M KiB, %e s" $URLX $args "$BIG" > /dev/null
done
for ext in gz zst; do
    /usr/bin/time -f "urlx -c .$ext: max RSS %M KiB, %e s" $URLX -c "$BIG.$ext" > /dev/null
done
