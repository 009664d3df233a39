#!/bin/sh
# Times the filters of the urlx command against the unfiltered scan of the
# same input (one thread): a --host-file of 100,000 domains, 10,000 -F
# literals from a file, and one -e regular expression. The lists are made
# from the input's own links (its hosts, and the first path segments of
# its URLs, so that some links match) topped up with names and strings
# that match nothing, as blocklists and indicator lists are. One hyperfine
# run, so the ratios come from one run on a shared machine. Needs
# hyperfine (apt-get install hyperfine).
#
# Usage: benches/filters.sh [INPUT]   (default: the SpamAssassin mbox,
# made by corpora/fetch.sh)
set -eu
cd "$(dirname "$0")/.."
IN=${1:-corpora/fetched/spamassassin.mbox}
[ -e "$IN" ] || { echo "no $IN: run corpora/fetch.sh first" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
cargo build --release --quiet --bin urlx
URLX=target/release/urlx
OUT=target/filter-lists
mkdir -p "$OUT"
# 100,000 domains: the input's hosts, then names that occur nowhere.
$URLX --format '{host}' "$IN" | grep -v '^$' | grep -v '[][]' | sort -u > "$OUT/real-hosts.txt" || true
{ cat "$OUT/real-hosts.txt"; seq 1 100000 | sed 's/.*/host&.blocklist.invalid/'; } | head -n 100000 > "$OUT/hosts.txt"
# 10,000 literals: first path segments of the input's URLs, then strings
# that occur nowhere.
$URLX -o "$IN" | awk -F/ 'NF > 3 && length($4) > 3 { print "/" $4 "/" }' | sort -u | head -n 5000 > "$OUT/real-literals.txt" || true
{ cat "$OUT/real-literals.txt"; seq 1 10000 | sed 's/.*/indicator-&-zq/'; } | head -n 10000 > "$OUT/literals.txt"
echo "$(wc -c < "$IN") bytes; $(wc -l < "$OUT/hosts.txt") domains ($(wc -l < "$OUT/real-hosts.txt") of the input); $(wc -l < "$OUT/literals.txt") literals ($(wc -l < "$OUT/real-literals.txt") of the input)" >&2
echo "links: all $($URLX -c "$IN"), hosts $($URLX -c --host-file "$OUT/hosts.txt" "$IN"), literals $($URLX -c -F -f "$OUT/literals.txt" "$IN"), regex $($URLX -c -e '/[0-9]{4,}' "$IN")" >&2
hyperfine --warmup 1 --runs 10 --export-markdown target/bench-filters.md \
    -n 'urlx -j1 -o (no filter)' "$URLX -j1 -o $IN > /dev/null" \
    -n 'urlx -j1 -o --host-file (100,000 domains)' "$URLX -j1 -o --host-file $OUT/hosts.txt $IN > /dev/null" \
    -n 'urlx -j1 -o -F -f (10,000 literals)' "$URLX -j1 -o -F -f $OUT/literals.txt $IN > /dev/null" \
    -n "urlx -j1 -o -e '/[0-9]{4,}'" "$URLX -j1 -o -e '/[0-9]{4,}' $IN > /dev/null"
