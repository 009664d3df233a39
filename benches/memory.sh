#!/bin/sh
# Peak memory on a 1 GB input: a file made of the SpamAssassin
# mbox (corpora/fetch.sh) repeated to 1 GB, scanned one thread and on all
# cores, as plain text and as mail. Goal: max RSS under 64 MB (urlx reads a
# large file in pieces, two in flight a thread; it maps none). Needs GNU
# time.
#
# Usage: benches/memory.sh [SIZE_MB]
set -eu
cd "$(dirname "$0")/.."
MB=${1:-1024}
SRC=corpora/fetched/spamassassin.mbox
[ -s "$SRC" ] || { echo "no $SRC: run corpora/fetch.sh first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 2; }
cargo build --release --quiet --bin urlx
BIG=${TMPDIR:-/tmp}/urlx-memory-$MB.mbox
if [ ! -s "$BIG" ]; then
    : > "$BIG"
    while [ "$(stat -c %s "$BIG")" -lt $((MB * 1024 * 1024)) ]; do cat "$SRC" >> "$BIG"; done
fi
echo "$(stat -c %s "$BIG") bytes in $BIG" >&2
for mode in --no-mail --mail; do
    for j in 1 0; do
        /usr/bin/time -f "urlx $mode -j$j: max RSS %M KiB, %e s" target/release/urlx $mode -j$j -c "$BIG" > /dev/null
    done
done
rm -f "$BIG"
