# SciIF leaderboard. `make site` builds the site from results/, `make test`
# runs every test (deterministic), `make short` is the quick loop while
# editing, `make fuzz` searches for new failing inputs, `make bench`
# measures. Go is the only requirement; bash for fuzz and bench.
GO      ?= go
BIN     := bin/sciif
PKGS    := ./...

.PHONY: all build site score test short race vet fmt fuzz bench clean

all: build

build:
	$(GO) build -buildvcs=auto -trimpath -o $(BIN) ./generator/cmd/sciif

site: build
	$(BIN) build --results results --out site

score: build
	$(BIN) score --results results

# The gate: deterministic, no fuzz discovery (go test runs the seed corpora
# under testdata/fuzz only).
test:
	$(GO) vet $(PKGS)
	@unformatted=$$(gofmt -l generator templates assets); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) test -count=1 $(PKGS)

# The contributor's loop (under 30 s on two cores): every test but the
# browser and end-to-end ones, which skip under -short. Not the gate.
short:
	$(GO) test -short $(PKGS)

# Every test again under the race detector: the determinism test among
# them builds the site under load and compares every byte.
race:
	$(GO) test -race -count=1 $(PKGS)

# Fuzz discovery: every fuzz target of FUZZPKGS for FUZZTIME each, output
# shown. Stops at the first failure and prints the failing input, which go
# test has written to <package>/testdata/fuzz/<Target>/<hash>; fix the code
# and commit that file as a seed.
#   make fuzz FUZZTIME=5m FUZZPKGS=./generator/internal/kinds/sciif/judge
FUZZTIME ?= 30s
FUZZPKGS ?= $(PKGS)
fuzz: SHELL := bash
fuzz:
	@set -euo pipefail; \
	log=$$(mktemp); trap 'rm -f "$$log"' EXIT; \
	pkgs=$$($(GO) list $(FUZZPKGS)); \
	for pkg in $$pkgs; do \
	  listed=$$($(GO) test -list '^Fuzz' "$$pkg"); \
	  for t in $$(printf '%s\n' "$$listed" | grep '^Fuzz' || true); do \
	    echo "== fuzz $$pkg $$t for $(FUZZTIME)"; \
	    if ! $(GO) test -run='^$$' -fuzz="^$$t\$$" -fuzztime=$(FUZZTIME) "$$pkg" 2>&1 | tee "$$log"; then \
	      dir=$$($(GO) list -f '{{.Dir}}' "$$pkg"); dir=$${dir#$(CURDIR)}; dir=$${dir#/}; dir=$${dir:-.}; \
	      input=$$(sed -n 's|.*Failing input written to \(testdata/fuzz/[^ ]*\).*|\1|p' "$$log" | tail -n 1); \
	      if [ -n "$$input" ]; then \
	        echo "== $$t failed; failing input $$dir/$$input:"; cat "$$dir/$$input"; \
	      else \
	        echo "== $$t failed before finding a new input (a seed under $$dir/testdata/fuzz/$$t, or the build; see above)"; \
	      fi; \
	      exit 1; \
	    fi; \
	  done; \
	done

# Benchmarks for benchstat: one package at a time (-p 1) so that packages do
# not compete for the cores, BENCHCOUNT samples of each (benchstat needs at
# least 6 for an interval), written to BENCHOUT (bin/ is git-ignored):
#   make bench && cp bin/bench.txt old.txt   # before a change
#   make bench && benchstat old.txt bin/bench.txt
BENCH      ?= .
BENCHCOUNT ?= 6
BENCHTIME  ?= 1s
BENCHOUT   ?= bin/bench.txt
bench: SHELL := bash
bench:
	@mkdir -p $(dir $(BENCHOUT))
	set -o pipefail; $(GO) test -p 1 -run='^$$' -bench='$(BENCH)' -benchmem -count=$(BENCHCOUNT) -benchtime=$(BENCHTIME) $(PKGS) | tee $(BENCHOUT)
	@echo "wrote $(BENCHOUT); compare two runs with benchstat (golang.org/x/perf/cmd/benchstat)"

clean:
	rm -rf bin site
