"""The Python API on the contract's rules (CONTRACT ids in each test's
name), str against bytes, errors, threads, and the Arrow path against
``find``. Data comes from the repository (``corpora/``)."""

import concurrent.futures
import email
import pathlib
import sys
import threading

import pyarrow as pa
import pytest

import urlx
import urlx.arrow

ROOT = pathlib.Path(__file__).resolve().parents[2]


def urls(text, **kw):
    return [l.url for l in urlx.find(text, **kw)]


# C-F: the forms, and where a bare URL ends.


def test_c_f1_forms_and_wrappers_are_not_part_of_the_url():
    text = 'a <URL:ftp://a.example/x> b <http://b.example/y> c "http://c.example/z" d http://d.example/w.'
    links = urlx.find(text)
    assert [(l.url, l.form) for l in links] == [
        ("ftp://a.example/x", "url-prefix"),
        ("http://b.example/y", "angle"),
        ("http://c.example/z", "quoted"),
        ("http://d.example/w", "bare"),
    ]
    first = links[0]
    assert text.encode()[first.start : first.end] == b"ftp://a.example/x"
    assert (first.line, first.column) == (1, 8)
    assert (first.scheme, first.host) == ("ftp", "a.example")


def test_c_f4_www_abbreviations_and_the_www_option():
    assert urls("see www.example.org/x.") == ["http://www.example.org/x"]
    assert urls("see www.example.org/x.", www=False) == []


def test_c_f5_addresses_only_with_email():
    text = "write to bob@example.net"
    assert urls(text) == []
    links = urlx.find(text, email=True)
    assert [(l.url, l.form) for l in links] == [("mailto:bob@example.net", "email")]


def test_c_f7_trailing_punctuation_and_brackets():
    assert urls("(see http://a.example/x), and http://en.wikipedia.org/wiki/Foo_(bar).") == [
        "http://a.example/x",
        "http://en.wikipedia.org/wiki/Foo_(bar)",
    ]


def test_c_f8_ideographic_punctuation_is_dropped_at_the_end_of_a_bare_url():
    # UTS #58 Link_Term: `。` is Soft, kept before more URL text, dropped at the end.
    assert urls("見て http://例え.jp/パス。次") == ["http://例え.jp/パス。次"]
    assert urls("見て http://例え.jp/パス。 次") == ["http://例え.jp/パス"]


# C-W: wrapped lines.


def test_c_w1_a_wrapped_url_is_rejoined():
    text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>."
    (l,) = urlx.find(text)
    assert l.url == "ftp://info.cern.ch/pub/www/doc;type=d"
    assert l.form == "url-prefix"


def test_c_w2_quote_prefixes_are_part_of_the_break():
    assert urls("> see <http://a.example/long/\n> path>") == ["http://a.example/long/path"]


def test_c_w3_a_hyphen_at_a_line_break_is_kept_and_the_other_reading_given():
    (l,) = urlx.find("http://www.example-\ncorp.com/")
    assert l.url == "http://www.example-corp.com/"
    assert l.alt == "http://www.examplecorp.com/"


def test_c_w6_breaks_without_a_hyphen_join_only_when_asked():
    text = "http://a.example/x\n/y z"
    assert urls(text) == ["http://a.example/x"]
    assert urls(text, join_breaks=True) == ["http://a.example/x/y"]


# C-O: what is reported; str and bytes.


def test_c_o1_str_offsets_are_utf8_byte_offsets_and_bytes_agree():
    text = "é café http://ü.example/ä and http://b.example/"
    as_str = urlx.find(text)
    as_bytes = urlx.find(text.encode())
    assert [l.to_dict() for l in as_str] == [l.to_dict() for l in as_bytes]
    raw = text.encode()
    for l in as_str:
        assert raw[l.start : l.end].decode() == l.url
    assert as_str[0].start == len("é café ".encode())


def _as_read(s):
    """The bytes urlx reads for a str: surrogateescape's, any other lone
    surrogate as U+FFFD."""
    out = []
    for ch in s:
        if 0xDC80 <= ord(ch) < 0xDD00:
            out.append(bytes([ord(ch) - 0xDC00]))
        elif 0xD800 <= ord(ch) < 0xE000:
            out.append("\ufffd".encode())
        else:
            out.append(ch.encode())
    return b"".join(out)


