//go:build wasm

package main

import "unsafe"

// The hot path: the ES module calls these //go:wasmexport functions
// directly, with input and output as UTF-8 bytes in linear memory. A call
// through js.FuncOf costs about 8 µs before doing any work; these cost
// about 0.03 µs. None of them blocks, as an export must not.
//
// The protocol: ew_input(n) returns the address of a buffer of at least n
// bytes; the shim writes the input there and calls ew_call(length), which
// returns the output's length; the output starts at ew_output(). The shim
// must re-read memory.buffer after ew_input and ew_call, which may grow the
// memory.

var (
	inBuf  = make([]byte, 0, 4096)
	outBuf = make([]byte, 0, 4096)
)

//go:wasmexport ew_input
func ewInput(n int32) uint32 {
	if int(n) > cap(inBuf) {
		inBuf = make([]byte, 0, int(n)+int(n)/2)
	}
	inBuf = inBuf[:n]
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(inBuf))))
}

//go:wasmexport ew_call
func ewCall(n int32) int32 {
	if n < 0 || int(n) > len(inBuf) {
		n = 0 // the bridge answers with an error
	}
	outBuf = bridge(inBuf[:n], outBuf)
	return int32(len(outBuf))
}

//go:wasmexport ew_output
func ewOutput() uint32 {
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(outBuf))))
}
