//go:build js && wasm

package core

import (
	"errors"
	"testing"
)

// The WebAssembly build does not link encoding/json: BodyBytes refuses a
// Go value From left opaque, naming it, where a native build writes it.
func TestBodyBytesInWebAssemblyRefusesAGoValueFromLeftOpaque(t *testing.T) {
	type issue struct{ Title string }
	r, err := New().Endpoint("POST /x", O("issue", issue{Title: "c"}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.BodyBytes()
	var e *Error
	if !errors.Is(err, ErrInvalidParameter) || !errors.As(err, &e) || e.Field != "body.issue" || b != nil {
		t.Errorf("%q, %v; want %s naming body.issue", b, err, ErrInvalidParameter.Code)
	}
}
