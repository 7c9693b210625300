#!/usr/bin/env bash
# Issue 16 item 3, the TornadoVM gaps still over 1.25 after the third stop's fixes (one call, carry .gpu-tornado):
#  - a fixed cost per launch? saxpy at n = 1024 and 2^24, jocl beside TornadoVM;
#  - FFT 2^20 × 1 (multi-pass) and the tuned reduction (int, 2^25): the PTX of both routes' kernels
#    (ptxas -v: registers, spills), and TornadoVM's FFT with register caps of 64 and 32 (all kernels of the JVM).
#   OUT=$OUT bash scripts/gpu-tornado-gaps3.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
touch "$out/.t0"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
source scripts/gpu-ptx-lib.sh
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
step cmp-saxpy-1024 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=20
step cmp-saxpy-2p24 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=2^24 --param reps=20
F=(fft --variant stockham --param n=2^20 --param batch=1 --param reps=10)
step cmp-fft-2p20 90 compare "${F[@]}" --backend jocl:gpu --backend tornado:gpu "${C[@]}"
for r in 64 32; do
  PERFPORT_JAVA_OPTS=-Dtornado.opencl.compiler.flags=-cl-nv-maxrregcount=$r \
    step cmp-fft-2p20-maxrreg$r 90 compare "${F[@]}" --backend jocl:gpu --backend tornado:gpu "${C[@]}"
done
R=(reduction --variant tuned --param type=int --param n=2^25 --param reps=20)
step cmp-reduction-tuned 90 compare "${R[@]}" --backend jocl:gpu --backend tornado:gpu "${C[@]}"
jocl_ptx fft "${F[@]/reps=10/reps=1}" "${C[@]}"
tornado_ptx fft "${F[@]/reps=10/reps=1}" "${C[@]}"
jocl_ptx reduction "${R[@]/reps=20/reps=1}" "${C[@]}"
tornado_ptx reduction "${R[@]/reps=20/reps=1}" "${C[@]}"
ptxas_all
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
