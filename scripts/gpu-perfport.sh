#!/usr/bin/env bash
# Runs the staged perfport distribution on the GPU machine (no JDK, no Maven there).
# Stage first, on the development machine:
#   ./mvnw -B -q package -DskipTests && STAGE_MODULES=java.base,java.logging,java.xml,java.management,java.naming,java.sql,jdk.unsupported,jdk.incubator.vector,jdk.crypto.ec,jdk.zipfs ../shared/gpu/stage.sh cli/target/perfport
# then through the device tool (carry .gpu):  bash scripts/gpu-perfport.sh compare reduction --backend jocl:gpu ...
cd "$(dirname "$0")/.." || exit 2
source .gpu/env.sh >&2   # before set -e: env.sh probes driver paths that may not exist
set -euo pipefail
dist=.gpu/app/perfport
exec java --enable-native-access=ALL-UNNAMED -Xmx24g ${PERFPORT_JAVA_OPTS:-} -Dperfport.home="$dist" \
     -cp "$dist/lib/*" dev.perfport.cli.Main "$@"
