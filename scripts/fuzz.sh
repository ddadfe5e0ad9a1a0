#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each in turn for FUZZ_SECONDS (default 60).
#   scripts/fuzz.sh                 every target
#   scripts/fuzz.sh cbor jws        only these (names as in Fuzz/Corpus)
# Each target starts from its committed seeds (Fuzz/Corpus/NAME, only read) and the corpus earlier runs grew
# (Fuzz/.build/corpus/NAME). A crash, a failed oracle, a timeout or running out of memory writes the input that
# caused it to Fuzz/.build/crashes/NAME/; the run goes on with the other targets and fails at the end, naming
# the reproducers. Replay one with `Fuzz/.build/release/fuzz-NAME FILE`. Each run adds its executions to
# Fuzz/.build/ledger.tsv, from which the totals in docs/reliability.md are summed.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
seconds=${FUZZ_SECONDS:-60}
process_seconds=120
# Swift's own crash backtracer would read the crashed process's memory and trip AddressSanitizer; libFuzzer prints
# the stack instead.
export SWIFT_BACKTRACE=enable=no
targets=("$@")
((${#targets[@]})) || mapfile -t targets < <(ls Corpus)

echo "Building the fuzz targets (release, -sanitize=fuzzer,address)"
# SWIFT_BUILD_FLAGS: what `make test` passes its own builds (CI: -Xswiftc -warnings-as-errors).
# shellcheck disable=SC2086
${SWIFT:-swift} build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library ${SWIFT_BUILD_FLAGS:-} \
  2>&1 | grep -v "Cannot export local symbol" || true
bin=$(${SWIFT:-swift} build -c release --show-bin-path)

failed=()
printf '%-20s %8s %12s %8s  %s\n' target seconds executions corpus result
for target in "${targets[@]}"; do
  [ -x "$bin/fuzz-$target" ] || { echo "no fuzz target $target (build failed?)" >&2; exit 1; }
  # The crashes folder holds this run's reproducers only: a fixed one is kept in Corpus/ as a regression input.
  rm -rf ".build/crashes/$target"
  mkdir -p ".build/corpus/$target" ".build/crashes/$target" .build/logs
  log=".build/logs/$target.log"
  # Leaks are not checked, neither per input nor at exit: the Swift runtime's lazily filled caches look like leaks
  # to LeakSanitizer, and FoundationXML leaks a string per XML error (docs/reliability.md). Memory a parser keeps
  # growing still fails the run through -rss_limit_mb.
  # The time is spent in fuzzer processes of at most $process_seconds each, one after the other on the same corpus:
  # FoundationXML's leak (svg-artwork) fills the 2 GB limit in about 200 s of one process.
  status=0
  started=$SECONDS
  : >"$log"
  while ((status == 0 && SECONDS - started < seconds)); do
    slice=$((seconds - (SECONDS - started)))
    ((slice > process_seconds)) && slice=$process_seconds
    ASAN_OPTIONS=detect_leaks=0 "$bin/fuzz-$target" -max_total_time="$slice" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
      -print_final_stats=1 -artifact_prefix=".build/crashes/$target/" ".build/corpus/$target" "Corpus/$target" \
      >>"$log" 2>&1 || status=$?
  done
  elapsed=$((SECONDS - started))
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{ sum += $1 } END { print sum }')
  corpus=$(find ".build/corpus/$target" "Corpus/$target" -type f | wc -l)
  result=ok
  if ((status != 0)); then
    result="FAILED: $(grep -m1 -E 'ERROR:|oracle failed|Fatal error|deadly signal' "$log" || echo "exit $status")"
    failed+=("$target")
  elif [ "$target" = json ]; then
    # The second oracle: Python's json module on every input of the corpus.
    python3 json-oracle.py "$bin/fuzz-json" ".build/corpus/json" "Corpus/json" >>"$log" 2>&1 \
      || { result="FAILED: Python's json module disagrees (see $log)"; failed+=("$target"); }
  fi
  printf '%-20s %8s %12s %8s  %s\n' "$target" "$elapsed" "${executions:-?}" "$corpus" "$result"
  printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$elapsed" "${executions:-0}" "$result" >>.build/ledger.tsv
done

if ((${#failed[@]})); then
  echo "Failing targets: ${failed[*]}. Reproducers (and logs in Fuzz/.build/logs):" >&2
  for target in "${failed[@]}"; do find ".build/crashes/$target" -type f | sed "s/^/  Fuzz\//" >&2; done
  exit 1
fi
