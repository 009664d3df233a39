"""The extraction contract as data: every case of tests/data/contract/
(its README gives the format) through
urlx.Finder(...).find, on bytes and, where the input is UTF-8, on str.
The library runs the same cases through its own entries
(tests/contract_cases.rs), the C library through its ABI. A case this
package cannot express (an option the Finder lacks) says `skip python`
in the file, and the skip is checked to be for that reason."""

import pathlib
import re

import pytest

import urlx

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "tests/data/contract").glob("*.txt"))

# The options urlx.Finder takes, as the file names them.
FLAGS = {"email", "www", "join_breaks", "uts58"}
SIZES = {"max_url_len", "max_wrapper_bytes", "max_wrapper_lines", "max_line_len"}

ESCAPE = re.compile(r"\\(n|r|t|\\|x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\})")


def unescape(s):
    """The value's bytes: \\n \\r \\t \\\\, \\xHH a byte, \\u{H...} a character."""
    out, at = b"", 0
    for m in ESCAPE.finditer(s):
        out += s[at : m.start()].encode("utf-8")
        e = m.group(1)
        out += {"n": b"\n", "r": b"\r", "t": b"\t", "\\": b"\\"}.get(e[0], b"")
        if e[0] == "x":
            out += bytes([int(e[1:], 16)])
        elif e[0] == "u":
            out += chr(int(e[2:-1], 16)).encode("utf-8")
        at = m.end()
    return out + s[at:].encode("utf-8")


def cases():
    out, counts = [], {}
    assert len(CASES) >= 3, CASES
    for path in CASES:
        read(path, out, counts)
    return out


def read(path, out, counts):
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "case":
            rule = value.split()[0]
            counts[rule] = counts.get(rule, 0) + 1
            out.append(
                {"id": f"{rule}#{counts[rule]} ({path.name}:{n})", "input": b"", "opts": [], "links": [], "skip": {}}
            )
            continue
        case = out[-1]
        if key == "in":
            case["input"] = unescape(value)
        elif key == "opt":
            case["opts"] += [tuple(o.partition("=")[::2]) for o in value.split()]
        elif key == "link":
            url = unescape(value).decode("utf-8")
            case["links"].append({"url": url, "text": url.encode(), "alt": None, "truncated": False})
        elif key == "text":
            case["links"][-1]["text"] = unescape(value)
        elif key == "alt":
            case["links"][-1]["alt"] = unescape(value).decode("utf-8")
        elif key == "form":
            case["links"][-1]["form"] = value
        elif key == "trunc":
            case["links"][-1]["truncated"] = True
        elif key == "at":
            case["links"][-1]["at"] = tuple(int(x) for x in value.split(":"))
        elif key == "skip":
            entry, _, why = value.partition(" ")
            case["skip"][entry] = why
        elif key != "none":
            raise AssertionError(f"{path.name}:{n}: unknown key {key!r}")


ALL = cases()


def finder_kwargs(case):
    kw = {}
    for k, v in case["opts"]:
        if k in FLAGS:
            kw[k] = v in ("", "1")
        elif k in SIZES:
            kw[k] = int(v)
        else:
            return None
    return kw


def found(finder, data):
    out = []
    for l in finder.find(data):
        raw = data if isinstance(data, bytes) else data.encode("utf-8")
        out.append((l, raw[l.start : l.end]))
    return out


def test_the_files_are_read_whole():
    assert len(ALL) > 250
    skipped = [c for c in ALL if "python" in c["skip"]]
    # A skip is for an option this package lacks, and only then.
    for c in ALL:
        assert (finder_kwargs(c) is None) == ("python" in c["skip"]), c["id"]
    assert len(skipped) < len(ALL) // 10


@pytest.mark.parametrize("case", [c for c in ALL if "python" not in c["skip"]], ids=lambda c: c["id"])
def test_case(case):
    finder = urlx.Finder(**finder_kwargs(case))
    inputs = [case["input"]]
    try:
        inputs.append(case["input"].decode("utf-8"))
    except UnicodeDecodeError:
        pass
    for data in inputs:
        got = found(finder, data)
        want = case["links"]
        assert [(l.url, text, l.alt, l.truncated) for l, text in got] == [
            (w["url"], w["text"], w["alt"], w["truncated"]) for w in want
        ], (case["id"], data)
        for (l, _), w in zip(got, want):
            if "form" in w:
                assert l.form == w["form"], case["id"]
            if "at" in w:
                assert (l.line, l.column) == w["at"], case["id"]
