#!/usr/bin/env bash
# make screenshots: the README's pictures, retaken from a demo started here on ports of its own (18080, 18081,
# 18090), so a `make run` on the usual ports may keep running. The demo's data lives in a scratch folder that
# goes with it.
#   scripts/screenshots.sh BIN_DIR OUT_DIR [SET]
set -euo pipefail
bin=$1
out=$2
set_name=${3:-readme}
export VESTIBULE_PORT=18080 APPLE_EMULATOR_PORT=18081 BOOKSTORE_PORT=18090
data_dir=$(mktemp -d)
"$(dirname "$0")/run-demo.sh" "$bin" "$data_dir" >"$data_dir.log" 2>&1 &
demo=$!
cleanup() {
  kill -TERM "$demo" 2>/dev/null || true
  wait "$demo" 2>/dev/null || true
  rm -rf "$data_dir" "$data_dir.log"
}
trap cleanup EXIT
for url in "http://localhost:$VESTIBULE_PORT/readyz" "http://localhost:$BOOKSTORE_PORT/"; do
  for _ in $(seq 150); do curl -fsS -o /dev/null "$url" 2>/dev/null && break; sleep 0.2; done
  curl -fsS -o /dev/null "$url" || { echo "The demo did not start:" >&2; cat "$data_dir.log" >&2; exit 1; }
done
"$bin/vestibule-screenshots" --set "$set_name" --out "$out" \
  --vestibule "http://localhost:$VESTIBULE_PORT" --bookstore "http://localhost:$BOOKSTORE_PORT"
