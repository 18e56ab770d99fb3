//go:build wasm

package main

import (
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core/bridge"
)

// The entry points the shim calls (//go:wasmexport) and the one it answers
// (//go:wasmimport), with input and answer as bytes and words in linear
// memory (bridge/protocol.go), where a call through js.FuncOf would
// convert every argument and result through syscall/js, a property at a
// time. None of them blocks, as an export must not.
//
// The box is a small array at a fixed address (ew_box) through which Go
// tells the shim where its buffers are: the shim reads it as unsigned
// words, so that no address above 2 GiB turns negative. Its slots are the
// wire's (bridge.BoxInput, ...).

var (
	box       [bridge.BoxLen]uint32
	theBridge = bridge.New(hostFetch)
)

func addr[T any](s []T) uint32 { return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(s)))) }

//go:wasmexport ew_box
func ewBox() uint32 {
	ewReserve(0)
	return uint32(uintptr(unsafe.Pointer(&box[0])))
}

// ew_reserve makes the input buffer of the next call hold n bytes at
// least. The bridge chooses the buffer (bridge.Input): the values of a
// message are views into it.
//
//go:wasmexport ew_reserve
func ewReserve(n uint32) {
	in := theBridge.Input(int(n))
	box[bridge.BoxInput], box[bridge.BoxInputCap] = addr(in), uint32(len(in))
}

// ew_call runs the message of n bytes in the input buffer.
//
//go:wasmexport ew_call
func ewCall(n uint32) int32 {
	in := theBridge.Input(0)
	if uint64(n) > uint64(len(in)) {
		n = 0 // malformed: answered as such
	}
	status := theBridge.Call(in[:n])
	ops, text := theBridge.Ops(), theBridge.Text()
	box[bridge.BoxOps], box[bridge.BoxText] = addr(ops), addr(text)
	ewReserve(0) // the next call's buffer
	settled(n)   // collector.go
	return int32(status)
}

// load is the shim's answer to "the whole value of this handle"
// (bridge/protocol.go).
//
//go:wasmimport ew load
func load(handle int32, ptr uint32, capacity int32) int32

// hostFetch asks the shim for a value, into the arena a.
func hostFetch(handle int, a *[]byte) ([]byte, bool) {
	for {
		free := (*a)[len(*a):cap(*a)]
		n := load(int32(handle), addr(free), int32(len(free)))
		switch {
		case n == bridge.LoadFailed:
			return nil, false
		case n < 0:
			// A new arena: the old one stays alive under the views into it.
			*a = make([]byte, 0, max(2*cap(*a), int(-n)+64))
		default:
			data := (*a)[len(*a) : len(*a)+int(n)]
			*a = (*a)[:len(*a)+int(n)]
			return data, true
		}
	}
}
