"""urlx: find URLs in plain text and mail, parse and resolve URIs.

The extractor of the ``urlx`` Rust crate: the forms the URL
specifications describe (``<URL:...>``, ``<...>``, ``"..."``, bare URLs,
``www.`` abbreviations), URLs wrapped across lines rejoined, a hyphen at a
line break kept and its other reading given as ``alt``, every candidate
checked by a strict RFC 3986 parser. Calls release the GIL while they
scan, and a :class:`Finder` may be shared between threads.

>>> import urlx
>>> [l.url for l in urlx.find("see <URL:ftp://ds.in\\n  ternic.net/rfc> and www.example.org.")]
['ftp://ds.internic.net/rfc', 'http://www.example.org']
>>> urlx.parse("HTTP://Example.COM:80/%7Ejoe/./x").normalized()
'http://example.com/~joe/x'

Offsets (``start``, ``end``) are byte offsets: into the UTF-8 encoding of
a ``str``, into ``bytes`` as given. A ``str`` holding lone surrogates, as
``surrogateescape`` decoding and the ``email`` package make of bytes that
are not UTF-8, is read as the bytes it stands for (U+DC80..U+DCFF as
0x80..0xFF; any other lone surrogate as U+FFFD), so offsets index
``s.encode("utf-8", "surrogateescape")`` and such a byte ends a URL as it
does in ``bytes``. ``urlx.arrow`` extracts from pyarrow
arrays; ``python -m urlx.spark`` runs the extractor on Spark.
"""

from ._urlx import (
    Finder,
    Link,
    LinkIter,
    Uri,
    __version__,
    linkify_html,
    linkify_html_fragment,
    linkify_mail_html,
    parse,
    resolve,
)


def find(text, **options) -> "list[Link]":
    """The links of ``text`` (``str`` or ``bytes``) with a finder of
    ``options``, the keyword arguments of :class:`Finder` (the default
    finder is built once and shared)."""
    return Finder(**options).find(text)


def finditer(text, **options) -> LinkIter:
    """The links of ``text``, one at a time (options as :func:`find`)."""
    return Finder(**options).finditer(text)


def find_mail(data: bytes, *, first_line: int = 1) -> "list[Link]":
    """The links of mail (an mbox or one message) with the default finder:
    see :meth:`Finder.find_mail`."""
    return Finder().find_mail(data, first_line=first_line)


class ParseError(ValueError):
    """A URI that does not parse: ``index`` is the byte offset where the
    parser stopped, ``kind`` what it found there (``unexpected-char``,
    ``invalid-percent-encoding``, ``invalid-ip-literal``, ``invalid-port``,
    ``colon-in-first-segment``, ``missing-scheme``, ``too-long``)."""

    def __init__(self, message: str, index: int, kind: str) -> None:
        super().__init__(message)
        self.index = index
        self.kind = kind


__all__ = [
    "Finder",
    "Link",
    "ParseError",
    "Uri",
    "__version__",
    "find",
    "find_mail",
    "finditer",
    "linkify_html",
    "linkify_html_fragment",
    "linkify_mail_html",
    "parse",
    "resolve",
]
