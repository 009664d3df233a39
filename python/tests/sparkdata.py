"""What the Spark tests share: the inputs, the command's rows and the
comparison."""

import base64
import bz2
import collections
import gzip
import io
import json
import lzma
import os
import pathlib
import random
import shutil
import subprocess
import tarfile
import zipfile

import pyarrow.parquet as pq
import pytest

import urlx.spark

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIELDS = urlx.spark.COLUMNS
# Files larger than this are cut into splits of about this size.
PARTITION = 64 << 10


def spark_inputs(d: pathlib.Path) -> pathlib.Path:
    """A folder of every kind of input: large files cut into many splits
    (an mbox with a 130 KB line and a body line "From " that is no
    separator, text without a line end at its end, an mbox ending with
    "\\nFrom "), compressed files (gzip, bzip2, xz, zstd; one larger than
    a partition), an archive (a gzipped tar holding a zip, a binary
    member), a gzip cut short, and two binary files."""
    sample = (ROOT / "corpora" / "sample.mbox").read_bytes()
    long_line = b" ".join(b"http://w%d.example/p" % i for i in range(6000))
    odd = (
        b"From dave@example.org Tue Nov 24 08:00:00 2026\n"
        b"From: Dave <dave@example.org>\nSubject: a long line\nMessage-ID: <d.1@example.org>\n\n"
        b"From my point of view, see http://long.example/start\n" + long_line + b"\nend http://long.example/end\n\n"
    )
    big = sample * 10 + odd + sample * 10
    (d / "big.mbox").write_bytes(big)
    text = (ROOT / "corpora" / "sample-urls.txt").read_bytes()
    (d / "big.txt").write_bytes(text * (PARTITION * 3 // len(text)) + b"wrapped <URL:http://a.example/b\n c> end")
    (d / "tail.mbox").write_bytes(sample * 40 + b"\nFrom ")
    (d / "m.mbox.gz").write_bytes(gzip.compress(big))
    (d / "m.bz2").write_bytes(bz2.compress(sample))
    (d / "m.xz").write_bytes(lzma.compress(sample))
    if shutil.which("zstd") is None:
        pytest.fail("zstd is missing: apt-get install zstd (.ci/run installs it)", pytrace=False)
    subprocess.run(["zstd", "-q", "-o", str(d / "m.zst"), str(ROOT / "corpora" / "sample.mbox")], check=True)
    rng = random.Random(7)
    noise = b"\n".join(
        base64.b64encode(rng.randbytes(300)) + b" http://noise%d.example/x" % i for i in range(400)
    )
    packed = gzip.compress(noise)
    assert len(packed) > PARTITION
    (d / "noise.txt.gz").write_bytes(packed)
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.txt", b"see http://a.example/x\n")
        z.writestr("m.mbox", sample)
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w:gz") as t:
        for name, body in [("a.txt", b"see http://t.example/\n"), ("inner.zip", inner.getvalue()), ("bin", b"\0http://no.example/")]:
            info = tarfile.TarInfo(name)
            info.size = len(body)
            t.addfile(info, io.BytesIO(body))
    (d / "arch.tgz").write_bytes(tar.getvalue())
    (d / "cut.gz").write_bytes(gzip.compress(sample)[:300])
    (d / "bin.dat").write_bytes(b"\0\1\2 http://bin.example/")
    (d / "bigbin.dat").write_bytes(b"\0" + b"http://bigbin.example/ " * (PARTITION // 10))
    return d


def command_rows(urlx_bin, args, cwd=ROOT):
    done = subprocess.run([urlx_bin, "--json", *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode in (0, 1, 2), done.stderr
    return [tuple(json.loads(line).get(f) for f in FIELDS) for line in done.stdout.splitlines()]


def parquet_rows(out):
    return [tuple(r[f] for f in FIELDS) for r in pq.read_table(out).to_pylist()]


def _key(row):
    return tuple((v is not None, v) for v in row)


def assert_same_rows(expected, got):
    """The rows as multisets, with a few of the differences shown."""
    if sorted(expected, key=_key) == sorted(got, key=_key):
        return
    e, g = collections.Counter(expected), collections.Counter(got)
    missing = sorted((e - g).elements(), key=_key)[:5]
    extra = sorted((g - e).elements(), key=_key)[:5]
    lines = [f"{len(expected)} rows from the command, {len(got)} from Spark", "only the command's (first 5):"]
    lines += [f"  {dict(zip(FIELDS, r))}" for r in missing]
    lines += ["only Spark's (first 5):"] + [f"  {dict(zip(FIELDS, r))}" for r in extra]
    pytest.fail("\n".join(lines), pytrace=False)


def urlx_command():
    """The command: $URLX_BIN, else the release build, made (or found up
    to date) by cargo."""
    if os.environ.get("URLX_BIN"):
        return os.path.abspath(os.environ["URLX_BIN"])
    if shutil.which("cargo") is None:
        pytest.fail("cargo is missing: set URLX_BIN to a built urlx command", pytrace=False)
    subprocess.run(["cargo", "build", "--release", "-p", "urlx-cli", "--quiet"], cwd=ROOT, check=True)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return str(target / "release" / "urlx")
