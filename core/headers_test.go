package core

import (
	"strings"
	"testing"
)

// headerValues returns the values of the headers of merged options.
func headerValues(t *testing.T, m *Obj) []Value {
	t.Helper()
	h, ok := m.Get("headers")
	if !ok || h.kind() != Object {
		t.Fatalf("no headers in %v", m)
	}
	var vs []Value
	for i := 0; i < h.obj().Len(); i++ {
		vs = append(vs, h.obj().At(i))
	}
	return vs
}

// TestMergedHeaderValuesAreMarkedChecked: the string values of merged
// headers, the layer's and the options', are marked safe (checkHeader), so
// that a merge on a layer made of them does not look at them again (D22).
func TestMergedHeaderValuesAreMarkedChecked(t *testing.T) {
	layer, err := New().Defaults(O("headers", O("user-agent", "octokit-core.js/7.0.8 Node.js/20")))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range headerValues(t, layer.defaults) {
		if !v.safe() {
			t.Errorf("layer header %q is not marked", v.text())
		}
	}
	m, err := layer.Merge("GET /user", O("headers", O("X-Trace", "abc", "accept", "application/vnd.github.raw+json")))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range headerValues(t, m) {
		if !v.safe() {
			t.Errorf("merged header %q is not marked", v.text())
		}
	}
}

// TestAMarkedValueUnderAnInvalidNameIsRefused: a checked value set under a
// name that is not a token is still refused: the mark spares the value's
// look, never the name's (D22).
func TestAMarkedValueUnderAnInvalidNameIsRefused(t *testing.T) {
	m, err := New().Merge("GET /user", O("headers", O("x-trace", "abc")))
	if err != nil {
		t.Fatal(err)
	}
	marked, _ := m.Get("headers")
	marked, _ = marked.obj().Get("x-trace")
	if !marked.safe() {
		t.Fatal("not marked")
	}
	h := NewObj(1)
	h.Append("bad name", marked)
	m.Set("headers", ObjValue(h))
	_, err = New().Merge("", m)
	if e, ok := err.(*Error); !ok || e.Code != CodeInvalidHeader || e.Field != "headers" {
		t.Fatalf("got %v, want %s on headers", err, CodeInvalidHeader)
	}
}

// TestOnlyCheckedValuesAreMarked: a value with CR, LF or NUL is refused
// wherever it is set, so none is ever marked; a value not yet checked
// (given by the caller, or not yet loaded) carries no mark; and every mark
// in the results of a layer and a merge is on a clean string.
func TestOnlyCheckedValuesAreMarked(t *testing.T) {
	if Str("a").safe() || unloadedValue(String, 1).markedSafe().safe() {
		t.Fatal("a caller's string, or one not loaded, is marked")
	}
	layer, err := New().Defaults(O("headers", O("User-Agent", "u", "x-n", 1, "x-null", nil)))
	if err != nil {
		t.Fatal(err)
	}
	checkMarks(t, layer.defaults)
	merged, err := layer.Merge("GET /x", O("headers", O("X-B", true, "authorization", "token t")))
	if err != nil {
		t.Fatal(err)
	}
	checkMarks(t, merged)
	m, err := New().Merge("GET /user", O("headers", O("x-trace", "abc")))
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"a\r\nx-evil: 1", "a\nb", "a\x00"} {
		m.Set("headers", ObjValue(O("x-trace", bad)))
		_, err := New().Merge("", m)
		if e, ok := err.(*Error); !ok || e.Code != CodeInvalidHeader {
			t.Errorf("%q: got %v, want %s", bad, err, CodeInvalidHeader)
		}
	}
}

// checkMarks fails when a value marked safe anywhere in o is not a string
// free of CR, LF and NUL (the fuzz targets' invariant of the mark).
func checkMarks(t *testing.T, o *Obj) {
	t.Helper()
	var walk func(v Value)
	walk = func(v Value) {
		if v.safe() && (v.kind() != String || strings.ContainsAny(v.text(), "\r\n\x00")) {
			t.Fatalf("a value marked safe: kind %d, %q", v.kind(), v.text())
		}
		switch v.kind() {
		case Object:
			for i := 0; i < v.obj().Len(); i++ {
				walk(v.obj().At(i))
			}
		case Array:
			for _, e := range v.list() {
				walk(e)
			}
		}
	}
	walk(ObjValue(o))
}
