"""What the Spark job's tasks run: pure Python and pyarrow, no Spark, so
that it can be tested without a cluster.

Every step yields batches of ``PART_SCHEMA``: a row is a URL (``kind``
"url"), a fragment of a file still to be joined with others ("frag"), a
split's line count ("split"), or something to tell the user ("note").

Two readers feed them:

- **Whole files** (``whole_files``), from Spark's ``binaryFile`` source:
  files no larger than a partition, and compressed files and archives,
  which are decoded here by the package's own decoders (``unpack``).
- **Records** (``records``), from Spark's ``text`` source with a record
  separator: the lines of a large file (``"\\n"``), or for a large mbox
  the stretches between ``"\\nFrom "`` (about a message each). Spark cuts
  such a file into splits read by different tasks, each record whole in
  one split. A task extracts the messages that start and end inside its
  split; what runs over a split's edge goes out as fragments, joined by
  ``assemble`` once the driver knows each split's first line.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

import pyarrow as pa
import pyarrow.compute as pc

from .._urlx import mbox_cut, sniff, unpack

# The fields of a URL row, those ``urlx --json`` prints.
COLUMNS = (
    "path",
    "member",
    "message_id",
    "subject",
    "date",
    "line",
    "url",
    "form",
    "scheme",
    "host",
    "alt",
    "unwrapped",
)
_MAIL_ONLY = ("message_id", "subject", "date")

# The first bytes looked at for a NUL (binary) and for mail, as the
# command does.
PROBE = 8 << 10
# Input bytes given to the extractor at a time.
BATCH_BYTES = 64 << 20

_PART_FIELDS = [
    ("kind", pa.string()),
    ("file", pa.string()),
    ("block", pa.int64()),
    *[(c, pa.int64() if c == "line" else pa.string()) for c in COLUMNS],
    ("data", pa.large_binary()),
    ("rel", pa.int64()),
    ("starts", pa.bool_()),
    ("nlines", pa.int64()),
    ("order", pa.int64()),
    ("note", pa.string()),
]
PART_SCHEMA = pa.schema(_PART_FIELDS)


def _ddl(t: pa.DataType) -> str:
    if t == pa.int64():
        return "long"
    if t == pa.bool_():
        return "boolean"
    if t == pa.large_binary():
        return "binary"
    return "string"


PART_DDL = ", ".join(f"{n} {_ddl(t)}" for n, t in _PART_FIELDS)


@dataclass(frozen=True)
class Reading:
    """How a file is read: as the command reads it."""

    shown: str
    # "sniff", "always" or "never": --mail, --no-mail.
    mail: str = "sniff"
    # For a large file read as records: its kind ("mbox", "message",
    # "text"), the record separator, and whether the file ends with it.
    kind: str = ""
    sep: bytes = b"\n"
    ends_with_sep: bool = False


@dataclass(frozen=True)
class Caps:
    """The decoders' caps, the command's --max-decompressed and
    --max-dictionary."""

    decompressed: int = 4 << 30
    dictionary: int = 64 << 20


def kind_of(head: bytes, mail: str) -> str:
    """"mbox", "message" or "text", as the command decides with --mail
    (always), --no-mail (never) or neither (sniff)."""
    if mail == "never":
        return "text"
    k = sniff(head)
    return "message" if mail == "always" and k == "text" else k


def is_separator(line: bytes) -> bool:
    """Whether a line (without its line end) is an mbox separator."""
    return mbox_cut(b"\n" + line + b"\n") == 1


def _batch(n: int, cols: Dict[str, pa.Array]) -> pa.RecordBatch:
    """A batch of ``n`` rows of PART_SCHEMA; columns not given are null.
    Columns as Spark gives them (large types or not) are cast."""
    arrays = []
    for name, t in _PART_FIELDS:
        a = cols.get(name)
        if a is None:
            a = pa.nulls(n, t)
        elif a.type != t:
            a = a.cast(t)
        arrays.append(a)
    return pa.RecordBatch.from_arrays(arrays, schema=PART_SCHEMA)


def note(what: str, text: str) -> pa.RecordBatch:
    """A note row: something the driver tells the user. ``what``:
    "binary" (``text`` names a file passed over) or "error" (``text`` is
    ``PATH: reason``)."""
    return _batch(1, {"kind": pa.array(["note"]), "form": pa.array([what]), "note": pa.array([text])})


class Extractor:
    """Collects inputs (all mail or all text at a time) and gives their
    URL rows in batches of about BATCH_BYTES of input."""

    def __init__(self) -> None:
        self._run: List[Tuple[bytes, str, Optional[str], int]] = []
        self._mail = False
        self._size = 0

    def add(
        self, data: bytes, shown: str, member: Optional[str], mail: bool, first_line: int = 1
    ) -> Iterator[pa.RecordBatch]:
        if self._run and (mail != self._mail or self._size >= BATCH_BYTES):
            yield from self.flush()
        self._mail = mail
        self._run.append((data, shown, member, first_line))
        self._size += len(data)

    def flush(self) -> Iterator[pa.RecordBatch]:
        from ..arrow import extract

        run, self._run, self._size = self._run, [], 0
        if not run:
            return
        data = pa.array([r[0] for r in run], pa.large_binary())
        lists = extract(data, mail=self._mail, first_lines=[r[3] for r in run] if self._mail else None)
        del data
        links = pc.list_flatten(lists)
        n = len(links)
        if n == 0:
            return
        parents = pc.list_parent_indices(lists)

        def per_input(values, t):
            return pc.take(pa.array(values, t), parents)

        cols = {
            "kind": pa.array(["url"] * n),
            "path": per_input([r[1] for r in run], pa.string()),
            "member": per_input([r[2] for r in run], pa.string()),
        }
        for c in COLUMNS:
            if c in cols or (c in _MAIL_ONLY and not self._mail):
                continue
            cols[c] = links.field(c)
        yield _batch(n, cols)


def whole_files(batches: Iterable[pa.RecordBatch], files: Dict[str, Reading], caps: Caps) -> Iterator[pa.RecordBatch]:
    """The ``mapInArrow`` step over ``binaryFile`` rows (``path``,
    ``content``): each file read whole, decoded when compressed, its
    archive members read one by one (each given to the extractor as it
    is decoded, so that an archive is never held decoded whole)."""
    out = Extractor()
    for batch in batches:
        paths = batch.column("path").to_pylist()
        contents = batch.column("content")
        for k, path in enumerate(paths):
            how = files.get(path)
            if how is None:
                # Made after the driver listed the files: not this job's.
                continue
            done: List[pa.RecordBatch] = []

            def leaf(member: Optional[str], data: bytes) -> None:
                head = data[:PROBE]
                if b"\0" in head:
                    done.append(note("binary", _where(how.shown, member)))
                else:
                    done.extend(out.add(data, how.shown, member, kind_of(head, how.mail) != "text"))

            errors = unpack(
                contents[k].as_py(),
                leaf,
                max_decompressed=caps.decompressed,
                max_dictionary=caps.dictionary,
            )
            yield from done
            for member, reason in errors:
                yield note("error", f"{_where(how.shown, member)}: {reason}")
    yield from out.flush()


def _where(shown: str, member: Optional[str]) -> str:
    """A file, or an archive's member, as the command names it."""
    return f"{shown}:{member}" if member else shown


