# The two commands of the README, and the chores around them.
.PHONY: run test bench build clean

SWIFT ?= swift
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
# Suites that run alone after the parallel run: the timing test (other suites' CPU load would be the noise it
# measures) and the Larger Text gates, Vestibule's and the bookstore's (minutes of browser work that would starve
# the rest).
SOLO_TESTS = EnumerationTests|LargerTextGateTests|BookstoreLargerTextGateTests
test:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip '$(SOLO_TESTS)'
	$(SWIFT) test --skip-build --filter EnumerationTests
	$(SWIFT) test --skip-build --filter '^VestibuleAppTests.LargerTextGateTests'
	$(SWIFT) test --skip-build --filter BookstoreLargerTextGateTests

## make bench: release build, then requests/s and crypto rates next to nginx and openssl on this machine
bench:
	scripts/install-deps.sh bench
	$(SWIFT) build -c release --product vestibule
	$(SWIFT) build -c release --product vestibule-bench
	scripts/bench.sh "$$($(SWIFT) build -c release --show-bin-path)/vestibule-bench"

build:
	scripts/install-deps.sh build
	$(SWIFT) build

clean:
	rm -rf .build
