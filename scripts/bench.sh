#!/usr/bin/env bash
# Vestibule next to the physical limits of this machine, measured in one run and interleaved:
#   HTTP:        wrk against one SQLite `vestibule serve` (/healthz, and with a session cookie forward-auth,
#                GET /api/v1/session and the account page) and against nginx serving a small static file; the
#                instance's RSS at its peak under that load
#   Deployments: session checks (forward-auth with a session cookie) and password sign-ins per second for one
#                SQLite instance, one PostgreSQL instance (directly and through nginx) and two PostgreSQL
#                instances behind nginx, with the CPU each process took meanwhile
#   Start-up:    milliseconds from exec to /readyz answering (SQLite, migrated database) and the idle RSS then
#   JWS:         RS256 / ES256 verifications per second (one core) next to `openssl speed`; Apple identity tokens
#                (RS256, with every claim check) next to `openssl speed rsa2048` verify
#   Passkeys:    ES256 WebAuthn assertion verifications per second (one core) next to `openssl speed ecdsap256`
#   Argon2:      hashes per second at Vestibule's defaults next to libsodium called directly
#   Password sign-ins per second through HTTP (SQLite) next to raw Argon2id on every core
#   OpenID Provider (one SQLite instance): code exchanges (authorization GET + token POST, RS256 ID token and
#                ES256 access token), the token endpoint alone, refresh grants, userinfo and introspection per
#                second, next to `openssl speed` sign and verify rates on every core and the published anchors
#                (Keycloak's sizing guide, Ory Hydra's benchmark)
# The machine is noisy: every figure is the median of ROUNDS runs, and ratios compare medians. Every instance
# writes its access log (--log-level info), as the goals in the summary require.
# It starts its own throwaway PostgreSQL cluster and nginx, and stops everything it started on exit.
# usage: scripts/bench.sh PATH/TO/vestibule-bench   (run through `make bench`)
#   SECTIONS=oidc runs only the OpenID Provider part (with its openssl limits): a quick check of that part alone.
set -euo pipefail
bench_binary=$1
bin_dir=$(dirname "$bench_binary")
rounds=${ROUNDS:-3}
duration=${DURATION:-5}
connections=${CONNECTIONS:-64}
oidc_connections=${OIDC_CONNECTIONS:-16}  # threads of vestibule-bench's chained requests, one connection each
# Password sign-ins in flight: as many as one instance's hashing gate admits (one hash per core running, as many
# waiting); more are turned away with 503 at once, which is the overload protection working, not a sign-in.
signin_connections=${SIGNIN_CONNECTIONS:-$((2 * $(nproc)))}
starts=${STARTS:-5}    # start-up measurements
sections=${SECTIONS:-all}
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

