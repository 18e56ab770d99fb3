//go:build !wasm

package engine

import (
	"errors"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/govalue"
)

// goValue writes a Go value that From left opaque (a struct, a
// json.Marshaler, a []byte inside the body...) as encoding/json writes it,
// within the levels the body has left (D29), or refuses it with
// encoding/json's error, naming the member it is. The WebAssembly build
// links neither encoding/json nor this file (gojson_wasm.go): the module
// never writes a Go caller's body, and encoding/json would make it larger.
func (e *encoder) goValue(dst []byte, ref any) []byte {
	text, err := govalue.Marshal(ref, MaxDepth-e.depth)
	switch {
	case errors.Is(err, govalue.ErrTooDeep):
		e.fail(CodeInvalidArgument, "D29", tooDeepText, nil)
	case err != nil:
		e.fail(CodeInvalidParameter, "D18", Redact(err.Error()), err) // a MarshalJSON's error may quote a credential (D23)
	}
	return append(dst, text...)
}