@pytest.mark.parametrize(
    "extra",
    [
        "",  # ASCII storage, read in place
        "é",  # one byte a code point
        "ĉ€",  # two bytes
        "😀",  # four bytes
        "ĉ\udce9",  # two bytes with a surrogateescape'd byte
        "😀\udcff\udc80",  # four bytes with them
        "ĉ\ud800\udc00",  # two lone surrogates that a UTF-16 decoder would pair
        "😀\udbff",  # four bytes, a high surrogate alone
    ],
)
def test_c_o1_every_str_storage_reads_as_its_bytes(extra):
    # Long enough for the block-wise paths, with the odd code points at
    # every position of a block, in and around URLs.
    parts = []
    for k in range(40):
        parts.append("x" * (k % 17) + extra + f" http://h{k}.example/p{extra}q?{k} ")
    s = "\n".join(parts)
    raw = _as_read(s)
    if all(not 0xD800 <= ord(c) < 0xDC80 and not 0xDD00 <= ord(c) < 0xE000 for c in s):
        assert raw == s.encode("utf-8", "surrogateescape")
    got = [l.to_dict() for l in urlx.find(s)]
    assert got == [l.to_dict() for l in urlx.find(raw)]
    assert len(got) == 40
    assert [l.to_dict() for l in urlx.finditer(s)] == got


def test_c_o1_text_from_the_email_package_keeps_its_8bit_bytes():
    # A message in Latin-1 sent 8-bit. The email package parses bytes as
    # ASCII with surrogateescape: a raw header value, and the text around
    # MIME parts, are str whose bytes past ASCII are lone surrogates.
    subject = b"Caf\xe9 cr\xe8me http://ok.example/cr\xe8me and http://caf\xe9.example/"
    preamble = b"Voil\xe0: http://pre.example/a\xe0b http://pre.example/ok"
    msg = email.message_from_bytes(
        b"From: a@example.org\nSubject: " + subject + b"\nMIME-Version: 1.0\n"
        b"Content-Type: multipart/mixed; boundary=b\n\n" + preamble + b"\n"
        b"--b\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\n"
        b"Caf\xe9\n--b--\n"
    )
    for text, raw in [(dict(msg.raw_items())["Subject"], subject), (msg.preamble, preamble)]:
        assert "\udce9" in text or "\udce0" in text
        assert text.encode("utf-8", "surrogateescape") == raw
        links = urlx.find(text)
        # As the command reads the raw bytes: a byte that is not UTF-8
        # ends a URL. The offsets index the bytes the text stands for.
        assert [l.to_dict() for l in links] == [l.to_dict() for l in urlx.find(raw)]
        assert len(links) == 2 and any(l.truncated for l in links)
        for l in links:
            assert raw[l.start : l.end].decode() == l.url


def test_c_o1_invalid_utf8_in_bytes_ends_a_url():
    links = urlx.find(b"http://a.example/x\xffy http://b.example/")
    assert [(l.url, l.truncated) for l in links] == [
        ("http://a.example/x", True),
        ("http://b.example/", False),
    ]


def test_finditer_yields_what_find_returns():
    text = (ROOT / "corpora/sample.mbox").read_bytes()
    assert list(urlx.finditer(text)) == urlx.find(text)
    it = urlx.Finder(email=True).finditer(text)
    assert next(it) == urlx.Finder(email=True).find(text)[0]


def test_c_o4_mail_links_have_their_message():
    data = (ROOT / "corpora/sample.mbox").read_bytes()
    links = urlx.find_mail(data)
    assert len(links) == 16
    first = links[0]
    assert first.url == "https://lists.example.org/archive/urlx-users/"
    assert first.subject == "Where the 1994 URL drafts live"
    assert first.message_id == "20261123091201.4711@mail.example.org"
    assert first.line == 7
    # Quoted-printable decoded, the line counted in the raw input.
    qp = b"Subject: hi\nContent-Transfer-Encoding: quoted-printable\n\nsee https://example.com/?a=3Db&c=\n=3Dd now\n"
    (l,) = urlx.find_mail(qp)
    assert (l.url, l.line, l.subject) == ("https://example.com/?a=b&c=d", 4, "hi")
    # The raw bytes that hold it, across the soft line break.
    assert qp[l.start : l.end] == b"https://example.com/?a=3Db&c=\n=3Dd"
    assert (l.column, l.encoding, l.to_dict()["encoding"]) == (5, "quoted-printable", "quoted-printable")
    assert first.encoding is None
    # Encoded words decoded in the fields a reader sees.
    words = b"From: =?utf-8?b?w4lsaXNl?= <e@x.example>\nTo: =?ISO-8859-1?Q?Ren=E9?= <r@x.example>\nSubject: =?utf-8?q?caf=C3=A9?=\n\nhttp://a.example/\n"
    (l,) = urlx.find_mail(words)
    assert (l.subject, l.from_, l.to) == ("café", "Élise <e@x.example>", "René <r@x.example>")
    assert l.to_dict()["from"] == "Élise <e@x.example>"
    # first_line moves the lines, as for a piece of a larger file.
    assert urlx.find_mail(qp, first_line=101)[0].line == 104


