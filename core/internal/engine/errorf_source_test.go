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
// checks each call of errorf: its rule is a constant that has an entry in
// docs/behaviour.md, and its format a constant whose verbs are %s, %d and
// %%, each %s given a string and each %d an int, as sprintf wants. The
// rule of each failure of a body (encoder.fail) is held to the same.
func TestEveryErrorfCallGivesItsVerbsTheirTypes(t *testing.T) {
	rules := behaviourEntries(t)
	// checkRule holds the rule argument of the call at to an entry.
	checkRule := func(at token.Position, tv types.TypeAndValue) {
		if tv.Value == nil {
			t.Errorf("%s: the rule is not a constant", at)
			return
		}
		rule, _ := strconv.Unquote(tv.Value.ExactString())
		if _, ok := rules[ruleEntry(rule)]; !ok {
			t.Errorf("%s: rule %q has no entry in %s", at, rule, behaviourDoc)
		}
	}
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
	calls, fails := 0, 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "fail" && len(call.Args) == 4 { // encoder.fail(code, rule, inner, message)
				fails++
				checkRule(fset.Position(call.Pos()), info.Types[call.Args[1]])
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "errorf" {
				return true
			}
			calls++
			at := fset.Position(call.Pos())
			if id, ok := call.Args[1].(*ast.Ident); !ok || id.Name != "rule" { // but the rule of a body's failure, held above
				checkRule(at, info.Types[call.Args[1]])
			}
			tv := info.Types[call.Args[3]]
			if tv.Value == nil {
				t.Errorf("%s: the format is not a constant", at)
				return true
			}
			format, _ := strconv.Unquote(tv.Value.ExactString())
			args := call.Args[4:]
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
	if calls < 20 || fails < 5 {
		t.Fatalf("found only %d calls of errorf and %d of encoder.fail", calls, fails)
	}
}
