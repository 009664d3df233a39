#!/usr/bin/env python3
"""The urlx Python package against its Python peers and against the urlx
command, in one process, on the same text.

The input is real mail: by default the first ``--mb`` MB (4) of
``corpora/fetched/spamassassin.mbox`` (made by ``corpora/fetch.sh``), or
of any file given, cut at a line end and decoded once to ``str``
(UTF-8, ``errors="replace"``). Every contender gets that text:

- ``urlx.find`` on the ``str`` and on the raw ``bytes``;
- ``urlx.arrow.extract`` on a pyarrow string array of the messages (the
  text split before each ``From `` line, so the rows add up to the text);
- the command, ``urlx -j1 -c --no-mail FILE``, on the same bytes written to
  a temporary file, timed as a subprocess: its process start is included,
  and a run on an empty file shows how much that is;
- the slow peers, ``urlextract`` (``URLExtract().find_urls``, on the whole
  slice and one line a call) and ``linkify-it-py`` (``LinkifyIt().match``),
  on the first ``--slow-mb`` MB (1) only, with ``urlx.find`` on that slice
  beside them for the ratio.

Each figure is the median (and the best) of ``--repeat`` runs (5; the slow
peers ``--slow-repeat``, 3) after one warm-up run that is not counted; the
fast contenders run in turn, round after round, so that a change in the
machine's speed touches them alike. The garbage collector is off during a
timed call, as ``timeit`` has it. MB are 10^6 bytes of the input file, so
every MB/s figure divides the same byte count.

Needs the urlx package (``pip install ./python``), and for the peers
``pip install urlextract linkify-it-py pyarrow``; a contender whose package
or binary is missing is left out with a note.
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Optional

import urlx

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_INPUT = ROOT / "corpora" / "fetched" / "spamassassin.mbox"
DEFAULT_BIN = ROOT / "target" / "release" / "urlx"
MB = 1_000_000

# Before each "From " that starts a line: the mbox's message separator.
MESSAGE_START = re.compile(r"(?<=\n)(?=From )")
SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def head(path: Path, mb: float) -> bytes:
    """The first ``mb`` MB of ``path``, cut after the last whole line (the
    whole file if it is shorter)."""
    limit = int(mb * MB)
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) <= limit:
        return data
    data = data[:limit]
    end = data.rfind(b"\n")
    return data[: end + 1] if end >= 0 else data


def decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


@dataclass
class Case:
    """One contender: ``run(arg)`` is timed, ``setup()`` (untimed) makes its
    argument afresh for each run, ``count(result)`` is its number of links
    (None: not a finder). ``keep`` keeps the last result, for the counts by
    kind, without running a slow peer again."""

    name: str
    label: str
    nbytes: int
    run: Callable[[Any], Any]
    setup: Callable[[], Any] = lambda: None
    count: Callable[[Any], Optional[int]] = len
    keep: bool = False
    times: list = field(default_factory=list)
    links: Optional[int] = None
    result: Any = None
    ran: bool = False

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def best(self) -> float:
        return min(self.times)

    @property
    def mbps(self) -> float:
        return self.nbytes / MB / self.median


def time_once(case: Case) -> None:
    arg = case.setup()
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        result = case.run(arg)
        elapsed = time.perf_counter() - t0
    finally:
        gc.enable()
    n = case.count(result)
    if case.ran and n != case.links:
        raise RuntimeError(f"{case.name}: {n} links, then {case.links}")
    case.links, case.ran = n, True
    case.times.append(elapsed)
    if case.keep:
        case.result = result


def measure(cases: list[Case], repeat: int) -> None:
    """One warm-up run each, then ``repeat`` rounds, the cases in turn."""
    for case in cases:
        time_once(case)
    for case in cases:
        case.times.clear()
    for _ in range(repeat):
        for case in cases:
            time_once(case)


def command_case(name: str, binary: Path, path: str, label: str, nbytes: int) -> Case:
    def run(_: Any) -> str:
        out = subprocess.run(
            [str(binary), "-j1", "-c", "--no-mail", path], capture_output=True, text=True
        )
        # As grep's: 1 when no link was found, 2 on an error.
        if out.returncode not in (0, 1):
            raise RuntimeError(f"{binary}: exit {out.returncode}: {out.stderr.strip()}")
        return out.stdout

    def count(stdout: str) -> int:
        # One file: "N"; a file without links prints nothing.
        line = stdout.strip()
        return int(line.rsplit(":", 1)[-1]) if line else 0

    return Case(name, label, nbytes, run, count=count)


def peer_cases(text: str, nbytes: int, label: str, notes: list[str]):
    """urlextract (two ways) and linkify-it-py on the slow slice, each
    warmed up here, outside the timing."""
    cases = []
    lines = text.splitlines(keepends=True)
    warm = text[:10_000]
    try:
        from urlextract import URLExtract
    except ImportError:
        notes.append("urlextract: not installed (pip install urlextract), left out.")
    else:
        # limit=None: past its default limit (10,000 links a call) find_urls
        # raises instead of returning, which a larger --slow-mb would reach.
        ue = URLExtract(limit=None)
        # The constructor reads its cached TLD list or, without one, the list
        # bundled in the package; only update() downloads, and it is not
        # called, so nothing here needs the network.
        tld_path = getattr(ue, "_tld_list_path", None)
        if tld_path:
            with open(tld_path, encoding="utf-8", errors="replace") as f:
                version = f.readline().strip("# \n")
            notes.append(
                f"urlextract {metadata.version('urlextract')}: TLD list {tld_path} ({version})."
            )
        ue.find_urls(warm)
        cases.append(
            Case("urlextract `find_urls`, whole slice", label, nbytes, lambda _: ue.find_urls(text))
        )
        # On a long string urlextract loses its place among its TLD matches
        # and skips most of what follows (even within one message): one line
        # a call is how it finds the most, at the same speed.
        cases.append(
            Case(
                "urlextract `find_urls`, one line a call",
                label,
                nbytes,
                lambda _: [u for line in lines for u in ue.find_urls(line)],
                keep=True,
            )
        )
    try:
        from linkify_it import LinkifyIt
    except ImportError:
        notes.append("linkify-it-py: not installed (pip install linkify-it-py), left out.")
    else:
        li = LinkifyIt()
        li.match(warm)
        notes.append(
            f"linkify-it-py {metadata.version('linkify-it-py')}: default options"
            " (links without a scheme and e-mail addresses on)."
        )
        cases.append(
            Case(
                "linkify-it-py `LinkifyIt().match`",
                label,
                nbytes,
                lambda _: li.match(text) or [],
                keep=True,
            )
        )
    return cases


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def table(cases: list[Case]) -> str:
    def ms(s: float) -> str:
        return f"{s * 1e3:,.1f} ms" if s >= 0.1 else f"{s * 1e3:,.2f} ms"

    rows = [
        "| contender | input | median | best | MB/s (median) | links |",
        "|---|---|---|---|---|---|",
    ]
    for c in cases:
        mbps = "" if not c.nbytes else f"{c.mbps:,.1f}" if c.mbps >= 10 else f"{c.mbps:.2f}"
        links = "" if c.links is None else f"{c.links:,}"
        rows.append(f"| {c.name} | {c.label} | {ms(c.median)} | {ms(c.best)} | {mbps} | {links} |")
    return "\n".join(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "file", nargs="?", type=Path, default=DEFAULT_INPUT, help="input (default: %(default)s)"
    )
    ap.add_argument("--mb", type=float, default=4, help="MB of the input to take (default 4)")
    ap.add_argument("--slow-mb", type=float, default=1, help="MB for the slow peers (default 1)")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs, fast contenders (5)")
    ap.add_argument("--slow-repeat", type=int, default=3, help="timed runs, slow peers (3)")
    ap.add_argument("--bin", type=Path, default=DEFAULT_BIN, help="the command (%(default)s)")
    args = ap.parse_args()

    if not args.file.exists():
        sys.exit(f"{args.file}: not found (the default input is made by corpora/fetch.sh)")
    data = head(args.file, args.mb)
    slow_data = head(args.file, min(args.slow_mb, args.mb))
    text = decode(data)
    slow = decode(slow_data)
    messages = MESSAGE_START.split(text)
    slow_messages = MESSAGE_START.split(slow)
    label = f"{len(data) / MB:.1f} MB"
    slow_label = f"{len(slow_data) / MB:.1f} MB slice"
    notes: list[str] = []

    # A fresh str for every run: CPython keeps a str's UTF-8 form once it is
    # made, and a caller pays that encoding once a text.
    find_str = Case("`urlx.find(str)`", label, len(data), urlx.find, setup=lambda: decode(data))
    find_bytes = Case("`urlx.find(bytes)`", label, len(data), urlx.find, setup=lambda: data)
    fast = [
        find_str,
        find_bytes,
        # What find(str) pays before it scans: the extension reads a str as
        # UTF-8, which CPython makes by encoding it (a copy if it is ASCII,
        # one character at a time otherwise).
        # finditer scans at once and keeps the links in Rust until they are
        # asked for: left unconsumed (counted after the clock), it is the
        # scan without the Link objects.
        Case(
            "`urlx.finditer(bytes)`, not consumed (the scan alone)",
            label,
            len(data),
            urlx.finditer,
            setup=lambda: data,
            count=lambda it: sum(1 for _ in it),
        ),
        Case(
            "`str.encode()` of the same fresh str (no scan)",
            label,
            len(data),
            lambda s: s.encode("utf-8"),
            setup=lambda: decode(data),
            count=lambda _: None,
        ),
    ]
    try:
        import pyarrow as pa
        from urlx import arrow as urlx_arrow
    except ImportError:
        notes.append("pyarrow: not installed (pip install pyarrow), the Arrow path left out.")
    else:
        # The array is made outside the timing: an Arrow pipeline has it already.
        array = pa.array(messages, pa.string())
        fast.append(
            Case(
                f"`urlx.arrow.extract`, {len(messages):,} messages as rows",
                label,
                len(data),
                urlx_arrow.extract,
                setup=lambda: array,
                count=lambda out: len(out.flatten()),
            )
        )

    tmpdir = tempfile.TemporaryDirectory(prefix="urlx-bench-")
    command = None
    if args.bin.exists():
        path = os.path.join(tmpdir.name, "input")
        with open(path, "wb") as f:
            f.write(data)
        empty = os.path.join(tmpdir.name, "empty")
        open(empty, "wb").close()
        command = command_case(
            "`urlx -j1 -c --no-mail FILE` (subprocess)", args.bin, path, label, len(data)
        )
        fast.append(command)
        fast.append(
            command_case("the same command, an empty file (start-up)", args.bin, empty, "empty", 0)
        )
    else:
        notes.append(f"{args.bin}: missing (cargo build --release -p urlx-cli), left out.")

    slow_find = Case(
        "`urlx.find(str)`", slow_label, len(slow_data), urlx.find, setup=lambda: decode(slow_data)
    )
    fast.append(slow_find)
    measure(fast, args.repeat)
    peers = peer_cases(slow, len(slow_data), slow_label, notes)
    measure(peers, args.slow_repeat)
    tmpdir.cleanup()

    print(f"input: {args.file}, {len(data):,} bytes ({len(messages):,} messages)")
    print(f"slow peers: its first {len(slow_data):,} bytes ({len(slow_messages):,} messages)")
    print(f"Python {platform.python_version()}, urlx {urlx.__version__}, {cpu_model()}, "
          f"{os.cpu_count()} CPUs")
    print(f"median and best of {args.repeat} runs (slow peers: {args.slow_repeat}), "
          "after one untimed warm-up each\n")
    print(table(fast + peers))
    print()

    by_name = {c.name: c for c in peers}
    ue = by_name.get("urlextract `find_urls`, one line a call")
    if ue is not None:
        ratio = slow_find.mbps / ue.mbps
        whole = by_name["urlextract `find_urls`, whole slice"]
        print(f"- urlx.find(str) / urlextract, one line a call, on the {slow_label}: "
              f"{ratio:,.0f}x (goal at least 300x: {'met' if ratio >= 300 else 'NOT met'}); "
              f"on the whole slice {slow_find.mbps / whole.mbps:,.0f}x")
    if command is not None:
        ratio = find_str.mbps / command.mbps
        print(f"- urlx.find(str) / `urlx -j1`: {ratio:.2f} of the command's speed "
              f"(goal at least 0.5: {'met' if ratio >= 0.5 else 'NOT met'}); "
              f"urlx.find(bytes): {find_bytes.mbps / command.mbps:.2f}")
        if command.links != find_str.links:
            print(f"  links: the command {command.links:,}, urlx.find {find_str.links:,}")

    # The peers also take what urlx leaves out by default (host names
    # without a scheme, bare addresses): their counts by kind.
    print(f"\nlinks on the {slow_label}:")
    print(f"- urlx.find: {slow_find.links:,}; with email=True, domains=True: "
          f"{len(urlx.find(slow, email=True, domains=True)):,}")
    for c in peers:
        print(f"- {c.name}: {c.links:,}")
    if ue is not None:
        with_scheme = sum(1 for u in ue.result if SCHEME.match(u))
        print(f"  urlextract, one line a call: {with_scheme:,} with a scheme, "
              f"{len(ue.result) - with_scheme:,} without (host names, IP addresses)")
    li = by_name.get("linkify-it-py `LinkifyIt().match`")
    if li is not None:
        kinds = collections.Counter(m.schema or "(no scheme)" for m in li.result)
        print("  linkify-it, by scheme: " + ", ".join(f"{k} {n:,}" for k, n in kinds.most_common()))
    for n in notes:
        print(f"- {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
