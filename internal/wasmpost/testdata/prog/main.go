// Command prog is the Go program whose WebAssembly module the tests of
// package wasmpost rewrite and run: it grows and scans its stack, reads its
// own function names, files and lines, then panics.
package main

import (
	"fmt"
	"runtime"
)

// grow recurses n deep, allocating at each level and collecting at the
// bottom, so that the stack is copied and scanned with live pointers on it.
func grow(n int) int {
	p := new([64]byte)
	p[0] = byte(n)
	if n == 0 {
		runtime.GC()
		return 0
	}
	return grow(n-1) + int(p[0])
}

func crash() {
	panic("the end")
}

func main() {
	fmt.Println("sum", grow(2000))
	pc, file, line, _ := runtime.Caller(0)
	fmt.Println("caller", runtime.FuncForPC(pc).Name(), file, line)
	crash()
}