def records(
    batches: Iterable[pa.RecordBatch],
    files: Dict[str, Reading],
    sizes: Dict[str, int],
    layout: Optional["Layout"] = None,
) -> Iterator[pa.RecordBatch]:
    """The ``mapInArrow`` steps over ``text`` source rows (``value`` as
    binary, ``file``, ``block``, ``block_length``), each split of a large
    file in order. Without ``layout`` (the first pass): each split's line
    count and its edges, the bytes before its first message and from its
    last message on, as fragments. With it (the second pass, mboxes
    only): the URLs of the messages between, their lines made absolute
    by the split's first line."""
    out = Extractor()
    key = None
    got: List[bytes] = []
    names: Dict[str, str] = {}
    for batch in batches:
        cols = [batch.column(c).to_pylist() for c in ("value", "file", "block", "block_length")]
        for v, uri, b, length in zip(*cols):
            # Spark gives the file as an escaped URI; `files` is keyed by
            # the path as Hadoop writes it.
            f = names.get(uri) or names.setdefault(uri, unquote(uri))
            if (f, b, length) != key:
                if key is not None:
                    yield from _split(key, got, files[key[0]], sizes[key[0]], out, layout)
                key, got = (f, b, length), []
            got.append(v)
    if key is not None:
        yield from _split(key, got, files[key[0]], sizes[key[0]], out, layout)
    yield from out.flush()


