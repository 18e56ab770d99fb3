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

	"github.com/endpoint-wasm/endpoint-wasm/core/bridge"
)

// main builds the global object. Its members take and give JavaScript
// values (values.go). defaults is an object of defaults, layered over the
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
// time, and are slow.
func main() {
	name := "endpointWasm"
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	api := jsObject.New()
	api.Set("endpoint", member(0, func(b *bridge.Builder, route string, options *bridge.Obj) (js.Value, error) {
		r, err := bridge.NewSession(nil).Endpoint(b, route, options) // as merge, below
		return requestJS(r), err
	}))
	api.Set("merge", member(0, func(b *bridge.Builder, route string, options *bridge.Obj) (js.Value, error) {
		m, err := merge(b, route, options)
		return objectJS(m), err
	}))
	api.Set("parse", member(noDefaults|noRoute, func(b *bridge.Builder, _ string, options *bridge.Obj) (js.Value, error) {
		r, err := b.Parse(options)
		return requestJS(r), err
	}))
	api.Set("defaults", member(noRoute, func(b *bridge.Builder, _ string, options *bridge.Obj) (js.Value, error) {
		// The new defaults are the merge of options over the layer, as
		// Builder.Defaults makes them (spec rule 1).
		m, err := merge(b, "", options)
		return objectJS(m), err
	}))
	// DEFAULTS is merge() with nothing to merge, made when it is read: a new
	// object each time (D2), and no work for a start that never reads it.
	jsObject.Call("defineProperty", api, "DEFAULTS", map[string]any{
		"enumerable": true,
		"get": js.FuncOf(func(js.Value, []js.Value) any {
			d, _ := merge(bridge.NewBuilder(), "", nil)
			return objectJS(d)
		}),
	})
	api.Set("version", bridge.Version)
	// The toolchain without the experiments it built with (-X:...): the
	// loader checks it against wasm_exec.js, which is the toolchain's.
	goVersion, _, _ := strings.Cut(runtime.Version(), "-X:")
	api.Set("goVersion", goVersion)
	js.Global().Set(name, api)
	select {}
}

// merge is Builder.Merge without its copy of the defaults: the members turn
// the result into JavaScript values at once, and the copy would link the engine's
// cloner into the module for nothing. The endpoint member does the same for
// Builder.Endpoint.
func merge(b *bridge.Builder, route string, options *bridge.Obj) (*bridge.Obj, error) {
	return bridge.NewSession(nil).Merge(b, route, options)
}

// An op is one member of the global object, given the Builder of its
// defaults, the route and the options.
type op func(b *bridge.Builder, route string, options *bridge.Obj) (js.Value, error)

// The arguments a member does without: it takes the others in the order
// (defaults, route, options).
const (
	noDefaults = 1 << iota
	noRoute
)

// member makes op a function of JavaScript that does without the
// arguments in without.
func member(without int, fn op) js.Func { return js.FuncOf(caller{without, fn}.call) }

// A caller is a member of the global object: its op and the arguments it
// does without.
type caller struct {
	without int
	fn      op
}

// call reads the arguments and answers op's result, or {error: {code,
// field, message, rule}}.
func (c caller) call(_ js.Value, args []js.Value) (out any) {
	var in [3]js.Value
	for i, n := 0, 0; i < 3; i++ {
		if c.without&(1<<i) == 0 && n < len(args) {
			in[i] = args[n]
			n++
		}
	}
	// A getter or Proxy of the caller's that throws, or a bug of the
	// engine, must not end the Go program, which every later call needs.
	defer func() {
		if p := recover(); p != nil {
			out = errorJS(panicError(p))
		}
	}()
	r, err := run(c.fn, in[0], in[1], in[2])
	if err != nil {
		return errorJS(err)
	}
	return r
}

// run reads the arguments of fn and runs it.
func run(fn op, defaults, route, options js.Value) (js.Value, error) {
	b := bridge.NewBuilder()
	d, err := objectArg(defaults, "defaults")
	if err != nil {
		return js.Value{}, err
	}
	if d != nil {
		// The defaults are layered over the global ones (spec rule 1) and
		// kept as they are, as the bridge keeps a layer: the merge of a
		// fresh session is the call's own, so Builder.Defaults' deep copy,
		// which only this would link into the module, is not needed.
		if d, err = merge(b, "", d); err != nil {
			return js.Value{}, err
		}
		b = new(bridge.Builder)
		b.SetDefaults(d)
	}
	o, err := objectArg(options, "options")
	if err != nil {
		return js.Value{}, err
	}
	rs := ""
	switch t, _ := typeOf(route); {
	case t == js.TypeString:
		rs = text(route)
	case !route.IsUndefined() && !route.IsNull():
		return js.Value{}, bridge.NewError(bridge.CodeInvalidArgument, "route", `route: must be a string such as "GET /user"`)
	}
	return fn(b, rs, o)
}

// panicError is the error of a recovered panic: an exception of
// JavaScript's while reading an argument, or a bug of the engine, answered
// as the exports answer one.
func panicError(p any) *bridge.Error {
	if e, ok := p.(js.Error); ok {
		return bridge.NewError(bridge.CodeInvalidArgument, "options", "options: a value could not be read: "+thrown(e.Value))
	}
	return bridge.PanicError(p)
}

// thrown describes what JavaScript threw: an Error's message, or the value
// as String() writes it, since a getter may throw 42, null or a Symbol
// (js.Error's Error would panic on those, inside the recovery).
func thrown(v js.Value) (s string) {
	defer func() {
		if recover() != nil {
			s = "an exception that cannot be read"
		}
	}()
	if t := v.Type(); t == js.TypeObject || t == js.TypeFunction {
		if m := get(v, "message"); m.Type() == js.TypeString {
			return m.String()
		}
	}
	return jsString.Invoke(v).String()
}

// errorJS answers err as {error: {code, field, message, rule}}.
func errorJS(err error) js.Value {
	e := bridge.AsError(err)
	out := jsObject.New()
	out.Set("code", string(e.Code))
	out.Set("field", e.Field)
	out.Set("message", e.Error())
	out.Set("rule", e.Rule)
	r := jsObject.New()
	r.Set("error", out)
	return r
}
