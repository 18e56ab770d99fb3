# endpoint-wasm. `make demo` builds and serves the demo; `make test` runs
# every test. Both install what they need on a fresh machine with Go, Node
# and npm (Chromium through apt-get when run as root).

SHELL := /bin/bash
# The Go release the module is built for (wasm/internal/wasmpost/release.go).
# A machine starts on its own Go and ignores go.mod's toolchain line, so the
# go command is told which toolchain to run; it fetches it from the Go module
# proxy the first time (about 76 MB).
GOTOOLCHAIN ?= go1.27.3
export GOTOOLCHAIN
GO    ?= go
NPM   ?= npm
PORT  ?= 8080
export PORT

GOSRC := $(shell find core wasm -name '*.go' -not -name '*_test.go') go.mod go.sum
WBT   := bin/wasmbrowsertest
# wasmbrowsertest fails when arguments plus environment exceed 8 KiB, so it
# runs in a clean environment.
CLEANENV := env -i PATH="$(CURDIR)/bin:$(dir $(shell command -v $(GO))):$$PATH" HOME="$$HOME" GOTOOLCHAIN=$(GOTOOLCHAIN) $(if $(GOCACHE),GOCACHE=$(GOCACHE)) $(if $(GOMODCACHE),GOMODCACHE=$(GOMODCACHE))

.PHONY: all build test demo demo-measure bench size fmt vet clean deps chromium version \
        test-go test-go-wasm test-js test-plain test-types pgo FORCE

all: build

## build: everything the npm package ships, in dist/
build: dist/endpoint.wasm node_modules/.installed
	node js/build.mjs

# -gcflags=std=-l (in WASMCOMPILE, below): the standard library (runtime
# included) is compiled without inlining. In Go's wasm every inlined copy of
# a call carries its own resume points, so this makes the module much
# smaller; the calls spend their time in the engine, which keeps inlining, and
# `make bench` measured no change in speed. Except STDINLINE, the packages
# whose small functions the engine calls on every call (strings.IndexByte, the
# template cache's Mutex, utf8, strconv): inlined into the engine, they make
# merges and the next page faster for a little size. Go 1.27 keeps the
# internal packages they call through: strings' search is
# internal/stringslite's, bytes' and strings' byte loops internal/bytealg's,
# and sync.Mutex's fast path internal/sync's, which without them would stay
# calls. On Go 1.27.3 the list costs 0.5 KB with brotli against none, and
# dropping any one internal package from it makes the module 0.5-0.8 KB
# larger with brotli.
# (Figures for these flags: docs/performance-history.md.)
STDINLINE := strings bytes internal/stringslite internal/bytealg unicode/utf8 math strconv sync internal/sync
# GOWASM: the sign-extension and saturating float-to-int instructions, which
# every browser since 2021 and Node since 12 run: a conversion is one
# instruction instead of a sequence, and the module is smaller, at the same
# speed.
# GOEXPERIMENT=nogreenteagc: the garbage collector before Green Tea, which
# Go 1.26 made the default and Go 1.27 still keeps as an opt-out
# (internal/goexperiment's GreenTeaGC). Green Tea pays on many cores; a
# module runs on one thread, where the previous collector was as fast
# (make bench, on Go 1.26), its code makes the module smaller (on Go 1.27.3:
# 42 KB raw, 8.0 KB with brotli), and the engine's memory stays smaller. A toolchain without the
# opt-out refuses to build: drop it then.
WASMENV := GOOS=js GOARCH=wasm GOWASM=satconv,signext GOEXPERIMENT=nogreenteagc

