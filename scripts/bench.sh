#!/usr/bin/env bash
# Vestibule next to the physical limits of this machine, measured in one run and interleaved:
#   HTTP:        wrk against `vestibule serve` /healthz and against nginx serving a small static file
#   Deployments: session checks (GET /account with a session cookie) and password sign-ins per second for one
#                SQLite instance, one PostgreSQL instance (directly and through nginx) and two PostgreSQL
#                instances behind nginx, with the CPU each process took meanwhile
#   JWS:         RS256 / ES256 verifications per second (one core) next to `openssl speed`
#   Passkeys:    ES256 WebAuthn assertion verifications per second (one core) next to `openssl speed ecdsap256`
#   Argon2:      hashes per second at Vestibule's defaults next to libsodium called directly
#   Password sign-ins per second through HTTP (SQLite) next to raw Argon2id on every core
# The machine is noisy: every figure is the median of ROUNDS runs, and ratios compare medians.
# It starts its own throwaway PostgreSQL cluster and nginx, and stops everything it started on exit.
# usage: scripts/bench.sh PATH/TO/vestibule-bench   (run through `make bench`)
set -euo pipefail
bench_binary=$1
bin_dir=$(dirname "$bench_binary")
rounds=${ROUNDS:-3}
duration=${DURATION:-5}
connections=${CONNECTIONS:-64}
sqlite_port=18080
nginx_port=18081       # the static file
pg_ports=(18082 18083)
pair_port=18084        # nginx → both PostgreSQL instances
single_port=18085      # nginx → the first PostgreSQL instance only: the proxy's own cost
postgres_port=18432
password="bench correct horse"
work=$(mktemp -d)
chmod 755 "$work"  # nginx workers and PostgreSQL run as unprivileged users and must reach their files
pids=()
as_postgres=(); [ "$(id -u)" -eq 0 ] && as_postgres=(runuser -u postgres --)  # initdb refuses to run as root
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
pg_dir="$work/postgres"
pg_cluster="$pg_dir/data"
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  if [ -f "$pg_cluster/postmaster.pid" ]; then
    "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_cluster" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
per_request() { awk -v cores="$1" -v rate="$2" 'BEGIN { printf "%.3f", (rate > 0 ? cores * 1000 / rate : 0) }'; }  # CPU ms
wait_for() { for _ in $(seq 100); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "no answer from $1" >&2; exit 1; }
csrf_of() { sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1; }

## CPU accounting: what each kind of process used while wrk ran, in cores (1.00 = one core busy throughout).
clock_ticks=$(getconf CLK_TCK)
vestibule_pids=()
# user + system ticks of the given processes (the command name may hold spaces: fields after its ")")
process_ticks() {
  local total=0 pid
  for pid in "$@"; do
    [ -r "/proc/$pid/stat" ] && total=$((total + $(sed 's/^.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 }')))
  done
  echo "$total"
}
children_of() { [ -f "$1" ] && { head -1 "$1"; pgrep -P "$(head -1 "$1")" || true; }; }
machine_busy_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
cpu_snapshot() {
  echo "$(process_ticks "${vestibule_pids[@]}") $(process_ticks $(children_of "$pg_cluster/postmaster.pid")) \
$(process_ticks $(children_of "$work/nginx.pid")) $(machine_busy_ticks) $(date +%s.%N)"
}
# cores_between BEFORE AFTER WRK-SECONDS: vestibule, postgres, nginx, wrk, everything else
cores_between() {
  awk -v tck="$clock_ticks" -v before="$1" -v after="$2" -v load="$3" 'BEGIN {
    split(before, b, " "); split(after, a, " "); seconds = a[5] - b[5]
    v = (a[1] - b[1]) / tck / seconds; p = (a[2] - b[2]) / tck / seconds; n = (a[3] - b[3]) / tck / seconds
    w = load / seconds; all = (a[4] - b[4]) / tck / seconds
    printf "%.2f %.2f %.2f %.2f %.2f\n", v, p, n, w, all - v - p - n - w }'
}
# measure NAME WRK-ARGUMENTS…: runs wrk; keeps its rate in $work/NAME and the CPU split in $work/NAME.cpu
measure() {
  local name=$1 before after output TIMEFORMAT="%U %S"
  shift
  before=$(cpu_snapshot)
  output=$( { time wrk "$@" 2>&1; } 2>"$work/wrk-time")
  after=$(cpu_snapshot)
  if grep -q "Non-2xx" <<<"$output"; then echo "wrk $* got errors:" >&2; echo "$output" >&2; exit 1; fi
  awk '/Requests\/sec/ { print $2 }' <<<"$output" | tee -a "$work/$name"
  cores_between "$before" "$after" "$(awk '{ print $1 + $2 }' "$work/wrk-time")" >>"$work/$name.cpu"
}

