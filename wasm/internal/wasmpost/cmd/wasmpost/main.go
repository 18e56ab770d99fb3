// Command wasmpost rewrites a WebAssembly module made by Go's linker as
// package wasmpost says: its data section in a few segments, and pclntab's
// file and line tables emptied unless -keep-lines, its function names and
// what else only a traceback prints (inlined calls' frames, arguments) and
// the runtime's code that prints stacks unless -keep-names, and the
// execution tracer where the program cannot start it.
//
//	wasmpost [-keep-lines] [-keep-names] [-min-gap n] -o out.wasm in.wasm
//	wasmpost [-keep-lines] [-keep-names] -run prog module [arg ...]
//	wasmpost -composition linked.wasm module.wasm
//
// With -run it rewrites module in place, then runs prog with module and the
// arguments: as go test's -exec, so that the tests run the module rewritten
// as the one that ships. With -composition it prints where the bytes of a
// rewritten module go (make size): its sections, and its code by package
// and by function, named from the module Go's linker wrote.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/endpoint-wasm/endpoint-wasm/wasm/internal/wasmpost"
)

func main() {
	log := func(err error) {
		fmt.Fprintln(os.Stderr, "wasmpost:", err)
		os.Exit(1)
	}
	var opt wasmpost.Options
	flag.BoolVar(&opt.KeepLines, "keep-lines", false, "keep pclntab's file and line tables (a build for debugging)")
	flag.BoolVar(&opt.KeepNames, "keep-names", false, "keep pclntab's function names, inline trees and arguments' layouts, and the code that prints stacks (a build for debugging)")
	flag.IntVar(&opt.MinGap, "min-gap", 0, "shortest run of zero bytes that ends a data segment (default wasmpost.DefaultMinGap)")
	out := flag.String("o", "", "write the rewritten module to this file")
	run := flag.String("run", "", "rewrite the module in place, then run this program with the module and the arguments")
	linked := flag.String("composition", "", "print where the bytes of the module go, its functions named from this module (the one Go's linker wrote)")
	flag.Parse()
	if *linked != "" {
		if flag.NArg() != 1 {
			fmt.Fprintln(os.Stderr, "usage: wasmpost -composition linked.wasm module.wasm")
			os.Exit(2)
		}
		if err := composition(flag.Arg(0), *linked); err != nil {
			log(err)
		}
		return
	}
	if flag.NArg() < 1 || *run == "" && (*out == "" || flag.NArg() != 1) {
		fmt.Fprintln(os.Stderr, "usage: wasmpost [-keep-lines] [-keep-names] [-min-gap n] -o out.wasm in.wasm\n       wasmpost [-keep-lines] [-keep-names] -run prog module [arg ...]")
		os.Exit(2)
	}
	in := flag.Arg(0)
	if *run != "" {
		if _, err := rewrite(in, in, opt); err != nil {
			log(err)
		}
		os.Exit(runProgram(*run, flag.Args()))
	}
	res, err := rewrite(in, *out, opt)
	if err != nil {
		log(err)
	}
	fmt.Printf("%s: %d data segments -> %d; %d bytes of file and line tables, %d of function names and %d of inline trees, arguments and unsafe points zeroed; %d bytes of code that prints stacks and %d of the execution tracer removed; %d jumps made direct\n", *out, res.SegmentsBefore, res.SegmentsAfter, res.Zeroed, res.NamesZeroed, res.FramesZeroed, res.PrintsEmptied, res.TracerEmptied, res.DirectJumps)
}

// composition prints where the bytes of the module in file module go, its
// functions named from the module in file linked.
func composition(module, linked string) error {
	m, err := os.ReadFile(module)
	if err != nil {
		return err
	}
	l, err := os.ReadFile(linked)
	if err != nil {
		return err
	}
	c, err := wasmpost.Compose(m, l)
	if err != nil {
		return fmt.Errorf("%s: %w", module, err)
	}
	fmt.Printf("%s: ", module)
	c.Print(os.Stdout, 15)
	return nil
}

// rewrite rewrites the module in file in into file out. It writes out only
// once the rewrite succeeded, through a temporary file, so that a failed
// build leaves no module behind that looks rewritten.
func rewrite(in, out string, opt wasmpost.Options) (wasmpost.Result, error) {
	b, err := os.ReadFile(in)
	if err != nil {
		return wasmpost.Result{}, err
	}
	rewritten, res, err := wasmpost.Rewrite(b, opt)
	if err != nil {
		return res, fmt.Errorf("%s: %w", in, err)
	}
	fi, err := os.Stat(in)
	if err != nil {
		return res, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), filepath.Base(out)+".*")
	if err != nil {
		return res, err
	}
	_, err = tmp.Write(rewritten)
	err = errors.Join(err, tmp.Chmod(fi.Mode().Perm()), tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return res, err
}

// runProgram runs prog with args, its standard streams the command's, and
// returns its exit code.
func runProgram(prog string, args []string) int {
	cmd := exec.Command(prog, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode()
	case err != nil:
		fmt.Fprintln(os.Stderr, "wasmpost:", err)
		return 1
	}
	return 0
}