want() { [ "$sections" = all ] || [[ ",$sections," == *",$1,"* ]]; }
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
  if grep -q "Non-2xx" <<<"$output"; then
    echo "wrk $* got errors:" >&2; echo "$output" >&2
    for log in "$work"/*.log; do echo "-- the end of $log:" >&2; tail -5 "$log" >&2; done
    exit 1
  fi
  awk '/Requests\/sec/ { print $2 }' <<<"$output" | tee -a "$work/$name"
  cores_between "$before" "$after" "$(awk '{ print $1 + $2 }' "$work/wrk-time")" >>"$work/$name.cpu"
}

# measure_load NAME COMMAND…: runs vestibule-bench COMMAND…, keeps its output in $work/NAME.out and the CPU
# split (as measure's, the load generator in wrk's column) in $work/NAME.cpu
measure_load() {
  local name=$1 before after TIMEFORMAT="%U %S"
  shift
  before=$(cpu_snapshot)
  if ! { time "$bench_binary" "$@" >"$work/$name.out" 2>"$work/$name.err"; } 2>"$work/load-time"; then
    cat "$work/$name.err" >&2; exit 1
  fi
  after=$(cpu_snapshot)
  cores_between "$before" "$after" "$(awk '{ print $1 + $2 }' "$work/load-time")" >>"$work/$name.cpu"
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

## serve NAME PORT [FLAGS…]: a release `vestibule serve` with its data in $work/NAME, its log (the access log
## included) in $work/NAME.log, without sign-in rate limits or a connection limit per address (wrk signs in from
## one address, as fast as it can, over several connections)
serve() {
  local name=$1 port=$2
  shift 2
  "$bin_dir/vestibule" serve --development --port "$port" --data-dir "$work/$name" --log-level info \
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

## The OpenID client the benchmark uses: a first-party app (no consent page), HTTP Basic with its key as the
## client secret, no PKCE (requirePKCE false: the bench sends no code_challenge), ID tokens RS256 (the default).
oidc_client=bench
oidc_key=$(openssl rand -hex 32)
oidc_redirect=http://127.0.0.1:9/cb
cat >"$work/apps.json" <<JSON
{"apps":[{"id":"$oidc_client","name":"Bench","keySHA256":"$(printf '%s' "$oidc_key" | sha256sum | cut -d' ' -f1)",
  "openID":{"redirectURIs":["$oidc_redirect"],"firstParty":true,"requirePKCE":false}}]}
JSON

if want core; then
echo "== starting PostgreSQL, three vestibule instances (release: SQLite, PostgreSQL ×2) and nginx on loopback"
start_postgres
else
echo "== starting one vestibule instance (release, SQLite) on loopback"
fi
serve sqlite "$sqlite_port" --apps "$work/apps.json"
if want core; then
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
wait_for "http://127.0.0.1:$nginx_port/healthz"
wait_for "http://127.0.0.1:$pair_port/readyz"
fi
wait_for "http://127.0.0.1:$sqlite_port/healthz"
sqlite_base="http://127.0.0.1:$sqlite_port" sqlite_origin="http://localhost:$sqlite_port" pg_base="http://127.0.0.1:${pg_ports[0]}"

if want core; then

echo "== accounts: one whose session wrk presents, one wrk signs in to, per database"
# Two accounts, because every sign-in adds a session and /account lists them: the checked page stays the same.
account=$(new_account "$sqlite_base" "$sqlite_origin" reader@example.com "$work/sqlite")
sqlite_session=${account%% *}
account=$(new_account "$sqlite_base" "$sqlite_origin" bench@example.com "$work/sqlite")
sign_in_request sign-in-sqlite "$sqlite_origin" bench@example.com ${account#* }
account=$(new_account "$pg_base" "$pg_origin" reader@example.com "$work/pg0" "$work/pg1")
pg_session=${account%% *}
account=$(new_account "$pg_base" "$pg_origin" bench@example.com "$work/pg0" "$work/pg1")
sign_in_request sign-in-pg "$pg_origin" bench@example.com ${account#* }

## The session checks wrk repeats, as name:path:status (forward-auth answers 204 without a body)
checks=("forward-auth:/api/v1/forward-auth:204" "session:/api/v1/session:200" "account:/account:200")
for check in "${checks[@]}"; do
  IFS=: read -r _ path status <<<"$check"
  check_status "$status" -b "vestibule_session=$sqlite_session" "$sqlite_base$path"
done

echo "== HTTP, one SQLite instance: wrk -t2 -c$connections -d${duration}s, $rounds interleaved rounds; the session"
echo "   checks with the session cookie"
# The peak RSS from here on (writing 5 to clear_refs resets it): the sign-ups' password hashes are not load.
echo 5 >"/proc/${vestibule_pids[0]}/clear_refs"
for round in $(seq "$rounds"); do
  v=$(measure http-vestibule -t2 -c"$connections" -d"${duration}s" "$sqlite_base/healthz")
  n=$(measure http-nginx -t2 -c"$connections" -d"${duration}s" "http://127.0.0.1:$nginx_port/healthz")
  line="   round $round: nginx static file $n req/s, vestibule /healthz $v"
  for check in "${checks[@]}"; do
    IFS=: read -r name path _ <<<"$check"
    r=$(measure "http-$name" -t2 -c"$connections" -d"${duration}s" -H "Cookie: vestibule_session=$sqlite_session" \
      "$sqlite_base$path")
    line+=", $name $r"
  done
  echo "$line req/s"
done
awk '/^VmHWM:/ { print $2 }' "/proc/${vestibule_pids[0]}/status" >"$work/rss-loaded"
echo "   peak RSS of the SQLite instance under that load: $(cat "$work/rss-loaded") kB"

# name:port:session:lua, in the order of the table
deployments=("sqlite:$sqlite_port:$sqlite_session:sqlite" "pg1:${pg_ports[0]}:$pg_session:pg"
             "pg1-nginx:$single_port:$pg_session:pg" "pg2-nginx:$pair_port:$pg_session:pg")
for deployment in "${deployments[@]}"; do
  IFS=: read -r _ port session lua <<<"$deployment"
  check_status 204 -b "vestibule_session=$session" "http://127.0.0.1:$port/api/v1/forward-auth"
  check_status 303 -K "$work/sign-in-$lua.curl" "http://127.0.0.1:$port/sign-in"
done

echo "== session checks (forward-auth, wrk -t2 -c$connections) and password sign-ins (wrk -t2 -c$signin_connections),"
echo "   $rounds interleaved rounds"
for round in $(seq "$rounds"); do
  for deployment in "${deployments[@]}"; do
    IFS=: read -r name port session lua <<<"$deployment"
    c=$(measure "checks-$name" -t2 -c"$connections" -d"${duration}s" -H "Cookie: vestibule_session=$session" \
      "http://127.0.0.1:$port/api/v1/forward-auth")
    s=$(measure "signins-$name" -t2 -c"$signin_connections" -d"${duration}s" -s "$work/sign-in-$lua.lua" \
      "http://127.0.0.1:$port/sign-in")
    echo "   round $round, $name: $c session checks/s, $s sign-ins/s"
  done
  r=$("$bench_binary" "$duration" argon2id-libsodium-raw-all-cores | awk '{ print $2 }')
  echo "$r" >>"$work/signin-raw"
  echo "   round $round: raw Argon2id on all cores $r/s"
done
# What the two-instance deployment looks like from `top` while wrk checks sessions: the machine's summary,
# then our processes only (top takes at most 20 ids).
wrk -t2 -c"$connections" -d4s -H "Cookie: vestibule_session=$pg_session" "http://127.0.0.1:$pair_port/api/v1/forward-auth" \
  >/dev/null &
wrk_pid=$!
sleep 1.5
ours=$(echo "${vestibule_pids[@]:1}" "$wrk_pid" $(children_of "$work/nginx.pid") $(children_of "$pg_cluster/postmaster.pid") |
  tr ' ' '\n' | head -20 | paste -sd,)
top -b -n2 -d1 -w 120 -p "$ours" | awk '/^top -/ { frame++ } frame == 2 && NF' >"$work/top"
wait "$wrk_pid"
fi  # want core

if want oidc; then
## OpenID Provider on the SQLite instance. A signed-in account whose session cookie the authorization requests
## carry; vestibule-bench chains the requests wrk cannot (a code per authorization, a refresh token per refresh).
echo "== OpenID Provider (one SQLite instance): an account signed in for the authorization requests"
account=$(new_account "$sqlite_base" "$sqlite_origin" oidc@example.com "$work/sqlite")
oidc_session=${account%% *}
oidc_args=(--url "$sqlite_base" --cookie "$oidc_session" --client "$oidc_client" --key "$oidc_key"
           --redirect-uri "$oidc_redirect" --connections "$oidc_connections" --seconds "$duration")
# fresh_access_token: an authorization and a code exchange by curl; prints the access token (it lives 5 minutes,
# so each wrk run gets one made just before it)
fresh_access_token() {
  local location code
  location=$(curl -fs -o /dev/null -w '%{redirect_url}' -b "vestibule_session=$oidc_session" \
    "$sqlite_base/oidc/authorize?client_id=$oidc_client&redirect_uri=$oidc_redirect&response_type=code&scope=openid%20email%20offline_access&state=s")
  code=$(sed -n 's/.*[?&]code=\([^&]*\).*/\1/p' <<<"$location")
  [ -n "$code" ] || { echo "no code in the authorization's answer: $location" >&2; exit 1; }
  curl -fs -u "$oidc_client:$oidc_key" --data-urlencode grant_type=authorization_code --data-urlencode "code=$code" \
    --data-urlencode "redirect_uri=$oidc_redirect" "$sqlite_base/oidc/token" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p'
}
basic=$(printf '%s:%s' "$oidc_client" "$oidc_key" | base64 -w0)
echo "== OpenID Provider: vestibule-bench -c$oidc_connections (chained requests), wrk -t2 -c$connections (userinfo,"
echo "   introspection), ${duration}s each, $rounds interleaved rounds"
for round in $(seq "$rounds"); do
  measure_load oidc-exchanges oidc-exchanges "${oidc_args[@]}"
  measure_load oidc-refresh oidc-refresh "${oidc_args[@]}"
  cat "$work/oidc-exchanges.out" "$work/oidc-refresh.out" >"$work/oidc-$round"
  for name in oidc-exchange-pairs oidc-authorize oidc-token-code oidc-refresh; do
    awk -v n="$name" '$1 == n { print $2 }' "$work/oidc-$round" >>"$work/$name"
  done
  access_token=$(fresh_access_token)
  [ -n "$access_token" ] || { echo "no access token from the token endpoint" >&2; exit 1; }
  check_status 200 -H "Authorization: Bearer $access_token" "$sqlite_base/oidc/userinfo"
  u=$(measure oidc-userinfo -t2 -c"$connections" -d"${duration}s" -H "Authorization: Bearer $access_token" \
    "$sqlite_base/oidc/userinfo")
  cat >"$work/introspect.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Authorization"] = "Basic $basic"
