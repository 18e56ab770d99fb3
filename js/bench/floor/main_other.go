//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains itself when built for another platform, so that go vet and
// go test of ./... still build every package natively.
func main() {
	fmt.Fprintln(os.Stderr, "floor: build with GOOS=js GOARCH=wasm (make bench does)")
	os.Exit(2)
}
