package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/wasm/internal/wasmpost"
)

// TestRewriteRefusedLeavesNothing checks that a module the rewrite refuses
// leaves no output behind, which a later build could take as rewritten.
func TestRewriteRefusedLeavesNothing(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no file system")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.wasm"), filepath.Join(dir, "out.wasm")
	if err := os.WriteFile(in, []byte("\x00asm\x01\x00\x00\x00\x05\x03\x01\x00\x01"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := rewrite(in, out, wasmpost.Options{}); err == nil {
		t.Fatal("a module without a data section was rewritten")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want the input alone", len(entries))
	}
}

// TestRunProgram checks that -run passes on the program's exit code, which
// go test reads as the tests' result.
func TestRunProgram(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no processes")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	if code := runProgram(sh, []string{"-c", "exit 3"}); code != 3 {
		t.Errorf("exit code %d, want 3", code)
	}
	if code := runProgram(sh, []string{"-c", "exit 0"}); code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
}
