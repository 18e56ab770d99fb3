package engine

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"
	"github.com/jtacoma/uritemplates"
)

// TestTheLibraryAloneGetsTheseWrong documents each defect of
// jtacoma/uritemplates v1.0.0 that the adapter corrects, by showing the
// library's own output next to the adapter's. If a new library version
// fixes one, this test fails and the correction can go.
func TestTheLibraryAloneGetsTheseWrong(t *testing.T) {
	cases := []struct {
		defect, tpl string
		vars        map[string]any
		adapter     string // what RFC 6570 wants, and the adapter gives
	}{
		{"prefix cuts bytes, not characters", "{greek:1}", map[string]any{"greek": "αβγ"}, "%CE%B1"},
		{"%XX triplets are re-encoded under +", "{+id}", map[string]any{"id": "admin%2F"}, "admin%2F"},
		{"literals are not encoded", "café/{var}", map[string]any{"var": "v"}, "caf%C3%A9/v"},
		{"an empty value after . is lost", "X{.empty}", map[string]any{"empty": ""}, "X."},
		{"an empty first value loses the separator", "{empty,x}", map[string]any{"empty": "", "x": "1"}, ",1"},
		{"an empty list leaves a separator", "{x,list,y}", map[string]any{"x": "1", "list": []any{}, "y": "2"}, "1,2"},
		{"numbers go through %v", "{n}", map[string]any{"n": 1e6}, "1000000"},
	}
	for _, c := range cases {
		lt, err := uritemplates.Parse(c.tpl)
		if err != nil {
			t.Fatalf("%s: library Parse: %v", c.defect, err)
		}
		lib, _ := lt.Expand(c.vars)
		if lib == c.adapter {
			t.Errorf("%s: the library now gets %q right: drop the correction", c.defect, c.tpl)
		}
		lookup := func(name string) Value {
			v, ok := c.vars[name]
			if !ok {
				return Value{}
			}
			return From(v)
		}
		got, err := expandString(c.tpl, lookup)
		if err != nil || got != c.adapter {
			t.Errorf("%s: adapter gave %q (%v), want %q", c.defect, got, err, c.adapter)
		}
		t.Logf("%-42s %-14q library %-22q adapter %q", c.defect, c.tpl, lib, got)
	}
	for _, tpl := range []string{"{a:0}", "{a:10000}", "{a..b}"} {
		if _, err := uritemplates.Parse(tpl); err == nil {
			if _, err := parseTemplate(tpl); err == nil {
				t.Errorf("%q: the adapter accepts an invalid template", tpl)
			}
		}
	}
	// The library panics on "{}" and on a nil value; the adapter refuses the
	// first and treats the second as undefined.
	func() {
		defer func() { _ = recover() }()
		uritemplates.Parse("{}")
		t.Log(`the library no longer panics on "{}"`)
	}()
	if _, err := parseTemplate("{}"); codeOf(err) != CodeInvalidTemplate {
		t.Errorf(`"{}": %v`, err)
	}
	if got, err := expandString("{a}", func(string) Value { return NullValue() }); got != "" || err != nil {
		t.Errorf("null value: %q %v", got, err)
	}
}

// TestWhereTheLibraryIsRightItAgreesWithTheAdaptersExpander: on every spec
// vector the library expands right, the adapter's expander gives the same
// text.
func TestWhereTheLibraryIsRightItAgreesWithTheAdaptersExpander(t *testing.T) {
	n := 0
	for _, tpl := range []string{"{var}", "{+path}/here", "{#hello}", "{.list}", "{/list*}", "{;x,y}", "{?x,y}", "{&list*}", "{;list*}", "{var:3}", "{?list}", "{x,hello,y}"} {
		ct, err := parseTemplate(tpl)
		if err != nil {
			t.Fatal(err)
		}
		vars := map[string]Value{"var": Str("value"), "hello": Str("Hello World!"), "path": Str("/foo/bar"),
			"list": List(Str("red"), Str("green")), "x": Int(1024), "y": Int(768)}
		for _, p := range ct.parts {
			if p.expr == nil {
				continue
			}
			var tv []tval
			for _, vs := range p.expr.vars {
				v, _ := normalise(vs.name, vars[vs.name])
				if !libraryRight(p.expr, vs, v) {
					t.Fatalf("%s: the library gets it wrong", tpl)
				}
				tv = append(tv, v)
			}
			lib, err := libraryExpand(p.expr, tv)
			if err != nil {
				t.Fatal(err)
			}
			if own := p.expr.expandRFC(nil, tv); string(own) != string(lib) {
				t.Errorf("%s: library %q, RFC expander %q", tpl, lib, own)
			}
			n++
		}
	}
	t.Logf("%d expressions agree", n)
}

