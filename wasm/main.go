//go:build js && wasm

// Command wasm is endpoint-wasm's WebAssembly module. Built with GOOS=js
// GOARCH=wasm, it hangs the low-level API off one object, at the global
// name the loader passes as its first argument, and waits forever.
package main

import (
	"os"
	"runtime"
	"syscall/js"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// main builds the global object:
//
//	endpoint(input) / merge(input) / parse(input) / defaults(input)
//	                 string in, string out, as the bridge takes and gives
//	                 them, without the leading op byte of the input
//	DEFAULTS         the global defaults as JSON text
//	version          the package version; goVersion: the Go toolchain
//	call(input)      the op byte and input in one string
//
// These go through js.FuncOf and are slow (about 8 µs a call); the ES
// module uses the exports of exports.go instead. Both run bridge().
func main() {
	name := "endpointWasm"
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	api := js.Global().Get("Object").New()
	api.Set("endpoint", member([]byte{opEndpoint}))
	api.Set("merge", member([]byte{opMerge}))
	api.Set("parse", member([]byte{opParse}))
	api.Set("defaults", member([]byte{opDefaults}))
	api.Set("call", member(nil))
	api.Set("DEFAULTS", string(core.AppendJSON(nil, core.ObjValue(core.DEFAULTS()))))
	api.Set("version", core.Version)
	api.Set("goVersion", runtime.Version())
	js.Global().Set(name, api)
	select {}
}

// member returns a function of one string: the bridge's input after prefix
// (the operation byte, or nothing for call). It is kept out of line so that
// the module holds one copy of the function it makes, not five.
//
//go:noinline
func member(prefix []byte) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return string(appendError(nil, string(core.CodeInvalidArgument), "input", "endpoint: input: expected one string"))
		}
		// outBuf (exports.go) serves both entries: JavaScript makes one call
		// at a time, and the member returns a copy.
		outBuf = bridge(append(prefix[:len(prefix):len(prefix)], args[0].String()...), outBuf)
		return string(outBuf)
	})
}
