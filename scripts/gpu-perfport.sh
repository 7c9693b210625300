#!/usr/bin/env bash
# perfport on the GPU machine (an NVIDIA driver, no JDK, no Maven, no package registry), from the release archive.
#
#   bash scripts/gpu-perfport.sh --stage      on the development machine: builds the archive (./mvnw -Prelease) and puts
#                                             it, without the CPU-only native references of report seed-004, repacked
#                                             with xz, with the OpenCL ICD loader, in .gpu-release/ (git-ignored, about 47 MB)
#   bash scripts/gpu-perfport.sh ARGS...      on the GPU machine, through the device tool with carry [".gpu-release"]:
#                                             unpacks the archive once under /tmp and runs bin/perfport ARGS...
#
# The archive brings its own Java runtime; all the GPU machine lacks is the OpenCL ICD loader, pointed here at the NVIDIA
# driver's OpenCL library (GPU_WITH_POCL=1 adds PoCL where that machine has it). PERFPORT_JAVA_OPTS passes JVM options.
#
# The Spark cluster on one machine with several GPUs (docs/cluster.md, "Several GPUs on one machine"):
#   bash scripts/gpu-perfport.sh --stage-cluster   on the development machine: builds perfport and the cluster add-on,
#                                                  runs a 2-executor standalone cluster here (PoCL offered as two "GPUs"),
#                                                  trims Spark's jars to what that run loaded, and packs a Java runtime,
#                                                  the distribution, the trimmed jars and the OpenCL loader into
#                                                  .gpu-cluster/bundle.tar.xz (git-ignored, about 45 MB)
#   bash scripts/gpu-perfport.sh cluster [STEP...]  on the GPU machine, with carry [".gpu-cluster"]: a master and one
#                                                  worker per GPU (nvidia-smi's count; CLUSTER_GPUS='0=jocl:cpu;1=jocl:cpu'
#                                                  offers other devices), then the steps, each writing into $OUT:
#                                                  tune (gemm, --speedup), compare (every workload, and each on one GPU
#                                                  without Spark), kill (a tuning with one executor killed mid-run)
cd "$(dirname "$0")/.." || exit 2
stage=.gpu-release

