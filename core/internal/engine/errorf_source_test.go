//go:build !js

// The source of the package is type-checked natively only: in the browser
// (wasmbrowsertest) there is no go command to find the imported packages.

package engine

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEveryErrorfCallGivesItsVerbsTheirTypes type-checks this package and
// checks each call of errorf: its format is a constant whose verbs are %s,
// %d and %%, each %s given a string and each %d an int, as sprintf wants.
func TestEveryErrorfCallGivesItsVerbsTheirTypes(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if match, err := build.Default.MatchFile(".", name); err != nil || !match { // the files of this build only: gojson_wasm.go is the WebAssembly build's
			continue
		}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("core", fset, files, info); err != nil {
		t.Fatal(err)
	}
	verb := regexp.MustCompile(`%.`)
	calls := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "errorf" {
				return true
			}
			calls++
			at := fset.Position(call.Pos())
			tv := info.Types[call.Args[2]]
			if tv.Value == nil {
				t.Errorf("%s: the format is not a constant", at)
				return true
			}
			format, _ := strconv.Unquote(tv.Value.ExactString())
			args := call.Args[3:]
			for _, v := range verb.FindAllString(format, -1) {
				if v == "%%" {
					continue
				}
				if len(args) == 0 {
					t.Errorf("%s: %s has no argument", at, v)
					return true
				}
				typ := info.Types[args[0]].Type.Underlying()
				want := map[string]types.BasicKind{"%s": types.String, "%d": types.Int}[v]
				if b, ok := typ.(*types.Basic); !ok || want == 0 || b.Kind() != want && !(b.Kind() == types.UntypedInt && want == types.Int) {
					t.Errorf("%s: %s given a %s", at, v, typ)
				}
				args = args[1:]
			}
			if len(args) != 0 {
				t.Errorf("%s: %d arguments more than verbs", at, len(args))
			}
			return true
		})
	}
	if calls < 20 {
		t.Fatalf("found only %d calls of errorf", calls)
	}
}
