"""The Arrow path: the links of every row of a pyarrow array, as one
list-of-struct array (one list a row), made in Rust without a Python
object per link. Needs pyarrow (``pip install 'urlx-text[arrow]'``).

>>> import pyarrow as pa, urlx.arrow
>>> out = urlx.arrow.extract(pa.array(["see http://a.example/x", None, "none"]))
>>> out.to_pylist()[0][0]["url"], out.to_pylist()[1], out.to_pylist()[2]
('http://a.example/x', None, [])
"""

from __future__ import annotations

from typing import Optional

import pyarrow as pa

from ._urlx import Finder, extract_columns

_DEFAULT = Finder()

_STRINGS = ("url", "form", "alt", "scheme", "host", "unwrapped", "redirect", "deceptive")
_MAIL = ("message_id", "subject", "date", "from", "to", "encoding")
_NUMBERS = ("start", "end", "line", "column")


def link_type(mail: bool = False) -> pa.DataType:
    """The struct of one link: the fields of ``urlx.Link`` (the names of
    the command's ``--json``); ``message_id``, ``subject``, ``date``,
    ``from``, ``to`` and ``encoding`` with ``mail``."""
    fields = [
        pa.field("url", pa.string(), nullable=False),
        pa.field("start", pa.int64(), nullable=False),
        pa.field("end", pa.int64(), nullable=False),
        pa.field("line", pa.int64(), nullable=False),
        pa.field("column", pa.int64(), nullable=False),
        pa.field("form", pa.string(), nullable=False),
        pa.field("alt", pa.string()),
        pa.field("scheme", pa.string()),
        pa.field("host", pa.string()),
        pa.field("unwrapped", pa.string()),
        pa.field("redirect", pa.string()),
        pa.field("deceptive", pa.string()),
        pa.field("truncated", pa.bool_(), nullable=False),
    ]
    if mail:
        fields += [pa.field(n, pa.string()) for n in _MAIL]
    return pa.struct(fields)


def _buffer(b) -> bytes:
    return b"" if b is None else b.to_pybytes()


def _string(cols: dict, name: str, n: int) -> pa.Array:
    nulls = int.from_bytes(cols[name + "_nulls"], "little")
    validity = pa.py_buffer(cols[name + "_validity"]) if nulls else None
    return pa.Array.from_buffers(
        pa.string(),
        n,
        [validity, pa.py_buffer(cols[name + "_offsets"]), pa.py_buffer(cols[name + "_data"])],
        null_count=nulls,
    )


def extract(
    array,
    *,
    finder: Optional[Finder] = None,
    mail: bool = False,
    first_lines=None,
) -> pa.ListArray:
    """The links of each row of ``array`` (a pyarrow string, large string,
    binary or large binary array, or a chunked array of one of those), as
    a list array of structs (:func:`link_type`): a null row gives a null
    list, a row without links an empty one. ``mail``: each row is mail
    (an mbox or a message), read as ``urlx.find_mail`` reads it, with
    ``first_lines`` (an int64 array, one a row) the line number of each
    row's first byte. Offsets are byte offsets into each row."""
    if isinstance(array, pa.ChunkedArray):
        chunks = [
            extract(c, finder=finder, mail=mail, first_lines=None if first_lines is None else fl)
            for c, fl in zip(array.chunks, _chunks_like(first_lines, array))
        ]
        return pa.chunked_array(chunks, type=pa.list_(link_type(mail)))
    t = array.type
    if pa.types.is_string(t) or pa.types.is_binary(t):
        width = 4
    elif pa.types.is_large_string(t) or pa.types.is_large_binary(t):
        width = 8
    else:
        raise TypeError(f"urlx.arrow.extract takes string or binary arrays, not {t}")
    validity, offsets, data = array.buffers()
    fl = None
    if first_lines is not None:
        fl = pa.array(first_lines, pa.int64())
        if len(fl) != len(array) or fl.null_count:
            raise ValueError("first_lines must have one line number (not null) a row")
        fl = fl.buffers()[1].to_pybytes()[fl.offset * 8 : (fl.offset + len(fl)) * 8]
    cols = extract_columns(
        finder or _DEFAULT,
        _buffer(data),
        _buffer(offsets),
        width,
        None if validity is None or array.null_count == 0 else validity.to_pybytes(),
        array.offset,
        len(array),
        mail=mail,
        first_lines=fl,
    )
    n = len(cols["start"]) // 8
    children = [_string(cols, "url", n)]
    children += [pa.Array.from_buffers(pa.int64(), n, [None, pa.py_buffer(cols[k])]) for k in _NUMBERS]
    children += [_string(cols, k, n) for k in _STRINGS[1:]]
    children.append(pa.Array.from_buffers(pa.bool_(), n, [None, pa.py_buffer(cols["truncated"])]))
    if mail:
        children += [_string(cols, k, n) for k in _MAIL]
    struct = pa.StructArray.from_arrays(children, fields=list(link_type(mail)))
    offsets_arr = pa.Array.from_buffers(pa.int32(), len(array) + 1, [None, pa.py_buffer(cols["list_offsets"])])
    lists = pa.ListArray.from_arrays(offsets_arr, struct, type=pa.list_(link_type(mail)))
    if array.null_count:
        # A null row is a null list, not an empty one.
        lists = pa.ListArray.from_arrays(
            offsets_arr, struct, type=pa.list_(link_type(mail)), mask=array.is_null()
        )
    return lists


def _chunks_like(first_lines, array: pa.ChunkedArray):
    if first_lines is None:
        return [None] * array.num_chunks
    fl = pa.array(first_lines, pa.int64()) if not isinstance(first_lines, pa.ChunkedArray) else first_lines.combine_chunks()
    out, at = [], 0
    for c in array.chunks:
        out.append(fl.slice(at, len(c)))
        at += len(c)
    return out
