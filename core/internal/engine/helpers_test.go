package engine

import (
	"strings"
	"testing"
)

// obj decodes a JSON object literal (bigints as 123n) for a test table.
func obj(t testing.TB, js string) *Obj {
	t.Helper()
	if js == "" {
		return nil
	}
	v, err := DecodeJSON([]byte(js))
	if err != nil {
		t.Fatalf("bad test JSON %s: %v", js, err)
	}
	if v.Kind() != Object {
		t.Fatalf("test JSON %s is not an object", js)
	}
	return v.Obj()
}

// canon re-encodes a JSON text so that two texts compare equal exactly when
// they are the same value with the same key order. "UA" stands for the
// default user-agent.
func canon(t testing.TB, js string) string {
	t.Helper()
	js = strings.ReplaceAll(js, `"UA"`, `"`+UserAgent+`"`)
	v, err := DecodeJSON([]byte(js))
	if err != nil {
		t.Fatalf("bad expected JSON %s: %v", js, err)
	}
	return string(AppendJSON(nil, v))
}

// codeOf returns the Code of err, or "" when err is nil or not an *Error.
func codeOf(err error) Code {
	if e, ok := err.(*Error); ok {
		return e.Code
	}
	return ""
}
