//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains itself when the module is built for another platform: the
// bridge is plain Go and its tests run natively too.
func main() {
	fmt.Fprintln(os.Stderr, "endpoint-wasm: build with GOOS=js GOARCH=wasm")
	os.Exit(2)
}