# PGOFLAGS: profile-guided optimization. wasm/default.pgo is a CPU profile of
# the engine on real calls (make pgo); with it the compiler inlines the hot
# calls, which in Go's WebAssembly pass their arguments through memory and
# may be resume points. Go cannot profile WebAssembly, so the profile is
# taken natively, on the same code. The inlining budget of hot calls is 300
# (Go's default: 2000): a larger budget makes the engine faster still, but
# V8 compiles the larger functions before the first call in a fresh
# process, which then takes longer; with 300 it takes as long as without a
# profile.
PGOFLAGS := -pgo=$(CURDIR)/wasm/default.pgo -gcflags=github.com/endpoint-wasm/...=-d=pgoinlinebudget=300
# WASMCOMPILE: how the module's Go is compiled, for dist and for the Go tests
# and benchmarks run in WebAssembly alike, so that they test what ships.
WASMCOMPILE := -gcflags=std=-l $(foreach p,$(STDINLINE),-gcflags=$(p)=) $(PGOFLAGS)
WASMFLAGS   := -trimpath $(WASMCOMPILE) -ldflags="-s -w"

# After linking, bin/wasmpost (wasm/internal/wasmpost) rewrites the module: its
# data section in a few segments with the same memory image, pclntab's file
# and line tables, function names, inline trees and argument layouts
# emptied, which only tracebacks read, and the runtime's code that prints
# stacks removed (a panic then prints its value and no stack), the
# execution tracer too where nothing can start it, and jumps forward
# branching straight to their target rather than through their function's
# dispatch loop. DEBUG=1 keeps what tracebacks read and print, so that a
# fatal error prints every stack and names functions, files and lines,
# inlined calls and arguments: make build DEBUG=1. The Go tests in Chromium
# run their modules rewritten the same way.
WASMPOST  := bin/wasmpost
POSTFLAGS := $(if $(DEBUG),-keep-lines -keep-names)

# Then Go's start (runtime, package inits, main until it blocks) runs at
# build time and the module ships pre-initialised (docs/design.md, "How the
# module starts"): bin/wasmsnap (wasm/internal/wasmpost/snapshot.go) exports the
# globals of a build-time copy, js/snapshot.mjs runs it in Node and records
# memory, globals and the JavaScript operations of the start, and wasmsnap
# writes them into the module, which the loader restores (js/load.js): the
# memory as a stream that the module's start function expands, without the
# short zero runs segments would carry (docs/design.md).
# Before it records, js/snapshot.mjs makes the module's first calls through
# the shim's wire (js/*.js), so a change to the shim rebuilds the module.
WASMSNAP := bin/wasmsnap

