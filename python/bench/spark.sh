#!/usr/bin/env bash
# The Spark job's throughput on one machine, three ways, on the same mbox:
# local mode (the driver's process runs the tasks), a standalone cluster of
# a master and two one-core workers on 127.0.0.1 (separate processes; the
# workers run a packed environment shipped with spark.archives, as on a
# real cluster), and the command (`urlx -c`, both cores).
#
#   python/bench/spark.sh [FILE] [RUNS]
#
# FILE defaults to corpora/fetched/spamassassin.mbox repeated 10 times
# (325.7 MB; corpora/fetch.sh fetches it); RUNS to 3. Needs the package
# with its extras in PY (default target/python-ci/bin/python: pip install
# './python[spark,test]'), Java, and target/release/urlx. Each job prints
# its own time, which leaves out starting Spark; the whole process is
# timed too. Medians are left to the reader: every run is printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PY:-$PWD/target/python-ci/bin/python}
RUNS=${2:-3}
work=$(mktemp -d /tmp/urlx-spark-bench.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
input=${1:-}
if [ -z "$input" ]; then
    input=$work/x10.mbox
    for _ in $(seq 10); do cat corpora/fetched/spamassassin.mbox; done > "$input"
fi
echo "input: $input, $(stat -c %s "$input") bytes; $(nproc) CPUs; $($PY -c 'import pyspark; print("pyspark", pyspark.__version__)')"

home=$($PY -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
port() { $PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
mport=$(port) mui=$(port)
export SPARK_LOCAL_IP=127.0.0.1
(cd "$work" && SPARK_HOME=$home "$home/bin/spark-class" org.apache.spark.deploy.master.Master \
    --host 127.0.0.1 --port "$mport" --webui-port "$mui" > master.log 2>&1) &
for k in 1 2; do
    mkdir -p "$work/worker$k"
    (cd "$work/worker$k" && SPARK_HOME=$home PATH=/usr/bin:/bin "$home/bin/spark-class" \
        org.apache.spark.deploy.worker.Worker "spark://127.0.0.1:$mport" --host 127.0.0.1 \
        --cores 1 --memory 2g --work-dir "$work/worker$k/work" --webui-port "$(port)" > log 2>&1) &
done
# The environment the workers run: pyarrow and this tree's package.
$PY -m venv "$work/env"
"$work/env/bin/python" -m pip install --quiet pyarrow ./python
$PY -c "import venv_pack; venv_pack.pack(prefix='$work/env', output='$work/env.tar.gz', compress_level=1)"
until $PY -c "import json, sys, urllib.request; sys.exit(json.load(urllib.request.urlopen('http://127.0.0.1:$mui/json/')).get('aliveworkers', 0) < 2)" 2>/dev/null; do
    sleep 1
done

run() {
    local label=$1
    shift
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f "$label: whole process %e s" "$@" 2>&1 >/dev/null | grep -E "whole process|urlx.spark:" | tr '\n' ' '
        echo
    done
}
run "local[2]" env -u PYSPARK_PYTHON $PY -m urlx.spark "$input" --master 'local[2]' --output "$work/out" --overwrite
run "standalone, 2 workers" env -u PYSPARK_PYTHON $PY -m urlx.spark "$input" --master "spark://127.0.0.1:$mport" \
    --output "$work/out" --overwrite --conf "spark.archives=$work/env.tar.gz#env" \
    --conf spark.pyspark.python=./env/bin/python --conf spark.driver.host=127.0.0.1 --conf spark.executor.memory=1g
run "urlx -c" "$PWD/target/release/urlx" -c "$input"
