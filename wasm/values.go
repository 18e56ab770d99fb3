//go:build js && wasm

package main

import (
	"strconv"
	"strings"
	"syscall/js"
	"unicode/utf8"

	"github.com/endpoint-wasm/endpoint-wasm/core/bridge"
)

// The values of the global object (main.go) are read and built through
// syscall/js. Numbers and bigints cross as JavaScript's own String, Number
// and BigInt write and read them, the text the engine keeps (D12), so that
// the module parses and formats no number itself.
var (
	global      = js.Global()
	jsObject    = global.Get("Object")
	jsArray     = global.Get("Array")
	jsString    = global.Get("String")
	jsNumber    = global.Get("Number")
	jsBigInt    = global.Get("BigInt")
	jsReflect   = global.Get("Reflect")
	objectProto = jsObject.Get("prototype")
	// Object.prototype.toString, whose "[object Name]" tells a host class
	// of another realm or library, which isPrototypeOf does not know.
	objectToString = objectProto.Get("toString")
	// String methods, called on a string through call: syscall/js calls
	// methods of objects only.
	charCodeAt = jsString.Get("prototype").Get("charCodeAt")
	// isWellFormed (ES2024) is looked up when text first needs it, not as
	// Go starts: the start runs at build time (docs/design.md), and a
	// runtime without it must still restore the module.
	isWellFormed js.Value
)

// hostClasses are the constructors of the host values whose content-type
// the HTTP client chooses (D20), as js/values.js tells them (by
// constructor or tag), and their classes; a constructor this JavaScript
// lacks is undefined and skipped.
var hostClasses = [...]struct {
	name  string
	class bridge.Class
}{
	{"FormData", bridge.ClassFormData}, {"Blob", bridge.ClassBlob}, {"File", bridge.ClassBlob}, {"URLSearchParams", bridge.ClassURLSearchParams},
	{"ArrayBuffer", bridge.ClassBinary}, {"SharedArrayBuffer", bridge.ClassBinary}, {"ReadableStream", bridge.ClassStream},
}

// maxValues is how many values one argument of the global object's members
// may hold, nested ones included (D29). They read every value, body values
// too, each through syscall/js: past this, a call would run for seconds. The ES module, which passes body values by reference, has no
// such limit.
const maxValues = 1 << 16

// objectArg reads an argument that is a plain object or absent (undefined,
// null).
func objectArg(v js.Value, field string) (*bridge.Obj, error) {
	if v.IsUndefined() || v.IsNull() {
		return nil, nil
	}
	budget := maxValues
	cv, ok := fromJS(v, 1, &budget)
	if !ok {
		return nil, bridge.NewError(bridge.CodeInvalidArgument, field, field+": nested deeper than "+strconv.Itoa(bridge.MaxDepth)+" levels, cyclic, or more than "+strconv.Itoa(maxValues)+" values")
	}
	if cv.Kind() != bridge.Object {
		return nil, bridge.NewError(bridge.CodeInvalidArgument, field, field+": must be a plain object")
	}
	return cv.Obj(), nil
}

// get reads v[k] through Reflect.get, so that an exception (of a getter,
// of a Proxy) is a panic of Go's (js.Error), which the member recovers:
// v.Get and v.Index would let it unwind through the Go program's stack.
func get(v js.Value, k any) js.Value { return jsReflect.Call("get", v, k) }

// typeOf is v.Type(), and false for a bigint, which syscall/js has no
// type for (Type panics).
func typeOf(v js.Value) (t js.Type, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return v.Type(), true
}

// fromJS reads v at depth (the options object is 1): plain objects (own
// enumerable keys, in order) and arrays member by member, any other object
// or function as itself, which the engine passes on untouched. It returns
// false when v nests deeper than bridge.MaxDepth, or holds more values than
// *budget, which it counts down: an array of a huge length, or a structure
// whose branches share their objects, could otherwise exhaust the module's
// memory or run for ever (D29).
func fromJS(v js.Value, depth int, budget *int) (bridge.Value, bool) {
	if *budget--; *budget < 0 {
		return bridge.Value{}, false
	}
	t, ok := typeOf(v)
	if !ok {
		return bridge.Big(jsString.Invoke(v).String()), true
	}
	switch t {
	case js.TypeUndefined:
		return bridge.Value{}, true
	case js.TypeNull:
		return bridge.NullValue(), true
	case js.TypeBoolean:
		return bridge.BoolValue(v.Bool()), true
	case js.TypeNumber:
		return bridge.NumText(jsString.Invoke(v).String()), true
	case js.TypeString:
		return bridge.Str(text(v)), true
	case js.TypeObject:
		if depth > bridge.MaxDepth {
			return bridge.Value{}, false
		}
		if jsArray.Call("isArray", v).Bool() {
			n := get(v, "length") // a Proxy's may be anything
			if n.Type() != js.TypeNumber || n.Float() < 0 || n.Float() > float64(*budget) {
				return bridge.Value{}, false
			}
			l := make([]bridge.Value, n.Int())
			for i := range l {
				if l[i], ok = fromJS(get(v, i), depth+1, budget); !ok {
					return bridge.Value{}, false
				}
			}
			return bridge.List(l...), true
		}
		if p := jsObject.Call("getPrototypeOf", v); p.IsNull() || p.Equal(objectProto) {
			keys := jsObject.Call("keys", v)
			o := bridge.NewObj(keys.Length())
			for i := range keys.Length() {
				jk := keys.Index(i)
				k := text(jk)
				m, ok := fromJS(get(v, jk), depth+1, budget) // by the key itself, which k may not spell (a lone surrogate)
				if !ok {
					return bridge.Value{}, false
				}
				o.Append(k, m) // JavaScript gives each key once, in its order
			}
			return bridge.ObjValue(o), true
		}
		if global.Get("ArrayBuffer").Call("isView", v).Bool() {
			return bridge.OpaqueValue(v, bridge.ClassBinary), true
		}
		// The tag, "FormData" of "[object FormData]": another realm's too.
		tag := strings.TrimSuffix(strings.TrimPrefix(objectToString.Call("call", v).String(), "[object "), "]")
		for _, c := range hostClasses {
			if ctor := global.Get(c.name); tag == c.name || ctor.Type() == js.TypeFunction && ctor.Get("prototype").Call("isPrototypeOf", v).Bool() {
				return bridge.OpaqueValue(v, c.class), true
			}
		}
		if get(v, "pipe").Type() == js.TypeFunction && get(v, "on").Type() == js.TypeFunction { // a Node stream
			return bridge.OpaqueValue(v, bridge.ClassStream), true
		}
	}
	return bridge.OpaqueValue(v, bridge.ClassOther), true
}

