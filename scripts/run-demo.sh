#!/usr/bin/env bash
# make run: Vestibule in development mode on http://localhost:8080, signing in with Apple against the Apple ID
# emulator on :8081 (a process of its own, `vestibule-apple-emulator`), and the demo bookstore on
# http://localhost:8090 beside it, registered as one of Vestibule's apps. Ctrl-C (or SIGTERM to make or to this
# script) stops all three, each after answering the requests in flight; if one stops on its own (a port in use),
# the others are stopped too.
#   scripts/run-demo.sh BIN_DIR DATA_DIR
# The ports can be moved (a second demo beside the first, or a test): VESTIBULE_PORT (8080),
# APPLE_EMULATOR_PORT (8081), BOOKSTORE_PORT (8090).
set -uo pipefail
bin=$1
data_dir=$2
vestibule_port=${VESTIBULE_PORT:-8080}
emulator_port=${APPLE_EMULATOR_PORT:-8081}
bookstore_port=${BOOKSTORE_PORT:-8090}
vestibule=http://localhost:$vestibule_port
bookstore=http://localhost:$bookstore_port

# A fresh app key each run, given to the bookstore through the environment (never a flag, which `ps` shows);
# Vestibule's apps file holds only its SHA-256.
app_key=$(openssl rand -base64 48 | tr '+/' '-_' | tr -d '=\n')
[ -n "$app_key" ] || { echo "openssl failed: no app key for the bookstore." >&2; exit 1; }
key_sha256=$(printf %s "$app_key" | openssl dgst -sha256 -r | cut -d' ' -f1)
mkdir -p "$data_dir"
apps_file="$data_dir/apps.json"
cat >"$apps_file" <<JSON
{"apps": [{"id": "bookstore", "name": "Vestibule Books", "keySHA256": "$key_sha256", "mergeRule": "keepBoth",
           "openID": {"redirectURIs": ["$bookstore/signed-in"], "firstParty": true}}]}
JSON

interrupted=false
trap 'interrupted=true' INT TERM
servers=()
stop_all() {
  kill -TERM "${servers[@]}" 2>/dev/null
  # Each exits 0 once a stop signal has let it finish; anything else means it stopped on its own.
  local failed=false
  for pid in "${servers[@]}"; do wait "$pid" || failed=true; done
  if $failed && ! $interrupted; then
    echo "One of the servers stopped on its own (see its message above); the others were stopped too." >&2
    exit 1
  fi
  exit 0
}

# The emulator first: it writes the apple- settings that point Vestibule at it.
emulator_dir="$data_dir/apple-emulator"
rm -f "$emulator_dir/vestibule.env"
"$bin/vestibule-apple-emulator" serve --vestibule "$vestibule" --port "$emulator_port" --data-dir "$emulator_dir" &
servers+=($!)
for _ in $(seq 100); do
  [ -f "$emulator_dir/vestibule.env" ] || ! kill -0 "${servers[0]}" 2>/dev/null && break
  sleep 0.1
done
[ -f "$emulator_dir/vestibule.env" ] || stop_all

# Background jobs of a script ignore SIGINT, so Ctrl-C reaches the servers through the trap, as SIGTERM.
(set -a; . "$emulator_dir/vestibule.env"; exec "$bin/vestibule" serve --development --port "$vestibule_port" --data-dir "$data_dir" --apps "$apps_file") &
servers+=($!)
BOOKSTORE_APP_KEY=$app_key "$bin/vestibule-bookstore" --port "$bookstore_port" --vestibule "$vestibule" &
servers+=($!)

echo "The demo bookstore: $bookstore (Vestibule: $vestibule). Ctrl-C stops all three."
# A poll rather than `wait -n`, which the bash of macOS lacks. Also stops when make, our parent, is gone.
while ! $interrupted && kill -0 "$PPID" 2>/dev/null; do
  for pid in "${servers[@]}"; do kill -0 "$pid" 2>/dev/null || stop_all; done
  sleep 1
done
stop_all
