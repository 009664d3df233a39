"""Type stubs of the extension module behind ``urlx``."""

from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

Text = Union[str, bytes]

__version__: str

class Link:
    """A URL found in text. Offsets are byte offsets (into the UTF-8
    encoding of a ``str``, lone surrogates read as ``surrogateescape``
    wrote them); ``line`` and ``column`` count from 1. The fields are
    those of the command's ``--json``, derived by the same rules."""

    @property
    def url(self) -> str:
        """The URL as written: wrappers and line breaks removed, never
        case-folded."""
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def form(self) -> str:
        """url-prefix, angle, quoted, bare, abbreviated, email, domain or
        defanged."""
    @property
    def alt(self) -> Optional[str]: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def scheme(self) -> Optional[str]:
        """In lower case (RFC 3986 section 3.1), whatever the case
        written; None for a URL without one."""
    @property
    def host(self) -> Optional[str]:
        """As written; None without an authority (mailto:, urn:)."""
    @property
    def unwrapped(self) -> Optional[str]:
        """The URL a link-protection redirect leads to, else None."""
    @property
    def redirect(self) -> Optional[str]:
        """The redirect's service ("safelinks", "t.co", ...), else None."""
    @property
    def deceptive(self) -> Optional[str]:
        """Why the link may mislead, in words, when it may, else None."""
    @property
    def message_id(self) -> Optional[str]: ...
    @property
    def subject(self) -> Optional[str]: ...
    @property
    def date(self) -> Optional[str]: ...
    @property
    def from_(self) -> Optional[str]: ...
    @property
    def to(self) -> Optional[str]: ...
    @property
    def encoding(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Union[str, int, bool, None]]: ...

class LinkIter(Iterator[Link]):
    def __iter__(self) -> "LinkIter": ...
    def __next__(self) -> Link: ...

class Finder:
    """A configured extractor; safe to share between threads."""

    def __init__(
        self,
        *,
        email: bool = False,
        www: bool = True,
        join_breaks: bool = False,
        domains: bool = False,
        uts58: bool = False,
        max_url_len: int = 8192,
        max_wrapper_bytes: int = 2048,
        max_wrapper_lines: int = 8,
        max_line_len: int = 0,
    ) -> None: ...
    def find(self, text: Text) -> List[Link]: ...
    def finditer(self, text: Text) -> LinkIter: ...
    def find_mail(self, data: bytes, *, first_line: int = 1) -> List[Link]: ...

class Uri:
    """A parsed URI or IRI."""

    @property
    def scheme(self) -> Optional[str]: ...
    @property
    def userinfo(self) -> Optional[str]: ...
    @property
    def host(self) -> Optional[str]: ...
    @property
    def host_kind(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[str]: ...
    @property
    def path(self) -> str: ...
    @property
    def query(self) -> Optional[str]: ...
    @property
    def fragment(self) -> Optional[str]: ...
    @property
    def is_absolute(self) -> bool: ...
    @property
    def is_iri(self) -> bool: ...
    def normalized(self) -> str: ...
    def minimal(self) -> str: ...
    def to_ascii(self) -> str: ...
    def resolve(self, reference: str, *, compat: str = "rfc3986") -> str: ...

def linkify_html(
    text: str,
    *,
    schemes: Optional[Sequence[str]] = None,
    rel: Optional[str] = "nofollow noopener",
    target: Optional[str] = None,
    css_class: Optional[str] = None,
    finder: Optional[Finder] = None,
) -> str: ...
def linkify_html_fragment(
    html: str,
    *,
    callbacks: Optional[Sequence[Callable[[Dict[Any, str], bool], Optional[Dict[Any, str]]]]] = None,
    skip_tags: Optional[Sequence[str]] = None,
    parse_email: bool = False,
    schemes: Optional[Sequence[str]] = None,
    rel: Optional[str] = "nofollow noopener",
    target: Optional[str] = None,
    css_class: Optional[str] = None,
    finder: Optional[Finder] = None,
) -> str:
    """HTML with the URLs of its text linked, every other byte kept;
    callbacks as ``bleach.linkify``'s."""
def linkify_mail_html(
    data: bytes,
    *,
    schemes: Optional[Sequence[str]] = None,
    rel: Optional[str] = "nofollow noopener",
    target: Optional[str] = None,
    css_class: Optional[str] = None,
    finder: Optional[Finder] = None,
) -> str: ...
def parse(text: str, *, strict: bool = False) -> Uri: ...
def resolve(base: str, reference: str, *, compat: str = "rfc3986") -> str: ...
def extract_columns(
    finder: Finder,
    data: bytes,
    offsets: bytes,
    offset_width: int,
    validity: Optional[bytes],
    array_offset: int,
    length: int,
    *,
    mail: bool = False,
    first_lines: Optional[bytes] = None,
) -> Dict[str, bytes]: ...
def mbox_cut(window: bytes) -> Optional[int]: ...
def sniff(head: bytes) -> str: ...
def packed(head: bytes) -> Optional[str]:
    """The compression or archive format a file's first bytes show:
    gzip, bzip2, xz, zstd, tar or zip."""
def unpack(
    data: bytes,
    each: Callable[[Optional[str], bytes], None],
    *,
    max_decompressed: int = ...,
    max_dictionary: int = ...,
) -> List[Tuple[Optional[str], str]]:
    """Calls ``each(member, data)`` for every input a file's bytes hold
    once decoded, as the command reads them; returns the errors met, as
    (member, reason)."""
