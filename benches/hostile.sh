#!/bin/sh
# Peak memory and time on the hostile inputs of the attack trial (CONTRACT
# C-S8), each made here, each run under `timeout` and a 4 GiB address-space
# limit, measured by GNU time. Goal: max RSS under 256 MB on every row, no
# crash (exit 0, 1 or 2, never a signal). The last rows are ordinary mail
# (the SpamAssassin mbox repeated 6 times, corpora/fetch.sh) for the usual
# figure. Needs GNU time, gzip, bzip2, xz and python3.
#
# Usage: benches/hostile.sh        (prints a Markdown table)
set -eu
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 2; }
cargo build --release --quiet --bin urlx
U=$PWD/target/release/urlx
T=${TMPDIR:-/tmp}/urlx-hostile-bench
rm -rf "$T" && mkdir -p "$T/dir"

# An xz of 300 empty streams beside a text file; an xz asking for a 4 GiB
# dictionary.
for _ in $(seq 300); do xz -c < /dev/null; done > "$T/dir/empty.xz"
echo http://other.example/ > "$T/dir/other.txt"
python3 - "$T" <<'PY'
import lzma, struct, sys, zlib, gzip, io, bz2
t = sys.argv[1]
x = bytearray(lzma.compress(b"http://x.example/\n", preset=0))
h = 12; size = (x[h] + 1) * 4; i = h + 2
assert x[i] == 0x21 and x[i + 1] == 1
x[i + 2] = 40
x[h + size - 4:h + size] = struct.pack("<I", zlib.crc32(bytes(x[h:h + size - 4])))
open(t + "/dict.xz", "wb").write(bytes(x))
# A tar whose member name (a GNU long name) is 1 GiB, gzip-compressed.
def header(name, size, kind):
    b = bytearray(512); b[:len(name)] = name
    b[100:108] = b"0000644\0"; b[124:136] = b"%011o\0" % size
    b[136:148] = b"00000000000\0"; b[156] = kind
    b[257:263] = b"ustar\0"; b[263:265] = b"00"; b[148:156] = b" " * 8
    b[148:156] = b"%06o\0 " % sum(b); return bytes(b)
with gzip.open(t + "/longname.tar.gz", "wb", compresslevel=1) as g:
    g.write(header(b"././@LongLink", 1 << 30, ord("L")))
    chunk = b"n" * (1 << 20)
    for _ in range(1024): g.write(chunk)
    g.write(header(b"x.txt", 0, ord("0")))
# bzip2: 8,000 empty streams, and 10 MB of them.
e = bz2.compress(b"")
open(t + "/empty8000.bz2", "wb").write(e * 8000)
open(t + "/empty10m.bz2", "wb").write(e * (10_000_000 // len(e)))
PY
# One message of dense links, 100 and 200 MB decoded.
for mb in 100 200; do
    { printf 'From: a@b\n\n'; yes http://a.example/ | head -c ${mb}000000; } | gzip -1 > "$T/message$mb.eml.gz"
done
# A 2 GiB text bomb for the reading view.
yes 'see http://expands.example/ and more text here' | head -c 2147483648 | gzip -1 > "$T/bomb.txt.gz"

row() {
    what=$1; shift
    # A signal (a crash, the timeout) shows as a status past 128.
    /usr/bin/time -f "%M %e %x" -o "$T/time" sh -c 'ulimit -v 4194304; exec timeout 120 "$@" > /dev/null 2>&1' sh "$@" || true
    # (GNU time puts a line of its own before its figures when the status
    # is not 0.)
    tail -n 1 "$T/time" > "$T/figures"
    read -r rss secs status < "$T/figures"
    printf '| %s | %s | %s | %s |\n' "$what" "$status" "$((rss / 1024))" "$secs"
}

echo "| input | exit | max RSS MB | s |"
echo "|---|---|---|---|"
row "a folder: an xz of 300 empty streams and a text file" "$U" "$T/dir"
row "an xz asking for a 4 GiB dictionary" "$U" "$T/dict.xz"
row "one message of dense links, 100 MB decoded (.gz)" "$U" -c "$T/message100.eml.gz"
row "one message of dense links, 200 MB decoded (.gz)" "$U" -c "$T/message200.eml.gz"
row "the 200 MB message, --max-message 1G" "$U" -c --max-message 1G "$T/message200.eml.gz"
row "a message that never ends on a pipe (1 GB of it)" sh -c "{ printf 'From: a@b\n\n'; yes http://a.example/ | head -c 1000000000; } | $U -c"
row "--html on a 2 GiB text bomb (.gz)" "$U" --html "$T/bomb.txt.gz"
row "--hyperlink on a 2 GiB text bomb (.gz)" "$U" --hyperlink "$T/bomb.txt.gz"
row "--html /dev/zero (10 s)" timeout 10 "$U" --html /dev/zero
row "yes \\| urlx --html (10 s)" sh -c "yes | timeout 10 $U --html"
row "a .tar.gz whose member name is 1 GiB" "$U" "$T/longname.tar.gz"
row "a .bz2 of 8,000 empty streams" "$U" "$T/empty8000.bz2"
row "bzip2 -dc, the same" bzip2 -dc "$T/empty8000.bz2"
row "a .bz2 of 10 MB of empty streams" "$U" "$T/empty10m.bz2"
row "bzip2 -dc, the same" bzip2 -dc "$T/empty10m.bz2"
SA=corpora/fetched/spamassassin.mbox
if [ -s "$SA" ]; then
    for _ in 1 2 3 4 5 6; do cat "$SA"; done > "$T/sa6.mbox"
    row "ordinary mail: SpamAssassin x6, 195 MB, -j1" "$U" -j1 -c "$T/sa6.mbox"
    row "ordinary mail: SpamAssassin x6, 195 MB, all cores" "$U" -c "$T/sa6.mbox"
fi
rm -rf "$T"
