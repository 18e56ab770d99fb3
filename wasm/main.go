//go:build js && wasm

// Command wasm is endpoint-wasm's WebAssembly module. Built with GOOS=js
// GOARCH=wasm, it hangs the low-level API off one object, at the global
// name the loader passes as its first argument, and waits forever. The ES
// module calls the exports of exports.go instead (bridge/protocol.go).
package main

import (
	"os"
	"runtime"
	"strings"
	"syscall/js"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/core/bridge"
)

// main builds the global object. Its members take and give JavaScript
// values, and reach the engine through the wire as the shim does
// (values.go): the same decoder, limits and errors. defaults is an object of defaults, layered over the
// global ones as defaults() layers its options (undefined or null for the
// global ones), so the object keeps no state:
//
//	endpoint(defaults, route, options) -> request options, or {error: {code, field, message, rule}}
//	merge(defaults, route, options)    -> merged options, or {error: ...}
//	parse(options)                     -> request options, or {error: ...}
//	defaults(defaults, options)        -> the new defaults, or {error: ...}
//	DEFAULTS                           -> the global defaults (a getter)
//	version, goVersion                 -> the package version and the Go toolchain's
//
// They go through js.FuncOf and read and build values a property at a
// time, every value in full, and are slow.
func main() {
	name := "endpointWasm"
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	api := jsObject.New()
	api.Set("endpoint", member(0, bridge.OpEndpoint))
	api.Set("merge", member(0, bridge.OpMerge))
	api.Set("parse", member(noDefaults|noRoute, bridge.OpParse))
	// The new defaults are the merge of options over the layer (spec rule 1).
	api.Set("defaults", member(noRoute, bridge.OpDefaults))
	// DEFAULTS is merge() with nothing to merge, made when it is read: a new
	// object each time (D2), and no work for a start that never reads it.
	// Its descriptor is built a property at a time rather than from a Go
	// map, whose order is random: the snapshot step runs Go's start twice
	// and needs the same JavaScript operations both times.
	desc := jsObject.New()
	desc.Set("enumerable", true)
	desc.Set("get", js.FuncOf(func(js.Value, []js.Value) any {
		return caller{noDefaults | noRoute, bridge.OpMerge}.call(js.Undefined(), []js.Value{js.Null()})
	}))
	jsObject.Call("defineProperty", api, "DEFAULTS", desc)
	api.Set("version", core.Version)
	// The toolchain without the experiments it built with (-X:...): the
	// loader checks it against wasm_exec.js, which is the toolchain's.
	goVersion, _, _ := strings.Cut(runtime.Version(), "-X:")
	api.Set("goVersion", goVersion)
	js.Global().Set(name, api)
	select {}
}

// The arguments a member does without: it takes the others in the order
// (defaults, route, options).
const (
	noDefaults = 1 << iota
	noRoute
)

// member makes the operation op a function of JavaScript that does without
// the arguments in without.
func member(without int, op byte) js.Func { return js.FuncOf(caller{without, op}.call) }

// A caller is a member of the global object: its operation and the
// arguments it does without.
type caller struct {
	without int
	op      byte
}

// call reads the arguments and answers the operation's result, or {error:
// {code, field, message, rule}}.
func (c caller) call(_ js.Value, args []js.Value) (out any) {
	var in [3]js.Value
	for i, n := 0, 0; i < 3; i++ {
		if c.without&(1<<i) == 0 && n < len(args) {
			in[i] = args[n]
			n++
		}
	}
	// A getter or Proxy of the caller's that throws, or a bug, must not end
	// the Go program, which every later call needs.
	defer func() {
		if p := recover(); p != nil {
			out = errorJS(failureOf(panicError(p)))
		}
	}()
	r, f := run(c.op, in[0], in[1], in[2])
	if f != nil {
		return errorJS(f)
	}
	return r
}

// run checks the arguments of op and sends it: on the layer of defaults
// (the answer of an OpDefaults of them) when they are given.
func run(op byte, defaults, route, options js.Value) (js.Value, *failure) {
	layer := js.Undefined()
	if !absent(defaults) {
		if !plain(defaults) {
			return js.Value{}, failureOf(bridge.InvalidArgument("defaults", "must be a plain object"))
		}
		var f *failure
		if layer, f = send(bridge.OpDefaults, js.Undefined(), nil, defaults); f != nil {
			return js.Value{}, f
		}
	}
	var rs *string
	switch t, _ := typeOf(route); {
	case t == js.TypeString:
		s := text(route)
		rs = &s
	case !absent(route):
		return js.Value{}, failureOf(bridge.InvalidArgument("route", `must be a string such as "GET /user"`))
	}
	if absent(options) {
		options = js.Null()
	} else if !plain(options) {
		return js.Value{}, failureOf(bridge.InvalidArgument("options", "must be a plain object"))
	}
	return send(op, layer, rs, options)
}

// absent reports whether an argument is undefined or null.
func absent(v js.Value) bool { return v.IsUndefined() || v.IsNull() }

// plain reports whether an argument is a plain object, not an array.
func plain(v js.Value) bool {
	t, ok := typeOf(v)
	return ok && t == js.TypeObject && !jsArray.Call("isArray", v).Bool() && isPlain(v)
}

// panicError is the error of a recovered panic: an exception of
// JavaScript's while reading an argument, or a bug, answered as the
// exports answer one.
func panicError(p any) error {
	if _, ok := p.(js.Error); ok {
		// What JavaScript threw is not quoted: it may carry a credential
		// (D23), as the shim's error for it does not quote it either.
		return bridge.InvalidArgument("options", "could not be read")
	}
	return bridge.PanicError(p)
}

// errorJS answers f as {error: {code, field, message, rule}}.
func errorJS(f *failure) js.Value {
	out := jsObject.New()
	out.Set("code", f.code)
	out.Set("field", f.field)
	out.Set("message", f.message)
	out.Set("rule", f.rule)
	r := jsObject.New()
	r.Set("error", out)
	return r
}
