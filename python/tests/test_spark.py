"""The Spark job (``python -m urlx.spark``) against the command: for the
same inputs, the Parquet holds the rows ``urlx --json`` prints. Runs
Spark in local mode (``test_spark_cluster.py`` runs a cluster); needs
pyspark and Java, and fails (never skips) without them. The command is
``$URLX_BIN``, else built here with cargo.
"""

import os
import shutil
import subprocess
import sys

import pytest

import urlx.spark
from sparkdata import PARTITION, ROOT, assert_same_rows, command_rows, parquet_rows, spark_inputs, urlx_command

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
    return urlx_command()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """Every kind of input, beside the corpora: see ``spark_inputs``."""
    return spark_inputs(tmp_path_factory.mktemp("inputs"))


def test_rows_are_the_commands_for_every_kind_of_input(spark, urlx_bin, inputs, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    paths = ["corpora/mail", "corpora/sample.mbox", "corpora/sample-urls.txt", str(inputs)]
    out = str(tmp_path / "out")
    stats = urlx.spark.run(paths, out, partition_bytes=PARTITION, spark=spark)
    expected = command_rows(urlx_bin, paths)
    got = parquet_rows(out)
    assert_same_rows(expected, got)
    assert stats.urls == len(got) > 6000
    # The large files were cut: more splits than files.
    assert stats.large == 3 and stats.splits >= 2 * stats.large, stats
    # Members, and the colons of Maildir names.
    assert any(r[1] == "inner.zip:a.txt" for r in got)
    assert any(":2," in r[0] for r in got)
    # bin.dat, bigbin.dat (probed by the driver), arch.tgz's member "bin".
    assert stats.binary == 3
    assert stats.errors == [f"{inputs}/cut.gz: gzip data truncated"]


def test_no_mail_and_mail_as_the_command(spark, urlx_bin, inputs, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    for mode, flag, paths in [
        ("never", "--no-mail", ["corpora/sample.mbox", "corpora/mail/python-email", f"{inputs}/big.mbox"]),
        ("always", "--mail", ["corpora/sample-urls.txt", f"{inputs}/big.txt", f"{inputs}/big.mbox"]),
    ]:
        out = str(tmp_path / mode)
        urlx.spark.run(paths, out, mail=mode, partition_bytes=PARTITION, spark=spark)
        assert_same_rows(command_rows(urlx_bin, [flag, *paths]), parquet_rows(out))


def test_a_missing_path_exits_2_naming_it(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "urlx.spark", "corpora/sample.mbox", "no/such.mbox", "--output", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "urlx.spark: no/such.mbox: File no/such.mbox does not exist\n" in done.stderr, done.stderr
    assert not out.exists()


def test_the_command_line_writes_parquet_and_counts(spark, urlx_bin, tmp_path, monkeypatch, capsys):
    # In this process: main() runs on the active Spark, the module's.
    monkeypatch.chdir(ROOT)
    out = str(tmp_path / "out")
    assert urlx.spark.main(["corpora/sample.mbox", "--output", out, "--partition-bytes", "1K"]) == 0
    expected = command_rows(urlx_bin, ["corpora/sample.mbox"])
    assert_same_rows(expected, parquet_rows(out))
    err = capsys.readouterr().err
    assert f"1 file, 2196 bytes, {len(expected)} URLs" in err and "1 large in 2 splits" in err, err
    # The output exists now: a second run refuses it, and --overwrite
    # replaces it.
    assert urlx.spark.main(["corpora/sample.mbox", "--output", out]) == 2
    assert "--overwrite" in capsys.readouterr().err
    assert urlx.spark.main(["corpora/sample-urls.txt", "--output", out, "--overwrite"]) == 0
    assert {r[0] for r in parquet_rows(out)} == {"corpora/sample-urls.txt"}


def test_an_input_read_in_part_is_named_and_exits_2(spark, inputs, tmp_path, capsys):
    out = str(tmp_path / "out")
    assert urlx.spark.main([f"{inputs}/cut.gz", f"{inputs}/m.xz", "--output", out]) == 2
    err = capsys.readouterr().err
    assert f"urlx.spark: {inputs}/cut.gz: gzip data truncated\n" in err, err
    # What was decoded before the fault is written, as the command prints it.
    assert {r[0] for r in parquet_rows(out)} == {f"{inputs}/cut.gz", f"{inputs}/m.xz"}


def test_a_dictionary_over_the_cap_is_refused_as_the_command_refuses_it(spark, urlx_bin, inputs, tmp_path):
    out = str(tmp_path / "out")
    stats = urlx.spark.run([f"{inputs}/m.xz"], out, caps=urlx.spark.Caps(dictionary=4096), spark=spark)
    assert len(stats.errors) == 1 and "--max-dictionary" in stats.errors[0], stats.errors
    assert parquet_rows(out) == command_rows(urlx_bin, ["--max-dictionary", "4096", f"{inputs}/m.xz"]) == []