def _split(key, got: List[bytes], how: Reading, size: int, out: Extractor, layout) -> Iterator[pa.RecordBatch]:
    """One split's records: a record stands for the separator's tail
    before it (not before the file's first) and its line end after it
    (the separator's first byte; after the file's last record, the
    separator when the file ends with it)."""
    file, block, length = key
    last = block + length >= size
    head, tail = how.sep[:1], how.sep[1:]
    after = (how.sep if how.ends_with_sep else b"") if last else head
    if how.kind != "mbox":
        # One unit, the whole file: this split is a fragment of it, the
        # first one its start.
        data = (b"" if block == 0 else tail) + how.sep.join(got) + after
        got.clear()
        yield _split_row(file, block, data.count(b"\n"), block == 0)
        yield _frag(file, block, data, 1, block == 0)
        return
    chunks = [tail + r for r in got]
    if block == 0:
        chunks[0] = got[0]
    got.clear()
    for k in range(len(chunks) - 1):
        chunks[k] += head
    chunks[-1] += after
    # The chunks that start a message: the file's first, and each
    # separator line.
    starts = [k for k, c in enumerate(chunks) if (k == 0 and block == 0) or _starts_message(c)]
    at = [1]
    for c in chunks:
        at.append(at[-1] + c.count(b"\n"))
    if layout is None:
        yield _split_row(file, block, at[-1] - 1, bool(starts))
        if not starts:
            yield _frag(file, block, b"".join(chunks), 1, False)
            return
        if starts[0] > 0:
            yield _frag(file, block, b"".join(chunks[: starts[0]]), 1, False)
        yield _frag(file, block, b"".join(chunks[starts[-1] :]), at[starts[-1]], True)
        return
    # Whole messages, from the first start to the last, in runs of about
    # BATCH_BYTES.
    offset = layout.first_line[(file, block)] - 1
    run: List[bytes] = []
    size_run = 0
    first = starts[0] if starts else 0
    for s, e in zip(starts, starts[1:]):
        piece = b"".join(chunks[s:e])
        if run and size_run + len(piece) > BATCH_BYTES:
            yield from out.add(b"".join(run), how.shown, None, True, offset + at[first])
            run, size_run, first = [], 0, s
        run.append(piece)
        size_run += len(piece)
    if run:
        yield from out.add(b"".join(run), how.shown, None, True, offset + at[first])


def _split_row(file: str, block: int, nlines: int, starts: bool) -> pa.RecordBatch:
    return _batch(
        1,
        {
            "kind": pa.array(["split"]),
            "file": pa.array([file]),
            "block": pa.array([block], pa.int64()),
            "nlines": pa.array([nlines], pa.int64()),
            "starts": pa.array([starts]),
        },
    )


def _starts_message(chunk: bytes) -> bool:
    end = chunk.find(b"\n")
    return is_separator(chunk if end < 0 else chunk[:end])


def _frag(file: str, block: int, data: bytes, rel: int, starts: bool) -> pa.RecordBatch:
    return _batch(
        1,
        {
            "kind": pa.array(["frag"]),
            "file": pa.array([file]),
            "block": pa.array([block], pa.int64()),
            "data": pa.array([data], pa.large_binary()),
            "rel": pa.array([rel], pa.int64()),
            "starts": pa.array([starts]),
        },
    )


@dataclass
class Layout:
    """What the driver learns from the splits' rows: for each split of a
    large file, the line of its first byte, and the split whose last
    message its first bytes continue."""

    first_line: Dict[Tuple[str, int], int]
    owner: Dict[Tuple[str, int], int]

    @classmethod
    def of(cls, splits: Iterable[Tuple[str, int, int, bool]]) -> "Layout":
        by_file: Dict[str, list] = {}
        for file, block, nlines, starts in splits:
            by_file.setdefault(file, []).append((block, nlines, starts))
        first_line, owner = {}, {}
        for file, rows in by_file.items():
            line, last_start = 1, 0
            for block, nlines, starts in sorted(rows):
                first_line[(file, block)] = line
                owner[(file, block)] = last_start
                if starts:
                    last_start = block
                line += nlines
        return cls(first_line, owner)


def place(batches: Iterable[pa.RecordBatch], layout: Layout) -> Iterator[pa.RecordBatch]:
    """The ``mapInArrow`` step over the fragments: each given the split
    whose unit it belongs to (``block`` becomes that split's, ``order``
    keeps its own, and a unit's start gets its absolute line in
    ``rel``)."""
    for batch in batches:
        cols = {name: batch.column(name) for name in batch.schema.names}
        block, rel, order = [], [], []
        for f, b, starts, r in zip(*(cols[c].to_pylist() for c in ("file", "block", "starts", "rel"))):
            block.append(b if starts else layout.owner[(f, b)])
            rel.append(layout.first_line[(f, b)] + r - 1 if starts else r)
            order.append(b)
        cols.update(block=pa.array(block, pa.int64()), rel=pa.array(rel, pa.int64()), order=pa.array(order, pa.int64()))
        yield _batch(batch.num_rows, cols)


def assemble(table: pa.Table, files: Dict[str, Reading]) -> pa.Table:
    """The ``applyInArrow`` step of one unit's fragments (one file, one
    owner split): joined in order and extracted."""
    rows = sorted(table.to_pylist(), key=lambda r: r["order"])
    file = rows[0]["file"]
    how = files[file]
    start = next(r["rel"] for r in rows if r["starts"]) if any(r["starts"] for r in rows) else 1
    data = b"".join(r["data"] for r in rows)
    out = Extractor()
    batches = list(out.add(data, how.shown, None, how.kind != "text", start)) + list(out.flush())
    # In the types Spark gave the fragments (large strings or not), which
    # it checks the result against.
    if not batches:
        return PART_SCHEMA.empty_table().cast(table.schema)
    return pa.Table.from_batches(batches, schema=PART_SCHEMA).cast(table.schema)