wrk.body = "token=$access_token"
LUA
  introspection=$(curl -fs -u "$oidc_client:$oidc_key" --data-urlencode "token=$access_token" "$sqlite_base/oidc/introspect")
  grep -q '"active":true' <<<"$introspection" || { echo "introspection of a fresh token: $introspection" >&2; exit 1; }
  i=$(measure oidc-introspect -t2 -c"$connections" -d"${duration}s" -s "$work/introspect.lua" "$sqlite_base/oidc/introspect")
  echo "   round $round: $(awk '{ printf "%s %s/s, ", substr($1, 6), $2 }' "$work/oidc-$round")userinfo $u/s, introspection $i/s"
done
fi  # want oidc
# Only start-up and the crypto section are left: nothing else should run meanwhile.
for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
if want core; then
  kill "$(cat "$work/nginx.pid")"
  "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_cluster" -m fast -w stop >/dev/null
fi
sleep 0.5

if want core; then
  echo "== start-up: $starts starts of a release instance on a migrated SQLite database, from exec to /readyz answering"
  "$bench_binary" startup "$bin_dir/vestibule" "$work/startup" "$starts" >"$work/startup.out"
  sed 's/^/   /' "$work/startup.out"
  awk '$1 == "ready-ms" { print $2 }' "$work/startup.out" >"$work/ready-ms"
  awk '$1 == "idle-rss-kb" { print $2 }' "$work/startup.out" >"$work/rss-idle"
