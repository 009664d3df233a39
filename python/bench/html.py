"""urlx.linkify_html_fragment against bleach.linkify on the HTML parts of
real mail, one thread, in one process.

    python python/bench/html.py [MBOX] [--repeat N] [--out FILE]

MBOX defaults to corpora/fetched/spamassassin.mbox (corpora/fetch.sh).
Every text/html part is decoded (its charset, else UTF-8 with
replacement) and each linkifier is given the parts one at a time, as a
web application calls it; the figures are medians of N runs (default 3)
after one warm-up. `--out FILE` also writes the parts joined, one after
another, as one HTML file for the command (`urlx --in html FILE`).
Needs bleach (pip install bleach)."""

import argparse
import email
import email.policy
import mailbox
import statistics
import time

import urlx


def html_parts(path):
    parts = []
    for msg in mailbox.mbox(path, factory=lambda f: email.message_from_binary_file(f, policy=email.policy.compat32)):
        for part in msg.walk():
            if part.get_content_type() != "text/html":
                continue
            raw = part.get_payload(decode=True) or b""
            charset = part.get_content_charset() or "utf-8"
            try:
                parts.append(raw.decode(charset, "replace"))
            except LookupError:
                parts.append(raw.decode("utf-8", "replace"))
    return parts


def timed(f, parts, repeat):
    f(parts[:10])
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        out = f(parts)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mbox", nargs="?", default="corpora/fetched/spamassassin.mbox")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out")
    args = ap.parse_args()
    import bleach

    parts = html_parts(args.mbox)
    size = sum(len(p.encode()) for p in parts)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write("\n".join(parts))
    ux, ux_out = timed(lambda ps: [urlx.linkify_html_fragment(p) for p in ps], parts, args.repeat)
    bl, bl_out = timed(lambda ps: [bleach.linkify(p) for p in ps], parts, args.repeat)
    links = lambda outs: sum(o.count("<a ") for o in outs)  # noqa: E731
    print(f"{len(parts):,} HTML parts, {size:,} bytes (UTF-8), from {args.mbox}; bleach {bleach.__version__}")
    print("| linkifier | median | MB/s | anchors in the output |")
    print("|---|---|---|---|")
    for name, t, outs in [("urlx.linkify_html_fragment", ux, ux_out), ("bleach.linkify", bl, bl_out)]:
        print(f"| {name} | {t * 1e3:,.1f} ms | {size / 1e6 / t:,.2f} | {links(outs):,} |")
    print(f"\nurlx / bleach: {bl / ux:,.0f}x (goal at least 100x)")


if __name__ == "__main__":
    main()
