//go:build js && wasm

package engine

import (
	"errors"
	"testing"
)

// The WebAssembly build does not link encoding/json: BodyBytes refuses a
// Go value From left opaque, naming it, where a native build writes it.
func TestBodyBytesInWebAssemblyRefusesAGoValueFromLeftOpaque(t *testing.T) {
	type issue struct{ Title string }
	r, err := Endpoint("POST /x", O("issue", issue{Title: "c"}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.BodyBytes()
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeInvalidParameter || e.Field != "body.issue" || b != nil {
		t.Errorf("%q, %v; want %s naming body.issue", b, err, CodeInvalidParameter)
	}
}