# PLAIN=1 ships the module as Go's linker wrote it (bin/endpoint.linked.wasm):
# no rewrite, no snapshot. It gives the same answers, and starts slower (Go's
# start runs at load, and V8 compiles the functions it runs); the loader
# runs main() when the module has no snapshot. make build PLAIN=1; make
# test-plain runs the JS suite's answers on it in Node and Chromium.
dist/endpoint.wasm: $(GOSRC) wasm/default.pgo Makefile $(WASMPOST) $(WASMSNAP) bin/postflags js/snapshot.mjs js/go-source.mjs js/generated.mjs js/text-module.mjs $(wildcard js/*.js)
	@mkdir -p dist bin
	$(WASMENV) $(GO) build $(WASMFLAGS) -o bin/endpoint.linked.wasm ./wasm
ifdef PLAIN
	cp bin/endpoint.linked.wasm $@
else
	$(WASMPOST) $(POSTFLAGS) -o bin/endpoint.post.wasm bin/endpoint.linked.wasm
	$(WASMSNAP) -export-globals -o bin/endpoint.probe.wasm bin/endpoint.post.wasm
	rm -rf bin/snapshot && node js/snapshot.mjs bin/endpoint.probe.wasm bin/snapshot $$($(WASMSNAP) -seed)
	$(WASMSNAP) -state bin/snapshot -o $@ bin/endpoint.post.wasm
endif

$(WASMSNAP): $(filter-out %_test.go,$(wildcard wasm/internal/wasmpost/*.go wasm/internal/wasmpost/cmd/wasmsnap/*.go)) go.mod
	$(GO) build -o $@ ./wasm/internal/wasmpost/cmd/wasmsnap

$(WASMPOST): $(filter-out %_test.go,$(wildcard wasm/internal/wasmpost/*.go wasm/internal/wasmpost/cmd/wasmpost/*.go)) go.mod
	$(GO) build -o $@ ./wasm/internal/wasmpost/cmd/wasmpost

# bin/postflags: the POSTFLAGS and PLAIN of the last build, written when
# missing or when they change, so that switching DEBUG or PLAIN on or off
# rebuilds the module and a second build with the same flags relinks nothing.
POSTSTATE := $(POSTFLAGS)$(if $(PLAIN), plain)
bin/postflags: FORCE
	@mkdir -p bin; [ -f $@ ] && [ "$$(cat $@)" = "$(POSTSTATE)" ] || echo "$(POSTSTATE)" > $@

FORCE:

## pgo: regenerate wasm/default.pgo from the Bridge, core and engine benchmarks, natively (after changes to the engine)
pgo:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) test -run XXX -bench Bridge -benchtime 2s -cpuprofile "$$tmp/bridge.prof" -o "$$tmp/bridge.test" ./core/bridge/ >/dev/null && \
	$(GO) test -run XXX -bench Endpoint -benchtime 2s -cpuprofile "$$tmp/core.prof" -o "$$tmp/core.test" ./core/ >/dev/null && \
	$(GO) test -run XXX -bench Catalog -benchtime 2s -cpuprofile "$$tmp/engine.prof" -o "$$tmp/engine.test" ./core/internal/engine/ >/dev/null && \
	$(GO) tool pprof -proto "$$tmp/bridge.prof" "$$tmp/core.prof" "$$tmp/engine.prof" > wasm/default.pgo && \
	echo "wasm/default.pgo: $$(wc -c < wasm/default.pgo) bytes"

node_modules/.installed: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

## version: write core/internal/engine/version.go from package.json, the one version source (D1)
version:
	@v=$$(node -p 'require("./package.json").version'); \
	printf '%s\n' '// Code generated by "make version" from package.json; DO NOT EDIT.' '' 'package engine' '' \
	  '// Version is the released version of endpoint-wasm. package.json is its one' \
	  '// source: "make version" writes this file, and TestVersionMatchesPackageJSON' \
	  '// fails when the two disagree (D1).' "const Version = \"$$v\"" > core/internal/engine/version.go; \
	echo "core/internal/engine/version.go: $$v"

## chromium: install Debian's chromium and curl when missing (as root), else explain
# (the tests drive Chromium, and run the demo's curl snippet)
chromium:
	@missing=""; for p in chromium curl; do command -v $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing$$missing (apt-get)"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing:$$missing: install Debian's packages (sudo apt-get install$$missing)"; exit 1; \
	  fi; \
	fi

$(WBT): go.mod go.sum
	$(GO) build -o $@ github.com/agnivade/wasmbrowsertest

deps: chromium node_modules/.installed $(WBT)

# stage prints a line as a stage of the tests starts, with the time since make
# started, so that a run that takes minutes says what it is doing.
MAKESTART := $(shell date +%s)
stage = @echo "== $(1) [$$(( $$(date +%s) - $(MAKESTART) ))s]"

## test: every test: Go natively and in Chromium, the JS suite in Node and Chromium, bundlers, demo
test: deps build vet test-go test-go-wasm test-types test-js
	$(call stage,make test: every stage passed)

test-go:
	$(call stage,test-go: the Go tests natively)
	$(GO) test -count=1 ./...

test-go-wasm: $(WBT) $(WASMPOST)
	$(call stage,test-go-wasm: the Go tests compiled to WebAssembly and run in Chromium (a line per package))
	$(CLEANENV) $(WASMENV) $(GO) test -count=1 $(WASMCOMPILE) -exec="$(CURDIR)/$(WASMPOST) $(POSTFLAGS) -run=$(CURDIR)/$(WBT)" ./core/... ./wasm/...

test-types: build
	$(call stage,test-types: the TypeScript declarations)
	node js/test/types/run.mjs

# A line per file (its number of all, the time so far) and one per test.
test-js: build
	$(call stage,test-js: the JS suite in Node and Chromium)
	node js/test/run.mjs

## test-plain: the JS suite's answers in Node and Chromium (node.test.js, browser.test.js) on the
## module PLAIN=1 ships, the linker's bin/endpoint.linked.wasm, in a copy of the package
test-plain: build
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	cp -r package.json README.md LICENSE catalog js web dist "$$tmp"/ && ln -s "$(CURDIR)/node_modules" "$$tmp/node_modules" && \
	cp bin/endpoint.linked.wasm "$$tmp/dist/endpoint.wasm" && \
	cd "$$tmp" && node --test --test-concurrency=1 js/test/node.test.js js/test/browser.test.js

## demo: build and serve the demo at http://127.0.0.1:$(PORT) (serve.mjs first writes
## web/demo/gen/: the catalog, @octokit/endpoint bundled, the rules page)
demo: build
	node web/demo/serve.mjs

## demo-measure: the demo page's weight and load time in Chromium, beside the package's
demo-measure: chromium build
	node web/demo/measure.mjs

# bin/floor.wasm: the first call's floor, a Go program that only parses a
# URI template (js/bench/floor), built with endpoint.wasm's flags; make bench
# compares their cold starts. It is not rewritten after linking: the floor
# stays what a Go module doing this job is as the linker writes it.
bin/floor.wasm: $(wildcard js/bench/floor/*.go) go.mod go.sum wasm/default.pgo Makefile
	@mkdir -p bin
	$(WASMENV) $(GO) build $(WASMFLAGS) -o $@ ./js/bench/floor

## bench: Go benchmarks, then endpoint-wasm against @octokit/endpoint in Node and Chromium,
## its first call against the floor module's, and every target MET or MISSED; BENCH_QUICK=1 for a short run
bench: deps build bin/floor.wasm $(WASMPOST)
	$(GO) test -run XXX -bench . -benchmem $(if $(BENCH_QUICK),-benchtime=100ms) ./core/ ./core/internal/engine/ ./wasm/...
	@echo "The same calls of the bridge compiled to WebAssembly, run by Node (the engine's work in a call, without JavaScript's):"
	$(CLEANENV) $(WASMENV) $(GO) test $(WASMCOMPILE) -run XXX -bench Bridge $(if $(BENCH_QUICK),-benchtime=100ms) \
	  -exec="$(CURDIR)/$(WASMPOST) $(POSTFLAGS) -run=$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./core/bridge/
	node --expose-gc js/bench/run.mjs
	node js/bench/scale.mjs

## catalog: regenerate catalog/github-rest.json from the pinned @octokit/openapi,
## installed into a temporary directory (about 385 MB; never part of npm ci, build or test)
OPENAPI_VERSION := 23.0.2
.PHONY: catalog
catalog:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(NPM) install --prefix "$$tmp" --no-save --no-audit --no-fund --ignore-scripts @octokit/openapi@$(OPENAPI_VERSION) && \
	node catalog/generate.mjs "$$tmp/node_modules/@octokit/openapi" && \
	cp "$$tmp/node_modules/@octokit/openapi/LICENSE" catalog/LICENSE

## size: raw, gzip and brotli sizes of the shipped files, their size targets, and where endpoint.wasm's bytes go
size: build
	node js/bench/size.mjs
	$(WASMPOST) -composition bin/endpoint.linked.wasm dist/endpoint.wasm

fmt:
	gofmt -w core wasm

vet:
	$(call stage,vet)
	$(GO) vet ./...
	$(WASMENV) $(GO) vet ./wasm/... ./core/...

clean:
	rm -rf dist bin test-results web/demo/gen
