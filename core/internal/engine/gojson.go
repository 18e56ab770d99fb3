//go:build !(js && wasm)

package engine

import "github.com/endpoint-wasm/endpoint-wasm/core/internal/govalue"

// goValue writes a Go value that From left opaque (a struct, a
// json.Marshaler, a []byte inside the body...) as encoding/json writes it,
// within the levels the body has left (D29), or refuses it naming the field
// encoding/json cannot write. The WebAssembly build links neither
// encoding/json nor this file (gojson_wasm.go): the module never writes a
// Go caller's body, and encoding/json would make it larger.
func (e *encoder) goValue(dst []byte, ref any) []byte {
	text, err := govalue.Marshal(ref, e.depth+1, MaxDepth)
	if err != nil {
		reason := Redact(err.Reason) // a MarshalJSON's error may quote a credential (D23)
		if err.TooDeep {
			e.fail(CodeInvalidArgument, "D29", err.Field, reason)
		} else {
			e.fail(CodeInvalidParameter, "D18", err.Field, reason)
		}
		return dst
	}
	return append(dst, text...)
}