// toJS builds the JavaScript value of v; a host value is the caller's own.
func toJS(v bridge.Value) js.Value {
	switch v.Kind() {
	case bridge.Null:
		return js.Null()
	case bridge.Bool:
		return js.ValueOf(v.Text() == "true")
	case bridge.Number:
		return jsNumber.Invoke(v.Text())
	case bridge.BigInt:
		return jsBigInt.Invoke(v.Text())
	case bridge.String:
		return stringJS(v.Text())
	case bridge.Array:
		l := v.Elems()
		a := jsArray.New(len(l))
		for i, e := range l {
			a.SetIndex(i, toJS(e))
		}
		return a
	case bridge.Object:
		return objectJS(v.Obj())
	case bridge.Opaque:
		if r, _ := v.Ref(); r != nil {
			if jv, ok := r.(js.Value); ok {
				return jv
			}
		}
		return js.Null()
	}
	return js.Undefined()
}

// objectJS builds a plain object of o's members, in order. A "__proto__"
// key is defined as a member, not set, which would change the prototype
// (D30).
func objectJS(o *bridge.Obj) js.Value {
	out := jsObject.New()
	for i := range o.Len() {
		k, v := o.Key(i), toJS(o.At(i))
		switch {
		case k == "__proto__":
			d := jsObject.New()
			d.Set("value", v)
			d.Set("enumerable", true)
			d.Set("writable", true)
			d.Set("configurable", true)
			jsObject.Call("defineProperty", out, k, d)
		case utf8.ValidString(k):
			out.Set(k, v)
		default: // a key with a lone surrogate (stringJS)
			jsReflect.Call("set", out, stringJS(k), v)
		}
	}
	return out
}

// requestJS builds request options: {method, url, headers, body?, request?}.
func requestJS(r *bridge.Request) js.Value {
	if r == nil {
		return js.Undefined()
	}
	out := jsObject.New()
	out.Set("method", r.Method)
	out.Set("url", r.URL)
	out.Set("headers", objectJS(r.Headers))
	if r.Body.Kind() != bridge.Undefined {
		out.Set("body", toJS(r.Body))
	}
	if r.Request.Kind() != bridge.Undefined {
		out.Set("request", toJS(r.Request))
	}
	return out
}

// text reads a JavaScript string as UTF-8, or as WTF-8 when it holds a lone
// surrogate (its three-byte form), as the ES module writes it: the engine
// refuses such a string where it would reach a url, and gives it back
// unchanged elsewhere (D12). syscall/js would write U+FFFD for it.
func text(v js.Value) string {
	if isWellFormed.IsUndefined() {
		isWellFormed = jsString.Get("prototype").Get("isWellFormed")
	}
	if isWellFormed.Type() == js.TypeFunction && isWellFormed.Call("call", v).Bool() {
		return v.String()
	}
	n := jsObject.Invoke(v).Length() // the String object of v: Length reads objects only
	b := make([]byte, 0, 3*n)
	for i := 0; i < n; i++ {
		c := rune(charCodeAt.Call("call", v, i).Int())
		if c >= 0xd800 && c < 0xdc00 && i+1 < n {
			if d := rune(charCodeAt.Call("call", v, i+1).Int()); d >= 0xdc00 && d < 0xe000 {
				b = utf8.AppendRune(b, 0x10000+(c-0xd800)<<10+(d-0xdc00))
				i++
				continue
			}
		}
		if c >= 0xd800 && c < 0xe000 { // lone: utf8.AppendRune would write U+FFFD
			b = append(b, 0xe0|byte(c>>12), 0x80|byte(c>>6)&0x3f, 0x80|byte(c)&0x3f)
			continue
		}
		b = utf8.AppendRune(b, c)
	}
	return string(b)
}

// stringJS makes the JavaScript string of s, UTF-8 or WTF-8 (text): a lone
// surrogate comes back as itself, where syscall/js would make U+FFFD of it.
func stringJS(s string) js.Value {
	if utf8.ValidString(s) {
		return js.ValueOf(s)
	}
	units := make([]any, 0, len(s))
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 && i+2 < len(s) && s[i]&0xf0 == 0xe0 {
			c, size = rune(s[i]&0x0f)<<12|rune(s[i+1]&0x3f)<<6|rune(s[i+2]&0x3f), 3 // a lone surrogate's WTF-8
		}
		if c >= 0x10000 {
			units = append(units, 0xd800+(c-0x10000)>>10, 0xdc00+(c-0x10000)&0x3ff)
		} else {
			units = append(units, c)
		}
		i += size
	}
	// fromCharCode takes the units as arguments: a few thousand at a time.
	parts := jsArray.New()
	for len(units) > 0 {
		n := min(len(units), 4096)
		parts.Call("push", jsString.Call("fromCharCode", units[:n]...))
		units = units[n:]
	}
	return parts.Call("join", "")
}
