#!/usr/bin/env python3
"""Writes src/find/registry.rs: the schemes of IANA's URI scheme registry
(permanent and provisional) from the copies beside this script, as the
npm package `schemes` 1.4.0 gives them (see README.md: source and date)."""

import json
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parents[2] / "src" / "find" / "registry.rs"
SCHEME = re.compile(r"[a-z][a-z0-9+.-]*")


def main():
    names = set()
    for f in ("iana-permanent.json", "iana-provisional.json"):
        for entry in json.loads((HERE / f).read_text(encoding="utf-8")):
            name = entry["scheme"].lower()
            if not SCHEME.fullmatch(name):
                raise SystemExit(f"{f}: {name!r} is no scheme name")
            names.add(name)
    names = sorted(names)
    lines = [
        "//! IANA's URI scheme registry, permanent and provisional: written by",
        "//! `tests/data/iana/generate.py` from the copies in `tests/data/iana/`",
        "//! (the npm package `schemes` 1.4.0, published 2024-12-04; MIT).",
        "//! Do not edit: change the data and run the generator.",
        "",
        "/// The registered scheme names, lower case, sorted.",
        "#[rustfmt::skip]",
        "pub(super) const REGISTERED: &[&str] = &[",
    ]
    row = "   "
    for n in names:
        item = f' "{n}",'
        if len(row) + len(item) > 99:
            lines.append(row)
            row = "   "
        row += item
    lines.append(row)
    lines.append("];")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(names)} schemes")


if __name__ == "__main__":
    main()