# C-S: the linkifier.


def test_c_s2_mail_linkified_as_a_reader_sees_it():
    data = (ROOT / "tests/data/mail/phish-html.eml").read_bytes()
    html = urlx.linkify_mail_html(data)
    assert html.count('<article class="urlx-message">') == 1
    assert "<b>Subject:</b> <bdi>Your account &lt;U+202E&gt;eulav&lt;U+202C&gt; is on hold</bdi>" in html
    assert 'href="http://203.0.113.9/login/verify.php?id=7781"' in html
    assert "the text shows www.paypal.com but the link goes to 203.0.113.9</span>" in html
    assert "=3D" not in html and "document.title" not in html
    mbox = (ROOT / "corpora/sample.mbox").read_bytes()
    assert urlx.linkify_mail_html(mbox).count("<article") == len({l.message_id for l in urlx.find_mail(mbox)})


def test_c_s1_linkify_html_escapes_and_refuses_script():
    html = urlx.linkify_html('x <b> javascript:alert(1) http://a.example/?a=1&b="2"')
    assert "<b>" not in html and "&lt;b&gt;" in html
    assert "javascript" in html and 'href="javascript' not in html
    assert '<a href="http://a.example/?a=1&amp;b=" rel="nofollow noopener">' in html
    only_ftp = urlx.linkify_html("http://a.example/ ftp://b.example/", schemes=["FTP"])
    assert only_ftp.count("<a ") == 1 and 'href="ftp://b.example/"' in only_ftp
    styled = urlx.linkify_html("http://a.example/", rel=None, target="_blank", css_class="u")
    assert styled == '<a href="http://a.example/" class="u" target="_blank">http://a.example/</a>'


# C-P: the parser.


def test_c_p_parse_components_normalize_and_ascii():
    u = urlx.parse("HTTP://User@Example.COM:80/%7Ejoe/./x?q#f")
    assert (u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment) == (
        "HTTP",
        "User",
        "Example.COM",
        "80",
        "/%7Ejoe/./x",
        "q",
        "f",
    )
    assert u.host_kind == "reg-name" and u.is_absolute and not u.is_iri
    assert u.normalized() == "http://User@example.com/~joe/x?q#f"
    assert urlx.parse("http://例え.jp/ä").to_ascii() == "http://xn--r8jz45g.jp/%C3%A4"
    assert urlx.parse("mailto:a@b").path == "a@b"
    assert urlx.parse("g?y").scheme is None


def test_c_f10_uts58_mode_passes_the_standards_detection_test():
    lines = [
        l
        for l in (ROOT / "tests/data/uts58/LinkDetectionTest.txt").read_text("utf-8").splitlines()
        if l.strip() and not l.startswith("#")
    ]
    assert len(lines) == 344
    finder = urlx.Finder(uts58=True)
    failed = []
    for line in lines:
        text = line.replace("\u2e20", "").replace("\u2e21", "")
        raw = text.encode("utf-8")
        marked, at = b"", 0
        for l in finder.find(text):
            marked += raw[at : l.start] + "\u2e20".encode() + raw[l.start : l.end] + "\u2e21".encode()
            at = l.end
        marked += raw[at:]
        if marked.decode("utf-8") != line:
            failed.append(line)
    assert failed == []
    assert urls("see FOO.VERMÖGEN.com and mailto:jöhn@example.com", uts58=True) == [
        "https://FOO.VERMÖGEN.com",
        "mailto:jöhn@example.com",
    ]
    with pytest.raises(ValueError, match="uts58"):
        urlx.Finder(uts58=True, email=True)


def test_c_f10_minimal_form():
    u = urlx.parse("https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC%20x.")
    assert u.minimal() == "https://ja.wikipedia.org/wiki/日本%20x%2E"


def test_parse_errors_are_value_errors_with_the_index():
    with pytest.raises(urlx.ParseError) as e:
        urlx.parse("http://a b")
    assert isinstance(e.value, ValueError)
    assert (e.value.index, e.value.kind) == (8, "unexpected-char")
    with pytest.raises(urlx.ParseError) as e:
        urlx.parse("http://ä.example/", strict=True)
    assert e.value.kind == "unexpected-char"
    with pytest.raises(urlx.ParseError) as e:
        urlx.parse("http://a:x/")
    assert e.value.kind == "invalid-port"


