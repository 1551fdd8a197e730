# SciIF leaderboard. `make site` builds the site from results/, `make test`
# runs every test. Go is the only requirement for both.
GO      ?= go
BIN     := bin/sciif
PKGS    := ./...

.PHONY: all build site score test vet fmt fuzz bench clean

all: build

build:
	$(GO) build -trimpath -o $(BIN) ./generator/cmd/sciif

site: build
	$(BIN) build --benchmark benchmarks/sciif --results results --out site

score: build
	$(BIN) score --benchmark benchmarks/sciif --results results

test:
	$(GO) vet $(PKGS)
	@unformatted=$$(gofmt -l generator templates assets); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	@$(MAKE) --no-print-directory fuzz FUZZTIME=5s
	$(GO) test -count=1 $(PKGS)

# Exercise every fuzz target briefly (longer with FUZZTIME=1m).
FUZZTIME ?= 30s
fuzz:
	@for pkg in $$($(GO) list $(PKGS)); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$t"; \
	    $(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZTIME) $$pkg >/dev/null || exit 1; \
	  done; \
	done

bench:
	$(GO) test -run='^$$' -bench=. -benchmem $(PKGS)

clean:
	rm -rf bin site
