"""urlx on Spark: the URLs of many files, or of huge mail archives, found
by a Spark job and written as Parquet, one row per URL.

    python -m urlx.spark hdfs:///mail/archive.mbox ~/Mail --output urls.parquet

The rows are those ``urlx --json`` prints for the same inputs (the fields
``COLUMNS``). Inputs are any paths the cluster's Hadoop configuration
reaches (``file://``, ``hdfs://``, ``s3a://``, ``abfss://``, ``gs://``),
read by the tasks through Spark's own file sources, never by a path the
workers must share with the driver:

- a file no larger than ``--partition-bytes``, and every compressed file
  or archive, is read whole by one task (Spark's ``binaryFile``) and
  read as the command reads it: decoded (gzip, bzip2, xz, zstd), its
  tar or zip members one by one (``member`` set), under the command's
  caps (``--max-decompressed``, ``--max-dictionary``);
- a larger file is read by Spark's ``text`` source, which cuts it into
  splits of about ``--partition-bytes`` for different tasks: by lines,
  or an mbox at its ``"\\nFrom "`` lines, so that each task finds the
  URLs of the messages inside its split (see ``tasks``). Such a file may
  be of any size; one message (or one line of a file that is not an
  mbox) must fit in a Spark row, 2 GiB.

Folders are listed by Spark, recursively, names starting with "." or "_"
passed over; a file is read as mail when it looks like mail (``--mail``,
``--no-mail`` force it), and skipped when it looks binary (a NUL in its
first 8 KiB). Unlike the command, ``.gitignore`` rules do not apply.

The workers need this package and pyarrow: a cluster library, or a
packed environment shipped with the job (``spark.archives``: see the
README). Needs pyspark 4, pyarrow and Java 17 (``pip install
'urlx-text[spark]'``; Debian: ``openjdk-17-jre-headless``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from .._urlx import packed
from .files import Cluster, File, UsageError, load_paths
from .tasks import COLUMNS, PART_DDL, PROBE, Caps, Layout, Reading, assemble, kind_of, place, records, whole_files

__all__ = ["COLUMNS", "Caps", "Stats", "UsageError", "main", "run", "session"]

DEFAULT_PARTITION_BYTES = 64 << 20
MAIL_MODES = ("sniff", "always", "never")
# Spark's rows hold at most this many bytes: a larger compressed file
# cannot be read whole.
MAX_ROW = (1 << 31) - 1 - (1 << 20)
_MBOX_SEP = b"\nFrom "
# The most input bytes one task reads, unless there are few cores.
TASK_BYTES = 256 << 20


@dataclass
class Stats:
    """What a run read and found."""

    files: int = 0
    bytes: int = 0
    urls: int = 0
    seconds: float = 0.0
    binary: int = 0
    # Large files, and the splits Spark cut them into.
    large: int = 0
    splits: int = 0
    # "PATH: reason" for each input read only in part.
    errors: List[str] = field(default_factory=list)

    def line(self) -> str:
        secs = max(self.seconds, 1e-9)
        parts = [
            _counted(self.files, "file", "files"),
            _counted(self.bytes, "byte", "bytes"),
            _counted(self.urls, "URL", "URLs"),
            f"{self.seconds:.3f} s",
            f"{self.bytes / 1e6 / secs:.1f} MB/s",
        ]
        if self.large:
            parts.append(f"{self.large} large in {self.splits} splits")
        if self.binary:
            parts.append(f"{self.binary} binary skipped")
        if self.errors:
            parts.append(_counted(len(self.errors), "error", "errors"))
        return ", ".join(parts)


def _counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def session(master: Optional[str] = None, conf: Sequence[Tuple[str, str]] = ()):
    """A SparkSession for the job, set for small machines (no UI, few
    shuffle partitions) unless ``conf`` says otherwise. ``master`` None:
    the one ``spark-submit`` was given, else ``local[*]``."""
    _check_java()
    _quiet_pandas_warning()
    try:
        from pyspark.sql import SparkSession
    except ImportError as e:
        raise UsageError(f"pyspark is not installed ({e}): pip install 'urlx-text[spark]'") from None
    python = dict(conf).get("spark.pyspark.python")
    if python:
        # The workers' Python (a shipped environment's): spark-submit
        # passes the setting on as PYSPARK_PYTHON, which is what pyspark
        # reads when the driver is this process.
        os.environ["PYSPARK_PYTHON"] = python
    submitted = "PYSPARK_GATEWAY_PORT" in os.environ
    if master is None and not submitted:
        master = "local[*]"
    if not python and master is not None and master.startswith("local"):
        # Local workers run this interpreter, where urlx is installed.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    b = SparkSession.builder
    if master is not None:
        b = b.master(master)
    b = (
        b.appName("urlx")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        # Local files without Hadoop's checksum files: its checksummed
        # file system cannot open a name with a colon (every Maildir
        # message's), nor does the job need the checksums.
        .config("spark.hadoop.fs.file.impl", "org.apache.hadoop.fs.RawLocalFileSystem")
    )
    for k, v in conf:
        b = b.config(k, v)
    spark = b.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def _check_java() -> None:
    home = os.environ.get("JAVA_HOME")
    if home and os.path.exists(os.path.join(home, "bin", "java")):
        return
    if shutil.which("java") is None:
        raise UsageError(
            "Spark needs Java 17 or later and none was found: install it "
            "(Debian: apt-get install openjdk-17-jre-headless) or set JAVA_HOME"
        )


def _quiet_pandas_warning() -> None:
    # mapInArrow checks that pandas is installed and warns about pandas 3,
    # which the job never uses.
    import warnings

    warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas", category=FutureWarning)


@contextlib.contextmanager
def _settings(spark, values: Dict[str, str]) -> Iterator[None]:
    """Session settings for the job, put back after it."""
    old = {k: spark.conf.get(k, None) for k in values}
    for k, v in values.items():
        spark.conf.set(k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                spark.conf.unset(k)
            else:
                spark.conf.set(k, v)


@dataclass
class Plan:
    """The files split between the two readers."""

    # Files read whole: those of a partition or less, found again by
    # listing the roots; and the larger compressed ones, named.
    whole: Dict[str, Reading] = field(default_factory=dict)
    roots: List[str] = field(default_factory=list)
    partition_bytes: int = DEFAULT_PARTITION_BYTES
    whole_bytes: int = 0
    packed_large: List[File] = field(default_factory=list)
    large: Dict[str, Reading] = field(default_factory=dict)
    large_files: List[File] = field(default_factory=list)
    sizes: Dict[str, int] = field(default_factory=dict)


def plan(
    cluster: Cluster, files: Sequence[File], roots: List[str], mail: str, partition_bytes: int, stats: Stats
) -> Plan:
    """Which reader reads each file (``roots``: the paths that list them
    again). Files larger than a partition are probed here (their first
    8 KiB and last bytes): binary ones are skipped, compressed ones read
    whole, the others as records."""
    p = Plan(roots=roots, partition_bytes=partition_bytes)
    for f in files:
        stats.files += 1
        stats.bytes += f.size
        if f.size == 0:
            continue
        if f.size <= partition_bytes:
            p.whole[f.name] = Reading(f.shown, mail)
            p.whole_bytes += f.size
            continue
        head, tail = cluster.probe(f, PROBE, len(_MBOX_SEP))
        codec = cluster.decoded_by_name(f)
        if packed(head) or codec:
            if f.size > MAX_ROW:
                what = packed(head) or f"named as {codec} data"
                raise UsageError(
                    f"{f.shown}: a compressed file ({what}) of more than 2 GiB, which Spark cannot hold "
                    "in one row: decompress it (an uncompressed file of any size is cut into splits)"
                )
            p.whole[f.name] = Reading(f.shown, mail)
            p.whole_bytes += f.size
            p.packed_large.append(f)
            continue
        if b"\0" in head:
            stats.binary += 1
            continue
        kind = kind_of(head, mail)
        sep = _MBOX_SEP if kind == "mbox" else b"\n"
        how = Reading(f.shown, mail, kind, sep, tail.endswith(sep))
        p.large[f.name] = how
        p.sizes[f.name] = f.size
        p.large_files.append(f)
        stats.large += 1
    return p


def run(
    paths: Sequence[str],
    output: str,
    *,
    master: Optional[str] = None,
    mail: str = "sniff",
    partition_bytes: int = DEFAULT_PARTITION_BYTES,
    overwrite: bool = False,
    caps: Caps = Caps(),
    spark=None,
    conf: Sequence[Tuple[str, str]] = (),
) -> Stats:
    """Finds the URLs of ``paths`` (files and folders, any URI the
    cluster reaches) in a Spark job and writes them to ``output`` as
    Parquet (columns ``COLUMNS``). Uses ``spark`` (a SparkSession) when
    given, else the active one, else starts one on ``master`` (None:
    spark-submit's, else ``local[*]``) with ``conf`` and stops it at the
    end. Raises UsageError for a path that
    cannot be read or an output that exists (unless ``overwrite``),
    before any task runs. Returns the counts; ``seconds`` does not count
    starting Spark; ``errors`` names inputs read only in part (the URLs
    before the fault are written, as the command prints them)."""
    if mail not in MAIL_MODES:
        raise ValueError(f"mail must be one of {MAIL_MODES}, not {mail!r}")
    if partition_bytes < 1:
        raise UsageError("--partition-bytes must be at least 1")
    _quiet_pandas_warning()
    own = False
    if spark is None:
        spark = _active_session()
    if spark is None:
        spark, own = session(master, conf), True
    try:
        started = time.monotonic()
        cluster = Cluster(spark)
        files, roots = cluster.list(spark, paths)
        if not overwrite and cluster.exists(output):
            raise UsageError(f"{output}: exists (--overwrite replaces it)")
        stats = Stats()
        with _settings(
            spark,
            {
                "spark.sql.files.maxPartitionBytes": str(partition_bytes),
                "spark.sql.execution.arrow.useLargeVarTypes": "true",
            },
        ):
            _job(spark, plan(cluster, files, roots, mail, partition_bytes, stats), caps, output, overwrite, stats)
        stats.seconds = time.monotonic() - started
        return stats
    finally:
        if own:
            spark.stop()


def _job(spark, p: Plan, caps: Caps, output: str, overwrite: bool, stats: Stats) -> None:
    from pyspark import StorageLevel
    from pyspark.sql import functions as F

    parts = []
    notes = []
    cached = []
    if p.whole:
        whole = p.whole
        # The length filter is applied by the source before it reads a
        # file's content.
        small = (
            spark.read.format("binaryFile")
            .option("recursiveFileLookup", "true")
            .load(p.roots)
            .filter((F.col("length") > 0) & (F.col("length") <= p.partition_bytes))
            .select("path", "content")
        )
        if p.packed_large:
            small = small.unionByName(
                spark.read.format("binaryFile").load(load_paths(p.packed_large)).select("path", "content")
            )
        small = small.coalesce(_tasks(spark, p.whole_bytes))
        # Kept for the notes, read after the URLs are written.
        read = small.mapInArrow(lambda it: whole_files(it, whole, caps), PART_DDL)
        read = read.persist(StorageLevel.MEMORY_AND_DISK)
        cached.append(read)
        notes.append(read.filter(F.col("kind") == "note"))
        parts.append(read)
    if p.large_files:
        large, sizes = p.large, p.sizes

        def text(chosen: List[File]):
            """The large files as records, split by Spark (a union of
            one read a separator)."""
            reads = []
            for sep in sorted({large[f.name].sep for f in chosen}):
                reads.append(
                    spark.read.format("text")
                    .option("lineSep", sep.decode())
                    .load(load_paths([f for f in chosen if large[f.name].sep == sep]))
                    .select(
                        F.col("value").cast("binary").alias("value"),
                        F.col("_metadata.file_path").alias("file"),
                        F.col("_metadata.file_block_start").alias("block"),
                        F.col("_metadata.file_block_length").alias("block_length"),
                    )
                )
            rows = reads[0]
            for r in reads[1:]:
                rows = rows.unionByName(r)
            return rows.coalesce(_tasks(spark, sum(sizes[f.name] for f in chosen)))

        # First pass: each split's lines and edges (the fragments are
        # kept: an mbox's are a message or two a split).
        edges = text(p.large_files).mapInArrow(lambda it: records(it, large, sizes), PART_DDL)
        edges = edges.persist(StorageLevel.MEMORY_AND_DISK)
        cached.append(edges)
        splits = edges.filter(F.col("kind") == "split").select("file", "block", "nlines", "starts").collect()
        stats.splits = len(splits)
        layout = Layout.of((r.file, r.block, r.nlines, r.starts) for r in splits)
        frags = edges.filter(F.col("kind") == "frag").mapInArrow(lambda it: place(it, layout), PART_DDL)
        parts.append(frags.groupBy("file", "block").applyInArrow(lambda t: assemble(t, large), PART_DDL))
        # Second pass, mboxes only: the messages inside each split, read
        # again rather than kept (they are most of the bytes).
        mboxes = [f for f in p.large_files if large[f.name].kind == "mbox"]
        if mboxes:
            inner = text(mboxes).mapInArrow(lambda it: records(it, large, sizes, layout), PART_DDL)
            parts.append(inner)
    if not parts:
        # Nothing to read: an empty table with the columns.
        empty = spark.createDataFrame([], ", ".join(f"{c} {'long' if c == 'line' else 'string'}" for c in COLUMNS))
        empty.write.mode("overwrite" if overwrite else "errorifexists").parquet(output)
        return
    every = parts[0]
    for q in parts[1:]:
        every = every.unionByName(q)
    every = every.filter(F.col("kind") == "url")
    try:
        every.select(*COLUMNS).write.mode("overwrite" if overwrite else "errorifexists").parquet(output)
        # From the Parquet's footers.
        stats.urls = spark.read.parquet(output).count()
        for n in notes:
            for r in n.select("form", "note").collect():
                if r.form == "binary":
                    stats.binary += 1
                else:
                    stats.errors.append(r.note)
        stats.errors.sort()
    finally:
        for c in cached:
            c.unpersist()


def _tasks(spark, total: int) -> int:
    """How many tasks read ``total`` bytes: two a core, or more to keep
    each under TASK_BYTES. Spark makes a task of each split (or each few
    small files); merging them saves a task's fixed cost (a Python worker
    call, some 50 ms) where splits are small."""
    slots = max(1, spark.sparkContext.defaultParallelism)
    return max(2 * slots, -(-total // TASK_BYTES))


def _active_session():
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        return None
    return SparkSession.getActiveSession()


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line (see ``python -m urlx.spark --help``)."""
    from .cli import main as cli_main

    return cli_main(argv)
