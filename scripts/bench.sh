#!/usr/bin/env bash
# Vestibule next to the physical limits of this machine, measured in one run and interleaved:
#   HTTP:   wrk against `vestibule serve` /healthz and against nginx serving a small static file
#   JWS:    RS256 / ES256 verifications per second (one core) next to `openssl speed`
#   Argon2: hashes per second at Vestibule's defaults next to libsodium called directly
#   Password sign-ins per second through HTTP next to raw Argon2id on every core
# The machine is noisy: every figure is the median of ROUNDS runs, and ratios compare medians.
# usage: scripts/bench.sh PATH/TO/vestibule-bench   (run through `make bench`)
set -euo pipefail
bench_binary=$1
bin_dir=$(dirname "$bench_binary")
rounds=${ROUNDS:-3}
duration=${DURATION:-5}
connections=${CONNECTIONS:-64}
vestibule_port=18080
nginx_port=18081
work=$(mktemp -d)
chmod 755 "$work"  # nginx workers run as an unprivileged user and must read the document root
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
wait_for() { for _ in $(seq 100); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "no answer from $1" >&2; exit 1; }
wrk_rate() { wrk -t2 -c"$connections" -d"${duration}s" "$1" | awk '/Requests\/sec/ { print $2 }'; }

echo "== starting vestibule (release) and nginx on loopback"
"$bin_dir/vestibule" serve --port "$vestibule_port" --data-dir "$work/data" --log-level warning \
  --sign-in-attempts-per-minute 1000000 --sign-in-attempts-per-account 1000000 >"$work/vestibule.log" 2>&1 &
pids+=($!)
mkdir -p "$work/www" && printf 'ok' >"$work/www/healthz"
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
}
NGINX
mkdir -p "$work/tmp"
nginx -c "$work/nginx.conf" -p "$work"
wait_for "http://127.0.0.1:$vestibule_port/healthz"
wait_for "http://127.0.0.1:$nginx_port/healthz"

echo "== HTTP: wrk -t2 -c$connections -d${duration}s, $rounds interleaved rounds"
for round in $(seq "$rounds"); do
  v=$(wrk_rate "http://127.0.0.1:$vestibule_port/healthz"); echo "$v" >>"$work/http-vestibule"
  n=$(wrk_rate "http://127.0.0.1:$nginx_port/healthz"); echo "$n" >>"$work/http-nginx"
  echo "   round $round: vestibule /healthz $v req/s, nginx static file $n req/s"
done
kill "$(cat "$work/nginx.pid")"

echo "== password sign-ins through HTTP (wrk -t2 -c8, each a full sign-in: Argon2id verify + new session)"
base="http://127.0.0.1:$vestibule_port"
jar="$work/cookies"
csrf_of() { sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1; }
token=$(curl -fs -c "$jar" -b "$jar" "$base/sign-up" | csrf_of)
curl -fs -o /dev/null -c "$jar" -b "$jar" -H "Origin: http://localhost:$vestibule_port" \
  --data-urlencode "csrf=$token" --data-urlencode "email=bench@example.com" --data-urlencode "password=bench correct horse" "$base/sign-up"
sleep 0.5
code=$(grep -h -o -m1 '[0-9]\{6\}' "$work"/data/outbox/*.eml | head -1)
token=$(curl -fs -c "$jar" -b "$jar" "$base/verify-email?email=bench%40example.com" | csrf_of)
curl -fs -o /dev/null -c "$jar" -b "$jar" -H "Origin: http://localhost:$vestibule_port" \
  --data-urlencode "csrf=$token" --data-urlencode "email=bench@example.com" --data-urlencode "code=$code" "$base/verify-email"
jar_visitor=$(awk '$6 == "vestibule_visitor" { print $7 }' "$jar")
token=$(curl -fs -b "vestibule_visitor=$jar_visitor" "$base/sign-in" | csrf_of)
cat >"$work/sign-in.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Origin"] = "http://localhost:$vestibule_port"
wrk.headers["Cookie"] = "vestibule_visitor=$jar_visitor"
wrk.body = "csrf=$token&email=bench%40example.com&password=bench+correct+horse"
LUA
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Content-Type: application/x-www-form-urlencoded" \
  -H "Origin: http://localhost:$vestibule_port" -b "vestibule_visitor=$jar_visitor" \
  --data "csrf=$token&email=bench%40example.com&password=bench+correct+horse" "$base/sign-in")
[ "$status" = 303 ] || { echo "the benchmark account cannot sign in (HTTP $status)" >&2; exit 1; }
for round in $(seq "$rounds"); do
  s=$(wrk -t2 -c8 -d"${duration}s" -s "$work/sign-in.lua" "$base/sign-in" | awk '/Requests\/sec/ { print $2 }')
  echo "$s" >>"$work/signin-vestibule"
  r=$("$bench_binary" "$duration" argon2id-libsodium-raw-all-cores | awk '{ print $2 }')
  echo "$r" >>"$work/signin-raw"
  echo "   round $round: password sign-ins $s/s, raw Argon2id on all cores $r/s"
done
kill "${pids[0]}"; sleep 0.5

echo "== crypto: vestibule-bench and openssl speed, $rounds interleaved rounds (one core each)"
for round in $(seq "$rounds"); do
  "$bench_binary" 3 jws-verify-rs256 jws-verify-es256 argon2id-vestibule argon2id-libsodium-raw >"$work/bench-$round"
  cat "$work/bench-$round" | sed 's/^/   /'
  awk '/jws-verify-rs256/ { print $2 }' "$work/bench-$round" >>"$work/rs256-vestibule"
  awk '/jws-verify-es256/ { print $2 }' "$work/bench-$round" >>"$work/es256-vestibule"
  awk '/argon2id-vestibule/ { print $2 }' "$work/bench-$round" >>"$work/argon-vestibule"
  awk '/argon2id-libsodium-raw/ { print $2 }' "$work/bench-$round" >>"$work/argon-raw"
  openssl speed -seconds 3 rsa2048 2>/dev/null | awk '/^rsa 2048 bits/ { print $NF }' >>"$work/rs256-openssl"
  openssl speed -seconds 3 ecdsap256 2>/dev/null | awk '/nistp256\)/ { print $NF }' >>"$work/es256-openssl"
  echo "   openssl speed: rsa2048 verify $(tail -1 "$work/rs256-openssl")/s, ecdsap256 verify $(tail -1 "$work/es256-openssl")/s"
done

row() { printf '%-34s %12s %12s %8s\n' "$1" "$2" "$3" "$4"; }
echo
echo "== medians (operations per second) on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
row "measurement" "vestibule" "limit" "ratio"
for pair in "HTTP GET /healthz vs nginx static:http-vestibule:http-nginx" \
            "RS256 verify vs openssl speed:rs256-vestibule:rs256-openssl" \
            "ES256 verify vs openssl speed:es256-vestibule:es256-openssl" \
            "Argon2id m=19MiB t=2 vs raw libsodium:argon-vestibule:argon-raw" \
            "password sign-ins/s vs raw Argon2id, all cores:signin-vestibule:signin-raw"; do
  IFS=: read -r label ours limit <<<"$pair"
  a=$(median <"$work/$ours"); b=$(median <"$work/$limit")
  row "$label" "$a" "$b" "$(ratio "$a" "$b")"
done
