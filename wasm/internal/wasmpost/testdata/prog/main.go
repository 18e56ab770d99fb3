// Command prog is the Go program whose WebAssembly module the tests of
// package wasmpost rewrite and run: it grows and scans its stack, runs code
// that jumps every way Go's compiler jumps (loops, switches, goroutines that
// block and resume, a recovered panic), reads its own function names, files
// and lines, then panics.
package main

import (
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
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

// churn computes a checksum through branches, loops, a switch, a map, a
// sort, two goroutines handing a value to each other over channels, and a
// recovered panic.
func churn() uint64 {
	var sum uint64
	x := uint64(1)
	next := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	words := map[string]int{}
	for i := 0; i < 3000; i++ {
		v := next()
		switch v % 7 {
		case 0:
			sum += v >> 3
		case 1, 2:
			sum ^= v
		case 3:
			if v&8 != 0 {
				continue
			}
			sum -= v % 1000
		default:
			words[strconv.FormatUint(v%97, 36)]++
		}
	}
	keys := make([]string, 0, len(words))
	for k, n := range words {
		if n%2 == 0 {
			delete(words, k)
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sum += uint64(len(strings.Join(keys, ",")))
	ping, pong := make(chan uint64), make(chan uint64)
	go func() {
		for v := range ping {
			pong <- v*3 + 1
		}
		close(pong)
	}()
	for i := uint64(0); i < 500; i++ {
		ping <- i
		sum += <-pong
	}
	close(ping)
	func() {
		defer func() { sum += uint64(len(fmt.Sprint(recover()))) }()
		zero := 0
		sum /= uint64(zero)
	}()
	return sum
}

func crash() {
	panic("the end")
}

func main() {
	fmt.Println("sum", grow(2000))
	fmt.Println("churn", churn())
	// The runtime counts its own goroutines out by their names.
	fmt.Println("goroutines", runtime.NumGoroutine())
	pc, file, line, _ := runtime.Caller(0)
	fmt.Println("caller", runtime.FuncForPC(pc).Name(), file, line)
	crash()
}
