//go:build js && wasm

// Command floor is the first-call floor of `make bench`: a Go program that
// only parses a URI template with jtacoma/uritemplates, called from
// JavaScript through js.FuncOf. endpoint.wasm links the same package for
// the same Parse, so built with its flags this is the least any Go module
// doing endpoint-wasm's job loads and starts; endpoint-wasm's first call is
// compared with it. (Expand is left out: it links reflect code that
// endpoint.wasm does not carry.)
package main

import (
	"strings"
	"syscall/js"

	"github.com/jtacoma/uritemplates"
)

// main hangs uritemplateFloor(template) on the global object (the page's,
// or the loader's scope) and waits, as endpoint.wasm's main does.
func main() {
	js.Global().Set("uritemplateFloor", js.FuncOf(parse))
	select {}
}

// parse parses args[0] and returns its variable names, comma-separated, so
// that the result depends on the parse.
func parse(_ js.Value, args []js.Value) any {
	t, err := uritemplates.Parse(args[0].String())
	if err != nil {
		return err.Error()
	}
	return strings.Join(t.Names(), ",")
}