// libraryRight reports whether the library expands this variable right; it
// gets wrong the forms adapter_test.go shows (TestTheLibraryAloneGetsTheseWrong).
func libraryRight(e *expression, vs varSpec, v tval) bool {
	if e.op.named && strings.IndexByte(vs.name, '-') >= 0 {
		return false // it writes the name as it was given, "%2D" (D14)
	}
	switch v.kind {
	case tvAssoc:
		return false // members of a Go map come in random order (D12)
	case tvString:
		return v.s != "" && !(vs.prefix > 0 && !ascii.Is(v.s)) && !(e.op.allowReserved && strings.IndexByte(v.s, '%') >= 0)
	case tvList:
		for _, s := range v.items {
			if s == "" || vs.prefix > 0 && !ascii.Is(s) || e.op.allowReserved && strings.IndexByte(s, '%') >= 0 {
				return false
			}
		}
	}
	return true
}

// libraryExpand expands e through the library, values given as strings and
// lists of strings, undefined ones left out, as it expects.
func libraryExpand(e *expression, vals []tval) ([]byte, error) {
	lib, err := uritemplates.Parse("{" + strings.ReplaceAll(e.body, "-", "%2D") + "}")
	if err != nil {
		return nil, err
	}
	m := make(map[string]any, len(vals))
	for i, v := range vals {
		name := strings.ReplaceAll(e.vars[i].name, "-", "%2D")
		switch v.kind {
		case tvString:
			m[name] = v.s
		case tvList:
			l := make([]any, len(v.items))
			for j, s := range v.items {
				l[j] = s
			}
			m[name] = l
		}
	}
	s, err := lib.Expand(m)
	return []byte(s), err
}

// expandWith expands a compiled template with the values lookup gives.
func expandWith(ct *template, lookup func(string) Value) ([]byte, error) {
	o := NewObj(len(ct.names))
	for _, n := range ct.names {
		if !o.Has(n) {
			o.Set(n, lookup(n))
		}
	}
	return ct.expand(nil, new(session), o)
}

// TestAUrlWithNoExpressionExpandsAsItsLiteralText holds template's one walk
// of a url (urlBits) to what it replaced: a url with no brace and no :name
// placeholder (D9) is literal text, checked as UTF-8 (D12) and encoded by
// appendLiteral (D14), for every byte in every place a url puts it: after
// a scheme and host (with and without a port), in a relative path, next to
// a %XX triplet and to a ':' that starts no placeholder.
func TestAUrlWithNoExpressionExpandsAsItsLiteralText(t *testing.T) {
	prefixes := []string{"https://api.github.com/repositories/1/issues?page=", "http://localhost:3000/a", "/repos/o/r/", "x", ""}
	suffixes := []string{"", "b", "%41b/c:d", "%zz", "é", "/a:b?c=:d"}
	for _, prefix := range prefixes {
		for _, suffix := range suffixes {
			for c := 0; c < 256; c++ {
				url := prefix + string([]byte{byte(c)}) + suffix
				literal := strings.IndexAny(url, "{}") < 0 && nextColonPlaceholder(url, 0) < 0
				tpl, err := new(session).template(url)
				switch {
				case !literal:
					if err == nil && tpl.literal {
						t.Fatalf("%q: taken as literal text, but it has an expression", url)
					}
				case !utf8.ValidString(url):
					if err == nil {
						t.Fatalf("%q: not valid UTF-8, and no error", url)
					}
				case err != nil || !tpl.literal:
					t.Fatalf("%q: literal text, but template gave %v (literal %v)", url, err, err == nil && tpl.literal)
				default:
					got, err := tpl.expand(nil, new(session), NewObj(0))
					if want := appendLiteral(nil, url); err != nil || string(got) != string(want) {
						t.Fatalf("%q expands to %q (%v), want %q", url, got, err, want)
					}
				}
			}
		}
	}
	// A :name placeholder after a host with a port is one (D9).
	if tpl, err := new(session).template("http://localhost:3000/:owner"); err != nil || tpl.literal {
		t.Fatalf("a :name placeholder after a port: literal %v, %v", err == nil && tpl.literal, err)
	}
}
