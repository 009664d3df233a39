"""The Spark job's task steps (``urlx.spark.tasks``) without Spark: a
large file cut into splits as Spark's ``text`` source cuts it, read by
``records``, placed and assembled, gives the links the whole file gives,
at every split size. The real source is run by ``test_spark.py``."""

import pathlib

import pyarrow as pa
import pyarrow.compute as pc
import pytest

import urlx
from urlx.spark import tasks
from urlx.spark.tasks import PART_SCHEMA, Layout, Reading

ROOT = pathlib.Path(__file__).resolve().parents[2]


def text_source(data: bytes, sep: bytes, split: int):
    """Rows (block, block length, record) as Spark's text source gives
    them with ``lineSep`` = sep: records are the bytes between
    separators (none after a separator that ends the file); a split
    [s, e) reads the records that start in (s, e], or at 0 for the first,
    so a split's first record follows a separator."""
    starts, ends, at = [0], [], 0
    while True:
        k = data.find(sep, at)
        if k < 0:
            ends.append(len(data))
            break
        ends.append(k)
        at = k + len(sep)
        if at < len(data):
            starts.append(at)
    recs = list(zip(starts, ends))
    rows = []
    for s in range(0, len(data), split):
        e = min(s + split, len(data))
        rows += [(s, e - s, data[q:end]) for q, end in recs if (q == 0 and s == 0) or s < q <= e]
    return rows


def through_tasks(data: bytes, how: Reading, split: int, batch_rows: int = 7):
    """The URL rows the steps make of a file cut at ``split`` bytes, as
    (line, url, message_id)."""
    rows = text_source(data, how.sep, split)
    name = "file:/x/big"
    batches = [
        pa.RecordBatch.from_pydict(
            {
                "value": pa.array([r[2] for r in rows[k : k + batch_rows]], pa.large_binary()),
                "file": ["file:/x/big"] * len(rows[k : k + batch_rows]),
                "block": [r[0] for r in rows[k : k + batch_rows]],
                "block_length": [r[1] for r in rows[k : k + batch_rows]],
            }
        )
        for k in range(0, len(rows), batch_rows)
    ]
    files = {name: how}
    sizes = {name: len(data)}
    edges = pa.Table.from_batches(list(tasks.records(batches, files, sizes)), schema=PART_SCHEMA)
    splits = [(r["file"], r["block"], r["nlines"], r["starts"]) for r in edges.to_pylist() if r["kind"] == "split"]
    assert splits, "every file has at least one split"
    assert {r["kind"] for r in edges.to_pylist()} <= {"split", "frag"}
    layout = Layout.of(splits)
    frags = edges.filter(pc.equal(edges.column("kind"), "frag"))
    placed = pa.Table.from_batches(list(tasks.place(frags.to_batches(max_chunksize=5), layout)), schema=PART_SCHEMA)
    out = []
    if how.kind == "mbox":
        inner = tasks.records(batches, files, sizes, layout)
        out += pa.Table.from_batches(list(inner), schema=PART_SCHEMA).to_pylist()
    units = {}
    for r in placed.to_pylist():
        units.setdefault((r["file"], r["block"]), []).append(r)
    for unit in units.values():
        # Spark gives a group's rows in any order.
        table = pa.Table.from_pylist(list(reversed(unit)), schema=PART_SCHEMA)
        out += tasks.assemble(table, files).to_pylist()
    assert all(r["kind"] == "url" for r in out)
    assert all(r["path"] == how.shown for r in out)
    return sorted((r["line"], r["url"], r["message_id"]) for r in out)


def whole(data: bytes, how: Reading):
    if how.kind == "text":
        return sorted((l.line, l.url, None) for l in urlx.find(data))
    return sorted((l.line, l.url, l.message_id) for l in urlx.find_mail(data))


def reading(data: bytes, mail: str = "sniff") -> Reading:
    """The reading the driver gives a large file."""
    kind = tasks.kind_of(data[: tasks.PROBE], mail)
    sep = b"\nFrom " if kind == "mbox" else b"\n"
    return Reading("big", "sniff", kind, sep, data.endswith(sep))


