package wasmpost

import (
	"strings"
	"testing"
)

// TestComposeNamesTheRewrittenModulesCode: the rewritten module's code is
// told apart by the names the linked module gives it, every byte of every
// body counted once, by package and by function.
func TestComposeNamesTheRewrittenModulesCode(t *testing.T) {
	in := realModule(t)
	out, _, err := Rewrite(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compose(out, in)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	_, bodies, err := functions(m)
	if err != nil {
		t.Fatal(err)
	}
	code := 0
	for _, b := range bodies {
		code += len(b)
	}
	sum := func(parts []Part) (n int) {
		for _, p := range parts {
			n += p.Bytes
		}
		return n
	}
	if sum(c.Packages) != code || sum(c.Functions) != code || len(c.Functions) != len(bodies) {
		t.Errorf("packages %d bytes, functions %d bytes in %d, where the bodies are %d bytes in %d", sum(c.Packages), sum(c.Functions), len(c.Functions), code, len(bodies))
	}
	if sections := sum(c.Sections); sections >= c.Size || c.Size != len(out) {
		t.Errorf("sections %d bytes of %d, the module %d", sections, c.Size, len(out))
	}
	packages := map[string]int{}
	for i, p := range c.Packages {
		packages[p.Name] = p.Bytes
		if i > 0 && p.Bytes > c.Packages[i-1].Bytes {
			t.Errorf("packages not largest first: %v", c.Packages[i-1:i+1])
		}
	}
	if c.Packages[0].Name != "runtime" || packages["main"] == 0 {
		t.Errorf("largest package %s; main's code %d bytes", c.Packages[0].Name, packages["main"])
	}
	named := map[string]bool{}
	for _, f := range c.Functions {
		named[f.Name] = true
	}
	for _, name := range []string{"main.main", "main.churn", "runtime.mallocgc"} {
		if !named[name] {
			t.Errorf("no function %s", name)
		}
	}
}

// TestComposeRefusesAnotherModulesNames: names from a module the rewritten
// one was not made from would name the wrong code.
func TestComposeRefusesAnotherModulesNames(t *testing.T) {
	in := realModule(t)
	out, _, err := Rewrite(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	other := program(t, "./testdata/reach")
	if _, err := Compose(out, other); err == nil || !strings.Contains(err.Error(), "not the module it was rewritten from") {
		t.Errorf("Compose with another module's names: %v", err)
	}
}

func TestPackageOf(t *testing.T) {
	for name, want := range map[string]string{
		"runtime.mallocgc": "runtime",
		"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine.(*session).parse": "github.com/endpoint-wasm/endpoint-wasm/core/internal/engine",
		"slices.EqualFunc[go.shape.[]*regexp/syntax.Regexp]":                           "slices",
		"internal/runtime/maps.(*Iter).Next":                                           "internal/runtime/maps",
		"type:.eq.[2]string":                                                           "type:",
		"main.init.0.func1":                                                            "main",
	} {
		if got := packageOf(name); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", name, got, want)
		}
	}
}
