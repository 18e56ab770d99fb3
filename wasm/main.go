//go:build js && wasm

// Command wasm is endpoint-wasm's WebAssembly module. Built with GOOS=js
// GOARCH=wasm, it hangs the low-level API off one object, at the global
// name the loader passes as its first argument, and waits forever. The ES
// module calls the exports of exports.go instead (bridge/protocol.go).
package main

import (
	"os"
	"runtime"
	"syscall/js"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/wasm/bridge"
)

// main builds the global object. Its members take and give JSON text
// (bridge/json.go); defaults are JSON text too ("" for the global ones), so
// the object keeps no state:
//
//	endpoint(defaults, route, options) -> request options, or {"error": {code, field, message}}
//	merge(defaults, route, options)    -> merged options, or {"error": ...}
//	parse(options)                     -> request options, or {"error": ...}
//	defaults(defaults, options)        -> the new defaults, or {"error": ...}
//	DEFAULTS                           -> the global defaults
//	version, goVersion                 -> the package version and the Go toolchain's
//
// They go through js.FuncOf and JSON, and are slow (several µs a call).
func main() {
	name := "endpointWasm"
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	api := js.Global().Get("Object").New()
	api.Set("endpoint", js.FuncOf(member(bridge.JSONEndpoint)))
	api.Set("merge", js.FuncOf(member(bridge.JSONMerge)))
	api.Set("parse", js.FuncOf(member(bridge.JSONParse)))
	api.Set("defaults", js.FuncOf(member(bridge.JSONDefaults)))
	api.Set("DEFAULTS", string(core.AppendJSON(nil, core.ObjValue(core.DEFAULTS()))))
	api.Set("version", core.Version)
	api.Set("goVersion", runtime.Version())
	js.Global().Set(name, api)
	select {}
}

// member adapts a function of string arguments to js.FuncOf.
func member(fn func(args []string) string) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) any {
		s := make([]string, len(args))
		for i, a := range args {
			if a.Type() == js.TypeString {
				s[i] = a.String()
			}
		}
		return fn(s)
	}
}
