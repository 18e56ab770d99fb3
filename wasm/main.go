//go:build js && wasm

// Command wasm is endpoint-wasm's WebAssembly module. Built with GOOS=js
// GOARCH=wasm, it hangs one object at the global name the loader passes as
// its first argument, and waits forever. The ES module calls the exports
// of exports.go (bridge/protocol.go).
package main

import (
	"os"
	"runtime"
	"syscall/js"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// main builds the global object, which says what was built: the loader
// checks it against itself before the first call.
//
//	version, goVersion -> the package version and the Go toolchain's
//
// It holds nothing else: every call goes through the exports, and main
// does no work the first call does not need.
func main() {
	name := "endpointWasm"
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	api := js.Global().Get("Object").New()
	api.Set("version", core.Version)
	api.Set("goVersion", runtime.Version())
	js.Global().Set(name, api)
	select {}
}
