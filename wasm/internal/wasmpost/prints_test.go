package wasmpost

import (
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runtimeSource type-checks the runtime package as the go command builds
// it for js/wasm, from the source of the toolchain that runs the tests.
func runtimeSource(t *testing.T) (*types.Package, []*ast.File, *types.Info, *token.FileSet) {
	t.Helper()
	needGo(t)
	cmd := exec.Command("go", "list", "-f", "{{join context.ToolTags \",\"}}", "runtime")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	tags, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	// The source importer reads build.Default.
	saved := build.Default
	t.Cleanup(func() { build.Default = saved })
	build.Default.GOOS, build.Default.GOARCH, build.Default.GOROOT = "js", "wasm", goroot(t)
	build.Default.ToolTags = strings.Split(strings.TrimSpace(string(tags)), ",")
	dir := filepath.Join(build.Default.GOROOT, "src", "runtime")
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, f := range bp.GoFiles {
		af, err := parser.ParseFile(fset, filepath.Join(dir, f), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, af)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("runtime", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, files, info, fset
}

// lookup returns the runtime's function called name as pclntab names it
// after "runtime.": f, T.m or (*T).m.
func lookup(t *testing.T, pkg *types.Package, name string) types.Object {
	t.Helper()
	recv, method, isMethod := strings.Cut(strings.NewReplacer("(*", "", ")", "").Replace(name), ".")
	if !isMethod {
		if f, ok := pkg.Scope().Lookup(name).(*types.Func); ok {
			return f
		}
		t.Fatalf("runtime.%s: no such function", name)
	}
	tn, ok := pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		t.Fatalf("runtime.%s: no type %s", name, recv)
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, method)
	if _, ok := obj.(*types.Func); !ok {
		t.Fatalf("runtime.%s: no such method", name)
	}
	return obj
}

// TestPrintOnlyReturnsNothing checks printOnly against the runtime's
// source: each function is there and returns no value, so that
// StripPrints' return leaves its caller nothing to read.
func TestPrintOnlyReturnsNothing(t *testing.T) {
	pkg, _, _, _ := runtimeSource(t)
	for _, name := range slices.Concat(printOnly, []string{runtimeStack}) {
		f := lookup(t, pkg, strings.TrimPrefix(name, runtimePrefix)).(*types.Func)
		if n := f.Signature().Results().Len(); n != 0 && name != runtimeStack {
			t.Errorf("%s returns %d values", name, n)
		}
	}
}

// TestTracerOnlyRunsOnceStarted proves from the runtime's source what
// StripTracer relies on: the tracer is on (trace.enabled) only once one
// of tracerStarts has run, and the code tracerOnly names runs only then.
// Every use of one of its functions (a call, or a function value) is in
// one of them or of tracerStarts, or behind a check that the tracer is on
// or shutting down (which only traceAdvance starts): inside an if, or
// after an if that returns otherwise, or right of an && whose left says
// so. The checks are traceEnabled(), traceShuttingDown() and a
// traceLocker's ok(), which traceAcquire makes true only while it is on.
// And no interface of the runtime's has their methods.
func TestTracerOnlyRunsOnceStarted(t *testing.T) {
	pkg, files, info, fset := runtimeSource(t)
	scope := pkg.Scope()
	only, starts := map[types.Object]bool{}, map[types.Object]bool{}
	for _, f := range tracerFuncs {
		only[lookup(t, pkg, f)] = true
	}
	for _, typ := range tracerTypes {
		tn := scope.Lookup(typ).(*types.TypeName)
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		for i := range ms.Len() {
			if m := ms.At(i).Obj(); tracerOnly(runtimePrefix + typ + "." + m.Name()) {
				only[m] = true
			}
		}
	}
	for _, f := range tracerStarts {
		starts[lookup(t, pkg, strings.TrimPrefix(f, runtimePrefix))] = true
	}
	// Nor can an interface's method call them: neither type, nor a pointer
	// to it, has the methods of any interface the runtime declares.
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok || iface.Empty() {
			continue
		}
		for _, typ := range tracerTypes {
			if typ := scope.Lookup(typ).Type(); types.Implements(typ, iface) || types.Implements(types.NewPointer(typ), iface) {
				t.Errorf("%s implements the runtime's interface %s", typ, name)
			}
		}
	}
	locker := scope.Lookup("traceLocker").Type()
	// check reports whether e says the tracer is on.
	var check func(e ast.Expr) bool
	check = func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			switch e.Op {
			case token.LAND:
				return check(e.X) || check(e.Y)
			case token.LOR:
				return check(e.X) && check(e.Y)
			}
		case *ast.CallExpr:
			switch f := e.Fun.(type) {
			case *ast.Ident:
				return info.Uses[f] == scope.Lookup("traceEnabled") || info.Uses[f] == scope.Lookup("traceShuttingDown")
			case *ast.SelectorExpr:
				return f.Sel.Name == tracerGuard && types.Identical(info.Types[f.X].Type, locker)
			}
		}
		return false
	}
	// returnsUnless reports whether s is `if !<check> { ...; return }`.
	returnsUnless := func(s ast.Stmt) bool {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Else != nil || len(ifs.Body.List) == 0 {
			return false
		}
		not, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
		_, returns := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
		return ok && not.Op == token.NOT && check(not.X) && returns
	}
	guarded := func(path []ast.Node) bool {
		for i := len(path) - 2; i >= 0; i-- {
			switch n := path[i].(type) {
			case *ast.FuncDecl:
				return only[info.Defs[n.Name]] || starts[info.Defs[n.Name]]
			case *ast.IfStmt:
				if path[i+1] == n.Body && check(n.Cond) {
					return true
				}
			case *ast.BinaryExpr:
				if n.Op == token.LAND && path[i+1] == n.Y && check(n.X) {
					return true
				}
			case *ast.BlockStmt:
				for _, s := range n.List {
					if s == path[i+1] {
						break
					}
					if returnsUnless(s) {
						return true
					}
				}
			}
		}
		return false
	}
	uses := 0
	for _, f := range files {
		var path []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				path = path[:len(path)-1]
				return true
			}
			path = append(path, n)
			id, ok := n.(*ast.Ident)
			if !ok || !only[info.Uses[id]] {
				return true
			}
			uses++
			if !guarded(path) {
				t.Errorf("%s: %s runs whether the tracer is on or not", fset.Position(id.Pos()), id.Name)
			}
			return true
		})
		// trace.enabled becomes true in tracerStarts only.
		ast.Inspect(f, func(n ast.Node) bool {
			fd, ok := n.(*ast.FuncDecl)
			if !ok || starts[info.Defs[fd.Name]] || fd.Body == nil {
				return !ok
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok {
					return true
				}
				for i, lhs := range as.Lhs {
					if types.ExprString(lhs) == "trace.enabled" && types.ExprString(as.Rhs[i]) != "false" {
						t.Errorf("%s: trace.enabled set outside %v", fset.Position(as.Pos()), tracerStarts)
					}
				}
				return true
			})
			return false
		})
	}
	if uses < 50 {
		t.Errorf("%d uses of the tracer's functions found, want more: is tracerOnly still what the tracer is?", uses)
	}
}

// TestRunObserving runs, rewritten for release, a program that reads its
// own stack and traces itself: both work, as the rewrite keeps the code
// that prints stacks and the tracer where a program can use them.
func TestRunObserving(t *testing.T) {
	release, res, err := Rewrite(program(t, "./testdata/observe"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	o, e, code := runModule(t, release)
	if code != 0 || !strings.Contains(o, "goroutine 1 [running]:\n") || !strings.HasSuffix(o, "trace bytes: true\n") {
		t.Errorf("exit status %d; output:\n%s\n%s", code, o, e)
	}
	if res.PrintsEmptied != 0 || res.TracerEmptied != 0 {
		t.Errorf("%d bytes of code that prints and %d of the tracer removed, want none", res.PrintsEmptied, res.TracerEmptied)
	}
}
