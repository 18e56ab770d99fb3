// Package govalue hands a Go value to encoding/json, within a bound on how
// deeply it nests (D29). encoding/json decides everything else: names,
// tags, omitempty, MarshalJSON, what it refuses and its words for it. It
// does not import the engine, so that the engine can use it for its Go
// callers while the WebAssembly module, which links the engine, links
// neither it nor encoding/json (core/internal/engine/gojson.go).
package govalue

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
)

// ErrTooDeep is returned for a value nested deeper than allowed, or
// holding itself, which nests without end.
var ErrTooDeep = errors.New("nested too deeply")

// maxGoLevels bounds the pointers, interfaces, structs, maps, slices and
// arrays on any path into a value handed to encoding/json. encoding/json
// recurses once for each and bounds none of them: a chain of a million
// pointers, or a value that holds itself through its exported fields,
// would overflow its goroutine's stack, which kills the program rather
// than panic. A value within the 256 levels of JSON the engine takes has
// far fewer.
const maxGoLevels = 2048

// Marshal returns x as encoding/json writes it, with <, > and & as they
// are (as JavaScript's JSON.stringify leaves them), or encoding/json's
// error. The text may hold at most levels levels of arrays and objects:
// 0 for a string, 1 for [] or {"a":1}. Deeper text, or a Go value deeper
// than encoding/json can safely walk, is ErrTooDeep.
func Marshal(x any, levels int) ([]byte, error) {
	if tooDeep(reflect.ValueOf(x), maxGoLevels) {
		return nil, ErrTooDeep
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x); err != nil {
		return nil, err
	}
	text := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if nesting(text) > levels {
		return nil, ErrTooDeep
	}
	return text, nil
}

// tooDeep reports whether a path into v, through what encoding/json
// follows (pointers, interfaces, exported and embedded fields, map values
// and elements), is longer than left. It stops at the first such path, so
// a value that holds itself costs no more than left steps.
func tooDeep(v reflect.Value, left int) bool {
	if !v.IsValid() || !nests(v.Type()) {
		return false
	}
	if left == 0 {
		return true
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && tooDeep(v.Elem(), left-1)
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if f := t.Field(i); (f.IsExported() || f.Anonymous) && tooDeep(v.Field(i), left-1) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if tooDeep(it.Value(), left-1) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if tooDeep(v.Index(i), left-1) {
				return true
			}
		}
	}
	return false
}

// nests reports whether a value of type t can hold another value.
func nests(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Struct:
		return true
	case reflect.Map, reflect.Slice, reflect.Array:
		return nests(t.Elem())
	}
	return false
}

// nesting returns how deeply arrays and objects nest in the JSON text: 0
// for a string, 1 for [] or {"a":1}.
func nesting(text []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}