fi

echo "== crypto: vestibule-bench and openssl speed, $rounds interleaved rounds (one core each)"
for round in $(seq "$rounds"); do
  if want core; then
  "$bench_binary" 3 jws-verify-rs256 jws-verify-es256 apple-identity-token-rs256 passkey-assertion-es256 \
    argon2id-vestibule argon2id-libsodium-raw >"$work/bench-$round"
  sed 's/^/   /' "$work/bench-$round"
  awk '/jws-verify-rs256/ { print $2 }' "$work/bench-$round" >>"$work/rs256-vestibule"
  awk '/jws-verify-es256/ { print $2 }' "$work/bench-$round" >>"$work/es256-vestibule"
  awk '/apple-identity-token-rs256/ { print $2 }' "$work/bench-$round" >>"$work/apple-vestibule"
  awk '/passkey-assertion-es256/ { print $2 }' "$work/bench-$round" >>"$work/passkey-vestibule"
  awk '/argon2id-vestibule/ { print $2 }' "$work/bench-$round" >>"$work/argon-vestibule"
  awk '/argon2id-libsodium-raw/ { print $2 }' "$work/bench-$round" >>"$work/argon-raw"
  fi
  # The last two columns are sign/s and verify/s: signing is the limit for issuing tokens, verifying for
  # checking them.
  openssl speed -seconds 3 rsa2048 2>/dev/null | awk '/^rsa 2048 bits/ { print $(NF - 1), $NF }' >"$work/openssl-rsa"
  openssl speed -seconds 3 ecdsap256 2>/dev/null | awk '/nistp256\)/ { print $(NF - 1), $NF }' >"$work/openssl-ec"
  awk '{ print $2 }' "$work/openssl-rsa" >>"$work/rs256-openssl"; awk '{ print $1 }' "$work/openssl-rsa" >>"$work/rs256-sign-openssl"
  awk '{ print $2 }' "$work/openssl-ec" >>"$work/es256-openssl"; awk '{ print $1 }' "$work/openssl-ec" >>"$work/es256-sign-openssl"
  echo "   openssl speed: rsa2048 sign $(tail -1 "$work/rs256-sign-openssl")/s verify $(tail -1 "$work/rs256-openssl")/s," \
    "ecdsap256 sign $(tail -1 "$work/es256-sign-openssl")/s verify $(tail -1 "$work/es256-openssl")/s"
