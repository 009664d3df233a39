"""Python's ``urlx.Link`` and the command's ``--json`` report the same links
with the same fields (CONTRACT C-O3; both are made from the library's
``LinkRecord``), over the corpus files ``cli/tests/front_ends.rs`` holds
the C library to. The command is ``$URLX_BIN``, else built by cargo."""

import collections
import json
import subprocess

import pytest

import urlx
from sparkdata import ROOT, urlx_command

FIELDS = (
    "url",
    "start",
    "end",
    "line",
    "column",
    "form",
    "alt",
    "scheme",
    "host",
    "truncated",
    "deceptive",
    "redirect",
    "unwrapped",
)
MAIL_FIELDS = ("encoding", "message_id", "subject", "date", "from", "to")


def under(folder, keep):
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*") if p.is_file() and keep(p))


def text_files():
    """As ``text_files`` in ``cli/tests/front_ends.rs``."""
    return [
        "corpora/sample-urls.txt",
        "corpora/urls/kasztp.txt",
        "cli/tests/data/front-ends.txt",
    ] + under("corpora/forms", lambda p: p.suffix == ".txt")


def mail_files():
    """As ``mail_files`` in ``cli/tests/front_ends.rs``."""
    return (
        ["corpora/sample.mbox"]
        + under("corpora/forms", lambda p: p.suffix == ".eml")
        + under("corpora/mail", lambda p: not p.name.startswith("LICENSE"))
    )


def command_links(files, mail):
    """Each file's ``--json`` objects, by path, the fields compared."""
    mode = "--mail" if mail else "--no-mail"
    out = subprocess.run(
        [urlx_command(), "--json", "-j1", mode, *files], cwd=ROOT, capture_output=True, check=True
    ).stdout
    by_path = collections.defaultdict(list)
    keys = FIELDS + (MAIL_FIELDS if mail else ())
    for line in out.decode().splitlines():
        v = json.loads(line)
        # Absent: `truncated` false, the others null.
        by_path[v["path"]].append({k: v.get(k, False if k == "truncated" else None) for k in keys})
    return by_path


def python_fields(link, mail):
    keys = FIELDS + (MAIL_FIELDS if mail else ())
    # `from` is a Python keyword: the attribute is `from_`.
    got = {k: getattr(link, "from_" if k == "from" else k) for k in keys}
    d = link.to_dict()
    assert {k: d[k] for k in keys} == got, "to_dict() and the attributes differ"
    return got


@pytest.mark.parametrize("mail", [False, True], ids=["text", "mail"])
def test_c_o3_python_and_the_command_agree(mail):
    files = mail_files() if mail else text_files()
    by_path = command_links(files, mail)
    n = 0
    for f in files:
        data = (ROOT / f).read_bytes()
        links = urlx.find_mail(data) if mail else urlx.find(data)
        got = [python_fields(l, mail) for l in links]
        want = by_path.pop(f, [])
        for i, (w, g) in enumerate(zip(want, got)):
            assert w == g, f"{f}: link {i}"
        assert len(want) == len(got), f"{f}: how many links"
        n += len(got)
    assert not by_path, f"links of files not given: {sorted(by_path)}"
    # Hundreds of links: two front ends that found none would agree.
    assert n > 300


def test_c_o3_scheme_is_lower_case_url_as_written():
    # RFC 3986 section 3.1: the scheme's canonical form is lower case.
    (link,) = urlx.find("see HTTP://Example.ORG/A")
    assert (link.url, link.scheme, link.host) == ("HTTP://Example.ORG/A", "http", "Example.ORG")
