//go:build !js

// The sources are read natively only: in the browser (wasmbrowsertest)
// there is no file system.

package rest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyThisPackageImportsTheGoAPI keeps endpoint.wasm from linking the
// Go API: no package but this one imports core/internal/govalue, and no
// package imports this one (tests and examples aside). The WebAssembly
// module links package core and the bridge; any of this code there would
// only make it larger.
func TestOnlyThisPackageImportsTheGoAPI(t *testing.T) {
	const module = "github.com/endpoint-wasm/endpoint-wasm/"
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		dir := filepath.ToSlash(filepath.Dir(rel))
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case p == module+"core/internal/govalue" && dir != "core/rest",
				p == module+"core/rest":
				t.Errorf("%s imports %s", rel, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("read only %d files: the walk is broken", checked)
	}
}
