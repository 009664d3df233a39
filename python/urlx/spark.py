"""urlx on Spark: the URLs of many files, or of one huge mbox, found by a
Spark job and written as Parquet, one row per URL.

    python -m urlx.spark ~/Mail archive.mbox --output urls.parquet

The rows are those ``urlx --json`` prints for the same inputs (the
fields ``path``, ``message_id``, ``subject``, ``date``, ``line``,
``url``, ``form``, ``scheme``, ``host``, ``alt``, ``unwrapped``). Folders are walked
recursively in sorted order, hidden files and folders passed over; a
file is read as mail when it looks like mail (``--mail``, ``--no-mail``
force it), and skipped when it looks binary (a NUL in its first 8 KiB).
Unlike the command, ``.gitignore`` rules do not apply, and compressed
files and archives are not unpacked (they look binary: skipped).

An mbox larger than ``--partition-bytes`` is cut at its ``From `` lines
into pieces of about that size, so that one file is spread over tasks;
each task reads its pieces itself, by path, and runs the extractor of
``urlx.arrow`` on them (``mapInArrow``). The workers must therefore see
the files at the paths the driver sees: local mode (the default), or a
file system every node mounts at the same place.

Needs pyspark, pyarrow and pandas (``pip install 'urlx-text[spark]'``)
and Java 17 (Debian: ``openjdk-17-jre-headless``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import stat
import sys
import time
from dataclasses import dataclass
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple

from ._urlx import mbox_cut, sniff

# The first bytes looked at for a NUL and for mail, as the command does.
PROBE = 8 << 10
# The bytes read at a time around a nominal cut, looking for a From line.
WINDOW = 64 << 10
DEFAULT_PARTITION_BYTES = 64 << 20
# The most bytes a task reads, unless pieces are larger; the pieces of a
# task go to the extractor in batches of about BATCH_BYTES.
TASK_BYTES = 256 << 20
BATCH_BYTES = 64 << 20

COLUMNS = ("path", "message_id", "subject", "date", "line", "url", "form", "scheme", "host", "alt", "unwrapped")
OUTPUT_DDL = ", ".join(f"{c} {'long' if c == 'line' else 'string'}" for c in COLUMNS)
# A piece: the file's name as bytes (os.fsencode, so that a name that is
# not UTF-8 still opens), the path as printed, its bytes start..end, the
# line of its first byte, and whether it is mail.
PIECE_DDL = "file binary, path string, start long, end long, first_line long, mail boolean"

MAIL_MODES = ("sniff", "always", "never")


class UsageError(Exception):
    """A mistake in what was asked (a missing path, an output that
    exists, no Java): said in one line, exit status 2."""


@dataclass
class Piece:
    """Bytes ``start..end`` of a file, read by one task."""

    file: bytes
    path: str
    start: int
    end: int
    mail: bool
    first_line: int = 1

    def row(self) -> tuple:
        return (self.file, self.path, self.start, self.end, self.first_line, self.mail)


@dataclass
class Stats:
    """What a run read and found."""

    files: int = 0
    pieces: int = 0
    bytes: int = 0
    urls: int = 0
    seconds: float = 0.0
    binary: int = 0

    def line(self) -> str:
        secs = max(self.seconds, 1e-9)
        parts = [
            _counted(self.files, "file", "files"),
            _counted(self.pieces, "piece", "pieces"),
            _counted(self.bytes, "byte", "bytes"),
            _counted(self.urls, "URL", "URLs"),
            f"{self.seconds:.3f} s",
            f"{self.bytes / 1e6 / secs:.1f} MB/s",
        ]
        if self.binary:
            parts.append(f"{self.binary} binary skipped")
        return ", ".join(parts)


def _counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _display(p: str) -> str:
    """A path as the command prints it: lossy for names that are not
    UTF-8, without a leading ``./``."""
    s = os.fsencode(p).decode("utf-8", "replace")
    return s[2:] if s.startswith("./") else s


def _reason(e: OSError, p: Optional[str] = None) -> str:
    """``PATH: reason``, as the command says it."""
    return f"{_display(p or e.filename or '')}: {e.strerror or e}"


def inputs(paths: Sequence[str]) -> List[Tuple[str, str]]:
    """The files to read, as (path as printed, path to open): files as
    given, folders walked recursively (regular files only, names starting
    with "." passed over, symbolic links not followed), each folder's
    files sorted by path components as the command sorts them. Raises
    UsageError naming every path that cannot be read."""
    out: List[Tuple[str, str]] = []
    errors = []
    for p in paths:
        try:
            st = os.stat(p)
        except OSError as e:
            errors.append(_reason(e, p))
            continue
        if stat.S_ISDIR(st.st_mode):
            found = []
            for root, dirs, names in os.walk(p, onerror=lambda e: errors.append(_reason(e))):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                for n in names:
                    full = os.path.join(root, n)
                    if n.startswith(".") or not stat.S_ISREG(os.lstat(full).st_mode):
                        continue
                    found.append(full)
            # Sorted by components, as Rust's paths compare: "a/b/c"
            # before "a/b-c".
            found.sort(key=lambda f: f.split(os.sep))
            out.extend((_display(f), f) for f in found)
        else:
            out.append((_display(p), p))
    if errors:
        raise UsageError("; ".join(errors))
    return out


def first_separator(f, size: int, at: int, window: int = WINDOW) -> Optional[int]:
    """Where the first mbox separator line starting at or after byte
    ``at`` (> 0) of the open file ``f`` (of ``size`` bytes) starts, or
    None. Reads windows of the file from the byte before ``at`` (so that
    a line start at ``at`` shows), never the whole file."""
    s, n = at - 1, window
    while True:
        f.seek(s)
        w = f.read(n)
        o = mbox_cut(w)
        if o is not None:
            return s + o
        if s + len(w) >= size:
            return None
        # Every whole line of the window was looked at: only its last,
        # unfinished line may still be a separator. Go on from the line
        # end before it, or read more of a line longer than the window.
        q = w.rfind(b"\n")
        if q > 0:
            s, n = s + q, window
        elif q < 0:
            s += len(w)
        else:
            n *= 2


def mbox_pieces(f, size: int, every: int) -> List[Tuple[int, int]]:
    """An mbox of ``size`` bytes cut at separator lines into pieces of at
    least ``every`` bytes (whole messages; a message longer than that is
    a piece of its own)."""
    cuts = [0]
    at = every
    while at < size:
        c = first_separator(f, size, at)
        if c is None:
            break
        cuts.append(c)
        at = c + every
    cuts.append(size)
    return list(zip(cuts, cuts[1:]))


def plan(
    files: Iterable[Tuple[str, str]], mail: str = "sniff", partition_bytes: int = DEFAULT_PARTITION_BYTES
) -> Tuple[List[Piece], Stats]:
    """The pieces of the files (their ``first_line`` not yet known past a
    file's first piece), and the files' counts. ``mail``: "sniff" (read a
    file as mail when it looks like mail), "always" or "never". Raises
    UsageError for a file that cannot be opened."""
    if mail not in MAIL_MODES:
        raise ValueError(f"mail must be one of {MAIL_MODES}, not {mail!r}")
    pieces: List[Piece] = []
    stats = Stats()
    for shown, path in files:
        try:
            f = open(path, "rb")
        except OSError as e:
            raise UsageError(_reason(e, path)) from None
        with f:
            size = os.fstat(f.fileno()).st_size
            head = f.read(PROBE)
            if b"\0" in head:
                stats.binary += 1
                continue
            stats.files += 1
            stats.bytes += size
            if size == 0:
                continue
            kind = "text" if mail == "never" else sniff(head)
            if mail == "always" and kind == "text":
                kind = "message"
            name = os.fsencode(os.path.abspath(path))
            # Text is not cut: a link may cross any line. A message is one
            # piece: its MIME parts are not independent.
            spans = mbox_pieces(f, size, partition_bytes) if kind == "mbox" else [(0, size)]
            pieces += [Piece(name, shown, s, e, kind != "text") for s, e in spans]
    stats.pieces = len(pieces)
    return pieces, stats


def groups(pieces: Sequence, target: int) -> List[list]:
    """Consecutive pieces in groups of about ``target`` bytes (a piece is
    never split), one group a task."""
    out: List[list] = []
    cur: list = []
    size = 0
    for p in pieces:
        cur.append(p)
        size += p.end - p.start
        if size >= target:
            out.append(cur)
            cur, size = [], 0
    if cur:
        out.append(cur)
    return out


def _read(file: bytes, start: int, end: int) -> bytes:
    path = os.fsdecode(file)
    with open(path, "rb") as f:
        f.seek(start)
        b = f.read(end - start)
    if len(b) != end - start:
        raise OSError(f"{path}: the file shrank while it was read")
    return b


def _count_newlines(item: Tuple[bytes, int, int]) -> int:
    """The line ends in bytes start..end of a file, read 1 MiB at a time."""
    file, start, end = item
    path = os.fsdecode(file)
    n = 0
    with open(path, "rb") as f:
        f.seek(start)
        left = end - start
        while left:
            b = f.read(min(left, 1 << 20))
            if not b:
                raise OSError(f"{path}: the file shrank while it was read")
            n += b.count(b"\n")
            left -= len(b)
    return n


def _flat(items):
    return items


def extract_batches(batches: Iterator) -> Iterator:
    """The ``mapInArrow`` function: for each batch of pieces (rows of
    ``PIECE_DDL``), the rows of their URLs (``OUTPUT_DDL``), the pieces
    read here, by path."""
    for batch in batches:
        rows = batch.to_pylist()
        # Mail and text go to the extractor apart (its mail flag is one a
        # call), in runs that keep the pieces' order, and no more than
        # about BATCH_BYTES of input at a time.
        run: list = []
        size = 0
        for r in rows:
            if run and (r["mail"] != run[0]["mail"] or size >= BATCH_BYTES):
                yield from _extract_run(run)
                run, size = [], 0
            run.append(r)
            size += r["end"] - r["start"]
        if run:
            yield from _extract_run(run)


def _extract_run(run: list) -> Iterator:
    """The URL rows of pieces that are all mail or all text."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from .arrow import extract

    is_mail = bool(run[0]["mail"])
    data = pa.array([_read(r["file"], r["start"], r["end"]) for r in run], pa.large_binary())
    lists = extract(data, mail=is_mail, first_lines=[r["first_line"] for r in run] if is_mail else None)
    del data
    links = pc.list_flatten(lists)
    n = len(links)
    if n == 0:
        return
    # The piece of each link, to give it its path: no Python per link.
    parents = pc.list_parent_indices(lists)
    cols = {"path": pc.take(pa.array([r["path"] for r in run], pa.string()), parents)}
    for c in COLUMNS[1:]:
        if c in ("message_id", "subject", "date") and not is_mail:
            cols[c] = pa.nulls(n, pa.string())
        else:
            cols[c] = links.field(c)
    yield pa.RecordBatch.from_arrays([cols[c] for c in COLUMNS], schema=output_schema())


def output_schema():
    """The Parquet's columns, as a pyarrow schema."""
    import pyarrow as pa

    return pa.schema([(c, pa.int64() if c == "line" else pa.string()) for c in COLUMNS])


def session(master: str = "local[*]", conf: Sequence[Tuple[str, str]] = ()):
    """A SparkSession for the job, set for small machines (no UI, few
    shuffle partitions: the job does not shuffle) unless ``conf`` says
    otherwise."""
    _check_java()
    _quiet_pandas_warning()
    try:
        from pyspark.sql import SparkSession
    except ImportError as e:
        raise UsageError(f"pyspark is not installed ({e}): pip install 'urlx-text[spark]'") from None
    if master.startswith("local"):
        # The workers run this interpreter, where urlx is installed.
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    b = (
        SparkSession.builder.master(master)
        .appName("urlx")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
    )
    for k, v in conf:
        b = b.config(k, v)
    spark = b.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def _active_session():
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        return None
    return SparkSession.getActiveSession()


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

    warnings.filterwarnings(
        "ignore", message="PySpark does not yet fully support pandas", category=FutureWarning
    )


def run(
    paths: Sequence[str],
    output: str,
    *,
    master: str = "local[*]",
    mail: str = "sniff",
    partition_bytes: int = DEFAULT_PARTITION_BYTES,
    overwrite: bool = False,
    spark=None,
    conf: Sequence[Tuple[str, str]] = (),
) -> Stats:
    """Finds the URLs of ``paths`` (files and folders) in a Spark job and
    writes them to ``output`` as Parquet (columns ``COLUMNS``). Uses
    ``spark`` (a SparkSession) when given, else the active one, else
    starts one on ``master`` with ``conf`` and stops it at the end.
    Raises UsageError for a path that cannot be read or an output that
    exists (unless ``overwrite``), before Spark starts. Returns the
    counts; ``seconds`` does not count starting Spark."""
    if partition_bytes < 1:
        raise UsageError("--partition-bytes must be at least 1")
    files = inputs(paths)
    if not overwrite and "://" not in output and os.path.exists(output):
        raise UsageError(f"{output}: exists (--overwrite replaces it)")
    _quiet_pandas_warning()
    own = False
    if spark is None:
        spark = _active_session()
    if spark is None:
        spark, own = session(master, conf), True
    try:
        started = time.monotonic()
        pieces, stats = plan(files, mail, partition_bytes)
        sc = spark.sparkContext
        slots = max(1, sc.defaultParallelism)
        _first_lines(sc, pieces, slots, partition_bytes)
        tasks = groups(pieces, _task_bytes(stats.bytes, slots, partition_bytes))
        rdd = sc.parallelize([[p.row() for p in g] for g in tasks], max(1, len(tasks))).flatMap(_flat)
        found = spark.createDataFrame(rdd, PIECE_DDL).mapInArrow(extract_batches, OUTPUT_DDL)
        found.write.mode("overwrite" if overwrite else "errorifexists").parquet(output)
        stats.urls = spark.read.parquet(output).count()
        stats.seconds = time.monotonic() - started
        return stats
    finally:
        if own:
            spark.stop()


def _task_bytes(total: int, slots: int, partition_bytes: int) -> int:
    """About how many bytes a task reads: two tasks a core, so that a
    slow task is made up for, but no more than the larger of
    ``partition_bytes`` and TASK_BYTES (small pieces are grouped: a task
    costs some 50 ms however little it reads)."""
    return max(1, min(-(-total // (2 * slots)), max(partition_bytes, TASK_BYTES)))


def _first_lines(sc, pieces: List[Piece], slots: int, partition_bytes: int) -> None:
    """Sets the first line of every piece that does not start its file.

    The line ends before each piece are counted in a first Spark pass, not
    by the driver: the driver reads only a window at each cut, so the
    bytes of a large archive are read by the tasks, in parallel, and on a
    cluster the driver need not pull the whole archive over the shared
    file system. Counting (bytes.count) is many times faster than finding
    URLs, so the second read costs little. Only cut files need it."""
    counted = []
    for k, p in enumerate(pieces):
        if k + 1 < len(pieces) and pieces[k + 1].file == p.file and pieces[k + 1].start > 0:
            counted.append(p)
    if not counted:
        return
    tasks = groups(counted, _task_bytes(sum(p.end - p.start for p in counted), slots, partition_bytes))
    items = [[(p.file, p.start, p.end) for p in g] for g in tasks]
    counts = sc.parallelize(items, len(items)).flatMap(_flat).map(_count_newlines).collect()
    ends = {id(p): n for p, n in zip(counted, counts)}
    line = 1
    for k, p in enumerate(pieces):
        if p.start == 0:
            line = 1
        p.first_line = line
        line += ends.get(id(p), 0)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m urlx.spark",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Find the URLs of files and folders (mail archives above all) with a Spark job\n"
            "and write them as Parquet, one row per URL: path, message_id, subject, date,\n"
            "line, url, form, scheme, host, alt, unwrapped -- the fields `urlx --json` prints.\n"
            "Folders are read recursively in sorted order, hidden files passed over, binary\n"
            "files (a NUL in the first 8 KiB) skipped; .gitignore rules do not apply and\n"
            "compressed files are not unpacked. Each task reads its files by path: run in\n"
            "local mode (the default), or keep the files on a file system every node mounts\n"
            "at the same path, with urlx-text installed in the workers' Python. Needs Java 17\n"
            "(Debian: openjdk-17-jre-headless)."
        ),
        epilog=(
            "example:\n"
            "  python -m urlx.spark ~/Mail/archive.mbox --output urls.parquet\n"
            "  python -c \"import pyarrow.parquet as pq; print(pq.read_table('urls.parquet').to_pandas())\""
        ),
    )
    p.add_argument(
        "paths", nargs="+", metavar="PATH", help="files and folders to read. Example: ~/Mail lists.mbox"
    )
    p.add_argument(
        "--output",
        required=True,
        metavar="DIR",
        help="where to write the Parquet (a folder of part files; any URI Spark writes, e.g. "
        "hdfs://...). It must not exist, unless --overwrite. Example: --output urls.parquet",
    )
    p.add_argument(
        "--master",
        default="local[*]",
        metavar="URL",
        help="the Spark master (default: local[*], every core of this machine). Example: "
        "--master spark://head:7077",
    )
    m = p.add_mutually_exclusive_group()
    m.add_argument(
        "--mail",
        dest="mail",
        action="store_const",
        const="always",
        default="sniff",
        help="read every file as mail (an mbox, or one message). By default a file is read as "
        "mail when it looks like mail (a first line \"From \", or header lines). Example: --mail",
    )
    m.add_argument(
        "--no-mail",
        dest="mail",
        action="store_const",
        const="never",
        help="read every file as plain text, even when it looks like mail. Example: --no-mail",
    )
    p.add_argument(
        "--partition-bytes",
        type=_size,
        default=DEFAULT_PARTITION_BYTES,
        metavar="N",
        help="cut an mbox larger than this at its From lines into pieces of about N bytes, "
        "spread over tasks (suffixes K, M, G: 1024s; default 64M). Plain text and single "
        "messages are not cut. Example: --partition-bytes 16M",
    )
    p.add_argument(
        "--overwrite", action="store_true", help="replace DIR when it exists. Example: --overwrite"
    )
    p.add_argument(
        "--conf",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        type=_conf,
        help="a Spark setting, again for more. Example: --conf spark.executor.memory=4g",
    )
    return p


def _size(s: str) -> int:
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    t = s.strip().upper().removesuffix("B").removesuffix("I")
    mult = units.get(t[-1:], 1)
    try:
        n = int(t[:-1] if t[-1:] in units else t) * mult
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: {s!r} (e.g. 4096, 16M)") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"the size must be at least 1 byte, not {s!r}")
    return n


def _conf(s: str) -> Tuple[str, str]:
    k, eq, v = s.partition("=")
    if not eq or not k:
        raise argparse.ArgumentTypeError(f"not KEY=VALUE: {s!r}")
    return k, v


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line: runs the job, prints the counts on stderr.
    Returns the exit status: 0, or 2 for a usage error."""
    args = _parser().parse_args(argv)
    try:
        stats = run(
            args.paths,
            args.output,
            master=args.master,
            mail=args.mail,
            partition_bytes=args.partition_bytes,
            overwrite=args.overwrite,
            conf=args.conf,
        )
    except UsageError as e:
        print(f"urlx.spark: {e}", file=sys.stderr)
        return 2
    print(f"urlx.spark: {stats.line()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