SAMPLE = (ROOT / "corpora" / "sample.mbox").read_bytes()
ODD = (
    # A body line "From " that is no separator, a preamble-less start,
    # CRLF lines, a URL wrapped over a line break.
    b"From dave@example.org Tue Nov 24 08:00:00 2026\r\n"
    b"From: Dave <dave@example.org>\r\nSubject: odd\r\nMessage-ID: <d.1@example.org>\r\n\r\n"
    b"From my point of view, see http://odd.example/a\r\n"
    b"and <URL:http://odd.example/wrapped/\r\n  over/two> lines\r\n\r\n"
)


@pytest.mark.parametrize(
    "name,data",
    [
        ("sample twice", SAMPLE * 2),
        ("odd messages between", SAMPLE + ODD + SAMPLE + ODD),
        ("no line end at the end", SAMPLE + ODD.rstrip(b"\r\n")),
        ("ends with the separator", SAMPLE + b"\nFrom "),
    ],
)
def test_an_mbox_in_splits_gives_the_whole_files_links(name, data):
    how = reading(data)
    want = whole(data, how)
    assert len(want) > 10
    for split in [1, 2, 3, 7, 64, 500, 1499, 4096, len(data)]:
        assert through_tasks(data, how, split) == want, (name, split)


@pytest.mark.parametrize(
    "kind,data,mail",
    [
        ("text", (ROOT / "corpora" / "sample-urls.txt").read_bytes() + b"wrapped <URL:http://a.example/b\n c>\n", "sniff"),
        ("message", ODD.split(b"\r\n", 1)[1] + b"\n", "sniff"),
        # Text before the first separator: not an mbox, one message.
        ("message", b"junk http://pre.example/\n\n" + SAMPLE, "always"),
        ("text", SAMPLE + SAMPLE, "never"),
    ],
)
def test_a_file_that_is_not_an_mbox_is_one_unit_over_its_splits(kind, data, mail):
    how = reading(data, mail)
    assert how.kind == kind
    want = whole(data, how)
    assert len(want) >= 2
    for split in [1, 5, 64, 333, len(data)]:
        assert through_tasks(data, how, split) == want, (kind, split)


def test_the_source_model_gives_back_every_byte():
    # The model of Spark's source above is the one the job inverts: the
    # records joined by the separator (plus the separator when the file
    # ends with it) are the file. `test_spark.py` checks the real source.
    for data in [SAMPLE + ODD, b"\n", b"a\n\n", b"x\nFrom ", SAMPLE + b"\nFrom "]:
        for sep in [b"\n", b"\nFrom "]:
            for split in [1, 3, 100]:
                recs = [r[2] for r in text_source(data, sep, split)]
                joined = sep.join(recs) + (sep if data.endswith(sep) else b"")
                assert joined == data


def test_whole_files_decode_archives_and_name_members(tmp_path):
    import gzip
    import io
    import tarfile

    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w") as t:
        for name, body in [("a.txt", b"see http://a.example/\n"), ("m.mbox", SAMPLE), ("bin", b"\0http://no.example/")]:
            info = tarfile.TarInfo(name)
            info.size = len(body)
            t.addfile(info, io.BytesIO(body))
    packed = gzip.compress(tar.getvalue())
    batch = pa.RecordBatch.from_pydict(
        {"path": ["file:/x/a.tgz", "file:/x/cut.gz"], "content": [packed, gzip.compress(SAMPLE)[:300]]}
    )
    files = {"file:/x/a.tgz": Reading("a.tgz"), "file:/x/cut.gz": Reading("cut.gz")}
    got = pa.Table.from_batches(list(tasks.whole_files([batch], files, tasks.Caps())), schema=PART_SCHEMA).to_pylist()
    urls = [(r["path"], r["member"], r["url"]) for r in got if r["kind"] == "url"]
    assert ("a.tgz", "a.txt", "http://a.example/") in urls
    assert sum(1 for u in urls if u[1] == "m.mbox") == len(urlx.find_mail(SAMPLE))
    notes = sorted((r["form"], r["note"]) for r in got if r["kind"] == "note")
    assert notes == [("binary", "a.tgz:bin"), ("error", "cut.gz: gzip data truncated")]
    # The cap on decoded bytes, as the command's.
    capped = tasks.whole_files([batch.slice(0, 1)], files, tasks.Caps(decompressed=1000))
    notes = [r["note"] for r in pa.Table.from_batches(list(capped), schema=PART_SCHEMA).to_pylist() if r["kind"] == "note"]
    assert any("--max-decompressed" in n for n in notes), notes
