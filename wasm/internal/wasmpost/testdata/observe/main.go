// Command observe is a Go program that observes itself, through the
// runtime code a module for release drops when nothing can use it: it
// prints its stack as runtime.Stack reads it, and the size of an
// execution trace of a goroutine handing it a value.
package main

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/trace"
)

func main() {
	buf := make([]byte, 4096)
	fmt.Print(string(buf[:runtime.Stack(buf, true)]))
	var out bytes.Buffer
	if err := trace.Start(&out); err != nil {
		panic(err)
	}
	c := make(chan int)
	go func() { c <- 1 }()
	<-c
	trace.Stop()
	fmt.Println("trace bytes:", out.Len() > 0)
}
