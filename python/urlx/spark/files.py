"""The job's inputs, as the cluster sees them: listed, sized and, for
large files, probed through the Hadoop file system of the Spark session
(``file://``, ``hdfs://``, ``s3a://``, ``abfss://``, ``gs://``: whatever
its configuration reaches), on the driver, never with Python's ``open``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple


class UsageError(Exception):
    """A mistake in what was asked (a missing path, an output that
    exists, no Java): said in one line, exit status 2."""


@dataclass
class File:
    """One input file."""

    # The qualified path, as Spark's ``binaryFile`` gives it (its
    # ``_metadata.file_path`` is the same, escaped as a URI).
    name: str
    # The path as the command prints it: as given, then the part below a
    # folder given.
    shown: str
    size: int


def _glob_escaped(name: str) -> str:
    """A path that Spark's sources, which expand glob patterns in the
    paths they load, take as itself."""
    return "".join("\\" + c if c in "{}[]*?\\" else c for c in name)


def load_paths(files: Sequence[File]) -> List[str]:
    """The paths to give ``spark.read...load`` for these files."""
    return [_glob_escaped(f.name) for f in files]


def _reason(e: Exception) -> str:
    """The Java exception's message, without the Java."""
    java = getattr(e, "java_exception", None)
    text = java.toString() if java is not None else str(e)
    first = text.strip().splitlines()[0] if text.strip() else type(e).__name__
    # "java.io.FileNotFoundException: File x does not exist" -> the rest.
    head, colon, rest = first.partition(": ")
    return rest if colon and "." in head and " " not in head else first


class Cluster:
    """The Hadoop file system as the driver reaches it through Spark's
    JVM."""

    def __init__(self, spark) -> None:
        self._jvm = spark._jvm
        self._conf = spark._jsc.hadoopConfiguration()
        self._codecs = None

    def _path(self, p: str):
        return self._jvm.org.apache.hadoop.fs.Path(p)

    def list(self, spark, paths: Sequence[str]) -> Tuple[List[File], List[str]]:
        """The files to read: files as given, folders walked recursively
        by Spark's own listing (in parallel on a cluster), which passes
        over names starting with "." (as the command does) and with "_"
        (Spark's mark for metadata files). Raises UsageError naming every
        path that cannot be read. Also returns the paths to give Spark's
        sources to list the same files again."""
        roots: List[Tuple[str, str]] = []
        out: List[File] = []
        errors = []
        for given in paths:
            try:
                path = self._path(given)
                fs = path.getFileSystem(self._conf)
                st = fs.getFileStatus(path)
                qualified = fs.makeQualified(path).toString()
                if st.isDirectory():
                    roots.append((qualified, given))
                else:
                    out.append(File(qualified, _shown(given), st.getLen()))
            except Exception as e:  # py4j's Java errors, bad URIs
                errors.append(f"{given}: {_reason(e)}")
        if errors:
            raise UsageError("; ".join(errors))
        again = [_glob_escaped(f.name) for f in out] + [_glob_escaped(q) for q, _ in roots]
        if not roots:
            return out, again
        listed = spark.read.format("binaryFile").option("recursiveFileLookup", "true")
        listed = listed.load([_glob_escaped(q) for q, _ in roots]).select("path", "length").collect()
        # The longest root a file is under names it as the command does.
        by_length = sorted(roots, key=lambda r: -len(r[0]))
        for row in listed:
            for q, given in by_length:
                if row.path.startswith(q.rstrip("/") + "/"):
                    shown = given.rstrip("/") + "/" + row.path[len(q.rstrip("/")) + 1 :]
                else:
                    continue
                out.append(File(row.path, _shown(shown), row.length))
                break
        return out, again

    def probe(self, f: File, head: int, tail: int) -> Tuple[bytes, bytes]:
        """The first ``head`` and last ``tail`` bytes of a file."""
        s = self._path(f.name).getFileSystem(self._conf).open(self._path(f.name))
        try:
            first = bytes(s.readNBytes(min(head, f.size)))
            s.seek(max(0, f.size - tail))
            last = bytes(s.readNBytes(min(tail, f.size)))
        finally:
            s.close()
        return first, last

    def decoded_by_name(self, f: File) -> Optional[str]:
        """The codec Hadoop would decode a file with by its name (so that
        Spark's text source would not give its bytes), if any."""
        if self._codecs is None:
            self._codecs = self._jvm.org.apache.hadoop.io.compress.CompressionCodecFactory(self._conf)
        codec = self._codecs.getCodec(self._path(f.name))
        return None if codec is None else codec.getClass().getSimpleName()

    def exists(self, p: str) -> bool:
        path = self._path(p)
        return bool(path.getFileSystem(self._conf).exists(path))


def _shown(p: str) -> str:
    """A path as the command prints it: without a leading ``./``."""
    return p[2:] if p.startswith("./") else p
