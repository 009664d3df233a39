"""The Spark job on a real cluster: a standalone master and two workers,
each a process of its own (``spark-class`` from the pyspark package) with
a working directory of its own, on 127.0.0.1. The workers' Python is the
system's (``python3`` on a plain ``PATH``), which lacks urlx and
pyarrow: the job ships them, as a cluster user must, in a virtual
environment packed by ``venv-pack`` and given as ``spark.archives``.
The rows equal the command's ``--json`` over the same inputs. Needs
pyspark, Java and venv-pack (the ``test`` extra), and fails (never skips)
without them."""

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from sparkdata import PARTITION, ROOT, assert_same_rows, command_rows, parquet_rows, spark_inputs, urlx_command

# The workers' own Python: the system's, without urlx.
WORKER_PATH = "/usr/bin:/bin"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def base_env() -> dict:
    """An environment without this Python's settings for Spark."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYSPARK_", "SPARK_"))}
    env["SPARK_LOCAL_IP"] = "127.0.0.1"
    return env


def alive_workers(ui: int) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{ui}/json/", timeout=2) as r:
            return int(json.load(r).get("aliveworkers", 0))
    except OSError:
        return -1


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """spark://127.0.0.1:PORT, a master and two one-core workers."""
    try:
        import pyspark
    except ImportError:
        pytest.fail("pyspark is missing: pip install './python[spark,test]'", pytrace=False)
    home = pathlib.Path(pyspark.__file__).parent
    spark_class = home / "bin" / "spark-class"
    if shutil.which("java", path=WORKER_PATH) is None and not os.environ.get("JAVA_HOME"):
        pytest.fail("Java is missing: apt-get install openjdk-17-jre-headless", pytrace=False)
    if shutil.which("python3", path=WORKER_PATH) is None:
        pytest.fail(f"no python3 in {WORKER_PATH} for the workers", pytrace=False)
    d = tmp_path_factory.mktemp("cluster")
    env = base_env()
    env.update(SPARK_HOME=str(home), PATH=WORKER_PATH)
    port, ui = free_port(), free_port()
    procs, logs = [], []

    def start(name, args):
        cwd = d / name
        cwd.mkdir()
        log = open(cwd / "log", "wb")
        logs.append(cwd / "log")
        procs.append(subprocess.Popen([str(spark_class), *args], cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT))

    def tails():
        return "\n".join(f"--- {p}\n" + p.read_text(errors="replace")[-2000:] for p in logs)

    try:
        start("master", ["org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                         "--port", str(port), "--webui-port", str(ui)])
        for k in (1, 2):
            start(f"worker{k}", ["org.apache.spark.deploy.worker.Worker", f"spark://127.0.0.1:{port}",
                                 "--host", "127.0.0.1", "--cores", "1", "--memory", "1g",
                                 "--work-dir", str(d / f"worker{k}" / "work"), "--webui-port", str(free_port())])
        deadline = time.monotonic() + 120
        while alive_workers(ui) < 2:
            if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
                pytest.fail("the cluster did not start:\n" + tails(), pytrace=False)
            time.sleep(0.5)
        yield f"spark://127.0.0.1:{port}"
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


@pytest.fixture(scope="module")
def packed_env(tmp_path_factory):
    """urlx-text and pyarrow in a virtual environment packed by venv-pack,
    as a user ships them: ``pip install pyarrow urlx-text`` (here, the
    package from this tree), then ``venv-pack``."""
    try:
        import venv_pack
    except ImportError:
        pytest.fail("venv-pack is missing: pip install './python[spark,test]'", pytrace=False)
    d = tmp_path_factory.mktemp("env")
    venv = d / "env"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "pyarrow", str(ROOT / "python")],
                   check=True, cwd=ROOT)
    out = d / "env.tar.gz"
    venv_pack.pack(prefix=str(venv), output=str(out), compress_level=1)
    return out


def job(master, paths, out, conf=()):
    args = [sys.executable, "-m", "urlx.spark", *paths, "--output", str(out), "--master", master,
            "--partition-bytes", str(PARTITION), "--conf", "spark.driver.host=127.0.0.1",
            "--conf", "spark.executor.memory=512m"]
    for c in conf:
        args += ["--conf", c]
    return subprocess.run(args, cwd=ROOT, env=base_env(), capture_output=True, text=True, timeout=600)


def test_the_job_on_a_standalone_cluster_with_its_environment_shipped(cluster, packed_env, tmp_path):
    (tmp_path / "in").mkdir()
    inputs = spark_inputs(tmp_path / "in")
    paths = ["corpora/mail", "corpora/sample.mbox", "corpora/sample-urls.txt", str(inputs)]
    out = tmp_path / "out"
    done = job(cluster, paths, out, [f"spark.archives={packed_env}#env", "spark.pyspark.python=./env/bin/python"])
    # cut.gz is read in part, as the command reads it: exit status 2.
    assert done.returncode == 2, done.stderr[-3000:]
    assert f"urlx.spark: {inputs}/cut.gz: gzip data truncated" in done.stderr
    expected = command_rows(urlx_command(), paths)
    got = parquet_rows(out)
    assert_same_rows(expected, got)
    assert len(got) > 6000
    assert "3 large in" in done.stderr, done.stderr[-2000:]


def test_without_the_environment_the_workers_lack_urlx(cluster, tmp_path):
    # What shows that the first test's rows came from the shipped
    # environment: the workers' own Python cannot run the job.
    done = job(cluster, ["corpora/sample.mbox"], tmp_path / "out")
    assert done.returncode != 0
    assert "No module named" in done.stderr, done.stderr[-3000:]


def test_spark_submit_gives_the_master_and_ships_the_environment(cluster, packed_env, tmp_path):
    # As the README says a job is submitted: a one-line script, the
    # master and the environment from spark-submit's own flags.
    import pyspark

    script = tmp_path / "job.py"
    script.write_text("import sys\nimport urlx.spark\nsys.exit(urlx.spark.main())\n")
    out = tmp_path / "out"
    submit = pathlib.Path(pyspark.__file__).parent / "bin" / "spark-submit"
    done = subprocess.run(
        [str(submit), "--master", cluster, "--archives", f"{packed_env}#env",
         "--conf", "spark.pyspark.python=./env/bin/python", "--conf", f"spark.pyspark.driver.python={sys.executable}",
         "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.executor.memory=512m",
         str(script), "corpora/sample.mbox", "corpora/sample-urls.txt", "--output", str(out)],
        cwd=ROOT, env=base_env(), capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert_same_rows(command_rows(urlx_command(), ["corpora/sample.mbox", "corpora/sample-urls.txt"]), parquet_rows(out))
