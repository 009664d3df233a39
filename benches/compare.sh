#!/bin/sh
# Compares the links two urlx binaries find, byte for byte (--json), on
# every corpus of the repository (and the fetched SpamAssassin mbox, when
# corpora/fetch.sh has run) in five configurations: plain text, e-mail
# addresses and joined breaks, small caps, mail mode, no www. A change that
# should change no link (a redesign, a fast path) must pass it against the
# binary before the change:
#
#   git stash; cargo build --release; cp target/release/urlx /tmp/urlx-before
#   git stash pop; cargo build --release
#   benches/compare.sh /tmp/urlx-before target/release/urlx
set -u
[ $# -eq 2 ] || { echo "usage: $0 URLX_BEFORE URLX_AFTER" >&2; exit 2; }
cd "$(dirname "$0")/.."
before=$1 after=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
inputs="corpora/forms corpora/mail corpora/urls corpora/seeds corpora/sample.mbox tests/data"
[ -f corpora/fetched/spamassassin.mbox ] && inputs="$inputs corpora/fetched/spamassassin.mbox"
status=0 n=0
for cfg in "--no-mail" "--no-mail --email --join-breaks" \
    "--no-mail --max-url-len 24 --max-line-len 40 --max-wrapper-bytes 30 --max-wrapper-lines 2" \
    "--mail" "--no-mail --no-www"; do
    for input in $inputs; do
        # shellcheck disable=SC2086 # $cfg is a list of options
        "$before" --json -j1 $cfg "$input" >"$tmp/before" 2>&1
        # shellcheck disable=SC2086
        "$after" --json -j1 $cfg "$input" >"$tmp/after" 2>&1
        if cmp -s "$tmp/before" "$tmp/after"; then
            n=$((n + $(wc -l <"$tmp/after")))
        else
            echo "differ: $cfg $input" >&2
            diff "$tmp/before" "$tmp/after" | head -5 >&2
            status=1
        fi
    done
done
echo "$n links compared"
[ $status -eq 0 ] && echo "same links"
exit $status
