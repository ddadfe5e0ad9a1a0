#!/usr/bin/env bash
# make run: Vestibule in development mode on http://localhost:8080 (its Apple ID emulator on :8081) and the demo
# bookstore on http://localhost:8090 beside it, registered as one of Vestibule's apps. Ctrl-C stops both, each
# after answering the requests in flight; if either stops on its own (a port in use), the other is stopped too.
#   scripts/run-demo.sh BIN_DIR DATA_DIR
set -uo pipefail
bin=$1
data_dir=$2

# A fresh app key each run, given to the bookstore through the environment (never a flag, which `ps` shows);
# Vestibule's apps file holds only its SHA-256.
app_key=$(openssl rand -base64 48 | tr '+/' '-_' | tr -d '=\n')
[ -n "$app_key" ] || { echo "openssl failed: no app key for the bookstore." >&2; exit 1; }
key_sha256=$(printf %s "$app_key" | openssl dgst -sha256 -r | cut -d' ' -f1)
mkdir -p "$data_dir"
apps_file="$data_dir/apps.json"
cat >"$apps_file" <<JSON
{"apps": [{"id": "bookstore", "name": "Vestibule Books", "keySHA256": "$key_sha256",
           "returnURLs": ["http://localhost:8090/signed-in"], "mergeRule": "keepBoth"}]}
JSON

# Background jobs of a script ignore SIGINT, so Ctrl-C reaches the servers through the trap below, as SIGTERM.
"$bin/vestibule" serve --development --port 8080 --data-dir "$data_dir" --apps "$apps_file" &
vestibule=$!
BOOKSTORE_APP_KEY=$app_key "$bin/vestibule-bookstore" --port 8090 --vestibule http://localhost:8080 &
bookstore=$!

interrupted=false
trap 'interrupted=true' INT TERM
echo "The demo bookstore: http://localhost:8090 (Vestibule: http://localhost:8080). Ctrl-C stops both."
# A poll rather than `wait -n`, which the bash of macOS lacks.
while ! $interrupted && kill -0 "$vestibule" 2>/dev/null && kill -0 "$bookstore" 2>/dev/null; do
  sleep 1
done
kill -TERM "$vestibule" "$bookstore" 2>/dev/null
wait "$vestibule" "$bookstore"
if ! $interrupted; then
  echo "One of the servers stopped on its own (see its message above); the other was stopped too." >&2
  exit 1
fi
