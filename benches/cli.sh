#!/bin/sh
# Times the urlx command over a folder of mail (corpora/fetched/bench-tree:
# the SpamAssassin corpus four times, 24,184 files, 130 MB; made by
# corpora/fetch.sh), one thread and all cores, beside:
#   - rg -o with a URL regex (one thread and all cores),
#   - the linkify crate, through benches/tools/count.rs --linkify (one thread),
#   - urlx's own library through benches/tools/count.rs (one thread, no output),
#   - the floor of reading the files: rg -c of a string that never occurs.
# Then the peak memory (max RSS) of urlx, one thread and all cores.
# Everything runs in one hyperfine invocation, so the ratios come from one
# run on a shared machine. Needs hyperfine and rg (apt-get install
# hyperfine ripgrep) and GNU time for the memory figures.
#
# Usage: benches/cli.sh [FOLDER]
set -eu
cd "$(dirname "$0")/.."
DIR=${1:-corpora/fetched/bench-tree}
[ -d "$DIR" ] || { echo "no $DIR: run corpora/fetch.sh first" >&2; exit 2; }
for t in hyperfine rg; do
    command -v $t >/dev/null || { echo "needs $t (apt-get install hyperfine ripgrep)" >&2; exit 2; }
done
cargo build --release --quiet --bin urlx --example count
URLX=target/release/urlx
COUNT=target/release/examples/count
RE='(?i)\b(?:https?|ftp|mailto|news|nntp|gopher|telnet|wais|file|prospero)://[^\s<>"]+'
echo "$(du -sb "$DIR" | cut -f1) bytes in $(find "$DIR" -type f | wc -l) files; $(nproc) cores" >&2
echo "links: urlx $($URLX -o "$DIR" | wc -l), linkify $($COUNT --linkify "$DIR"), rg $(rg -o --no-filename -N "$RE" "$DIR" | wc -l)" >&2
hyperfine --warmup 1 --runs 5 --export-markdown target/bench-cli.md \
    -n 'floor: rg -c (never matches)' "rg -c --no-filename zqxjzqxjzqxj $DIR || true" \
    -n 'urlx -j1' "$URLX -j1 $DIR > /dev/null" \
    -n 'urlx (all cores)' "$URLX $DIR > /dev/null" \
    -n 'rg -o URL regex -j1' "rg -j1 -o -N '$RE' $DIR > /dev/null" \
    -n 'rg -o URL regex (all cores)' "rg -o -N '$RE' $DIR > /dev/null" \
    -n 'linkify crate (example, 1 thread)' "$COUNT --linkify $DIR > /dev/null" \
    -n 'urlx library (example, 1 thread)' "$COUNT $DIR > /dev/null"
if [ -x /usr/bin/time ]; then
    for j in 1 0; do
        /usr/bin/time -f "urlx -j$j: max RSS %M KiB, %e s" $URLX -j$j "$DIR" > /dev/null
    done
fi