## A throwaway PostgreSQL cluster with the server's default durability (fsync, synchronous commit): what a
## real deployment pays for every committed sign-in.
start_postgres() {
  [ -n "$pg_bin" ] || { echo "PostgreSQL server binaries not found in /usr/lib/postgresql (Debian layout)" >&2; exit 1; }
  mkdir -p "$pg_dir"
  pg_password=$(openssl rand -hex 16)
  printf '%s' "$pg_password" >"$pg_dir/pwfile"
  [ ${#as_postgres[@]} -gt 0 ] && chown -R postgres "$pg_dir"
  "${as_postgres[@]}" "$pg_bin/initdb" -D "$pg_cluster" -U postgres -E UTF8 --locale=C.UTF-8 --auth-local=trust \
    --auth-host=scram-sha-256 --pwfile="$pg_dir/pwfile" >"$pg_dir/initdb.log" 2>&1
  "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_cluster" -l "$pg_dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $postgres_port -k $pg_dir -c max_connections=200" start >/dev/null
  PGPASSWORD=$pg_password psql -X -q -h 127.0.0.1 -p "$postgres_port" -U postgres -d postgres -c "CREATE DATABASE vestibule"
  database_url="postgres://postgres:$pg_password@127.0.0.1:$postgres_port/vestibule"
}

## serve NAME PORT [FLAGS…]: a release `vestibule serve` with its data in $work/NAME, without sign-in rate
## limits or a connection limit per address (wrk signs in from one address, as fast as it can, over
## $connections connections)
serve() {
  local name=$1 port=$2
  shift 2
  "$bin_dir/vestibule" serve --development --port "$port" --data-dir "$work/$name" --log-level warning \
    --sign-in-attempts-per-minute 1000000 --sign-in-attempts-per-account 1000000 --max-connections-per-address 0 "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
  vestibule_pids+=($!)
}

## new_account BASE ORIGIN EMAIL DATA-DIR…: signs EMAIL up through BASE, confirms it with the code from
## whichever instance's outbox has it, and prints the session cookie that confirmation signed in with, then
## the visitor cookie and its anti-forgery token for sign-in forms.
new_account() {
  local base=$1 origin=$2 email=$3 jar token code="" visitor
  shift 3
  jar=$(mktemp -p "$work")
  token=$(curl -fs -c "$jar" -b "$jar" "$base/sign-up" | csrf_of)
  curl -fs -o /dev/null -c "$jar" -b "$jar" -H "Origin: $origin" \
    --data-urlencode "csrf=$token" --data-urlencode "email=$email" --data-urlencode "password=$password" "$base/sign-up"
  for _ in $(seq 50); do
    # Messages have CRLF line ends; the subject starts with the code.
    code=$(for directory in "$@"; do cat "$directory"/outbox/*.eml 2>/dev/null || true; done | tr -d '\r' |
      awk -v to="To: $email" '/^To: / { found = ($0 == to) } found && $1 == "Subject:" && $2 ~ /^[0-9]+$/ { print $2; exit }')
    [ -n "$code" ] && break
    sleep 0.1
  done
  [ -n "$code" ] || { echo "no code mailed to $email" >&2; exit 1; }
  token=$(curl -fs -c "$jar" -b "$jar" "$base/verify-email?email=$email" | csrf_of)
  curl -fs -o /dev/null -c "$jar" -b "$jar" -H "Origin: $origin" \
    --data-urlencode "csrf=$token" --data-urlencode "email=$email" --data-urlencode "code=$code" "$base/verify-email"
  visitor=$(awk '$6 == "vestibule_visitor" { print $7 }' "$jar")
  token=$(curl -fs -b "vestibule_visitor=$visitor" "$base/sign-in" | csrf_of)
  echo "$(awk '$6 == "vestibule_session" { print $7 }' "$jar") $visitor $token"
}

## sign_in_request NAME ORIGIN EMAIL VISITOR TOKEN: one full password sign-in, as a wrk script
## ($work/NAME.lua) and as a curl config ($work/NAME.curl) to check it once before wrk repeats it
sign_in_request() {
  local body
  body="csrf=$5&email=$(sed 's/@/%40/' <<<"$3")&password=$(tr ' ' '+' <<<"$password")"
  cat >"$work/$1.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Origin"] = "$2"
wrk.headers["Cookie"] = "vestibule_visitor=$4"
wrk.body = "$body"
LUA
  cat >"$work/$1.curl" <<CURL
request = "POST"
header = "Content-Type: application/x-www-form-urlencoded"
header = "Origin: $2"
header = "Cookie: vestibule_visitor=$4"
data = "$body"
CURL
}

## check_status EXPECTED CURL-ARGUMENTS…: stops the benchmark unless the request gets EXPECTED, so that wrk
## never counts redirects to the sign-in page as session checks
check_status() {
  local expected=$1 status
  shift
  status=$(curl -s -o /dev/null -w '%{http_code}' "$@")
  [ "$status" = "$expected" ] || { echo "expected $expected, got $status: curl $*" >&2; exit 1; }
}

echo "== starting PostgreSQL, three vestibule instances (release: SQLite, PostgreSQL ×2) and nginx on loopback"
start_postgres
serve sqlite "$sqlite_port"
# The PostgreSQL instances share the database and the secret keys; their public origin is the pair's nginx.
pg_origin="http://localhost:$pair_port"
export VESTIBULE_SECRET_KEYS
VESTIBULE_SECRET_KEYS=$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=\n')
for index in 0 1; do
  serve "pg$index" "${pg_ports[$index]}" --database "$database_url" --public-url "$pg_origin" --trust-proxy-headers true
  wait_for "http://127.0.0.1:${pg_ports[$index]}/readyz"  # one at a time: the first one migrates
done
unset VESTIBULE_SECRET_KEYS
mkdir -p "$work/www" "$work/tmp" && printf 'ok' >"$work/www/healthz"
proxy_to() {
  cat <<NGINX
  server {
    listen 127.0.0.1:$1;
    location / {
      proxy_pass http://$2;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    }
  }
NGINX
}
cat >"$work/nginx.conf" <<NGINX
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/tmp; proxy_temp_path $work/tmp; fastcgi_temp_path $work/tmp;
  uwsgi_temp_path $work/tmp; scgi_temp_path $work/tmp;
  server { listen 127.0.0.1:$nginx_port; root $work/www; }
  # Kept-alive upstream connections, as a production proxy has: no TCP handshake per proxied request.
  upstream pair { server 127.0.0.1:${pg_ports[0]}; server 127.0.0.1:${pg_ports[1]}; keepalive 64; }
  upstream single { server 127.0.0.1:${pg_ports[0]}; keepalive 64; }
$(proxy_to "$pair_port" pair)
$(proxy_to "$single_port" single)
}
NGINX
nginx -c "$work/nginx.conf" -p "$work" -e "$work/nginx-error.log"
wait_for "http://127.0.0.1:$sqlite_port/healthz"
wait_for "http://127.0.0.1:$nginx_port/healthz"
wait_for "http://127.0.0.1:$pair_port/readyz"

echo "== HTTP: wrk -t2 -c$connections -d${duration}s, $rounds interleaved rounds"
for round in $(seq "$rounds"); do
  v=$(measure http-vestibule -t2 -c"$connections" -d"${duration}s" "http://127.0.0.1:$sqlite_port/healthz")
  n=$(measure http-nginx -t2 -c"$connections" -d"${duration}s" "http://127.0.0.1:$nginx_port/healthz")
  echo "   round $round: vestibule /healthz $v req/s, nginx static file $n req/s"
done

echo "== accounts: one whose session wrk presents, one wrk signs in to, per database"
# Two accounts, because every sign-in adds a session and /account lists them: the checked page stays the same.
sqlite_base="http://127.0.0.1:$sqlite_port" sqlite_origin="http://localhost:$sqlite_port" pg_base="http://127.0.0.1:${pg_ports[0]}"
account=$(new_account "$sqlite_base" "$sqlite_origin" reader@example.com "$work/sqlite")
sqlite_session=${account%% *}
account=$(new_account "$sqlite_base" "$sqlite_origin" bench@example.com "$work/sqlite")
sign_in_request sign-in-sqlite "$sqlite_origin" bench@example.com ${account#* }
account=$(new_account "$pg_base" "$pg_origin" reader@example.com "$work/pg0" "$work/pg1")
pg_session=${account%% *}
account=$(new_account "$pg_base" "$pg_origin" bench@example.com "$work/pg0" "$work/pg1")
sign_in_request sign-in-pg "$pg_origin" bench@example.com ${account#* }

# name:port:session:lua, in the order of the table
deployments=("sqlite:$sqlite_port:$sqlite_session:sqlite" "pg1:${pg_ports[0]}:$pg_session:pg"
             "pg1-nginx:$single_port:$pg_session:pg" "pg2-nginx:$pair_port:$pg_session:pg")
for deployment in "${deployments[@]}"; do
  IFS=: read -r _ port session lua <<<"$deployment"
  check_status 200 -b "vestibule_session=$session" "http://127.0.0.1:$port/account"
  check_status 303 -K "$work/sign-in-$lua.curl" "http://127.0.0.1:$port/sign-in"
done

echo "== session checks (GET /account, wrk -t2 -c$connections) and password sign-ins (wrk -t2 -c8), $rounds interleaved rounds"
for round in $(seq "$rounds"); do
  for deployment in "${deployments[@]}"; do
    IFS=: read -r name port session lua <<<"$deployment"
    c=$(measure "checks-$name" -t2 -c"$connections" -d"${duration}s" -H "Cookie: vestibule_session=$session" \
      "http://127.0.0.1:$port/account")
    s=$(measure "signins-$name" -t2 -c8 -d"${duration}s" -s "$work/sign-in-$lua.lua" "http://127.0.0.1:$port/sign-in")
    echo "   round $round, $name: $c session checks/s, $s sign-ins/s"
  done
  r=$("$bench_binary" "$duration" argon2id-libsodium-raw-all-cores | awk '{ print $2 }')
  echo "$r" >>"$work/signin-raw"
  echo "   round $round: raw Argon2id on all cores $r/s"
done
# What the two-instance deployment looks like from `top` while wrk checks sessions: the machine's summary,
# then our processes only (top takes at most 20 ids).
wrk -t2 -c"$connections" -d4s -H "Cookie: vestibule_session=$pg_session" "http://127.0.0.1:$pair_port/account" >/dev/null &
wrk_pid=$!
sleep 1.5
ours=$(echo "${vestibule_pids[@]:1}" "$wrk_pid" $(children_of "$work/nginx.pid") $(children_of "$pg_cluster/postmaster.pid") |
  tr ' ' '\n' | head -20 | paste -sd,)
top -b -n2 -d1 -w 120 -p "$ours" | awk '/^top -/ { frame++ } frame == 2 && NF' >"$work/top"
wait "$wrk_pid"
# Only the crypto section is left: one core each, so nothing else should run.
for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
kill "$(cat "$work/nginx.pid")"
"${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_cluster" -m fast -w stop >/dev/null
sleep 0.5

echo "== crypto: vestibule-bench and openssl speed, $rounds interleaved rounds (one core each)"
for round in $(seq "$rounds"); do
  "$bench_binary" 3 jws-verify-rs256 jws-verify-es256 passkey-assertion-es256 argon2id-vestibule argon2id-libsodium-raw \
    >"$work/bench-$round"
  sed 's/^/   /' "$work/bench-$round"
  awk '/jws-verify-rs256/ { print $2 }' "$work/bench-$round" >>"$work/rs256-vestibule"
  awk '/jws-verify-es256/ { print $2 }' "$work/bench-$round" >>"$work/es256-vestibule"
  awk '/passkey-assertion-es256/ { print $2 }' "$work/bench-$round" >>"$work/passkey-vestibule"
  awk '/argon2id-vestibule/ { print $2 }' "$work/bench-$round" >>"$work/argon-vestibule"
  awk '/argon2id-libsodium-raw/ { print $2 }' "$work/bench-$round" >>"$work/argon-raw"
  openssl speed -seconds 3 rsa2048 2>/dev/null | awk '/^rsa 2048 bits/ { print $NF }' >>"$work/rs256-openssl"
  openssl speed -seconds 3 ecdsap256 2>/dev/null | awk '/nistp256\)/ { print $NF }' >>"$work/es256-openssl"
  echo "   openssl speed: rsa2048 verify $(tail -1 "$work/rs256-openssl")/s, ecdsap256 verify $(tail -1 "$work/es256-openssl")/s"
done

row() { printf '%-42s %12s %12s %8s\n' "$1" "$2" "$3" "$4"; }
echo
echo "== medians (operations per second) on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
row "measurement" "vestibule" "limit" "ratio"
for pair in "HTTP GET /healthz vs nginx static:http-vestibule:http-nginx" \
            "RS256 verify vs openssl speed:rs256-vestibule:rs256-openssl" \
            "ES256 verify vs openssl speed:es256-vestibule:es256-openssl" \
            "passkey assertion (ES256) vs openssl verify:passkey-vestibule:es256-openssl" \
            "Argon2id m=19MiB t=2 vs raw libsodium:argon-vestibule:argon-raw" \
            "password sign-ins/s vs raw Argon2id, all cores:signins-sqlite:signin-raw"; do
  IFS=: read -r label ours limit <<<"$pair"
  a=$(median <"$work/$ours"); b=$(median <"$work/$limit")
  row "$label" "$a" "$b" "$(ratio "$a" "$b")"
done

echo
echo "== deployments: medians per second, ratios to one SQLite instance"
printf '%-34s %14s %7s %14s %7s\n' "deployment" "session checks" "ratio" "sign-ins" "ratio"
base_checks=$(median <"$work/checks-sqlite"); base_signins=$(median <"$work/signins-sqlite")
for pair in "one SQLite instance:sqlite" "one PostgreSQL instance:pg1" "one PostgreSQL instance, via nginx:pg1-nginx" \
            "two PostgreSQL instances, via nginx:pg2-nginx"; do
  IFS=: read -r label name <<<"$pair"
  c=$(median <"$work/checks-$name"); s=$(median <"$work/signins-$name")
  printf '%-34s %14s %7s %14s %7s\n' "$label" "$c" "$(ratio "$c" "$base_checks")" "$s" "$(ratio "$s" "$base_signins")"
done

echo
echo "== CPU while wrk ran (medians): cores of $(nproc) busy, and CPU milliseconds per request (steadier than rates"
echo "   on a shared machine: what others take shows under other, not in the cost of a request)"
printf '%-20s %9s %9s %9s %9s %9s  %11s %11s %11s\n' "run" "vestibule" "postgres" "nginx" "wrk" "other" \
  "vestibule" "postgres" "nginx"
for name in sqlite pg1 pg1-nginx pg2-nginx; do
  for kind in checks signins; do
    printf '%-20s' "$kind, $name"
    cores=()
    for column in 1 2 3 4 5; do
      cores+=("$(awk -v c="$column" '{ print $c }' "$work/$kind-$name.cpu" | median)")
      printf ' %9s' "${cores[-1]}"
    done
    rate=$(median <"$work/$kind-$name")
    printf '  %8s ms %8s ms %8s ms\n' "$(per_request "${cores[0]}" "$rate")" "$(per_request "${cores[1]}" "$rate")" \
      "$(per_request "${cores[2]}" "$rate")"
  done
done
echo "(other: whatever else ran on the machine meanwhile; it is shared)"
echo
echo "== top, second frame, while wrk checked sessions through nginx on both PostgreSQL instances"
cat "$work/top"
