//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/endpoint-wasm/endpoint-wasm/core"
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
)

// hostClasses are the constructors of the host values whose content-type
// the HTTP client chooses (D20), as js/values.js tells them, and their
// classes; a constructor this JavaScript lacks is undefined and skipped.
var hostClasses = [...]struct {
	name  string
	class core.Class
}{
	{"FormData", core.ClassFormData}, {"Blob", core.ClassBlob}, {"URLSearchParams", core.ClassURLSearchParams},
	{"ArrayBuffer", core.ClassBinary}, {"SharedArrayBuffer", core.ClassBinary}, {"ReadableStream", core.ClassStream},
}

// objectArg reads an argument that is a plain object or absent (undefined,
// null).
func objectArg(v js.Value, field string) (*core.Obj, error) {
	if v.IsUndefined() || v.IsNull() {
		return nil, nil
	}
	cv, ok := fromJS(v, 1)
	if !ok {
		return nil, core.NewError(core.CodeInvalidArgument, field, field+": nested deeper than "+strconv.Itoa(core.MaxDepth)+" levels, or cyclic")
	}
	if cv.Kind() != core.Object {
		return nil, core.NewError(core.CodeInvalidArgument, field, field+": must be a plain object")
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
// false when v nests deeper than core.MaxDepth.
func fromJS(v js.Value, depth int) (core.Value, bool) {
	t, ok := typeOf(v)
	if !ok {
		return core.Big(jsString.Invoke(v).String()), true
	}
	switch t {
	case js.TypeUndefined:
		return core.Value{}, true
	case js.TypeNull:
		return core.NullValue(), true
	case js.TypeBoolean:
		return core.BoolValue(v.Bool()), true
	case js.TypeNumber:
		return core.NumText(jsString.Invoke(v).String()), true
	case js.TypeString:
		return core.Str(v.String()), true
	case js.TypeObject:
		if depth > core.MaxDepth {
			return core.Value{}, false
		}
		if jsArray.Call("isArray", v).Bool() {
			l := make([]core.Value, get(v, "length").Int())
			for i := range l {
				if l[i], ok = fromJS(get(v, i), depth+1); !ok {
					return core.Value{}, false
				}
			}
			return core.List(l...), true
		}
		if p := jsObject.Call("getPrototypeOf", v); p.IsNull() || p.Equal(objectProto) {
			keys := jsObject.Call("keys", v)
			o := core.NewObj(keys.Length())
			for i := range keys.Length() {
				k := keys.Index(i).String()
				m, ok := fromJS(get(v, k), depth+1)
				if !ok {
					return core.Value{}, false
				}
				o.Append(k, m) // JavaScript gives each key once, in its order
			}
			return core.ObjValue(o), true
		}
		if global.Get("ArrayBuffer").Call("isView", v).Bool() {
			return core.OpaqueValue(v, core.ClassBinary), true
		}
		for _, c := range hostClasses {
			if ctor := global.Get(c.name); ctor.Type() == js.TypeFunction && ctor.Get("prototype").Call("isPrototypeOf", v).Bool() {
				return core.OpaqueValue(v, c.class), true
			}
		}
		if get(v, "pipe").Type() == js.TypeFunction && get(v, "on").Type() == js.TypeFunction { // a Node stream
			return core.OpaqueValue(v, core.ClassStream), true
		}
	}
	return core.OpaqueValue(v, core.ClassOther), true
}

// toJS builds the JavaScript value of v; a host value is the caller's own.
func toJS(v core.Value) js.Value {
	switch v.Kind() {
	case core.Null:
		return js.Null()
	case core.Bool:
		return js.ValueOf(v.Text() == "true")
	case core.Number:
		return jsNumber.Invoke(v.Text())
	case core.BigInt:
		return jsBigInt.Invoke(v.Text())
	case core.String:
		return js.ValueOf(v.Text())
	case core.Array:
		l := v.List()
		a := jsArray.New(len(l))
		for i, e := range l {
			a.SetIndex(i, toJS(e))
		}
		return a
	case core.Object:
		return objectJS(v.Obj())
	case core.Opaque:
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
func objectJS(o *core.Obj) js.Value {
	out := jsObject.New()
	for i := range o.Len() {
		k, v := o.Key(i), toJS(o.At(i))
		if k == "__proto__" {
			d := jsObject.New()
			d.Set("value", v)
			d.Set("enumerable", true)
			d.Set("writable", true)
			d.Set("configurable", true)
			jsObject.Call("defineProperty", out, k, d)
			continue
		}
		out.Set(k, v)
	}
	return out
}

// requestJS builds request options: {method, url, headers, body?, request?}.
func requestJS(r *core.Request) js.Value {
	if r == nil {
		return js.Undefined()
	}
	out := jsObject.New()
	out.Set("method", r.Method)
	out.Set("url", r.URL)
	out.Set("headers", objectJS(r.Headers))
	if r.Body.Kind() != core.Undefined {
		out.Set("body", toJS(r.Body))
	}
	if r.Request.Kind() != core.Undefined {
		out.Set("request", toJS(r.Request))
	}
	return out
}
