//go:build js && wasm

package engine

// goValue refuses a Go value that From left opaque: the WebAssembly build
// does not link encoding/json (gojson.go), whose size the module would
// carry for Go callers it never has.
func (e *encoder) goValue(dst []byte, ref any) []byte {
	e.fail(CodeInvalidParameter, "D18", "a Go value that core.From leaves opaque cannot be written as JSON in a WebAssembly build: convert it first, or build the request with package core/rest", nil)
	return dst
}