# ---- the Spark cluster: staging here ----------------------------------------------------------------------------------
ocl_loader() {   # the OpenCL ICD loader's library into $1 (the GPU machine has the driver's OpenCL, not the loader)
    local tmp; tmp=$(mktemp -d)
    (cd "$tmp" && apt-get download ocl-icd-libopencl1 >/dev/null 2>&1) \
        || { echo "gpu-perfport.sh: could not download ocl-icd-libopencl1 (run apt-get update once)" >&2; exit 2; }
    dpkg -x "$tmp"/ocl-icd-libopencl1_*.deb "$tmp/x"
    mkdir -p "$1" && cp -a "$tmp"/x/usr/lib/x86_64-linux-gnu/libOpenCL.so* "$1/" && rm -rf "$tmp"
}
if [[ "${1:-}" == --stage-cluster ]]; then
    set -euo pipefail
    out=.gpu-cluster
    x=$(git rev-parse --git-common-dir)/info/exclude; grep -qx "/$out/" "$x" 2>/dev/null || echo "/$out/" >> "$x"
    jdk=${STAGE_JDK:-${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}}
    [[ -x $jdk/bin/jlink ]] || { echo "gpu-perfport.sh: no jlink in $jdk; set STAGE_JDK to a JDK 25" >&2; exit 2; }
    [[ ${STAGE_NO_BUILD:-0} == 1 ]] || ./mvnw -B -q -DskipTests package
    home=$PWD/cli/target/perfport lib=$PWD/cluster/target/perfport-cluster/lib
    tmp=$(mktemp -d); trap 'PERFPORT_SPARK_DIR=$tmp/spark cluster/bin/local-standalone stop; rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/trace" "$tmp/b"
    # the run that proves the path here and whose loaded classes make the bundle: a master and two workers, each
    # offering PoCL's CPU device as its one "GPU", every JVM logging the classes it loads
    log="-Xlog:class+load=info:file=$tmp/trace/%p.log"
    master=$(PERFPORT_SPARK_DIR=$tmp/spark PERFPORT_SPARK_PORT=${STAGE_SPARK_PORT:-7393} PERFPORT_JAVA_HOME=$jdk SPARK_DAEMON_JAVA_OPTS="$log" \
        cluster/bin/local-standalone start 2 --gpus '0=jocl:cpu;1=jocl:cpu')
    driver() {
        "$jdk/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow "$log" -Dperfport.home="$home" \
            -Dspark.executor.resource.gpu.amount=1 -Dspark.task.resource.gpu.amount=1 -Dspark.executor.defaultJavaOptions="$log" \
            -Dspark.scheduler.minRegisteredResourcesRatio=1.0 -Dspark.scheduler.maxRegisteredResourcesWaitingTime=300s \
            -Dspark.driver.host=127.0.0.1 -Dspark.driver.bindAddress=127.0.0.1 -Dspark.executor.memory=512m \
            -cp "$home/lib/*" dev.perfport.cli.Main --config perfport.tune.cache="$tmp/cache.json" "$@" --cluster "$master"
    }
    driver tune reduction --backend jocl --strategy exhaustive --param vw=1,4 --param ipt=1,4 --param gpc=2,8 --param wg=64 \
        --param n=2^16 --param type=int --speedup --format json > "$tmp/tune.json"
    driver compare reduction --backend jocl --variant local-atomic --variant two-kernel --param n=2^16 --format json > "$tmp/compare.json"
    python3 - "$tmp/tune.json" "$tmp/compare.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))[0]["cluster"]
gpus = sorted(e["gpu"] for e in t["executors"])
c = json.load(open(sys.argv[2]))
cg = sorted({r["environment"]["gpu"] for r in c})
print(f"proof: tuning on executors with GPUs {gpus}, speed-up {t['speedup']}x; compare rows on GPUs {cg}, all verified: {all(r['verified'] for r in c)}")
if len(gpus) != 2 or len(cg) != 2 or not all(r["verified"] for r in c):
    sys.exit("gpu-perfport.sh: the 2-executor run did not use both executors' GPUs")
PY
    PERFPORT_SPARK_DIR=$tmp/spark cluster/bin/local-standalone stop
    mkdir -p "$tmp/b/spark-home"
    echo "Spark 4.2.0 (perfport's cluster add-on, trimmed)" > "$tmp/b/spark-home/RELEASE"
    python3 tools/trimjars.py "$tmp/trace" "$lib" "$tmp/b/spark-home/jars" | tail -n 1
    # the release's modules, those Spark's daemons and executors load (Kerberos names, SASL, JMX beans, socket options)
    # and the one its executors are started with (--add-modules=jdk.incubator.vector);
    # no --compress: xz packs the plain image better
    "$jdk/bin/jlink" --add-modules java.base,java.compiler,java.desktop,java.logging,java.management,java.naming,java.sql,java.xml,\
jdk.unsupported,jdk.zipfs,java.security.jgss,java.security.sasl,jdk.security.auth,jdk.management,jdk.net,jdk.incubator.vector \
        --strip-debug --no-man-pages --no-header-files --output "$tmp/b/jre"
    rm -f "$tmp"/b/jre/lib/server/classes*.jsa
    cp -a "$home" "$tmp/b/perfport"
    ocl_loader "$tmp/b/ocl"
    mkdir -p "$out"
    tar -C "$tmp/b" -cf - jre perfport spark-home ocl | xz -T0 -6 > "$out/bundle.tar.xz"
    echo "staged $(du -m "$out/bundle.tar.xz" | cut -f1) MB in $out/bundle.tar.xz; with the tracked tree the carry is $(( ($(git ls-files -z | du -cb --files0-from=- | tail -n1 | cut -f1) + $(stat -c %s "$out/bundle.tar.xz")) >> 20 )) MiB of 64"
    exit 0
fi

# ---- the Spark cluster: on the GPU machine ----------------------------------------------------------------------------
if [[ "${1:-}" == cluster ]]; then
    shift
    set -uo pipefail
    bundle=.gpu-cluster/bundle.tar.xz
    [[ -f $bundle ]] || { echo "gpu-perfport.sh: no $bundle here: stage it with 'bash scripts/gpu-perfport.sh --stage-cluster' and carry .gpu-cluster" >&2; exit 2; }
    steps=("$@"); ((${#steps[@]})) || steps=(tune compare kill)
    for s in "${steps[@]}"; do [[ $s =~ ^(tune|compare|kill)$ ]] || { echo "gpu-perfport.sh: unknown step '$s'; steps: tune, compare, kill" >&2; exit 2; }; done
    root=/tmp/perfport-cluster
    [[ -x $root/jre/bin/java ]] || { mkdir -p $root && xz -dc "$bundle" | tar -C $root -xf -; } || exit 2
    out=${OUT:-$PWD/cluster-out}; mkdir -p "$out"
    mkdir -p /tmp/ocl-vendors
    nv=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
    [[ -n "$nv" ]] && echo "$nv" > /tmp/ocl-vendors/nvidia.icd
    [[ -f /etc/OpenCL/vendors/pocl.icd && -n "${CLUSTER_GPUS:-}" ]] && cp /etc/OpenCL/vendors/pocl.icd /tmp/ocl-vendors/
    # the workers' executors inherit these; no driver-side kernel cache, so that the speed-up's two runs compile alike
    export OCL_ICD_VENDORS=/tmp/ocl-vendors LD_LIBRARY_PATH=$root/ocl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} CUDA_CACHE_DISABLE=1 POCL_KERNEL_CACHE=0 \
        PERFPORT_HOME=$root/perfport PERFPORT_CLUSTER_LIB=$root/spark-home/jars PERFPORT_JAVA_HOME=$root/jre \
        PERFPORT_SPARK_DIR=/tmp/perfport-spark PERFPORT_SPARK_PORT=7177 PERFPORT_SPARK_WORKER_MEMORY=12g
    gpus=${CLUSTER_GPUS:-$(nvidia-smi --query-gpu=index --format=csv,noheader | tr -d ' ' | paste -sd,)}
    [[ -n $gpus ]] || { echo "gpu-perfport.sh: nvidia-smi lists no GPU; set CLUSTER_GPUS" >&2; exit 2; }
    n=$(tr ',;' '\n\n' <<<"$gpus" | grep -c .)
    # local-standalone makes the workers' SPARK_HOME, its jars/ linked to PERFPORT_CLUSTER_LIB
    master=$(cluster/bin/local-standalone start "$n" --gpus "$gpus") || exit 2
    trap 'cluster/bin/local-standalone stop' EXIT
    echo "cluster: $master, $n workers, GPUs $gpus; $(nvidia-smi --query-gpu=index,name --format=csv,noheader 2>/dev/null | paste -sd';')" | tee -a "$out/log.txt"
    perfport() {   # perfport's command line on the JVM of the bundle; --cluster added by the caller
        env -u PERFPORT_SPARK_DIR -u PERFPORT_SPARK_PORT -u PERFPORT_SPARK_WORKER_MEMORY "$root/jre/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -Xmx16g -Dperfport.home="$root/perfport" \
            -Dspark.executor.resource.gpu.amount=1 -Dspark.task.resource.gpu.amount=1 -Dspark.executor.memory=10g \
            -Dspark.scheduler.minRegisteredResourcesRatio=1.0 -Dspark.scheduler.maxRegisteredResourcesWaitingTime=300s \
            -Dspark.driver.host=127.0.0.1 -Dspark.driver.bindAddress=127.0.0.1 ${CLUSTER_JAVA_OPTS:-} -cp "$root/perfport/lib/*" dev.perfport.cli.Main "$@"
    }
    backend=${CLUSTER_BACKEND:-jocl:gpu}
    size=${GEMM_SIZE:-2048}
    gemm=(tune gemm --backend "$backend" --strategy random --param m="$size" --param n="$size" --param k="$size")
    check() { python3 - "$@" <<'PY'
import json, sys
kind, out, cache = sys.argv[1], sys.argv[2], sys.argv[3]
row = json.load(open(out))[0]
entries = json.load(open(cache))["entries"]
keys = [json.dumps([e["backend"], e["device"], e["kernel"], e["params"]], sort_keys=True) for e in entries]
c = row["cluster"]
print(f"{kind}: {row['evaluations']} evaluations, {row['measured']} measured; cache entries {len(entries)}, distinct {len(set(keys))}; "
      f"executors {[(e['executor'], e['gpu'], e['selector'], e['items']) for e in c['executors']]}; best {row['best']} = {row['value']}")
if "speedup" in c:
    o = c["oneExecutor"]
    print(f"{kind}: speed-up {c['speedup']}x: {c['tuningSeconds']} s on {len(c['executors'])} executors, {o['seconds']} s on one "
          f"({[(e['executor'], e['gpu']) for e in o['executors']]}); best on one {o['best']} = {o['value']}, same: {o['sameBest']}; phases {c['phases']}")
ok = len(entries) == len(set(keys)) == row["measured"]
print(f"{kind}: every evaluation exactly once in the cache: {ok}")
sys.exit(0 if ok else 1)
PY
    }
    rc=0
    for step in "${steps[@]}"; do
        case $step in
        tune)
            perfport --config perfport.tune.cache="$out/tune-cache.json" --config perfport.jocl.binaryCache=false "${gemm[@]}" \
                --budget "${TUNE_BUDGET:-256}" --speedup --format json --cluster "$master" > "$out/tune.json" 2>> "$out/log.txt" || rc=1
            check tune "$out/tune.json" "$out/tune-cache.json" | tee -a "$out/log.txt" || rc=1 ;;
        compare)
            for w in ${CLUSTER_WORKLOADS:-$(perfport workloads 2>/dev/null | grep -oE '^[a-z][a-z0-9-]*')}; do
                # shellcheck disable=SC2086  # COMPARE_ARGS is a list of arguments
                perfport compare "$w" --backend "$backend" ${COMPARE_ARGS:-} --format json --cluster "$master" > "$out/c.json" 2>> "$out/log.txt" || rc=1
                # shellcheck disable=SC2086
                perfport compare "$w" --backend "$backend" ${COMPARE_ARGS:-} --format json > "$out/s.json" 2>> "$out/log.txt" || rc=1
                python3 - "$w" "$out/c.json" "$out/s.json" "$out/compare.jsonl" <<'PY' | tee -a "$out/log.txt" || rc=1
import json, sys
w, c, s, jl = sys.argv[1:]
def content(rows):
    return [(r["backend"], r["device"], r["variant"], json.dumps(r["params"], sort_keys=True), r["status"], r["verified"]) for r in rows]
try:
    cr, sr = json.load(open(c)), json.load(open(s))
except ValueError as e:
    print(f"compare {w}: no JSON ({e})"); sys.exit(1)
with open(jl, "a") as f:
    f.write(json.dumps({"workload": w, "cluster": cr, "single": sr}) + "\n")
gpus = sorted({r.get("environment", {}).get("gpu") or "-" for r in cr})
same = content(cr) == content(sr)
print(f"compare {w}: {len(cr)} rows on GPUs {gpus}; the same rows as one GPU without Spark: {same}")
sys.exit(0 if same else 1)
PY
            done
            # the merged table: every cluster row beside the same row run on one GPU without Spark
            python3 - "$out/compare.jsonl" "$out/compare-table.md" <<'PY' | tee -a "$out/log.txt"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
def rate(r):
    m = r.get("metrics") or {}
    k = next((k for k in m if not k.startswith("modelled")), None)
    return (f"{m[k]:,.1f} {k}" if k else "-")
out = ["| workload | variant | params | status | executor / GPU | rate, cluster | rate, one GPU |", "|---|---|---|---|---|---|---|"]
for l in lines:
    for c, s in zip(l["cluster"], l["single"]):
        e = c.get("environment", {})
        p = ", ".join(f"{k}={v}" for k, v in c["params"].items() if k not in ("reps", "seed", "warmup"))
        out.append(f"| {l['workload']} | {c['variant']} | {p} | {c['status']} | {e.get('executor', '-')} / {e.get('gpu', '-')} | {rate(c)} | {rate(s)} |")
rows = sum(len(l["cluster"]) for l in lines)
gpus = sorted({c.get("environment", {}).get("gpu") or "-" for l in lines for c in l["cluster"]})
open(sys.argv[2], "w").write("\n".join(out) + "\n")
print("\n".join(out))
print(f"compare: {len(lines)} workloads, {rows} rows merged from GPUs {gpus}")
PY
            rm -f "$out/c.json" "$out/s.json" ;;
        kill)
            # one executor killed once a quarter of the evaluations has arrived; the worker starts another
            perfport --config perfport.tune.cache="$out/kill-cache.json" "${gemm[@]}" --budget "${KILL_BUDGET:-64}" --format json \
                --cluster "$master" > "$out/kill.json" 2> "$out/kill.err" &
            job=$!
            victim=
            while kill -0 $job 2>/dev/null; do
                if [[ -z $victim ]] && (( $(tr '\r' '\n' < "$out/kill.err" | grep -cE '\] [0-9]+/') >= ${KILL_BUDGET:-64} / 4 )); then
                    victim=$(pgrep -P "$(cat /tmp/perfport-spark/worker1.pid)" -f CoarseGrainedExecutorBackend | head -1)
                    [[ -n $victim ]] && kill -9 "$victim" && echo "kill: killed executor process $victim of worker 1" | tee -a "$out/log.txt"
                fi
                sleep 0.2
            done
            wait $job || rc=1
            grep -E '^perfport: (Spark retried|.*evaluations)' "$out/kill.err" | tee -a "$out/log.txt"
            [[ -n $victim ]] || { echo "kill: no executor was killed" | tee -a "$out/log.txt"; rc=1; }
            check kill "$out/kill.json" "$out/kill-cache.json" | tee -a "$out/log.txt" || rc=1
            cat "$out/kill.err" >> "$out/log.txt"; rm -f "$out/kill.err" ;;
        esac
    done
    rm -f "$out"/*.lock   # the tuning caches' locks: the device tool returns at most 8 files
    exit $rc
fi
if [[ "${1:-}" == --stage ]]; then
    set -euo pipefail
    x=$(git rev-parse --git-common-dir)/info/exclude; grep -qx "/$stage/" "$x" 2>/dev/null || { mkdir -p "$(dirname "$x")"; echo "/$stage/" >> "$x"; }
    ./mvnw -B -q -Prelease -DskipTests package
    rm -rf "$stage" && mkdir -p "$stage/ocl"
    # the archive without report seed-004's CPU references (OpenBLAS, FFTW and their JavaCPP: 22 MB), which the GPU
    # machine does not need and which would take the carry past its 64 MiB; there the report says they are missing.
    # Repacked with xz, 8 % smaller than gzip's (the carry's headroom), which the GPU machine unpacks in about 2 s.
    tmp=$(mktemp -d)
    src=$(ls cli/target/perfport-*-linux-x86_64.tar.gz | head -1)
    staged=$(basename "$src" .tar.gz).tar.xz
    tar xzf "$src" -C "$tmp"
    rm -f "$tmp"/perfport-*/lib/{javacpp,openblas,fftw}-*.jar
    (cd "$tmp" && tar cf - perfport-* | xz -T0 -6 > "$OLDPWD/$stage/$staged")
    (cd "$stage" && sha256sum "$staged" > "$staged.sha256")
    rm -rf "$tmp"
    tmp=$(mktemp -d)
    (cd "$tmp" && apt-get download ocl-icd-libopencl1 >/dev/null 2>&1) \
        || { echo "gpu-perfport.sh: could not download ocl-icd-libopencl1 (run apt-get update once)" >&2; exit 2; }
    dpkg -x "$tmp"/ocl-icd-libopencl1_*.deb "$tmp/x"
    cp -a "$tmp"/x/usr/lib/x86_64-linux-gnu/libOpenCL.so* "$stage/ocl/" && rm -rf "$tmp"
    echo "staged $(du -sh "$stage" | cut -f1) in $stage/ (carry it; limit 64 MiB with the tracked tree)"
    exit 0
fi
[[ -d "$stage" ]] || { echo "gpu-perfport.sh: no $stage/ here: stage it with 'bash scripts/gpu-perfport.sh --stage' and carry it" >&2; exit 2; }
archive=$(ls "$stage"/perfport-*-linux-x86_64.tar.xz 2>/dev/null | head -1)
[[ -n "$archive" ]] || { echo "gpu-perfport.sh: no perfport-*-linux-x86_64.tar.xz in $stage/: stage it again with 'bash scripts/gpu-perfport.sh --stage'" >&2; exit 2; }
home=/tmp/perfport-release/$(basename "$archive" -linux-x86_64.tar.xz)
# unpacked once per machine, and again when the staged archive changed (a warm machine keeps /tmp between calls)
sum=$(cut -d' ' -f1 "$archive.sha256")
if [[ ! -x "$home/bin/perfport" || "$(cat "$home/.staged-sha256" 2>/dev/null)" != "$sum" ]]; then
    (cd "$stage" && sha256sum -c --quiet "$(basename "$archive").sha256") || { echo "gpu-perfport.sh: $archive fails its checksum" >&2; exit 2; }
    rm -rf "$home" && mkdir -p /tmp/perfport-release && xz -dc "$archive" | tar -xf - -C /tmp/perfport-release && echo "$sum" > "$home/.staged-sha256"
fi
export LD_LIBRARY_PATH="$PWD/$stage/ocl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /tmp/ocl-vendors
nv=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
[[ -n "$nv" ]] && echo "$nv" > /tmp/ocl-vendors/nvidia.icd
[[ "${GPU_WITH_POCL:-0}" == 1 && -f /etc/OpenCL/vendors/pocl.icd ]] && cp /etc/OpenCL/vendors/pocl.icd /tmp/ocl-vendors/
export OCL_ICD_VENDORS=/tmp/ocl-vendors PERFPORT_JAVA_OPTS="${PERFPORT_JAVA_OPTS:--Xmx64g}"
exec "$home/bin/perfport" "$@"
