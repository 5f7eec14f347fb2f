#!/usr/bin/env bash
# The browser suite under load: every core kept busy by a CPU hog while the whole suite runs several times in a row,
# with no retry. A test that fails here is flaky on a busy machine, a slow phone or CI: find and fix its cause.
#   bash scripts/e2e-under-load.sh [repeats=3] [extra playwright args...]
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-3}
shift || true
hogs=()
stop_hogs() { for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_hogs EXIT
for _ in $(seq "$(nproc)"); do
  sh -c 'while :; do :; done' &
  hogs+=("$!")
done
echo "hogs: ${hogs[*]} on $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
npm run build --silent
npx playwright test --repeat-each="$repeats" --retries=0 "$@"
