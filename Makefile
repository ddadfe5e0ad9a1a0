# The two commands of the README, and the chores around them.
.PHONY: run test soak bench build clean format lint screenshots fuzz

SWIFT ?= swift
# Extra flags for the `swift build` lines of `make test`; CI (.ci/run) sets `-Xswiftc -warnings-as-errors`.
SWIFT_BUILD_FLAGS ?=
DATA_DIR ?= ./.vestibule

## make run: install what is missing, build, and serve Vestibule on http://localhost:8080 (data in ./.vestibule),
## the Apple ID emulator it signs in with Apple against on :8081, and the demo bookstore that uses it on
## http://localhost:8090; Ctrl-C stops all three
run:
	scripts/install-deps.sh build
	$(SWIFT) build --product vestibule
	$(SWIFT) build --product vestibule-bookstore
	$(SWIFT) build --product vestibule-apple-emulator
	scripts/run-demo.sh "$$($(SWIFT) build --show-bin-path)" $(DATA_DIR)

## make test: install what the tests need and run every test
# Suites that run alone after the parallel run: the timing tests (other suites' CPU load would be the noise they
# measure: the enumeration timing, and the overload test's latencies) and the Larger Text gates, Vestibule's and
# the bookstore's (minutes of browser work that would starve the rest).
SOLO_TESTS = EnumerationTests|OverloadTests|LargerTextGateTests|BookstoreLargerTextGateTests
# Then every fuzz target briefly, from its seeds and regression inputs, so that a parser that crashes again fails.
TEST_FUZZ_SECONDS ?= 6
test:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	$(SWIFT) test --skip-build --skip '$(SOLO_TESTS)'
	$(SWIFT) test --skip-build --filter EnumerationTests
	$(SWIFT) test --skip-build --filter OverloadTests
	$(SWIFT) test --skip-build --filter '^VestibuleAppTests.LargerTextGateTests'
	$(SWIFT) test --skip-build --filter BookstoreLargerTextGateTests
	SWIFT='$(SWIFT)' SWIFT_BUILD_FLAGS='$(SWIFT_BUILD_FLAGS)' FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) scripts/fuzz.sh

## make soak: the crash-durability tests at length: Vestibule killed 200 times on SQLite and on PostgreSQL, and
## PostgreSQL restarted 50 times under load (docs/reliability.md); SOAK_KILLS=N for another count
SOAK_KILLS ?= 200
soak:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)
	VESTIBULE_CRASH_KILLS=$(SOAK_KILLS) $(SWIFT) test --skip-build --filter CrashDurabilityTests

## make screenshots: retake the README's pictures of the demo (docs/screenshots) in headless Chromium
screenshots:
	scripts/install-deps.sh test
	$(SWIFT) build --product vestibule
	$(SWIFT) build --product vestibule-bookstore
	$(SWIFT) build --product vestibule-apple-emulator
	$(SWIFT) build --product vestibule-screenshots
	scripts/screenshots.sh "$$($(SWIFT) build --show-bin-path)" docs/screenshots

## make fuzz: build the libFuzzer targets of Fuzz/ and run each for FUZZ_SECONDS (default 60); a crash or a failed
## oracle leaves its input in Fuzz/.build/crashes/ (see docs/reliability.md)
FUZZ_SECONDS ?= 60
fuzz:
	scripts/install-deps.sh fuzz
	SWIFT='$(SWIFT)' FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

## make bench: release build, then requests/s and crypto rates next to nginx and openssl on this machine
bench:
	scripts/install-deps.sh bench
	$(SWIFT) build -c release --product vestibule
	$(SWIFT) build -c release --product vestibule-bench
	scripts/bench.sh "$$($(SWIFT) build -c release --show-bin-path)/vestibule-bench"

## make format: rewrite Sources, Tests and Package.swift in place as .swift-format says
## make lint: list what `make format` would change and every rule finding; fails if there is any
# .swift-format describes the code as written: 4 spaces, 120 columns, trailing commas in multi-line collections,
# `case` at its `switch`'s indentation. Rules off because the code's habit differs: DoNotUseSemicolons (one-line
# guard bodies and test closures such as `{ $0.a = 1; $0.b = 2 }`), OrderedImports (imports grouped by access
# level, public first), OnlyOneTrailingClosureArgument (test helpers called as `withServer(configure: {…}) {…}`),
# ReplaceForEachWithForLoop (one-line clean-ups such as `argv.forEach { free($0) }`). On beyond the defaults
# because the code already keeps them: NoLeadingUnderscores, NeverUseImplicitlyUnwrappedOptionals,
# NoEmptyLinesOpeningClosingBraces, OmitExplicitReturns, UseEarlyExits. The pretty printer's layout findings
# cannot be configured away; they go when the tree is formatted once, after the parallel branches land.
SWIFT_FORMAT_PATHS = Sources Tests Package.swift
format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FORMAT_PATHS)

build:
	scripts/install-deps.sh build
	$(SWIFT) build

clean:
	rm -rf .build
