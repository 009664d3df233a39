#!/bin/sh
# Makes the fixtures of this folder from corpora/sample.mbox and
# corpora/sample-urls.txt (run from the repository's root). Needs gzip,
# bzip2, xz, zstd and python3. The files are committed; this says how they
# were made.
set -eu
D=cli/tests/data/packed
gzip -9nc corpora/sample.mbox > $D/sample.mbox.gz
bzip2 -9c corpora/sample.mbox > $D/sample.mbox.bz2
xz -9c corpora/sample.mbox > $D/sample.mbox.xz
zstd -19qc corpora/sample.mbox > $D/sample.mbox.zst
python3 - <<'PY'
import gzip, io, tarfile, zipfile
D = 'cli/tests/data/packed'
mbox = open('corpora/sample.mbox', 'rb').read()
urls = open('corpora/sample-urls.txt', 'rb').read()

def add(t, name, data):
    ti = tarfile.TarInfo(name); ti.size = len(data); ti.mtime = 0; ti.mode = 0o644
    t.addfile(ti, io.BytesIO(data))

# A folder entry, then two files.
with tarfile.open(D + '/sample.tar', 'w', format=tarfile.USTAR_FORMAT) as t:
    d = tarfile.TarInfo('notes'); d.type = tarfile.DIRTYPE; d.mtime = 0; t.addfile(d)
    add(t, 'sample.mbox', mbox); add(t, 'notes/sample-urls.txt', urls)
open(D + '/sample.tar.gz', 'wb').write(gzip.compress(open(D + '/sample.tar', 'rb').read(), 9, mtime=0))
with zipfile.ZipFile(D + '/sample.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in [('sample.mbox', mbox), ('notes/sample-urls.txt', urls), ('notes/', b'')]:
        zi = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)); zi.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(zi, data)
# Member names that would climb out of a folder, and a binary member.
with tarfile.open(D + '/names.tar', 'w', format=tarfile.GNU_FORMAT) as t:
    add(t, '../../outside.txt', b'see http://dotdot.example/\n')
    add(t, '/etc/absolute.txt', b'see http://absolute.example/\n')
    add(t, 'bin.dat', b'\x00\x01http://binary.example/\x00')
# 2,500 URLs: whole, cut in half, and with its CRC-32 flipped.
g = gzip.compress(urls * 25, 9, mtime=0)
open(D + '/many-urls.txt.gz', 'wb').write(g)
open(D + '/many-urls-truncated.txt.gz', 'wb').write(g[:len(g) // 2])
c = bytearray(g)
for i in range(len(c) - 8, len(c) - 4):
    c[i] ^= 0xff
open(D + '/many-urls-corrupt.txt.gz', 'wb').write(bytes(c))
# 8 MiB of lines of 47 bytes in 24 KB.
line = b'see http://expands.example/ and more text here\n'
open(D + '/expands.txt.gz', 'wb').write(gzip.compress(line * (8 * 1024 * 1024 // len(line) + 1), 9, mtime=0))
PY
