"""``python -m urlx.spark``: the job's command line."""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence, Tuple

from . import DEFAULT_PARTITION_BYTES, UsageError, run
from .tasks import Caps


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m urlx.spark",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Find the URLs of files and folders (mail archives above all) with a Spark job\n"
            "and write them as Parquet, one row per URL: path, member, message_id, subject,\n"
            "date, line, url, form, scheme, host, alt, unwrapped -- the fields `urlx --json`\n"
            "prints. PATHs are anything the cluster's Hadoop configuration reaches (file://,\n"
            "hdfs://, s3a://, abfss://, gs://; a bare path is on its default file system),\n"
            "read by the tasks through Spark's file sources. Folders are read recursively,\n"
            "names starting with . or _ passed over (Spark's listing), binary files (a NUL\n"
            "in the first 8 KiB) skipped; compressed files and archives are decoded as the command\n"
            "decodes them; .gitignore rules do not apply. The workers need urlx-text and\n"
            "pyarrow in their Python (a cluster library, or a packed environment:\n"
            "--conf spark.archives=env.tar.gz#env, see the README). Needs Java 17."
        ),
        epilog=(
            "exit status: 0 when the job ran; 2 on a usage error, or when an input could be\n"
            "read only in part (each named on stderr; the URLs before the fault are written).\n"
            "\n"
            "examples:\n"
            "  python -m urlx.spark ~/Mail/archive.mbox --output urls.parquet\n"
            "  python -m urlx.spark hdfs:///mail/2026 --output hdfs:///out/urls --master yarn\n"
            "  python -c \"import pyarrow.parquet as pq; print(pq.read_table('urls.parquet').to_pandas())\""
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files and folders to read. Example: ~/Mail lists.mbox")
    p.add_argument(
        "--output",
        required=True,
        metavar="DIR",
        help="where to write the Parquet (a folder of part files; any URI Spark writes, e.g. "
        "hdfs://...). It must not exist, unless --overwrite. Example: --output urls.parquet",
    )
    p.add_argument(
        "--master",
        metavar="URL",
        help="the Spark master (default: the one spark-submit was given, else local[*], every "
        "core of this machine). Example: --master spark://head:7077",
    )
    m = p.add_mutually_exclusive_group()
    m.add_argument(
        "--mail",
        dest="mail",
        action="store_const",
        const="always",
        default="sniff",
        help="read every file as mail (an mbox, or one message). By default a file is read as "
        "mail when it looks like mail (a first line \"From \", or header lines). Example: --mail",
    )
    m.add_argument(
        "--no-mail",
        dest="mail",
        action="store_const",
        const="never",
        help="read every file as plain text, even when it looks like mail. Example: --no-mail",
    )
    p.add_argument(
        "--partition-bytes",
        type=size,
        default=DEFAULT_PARTITION_BYTES,
        metavar="N",
        help="read a file larger than this in splits of about N bytes, spread over tasks (an "
        "mbox cut between messages, other files between lines); smaller files are read whole, "
        "several to a task (suffixes K, M, G: 1024s; default 64M). Example: --partition-bytes 16M",
    )
    p.add_argument(
        "--max-decompressed",
        type=size,
        default=Caps().decompressed,
        metavar="SIZE",
        help="stop decoding one compressed file or archive (all its members together) past this "
        "many bytes, as the command's flag (default 4G); the URLs before the cap are written "
        "and the file named. Example: --max-decompressed 64G",
    )
    p.add_argument(
        "--max-dictionary",
        type=size,
        default=Caps().dictionary,
        metavar="SIZE",
        help="refuse a compressed input whose header asks for a larger dictionary or window "
        "(xz, zstd), as the command's flag (default 64M). Example: --max-dictionary 256M",
    )
    p.add_argument("--overwrite", action="store_true", help="replace DIR when it exists. Example: --overwrite")
    p.add_argument(
        "--conf",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        type=conf,
        help="a Spark setting, again for more. Example: --conf spark.executor.memory=4g",
    )
    return p


def size(s: str) -> int:
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    t = s.strip().upper().removesuffix("B").removesuffix("I")
    mult = units.get(t[-1:], 1)
    try:
        n = int(t[:-1] if t[-1:] in units else t) * mult
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: {s!r} (e.g. 4096, 16M)") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"the size must be at least 1 byte, not {s!r}")
    return n


def conf(s: str) -> Tuple[str, str]:
    k, eq, v = s.partition("=")
    if not eq or not k:
        raise argparse.ArgumentTypeError(f"not KEY=VALUE: {s!r}")
    return k, v


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the job, prints the counts and any input read in part on
    stderr. Returns the exit status."""
    args = parser().parse_args(argv)
    try:
        stats = run(
            args.paths,
            args.output,
            master=args.master,
            mail=args.mail,
            partition_bytes=args.partition_bytes,
            overwrite=args.overwrite,
            caps=Caps(args.max_decompressed, args.max_dictionary),
            conf=args.conf,
        )
    except UsageError as e:
        print(f"urlx.spark: {e}", file=sys.stderr)
        return 2
    for e in stats.errors:
        print(f"urlx.spark: {e}", file=sys.stderr)
    print(f"urlx.spark: {stats.line()}", file=sys.stderr)
    return 2 if stats.errors else 0