done

row() { printf '%-42s %12s %12s %8s\n' "$1" "$2" "$3" "$4"; }
if want oidc; then
  cores=$(nproc)
  rs_sign=$(median <"$work/rs256-sign-openssl"); es_sign=$(median <"$work/es256-sign-openssl")
  es_verify=$(median <"$work/es256-openssl")
  # Per core: both signatures a grant makes (one RS256 ID token, one ES256 access token) one after the other.
  both_sign=$(awk -v r="$rs_sign" -v e="$es_sign" 'BEGIN { printf "%.1f", (r > 0 && e > 0 ? 1 / (1 / r + 1 / e) : 0) }')
  times() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a * b }'; }
  pairs=$(median <"$work/oidc-exchange-pairs"); authorizations=$(median <"$work/oidc-authorize")
  redemptions=$(median <"$work/oidc-token-code"); refreshes=$(median <"$work/oidc-refresh")
  userinfo=$(median <"$work/oidc-userinfo"); introspections=$(median <"$work/oidc-introspect")
  echo
  echo "== OpenID Provider, one SQLite instance: medians per second on $cores cores, $(date -u +%Y-%m-%dT%H:%MZ);"
  echo "   limits: openssl speed on one core × $cores cores (a code exchange or refresh signs one RS256 ID token and"
  echo "   one ES256 access token; userinfo and introspection verify one ES256 access token)"
  row "measurement" "vestibule" "limit" "ratio"
  row "openssl speed rsa2048 sign, one core" "" "$rs_sign" ""
  row "openssl speed ecdsap256 sign, one core" "" "$es_sign" ""
  row "openssl speed ecdsap256 verify, one core" "" "$es_verify" ""
  row "code exchanges (authorize+token) vs RS256" "$pairs" "$(times "$rs_sign" "$cores")" \
    "$(ratio "$pairs" "$(times "$rs_sign" "$cores")")"
  row "code exchanges vs RS256+ES256 signs" "$pairs" "$(times "$both_sign" "$cores")" \
    "$(ratio "$pairs" "$(times "$both_sign" "$cores")")"
  row "authorization GETs alone (no signature)" "$authorizations" "" ""
  row "token endpoint alone (code) vs RS256" "$redemptions" "$(times "$rs_sign" "$cores")" \
    "$(ratio "$redemptions" "$(times "$rs_sign" "$cores")")"
  row "token endpoint alone vs RS256+ES256 signs" "$redemptions" "$(times "$both_sign" "$cores")" \
    "$(ratio "$redemptions" "$(times "$both_sign" "$cores")")"
  row "refresh grants vs RS256+ES256 signs" "$refreshes" "$(times "$both_sign" "$cores")" \
    "$(ratio "$refreshes" "$(times "$both_sign" "$cores")")"
  row "userinfo (GET, bearer) vs ES256 verify" "$userinfo" "$(times "$es_verify" "$cores")" \
    "$(ratio "$userinfo" "$(times "$es_verify" "$cores")")"
  row "introspection vs ES256 verify" "$introspections" "$(times "$es_verify" "$cores")" \
    "$(ratio "$introspections" "$(times "$es_verify" "$cores")")"
  echo
  echo "== OpenID Provider, CPU while the load ran (medians): cores of $cores busy, vestibule's CPU milliseconds per"
  echo "   request, and the signature's (or verification's) own CPU at openssl speed's rate, as a share of it: a ratio"
  echo "   that does not depend on how much of the machine others took (the refresh figure includes the"
  echo "   $oidc_connections untimed exchanges that start the chains)"
  printf '%-24s %9s %9s %9s  %11s %11s %7s\n' "run" "vestibule" "load" "other" "vestibule" "crypto" "ratio"
  sign_ms=$(awk -v r="$rs_sign" -v e="$es_sign" 'BEGIN { printf "%.3f", (r > 0 && e > 0 ? 1000 / r + 1000 / e : 0) }')
  verify_ms=$(awk -v v="$es_verify" 'BEGIN { printf "%.3f", (v > 0 ? 1000 / v : 0) }')
  for pair in "refresh grants:oidc-refresh:$sign_ms" "userinfo:oidc-userinfo:$verify_ms" \
              "introspection:oidc-introspect:$verify_ms"; do
    IFS=: read -r label name crypto_ms <<<"$pair"
    v=$(awk '{ print $1 }' "$work/$name.cpu" | median); w=$(awk '{ print $4 }' "$work/$name.cpu" | median)
    o=$(awk '{ print $5 }' "$work/$name.cpu" | median)
    ms=$(per_request "$v" "$(median <"$work/$name")")
    printf '%-24s %9s %9s %9s  %8s ms %8s ms %7s\n' "$label" "$v" "$w" "$o" "$ms" "$crypto_ms" "$(ratio "$crypto_ms" "$ms")"
  done
  echo "(load: vestibule-bench for refresh grants, wrk for the others; crypto: one RS256 and one ES256 signature"
  echo " for a refresh grant, one ES256 verification for userinfo and introspection)"
  echo
  echo "== OpenID Provider next to published figures (their machines, not this one: orders of magnitude only)"
  row "anchor" "vestibule" "anchor" "ratio"
  per_core_refreshes=$(awk -v r="$refreshes" -v c="$cores" 'BEGIN { printf "%.1f", r / c }')
  row "refresh grants per core vs Keycloak/vCPU" "$per_core_refreshes" 120 "$(ratio "$per_core_refreshes" 120)"
  row "introspection vs Hydra (2 CPUs)" "$introspections" 5109 "$(ratio "$introspections" 5109)"
  row "code exchanges vs Hydra client credentials" "$pairs" 513 "$(ratio "$pairs" 513)"
  row "token endpoint alone vs Hydra client cred." "$redemptions" 513 "$(ratio "$redemptions" 513)"
  echo "(Keycloak's sizing guide: 120 refresh grants/s per vCPU. Ory Hydra's benchmark, 2 CPUs, in-memory store:"
  echo " introspection 5,109/s, client credentials 513/s; this machine has $cores cores. Client credentials issue"
  echo " one access token and no ID token or refresh token: a different grant from a code exchange, the closest"
  echo " published token-endpoint figure. Code exchanges here include the authorization GET; the token endpoint"
  echo " alone redeems codes collected just before.)"