def test_c_p4_resolve_and_its_drafts():
    base = "http://a/b/c/d;p?q"
    assert urlx.resolve(base, "../g") == "http://a/b/g"
    assert urlx.resolve(base, "../../../g") == "http://a/g"
    assert urlx.resolve(base, "../../../g", compat="draft1997") == "http://a/../g"
    assert urlx.parse(base).resolve("g?y") == "http://a/b/c/g?y"
    with pytest.raises(ValueError, match="compat"):
        urlx.resolve(base, "g", compat="nope")
    with pytest.raises(ValueError):
        urlx.resolve("g", "h")
    with pytest.raises(urlx.ParseError):
        urlx.resolve(base, "http://a b")


def test_bad_options_and_inputs_are_errors():
    with pytest.raises(ValueError, match="max_url_len"):
        urlx.Finder(max_url_len=0)
    with pytest.raises(TypeError):
        urlx.find(42)
    with pytest.raises(TypeError):
        urlx.find("x", colour=True)


# Threads and the Arrow path.


def test_one_finder_shared_by_many_threads():
    finder = urlx.Finder(email=True)
    data = (ROOT / "corpora/sample.mbox").read_bytes()
    want = finder.find(data)
    barrier = threading.Barrier(8)

    def work(_):
        barrier.wait()
        return [finder.find(data) == want for _ in range(50)]

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        results = list(pool.map(work, range(8)))
    assert all(all(r) for r in results)


def test_the_gil_is_released_while_scanning():
    # A second thread, woken just before a long scan, records whether the
    # scan is still running when it first holds the GIL. The switch
    # interval is raised so far that the scanning thread never hands the
    # GIL over on a timer: the second thread runs during the scan only if
    # the scan lets go of the GIL, and otherwise only once the main thread
    # waits for it, after the scan. No clock is read. A scan of refused
    # www. triggers makes no Link objects (which are made with the GIL).
    # The scan lasts long enough for the OS to wake the thread; were it not
    # woken in time, the next of a few tries catches it.
    text = b"www.x " * 2_000_000
    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        for _ in range(20):
            scanning = [False]
            seen = []
            go = threading.Event()

            def watch():
                go.wait()
                seen.append(scanning[0])

            t = threading.Thread(target=watch)
            t.start()
            scanning[0] = True
            go.set()
            urlx.find(text)
            scanning[0] = False
            t.join()
            if seen == [True]:
                break
    finally:
        sys.setswitchinterval(old)
    assert seen == [True], "no other thread ran while urlx.find scanned"


def test_arrow_extract_equals_find():
    rows = [
        "see http://a.example/x and <www.b.example/y>",
        None,
        "",
        "http://www.example-\ncorp.com/ and é http://ü.example/ä",
    ]
    for typ in (pa.string(), pa.large_string(), pa.binary(), pa.large_binary()):
        arr = pa.array([None if r is None else (r.encode() if "binary" in str(typ) else r) for r in rows], typ)
        out = urlx.arrow.extract(arr).to_pylist()
        for row, got in zip(rows, out):
            if row is None:
                assert got is None
                continue
            want = [l.to_dict() for l in urlx.find(row)]
            for w in want:
                for k in ("message_id", "subject", "date", "from", "to", "encoding"):
                    del w[k]
            assert got == want, typ
    # A slice: the array's offset is honoured.
    arr = pa.array(rows, pa.string()).slice(3)
    assert urlx.arrow.extract(arr).to_pylist()[0][0]["url"] == "http://www.example-corp.com/"


def test_arrow_extract_mail_equals_find_mail():
    data = (ROOT / "corpora/sample.mbox").read_bytes()
    out = urlx.arrow.extract(pa.array([data, data], pa.binary()), mail=True, first_lines=[1, 1000])
    rows = out.to_pylist()
    want = [l.to_dict() for l in urlx.find_mail(data)]
    assert rows[0] == want
    assert [r["line"] for r in rows[1]] == [w["line"] + 999 for w in want]
    chunked = pa.chunked_array([pa.array([data], pa.binary()), pa.array([data], pa.binary())])
    assert urlx.arrow.extract(chunked, mail=True).to_pylist()[1] == want
    with pytest.raises(TypeError):
        urlx.arrow.extract(pa.array([1, 2]))


def test_c_s7_protected_links_unwrapped():
    sl = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Fx&data=05"
    text = f"see {sl} and https://t.co/AbC and https://example.org/"
    links = urlx.find(text)
    assert [l.url for l in links] == [sl, "https://t.co/AbC", "https://example.org/"]
    assert [(l.unwrapped, l.redirect) for l in links] == [
        ("https://lore.kernel.org/x", "safelinks"),
        (None, "t.co"),
        (None, None),
    ]
    assert links[0].to_dict()["unwrapped"] == "https://lore.kernel.org/x"
    rows = urlx.arrow.extract(pa.array([text], pa.string())).to_pylist()[0]
    assert [(r["unwrapped"], r["redirect"]) for r in rows] == [(l.unwrapped, l.redirect) for l in links]
