"""The Spark job (``python -m urlx.spark``) against the command: for the
same inputs, the Parquet holds the rows ``urlx --json`` prints. Runs
Spark in local mode; needs pyspark and Java, and fails (never skips)
without them. The command is ``$URLX_BIN``, else built here with cargo.
"""

import collections
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

import urlx.spark
from urlx._urlx import mbox_cut

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIELDS = urlx.spark.COLUMNS
INSTALL = (
    "install them: pip install './python[spark,test]' (pyspark, pyarrow, pandas) "
    "and Java 17 (Debian: apt-get install openjdk-17-jre-headless)"
)


@pytest.fixture(scope="module")
def spark():
    """One local Spark for the module: starting one takes seconds."""
    try:
        import pyspark  # noqa: F401
    except ImportError:
        pytest.fail(f"pyspark is missing: {INSTALL}", pytrace=False)
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.fail(f"Java is missing: {INSTALL}", pytrace=False)
    s = urlx.spark.session("local[2]")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def urlx_bin():
    """The command: $URLX_BIN, else the release build, made (or found up to
    date) by cargo."""
    if os.environ.get("URLX_BIN"):
        return os.path.abspath(os.environ["URLX_BIN"])
    if shutil.which("cargo") is None:
        pytest.fail("cargo is missing: set URLX_BIN to a built urlx command", pytrace=False)
    subprocess.run(["cargo", "build", "--release", "-p", "urlx-cli", "--quiet"], cwd=ROOT, check=True)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return str(target / "release" / "urlx")


@pytest.fixture(scope="module")
def big_mbox(tmp_path_factory):
    """corpora/sample.mbox many times over, and in the middle a message
    with a body line of 130 KB (longer than the window read at a cut) and
    a body line starting "From " that is no separator: cut at 4096 bytes
    it is many pieces."""
    sample = (ROOT / "corpora" / "sample.mbox").read_bytes()
    long_line = b" ".join(b"http://w%d.example/p" % i for i in range(6000))
    odd = (
        b"From dave@example.org Tue Nov 24 08:00:00 2026\n"
        b"From: Dave <dave@example.org>\nSubject: a long line\nMessage-ID: <d.1@example.org>\n\n"
        b"From my point of view, see http://long.example/start\n"
        + long_line
        + b"\nend http://long.example/end\n\n"
    )
    path = tmp_path_factory.mktemp("mbox") / "big.mbox"
    path.write_bytes(sample * 10 + odd + sample * 10)
    return str(path)


def command_rows(urlx_bin, args):
    done = subprocess.run([urlx_bin, "--json", *args], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    return [tuple(json.loads(line).get(f) for f in FIELDS) for line in done.stdout.splitlines()]


def parquet_rows(out):
    return [tuple(r[f] for f in FIELDS) for r in pq.read_table(out).to_pylist()]


def _key(row):
    # path, line, url first; None sorts before strings.
    return tuple((v is not None, v) for v in (row[0], row[4], row[5]) + row)


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


def test_rows_are_the_commands_with_big_mboxes_cut(spark, urlx_bin, big_mbox, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    paths = ["corpora/mail", "corpora/sample.mbox", "corpora/sample-urls.txt", big_mbox]
    pieces, _ = urlx.spark.plan(urlx.spark.inputs([big_mbox]), "sniff", 4096)
    assert len(pieces) >= 8, "the test mbox is meant to be cut into several pieces"
    out = str(tmp_path / "out")
    stats = urlx.spark.run(paths, out, partition_bytes=4096, spark=spark)
    expected = command_rows(urlx_bin, paths)
    got = parquet_rows(out)
    assert_same_rows(expected, got)
    assert stats.urls == len(got) > 6000
    assert stats.files == len(urlx.spark.inputs(paths))
    assert {r[0] for r in got} >= {"corpora/sample.mbox", "corpora/sample-urls.txt", big_mbox}


def test_no_mail_and_mail_as_the_command(spark, urlx_bin, big_mbox, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    for mode, flag, paths in [
        ("never", "--no-mail", ["corpora/sample.mbox", "corpora/mail/python-email"]),
        ("always", "--mail", ["corpora/sample-urls.txt", big_mbox]),
    ]:
        out = str(tmp_path / mode)
        urlx.spark.run(paths, out, mail=mode, partition_bytes=4096, spark=spark)
        assert_same_rows(command_rows(urlx_bin, [flag, *paths]), parquet_rows(out))


@pytest.mark.parametrize("window", [7, 16, 1 << 16])
def test_cut_points_are_the_first_separator_after_each_byte(tmp_path, window):
    sample = (ROOT / "corpora" / "sample.mbox").read_bytes()
    # Ends in a separator line without its line end: not a cut.
    data = sample * 2 + b"From eve@example.org Mon Nov 23 12:00:00 2026"
    path = tmp_path / "two.mbox"
    path.write_bytes(data)
    with open(path, "rb") as f:
        for at in range(1, len(data)):
            o = mbox_cut(data[at - 1 :])
            want = None if o is None else at - 1 + o
            assert urlx.spark.first_separator(f, len(data), at, window) == want, at


def test_a_missing_path_exits_2_naming_it(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "urlx.spark", "corpora/sample.mbox", "no/such.mbox", "--output", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "no/such.mbox" in done.stderr and "No such file" in done.stderr, done.stderr
    assert not out.exists()


def test_the_command_line_writes_parquet_and_counts(spark, urlx_bin, tmp_path, monkeypatch, capsys):
    # In this process: main() runs on the active Spark, the module's.
    monkeypatch.chdir(ROOT)
    out = str(tmp_path / "out")
    assert urlx.spark.main(["corpora/sample.mbox", "--output", out, "--partition-bytes", "1K"]) == 0
    expected = command_rows(urlx_bin, ["corpora/sample.mbox"])
    assert_same_rows(expected, parquet_rows(out))
    err = capsys.readouterr().err
    assert f"1 file, 2 pieces, 2196 bytes, {len(expected)} URLs" in err, err
    # The output exists now: a second run refuses it, and --overwrite
    # replaces it.
    assert urlx.spark.main(["corpora/sample.mbox", "--output", out]) == 2
    assert "--overwrite" in capsys.readouterr().err
    assert urlx.spark.main(["corpora/sample-urls.txt", "--output", out, "--overwrite"]) == 0
    assert {r[0] for r in parquet_rows(out)} == {"corpora/sample-urls.txt"}