fi
want core || exit 0
echo
echo "== medians (operations per second) on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
row "measurement" "vestibule" "limit" "ratio"
for pair in "HTTP GET /healthz vs nginx static:http-vestibule:http-nginx" \
            "RS256 verify vs openssl speed:rs256-vestibule:rs256-openssl" \
            "ES256 verify vs openssl speed:es256-vestibule:es256-openssl" \
            "Argon2id m=19MiB t=2 vs raw libsodium:argon-vestibule:argon-raw"; do
  IFS=: read -r label ours limit <<<"$pair"
  a=$(median <"$work/$ours"); b=$(median <"$work/$limit")
  row "$label" "$a" "$b" "$(ratio "$a" "$b")"
done

## The goals of issue 18: each measurement's median, the median it is compared with, their ratio, the goal and
## whether this run met it. Session checks are on SQLite unless named; every instance writes its access log.
goal_row() { printf '%-46s %10s %10s %7s %7s  %s\n' "$@"; }
# goal LABEL OURS LIMIT AT-LEAST: a ratio that must reach AT-LEAST
goal() {
  local a b r
  a=$(median <"$work/$2"); b=$(median <"$work/$3"); r=$(ratio "$a" "$b")
  goal_row "$1" "$a" "$b" "$r" "≥ $4" "$(awk -v r="$r" -v g="$4" 'BEGIN { print (r >= g ? "met" : "NOT MET") }')"
}
# bound LABEL OURS AT-MOST UNIT DIVISOR: an amount (kB shown in MB, or ms) that must stay within AT-MOST
bound() {
  local a
  a=$(median <"$work/$2" | awk -v d="$5" '{ printf "%.1f", $1 / d }')
  goal_row "$1" "$a $4" "" "" "≤ $3" "$(awk -v a="$a" -v g="$3" 'BEGIN { print (a <= g ? "met" : "NOT MET") }')"
}
echo
echo "== issue 18's goals, medians on $(nproc) cores"
goal_row "measurement" "vestibule" "limit" "ratio" "goal" ""
goal "forward-auth vs nginx static file" http-forward-auth http-nginx 0.7
goal "GET /api/v1/session vs nginx static file" http-session http-nginx 0.5
goal "account page vs nginx static file" http-account http-nginx 0.25
goal "forward-auth, one PostgreSQL instance vs nginx" checks-pg1 http-nginx 0.35
goal "forward-auth, two PostgreSQL behind nginx vs one" checks-pg2-nginx checks-pg1-nginx 1.0
bound "idle RSS (SQLite, after start-up)" rss-idle 20 MB 1024
bound "peak RSS under the session-check load" rss-loaded 48 MB 1024
bound "exec to /readyz answering (migrated SQLite)" ready-ms 40 ms 1
goal "passkey assertion (ES256) vs openssl verify" passkey-vestibule es256-openssl 0.9
goal "password sign-ins vs raw Argon2id, all cores" signins-sqlite signin-raw 0.9
goal "Apple identity token vs openssl rsa2048 verify" apple-vestibule rs256-openssl 0.9
echo "(two PostgreSQL instances are compared with one behind the same nginx, so that the proxy's own cost is on"
echo " both sides; the deployments table below has the direct instance too)"

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
