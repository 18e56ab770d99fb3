//go:build js && wasm

package main

import (
	"slices"
	"strings"
	"syscall/js"
	"unicode/utf8"

	"github.com/endpoint-wasm/endpoint-wasm/core/bridge"
)

// The global object's members (main.go) reach the engine as the shim's
// calls do: a call is written as a wire message by bridge.MessageWriter,
// which holds the shim's limits and gives its errors (core/bridge/
// protocol.go), run by a bridge.Bridge, and its answer read by
// bridge.AnswerReader into JavaScript values, a value named by handle being
// the caller's own. A member holds what the shim holds, and writes a held
// value in full only when the engine loads it, so that a body value is
// never read. Numbers and bigints cross
// as JavaScript's own String, Number and BigInt write and read them, the
// text the engine keeps (D12), so that the module parses and formats no
// number itself.
var (
	global        = js.Global()
	jsObject      = global.Get("Object")
	jsArray       = global.Get("Array")
	jsString      = global.Get("String")
	jsNumber      = global.Get("Number")
	jsBigInt      = global.Get("BigInt")
	jsReflect     = global.Get("Reflect")
	jsArrayBuffer = global.Get("ArrayBuffer")
	objectProto   = jsObject.Get("prototype")
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

// members is the bridge the members' calls run on: one of their own, apart
// from the shim's (exports.go), whose call may be under way when a getter
// read by one of its loads calls a member. Made when a member is first
// called. current is the call it runs, whose values its loads write.
var (
	members *bridge.Bridge
	current *call
)

// A call is one call of a member: its message, and the values its handles
// name, in the order written (each key and record takes the next handle);
// the writer of its loads, what they wrote, and why one failed.
type call struct {
	out     *bridge.MessageWriter // w, or lw during a load
	w       bridge.MessageWriter
	table   []js.Value
	lw      bridge.MessageWriter
	spent   int
	loadErr error
}

// fetch answers the engine's load of handle h: the value written in full
// into the arena, its members taking the next handles, as the shim's
// Loader answers it.
func fetch(h int, arena *[]byte) (data []byte, ok bool) {
	c := current
	if c == nil || h >= len(c.table) {
		return nil, false
	}
	// A getter or a Proxy that throws as the value is read fails the load,
	// as the shim's Loader fails it, rather than the bridge's call.
	defer func() {
		if p := recover(); p != nil {
			c.loadErr, data, ok = panicError(p), nil, false
		}
	}()
	c.out = &c.lw
	c.lw.BeginLoad(len(c.table), c.spent)
	c.record(c.table[h], 2, bridge.HoldNone)
	if err := c.lw.Err(); err != nil {
		c.loadErr = err
		return nil, false
	}
	c.spent += c.lw.Len()
	start := len(*arena)
	*arena = append(*arena, c.lw.Message()...)
	return (*arena)[start:], true
}

// failure is an error answer: code, field, message, rule (D28).
type failure struct{ code, field, message, rule string }

func failureOf(err error) *failure {
	code, field, message, rule := bridge.ErrorText(err)
	return &failure{code, field, message, rule}
}

// send runs op on layer (undefined: the global defaults; else the defaults
// an OpDefaults answered), with route (nil: none) and options (a plain
// object, or null), and returns the answer's value.
func send(op byte, layer js.Value, route *string, options js.Value) (js.Value, *failure) {
	c := &call{}
	c.out = &c.w
	w := &c.w
	w.Begin(op)
	if layer.IsUndefined() {
		w.NoLayer()
	} else {
		at := w.BeginLayer()
		c.options(layer, bridge.HoldLong)
		w.EndLayer(at)
	}
	if route == nil {
		w.NoRoute()
	} else {
		w.Route(*route)
	}
	if options.IsNull() {
		c.table = append(c.table, options)
		w.Null()
	} else if op == bridge.OpDefaults {
		c.options(options, bridge.HoldLong)
	} else {
		c.options(options, bridge.HoldLarge)
	}
	if err := w.Err(); err != nil {
		return js.Value{}, failureOf(err)
	}
	// A getter read by a load may call a member again: that call runs on a
	// bridge of its own.
	b := members
	if current != nil || b == nil {
		b = bridge.New(fetch)
		if current == nil {
			members = b
		}
	}
	outer := current
	current, c.spent = c, len(w.Message())
	status := b.Call(w.Message())
	current = outer
	// The answer is copied: a setter of Object.prototype run as it is read
	// may call a member again, which answers into the same buffers.
	r := bridge.NewAnswerReader[js.Value](slices.Clone(b.Ops()), slices.Clone(b.Text()), c)
	switch status {
	case bridge.StatusOK:
		return r.Value(), nil
	case bridge.StatusError:
		f := &failure{}
		f.code, f.field, f.message, f.rule = r.ErrorText()
		return js.Value{}, f
	}
	return js.Value{}, failureOf(c.loadErr) // StatusHostError: a load failed
}

// options writes the options of a message, or its layer: an object whose
// data member, when not null, crosses as its class alone (D19), as the
// shim writes it.
func (c *call) options(o js.Value, hold int) {
	c.table = append(c.table, o)
	c.object(o, 1, hold, true)
}

// value writes v at depth (the options object is 1), holding what hold
// says; v takes the next handle.
func (c *call) value(v js.Value, depth, hold int) {
	c.table = append(c.table, v)
	c.record(v, depth, hold)
}

// record writes the record of v at depth, holding what hold says: only a
// held value's kind crosses, and the engine loads it where it must read it.
func (c *call) record(v js.Value, depth, hold int) {
	w := c.out
	t, ok := typeOf(v)
	if !ok {
		w.BigInt(jsString.Invoke(v).String())
		return
	}
	switch t {
	case js.TypeUndefined:
		w.Undefined()
	case js.TypeNull:
		w.Null()
	case js.TypeBoolean:
		w.Bool(v.Bool())
	case js.TypeNumber:
		w.Number(jsString.Invoke(v).String())
	case js.TypeString:
		// A string of n UTF-16 units is n bytes at least: one too large is
		// refused before it is copied out of JavaScript.
		n := jsObject.Invoke(v).Length()
		switch {
		case hold != bridge.HoldNone && n > bridge.ShortString:
			w.HeldString()
		case w.Fits(4 + n):
			w.String(text(v))
		}
	case js.TypeObject:
		switch {
		case jsArray.Call("isArray", v).Bool():
			c.array(v, depth, hold)
		case isPlain(v) && hold == bridge.HoldLarge:
			w.HeldObject()
		case isPlain(v):
			c.object(v, depth, hold, false)
		default:
			w.Host(classOf(v))
		}
	default: // a function or a symbol
		w.Host(classOf(v))
	}
}

// array writes an array's elements or, with bridge.HoldLarge, holds it unless it
// is a few short scalars. A Proxy's length may be anything: what is not a
// count is none, as the shim's u32 writes it.
func (c *call) array(a js.Value, depth, hold int) {
	w := c.out
	n := 0
	if l := get(a, "length"); l.Type() == js.TypeNumber && l.Float() > 0 {
		n = int(min(l.Float(), 1<<32-1))
	}
	if hold == bridge.HoldLarge && n > bridge.ShortArray {
		w.HeldArray()
		return
	}
	at, mark := w.Len(), len(c.table)
	if !w.Array(n, depth) {
		return
	}
	for i := 0; i < n && w.Err() == nil; i++ {
		e := get(a, i)
		if t := e.Type(); hold == bridge.HoldLarge && (t == js.TypeObject || t == js.TypeString && jsObject.Invoke(e).Length() > bridge.ShortString) {
			// Not a few short scalars: held after all.
			w.Truncate(at)
			c.table = c.table[:mark]
			w.HeldArray()
			return
		}
		c.value(e, depth+1, hold)
	}
}

// object writes a plain object's defined members (D15) at depth; as top,
// the options of a message or its layer, in which the wire names three
// members: headers and mediaType, whose long strings alone are held, and
// data, which crosses as its class (D19).
func (c *call) object(o js.Value, depth, hold int, top bool) {
	w := c.out
	at, ok := w.Object(depth)
	if !ok {
		return
	}
	keys := jsObject.Call("keys", o)
	n := 0
	for i := range keys.Length() {
		k := keys.Index(i)
		v := get(o, k) // by the key itself, which its Go text may not spell (a lone surrogate)
		if v.IsUndefined() {
			continue // D15
		}
		n++
		w.Key(text(k))
		c.table = append(c.table, k)
		switch name := k.String(); {
		case !top:
			c.value(v, depth+1, hold)
		case name == "data" && !v.IsNull():
			c.table = append(c.table, v)
			w.Host(classOf(v))
		case name == "headers" || name == "mediaType":
			c.value(v, 2, max(hold, bridge.HoldLong))
		default:
			c.value(v, 2, hold)
		}
		if w.Err() != nil {
			return
		}
	}
	w.EndObject(at, n)
}

// isPlain reports whether an object is a plain object: its prototype
// Object.prototype or null, as js/values.js tells it.
func isPlain(v js.Value) bool {
	p := jsObject.Call("getPrototypeOf", v)
	return p.IsNull() || p.Equal(objectProto)
}

// classOf tells what kind of body a host value is (D20), as js/values.js
// tells it, from the wire's list of host classes: an instance of one, or
// one of another realm or library by its tag.
func classOf(v js.Value) bridge.Class {
	if v.Type() != js.TypeObject {
		return bridge.ClassOther
	}
	if jsArrayBuffer.Call("isView", v).Bool() {
		return bridge.ClassBinary
	}
	// The tag, "FormData" of "[object FormData]".
	tag := strings.TrimSuffix(strings.TrimPrefix(objectToString.Call("call", v).String(), "[object "), "]")
	for _, c := range bridge.HostClasses {
		if ctor := global.Get(c.Name); tag == c.Name || ctor.Type() == js.TypeFunction && v.InstanceOf(ctor) {
			return c.Class
		}
	}
	if get(v, "pipe").Type() == js.TypeFunction && get(v, "on").Type() == js.TypeFunction { // a Node stream
		return bridge.ClassStream
	}
	return bridge.ClassOther
}

// The values of an answer (bridge.Maker): a value named by handle is the
// caller's own, from the call's table.

func (c *call) Ref(h int) js.Value {
	if h < 0 || h >= len(c.table) {
		return js.Undefined()
	}
	return c.table[h]
}
func (*call) Undefined() js.Value                    { return js.Undefined() }
func (*call) Null() js.Value                         { return js.Null() }
func (*call) Bool(b bool) js.Value                   { return js.ValueOf(b) }
func (*call) String(s string) js.Value               { return stringJS(s) }
func (*call) Number(text string) js.Value            { return jsNumber.Invoke(text) }
func (*call) BigInt(text string) js.Value            { return jsBigInt.Invoke(text) }
func (*call) Array(n int) js.Value                   { return jsArray.New(n) }
func (*call) SetIndex(a js.Value, i int, e js.Value) { a.SetIndex(i, e) }

// Object makes an object; a bare one has no prototype, as the shim makes
// the JSON body (D18).
func (*call) Object(bare bool) js.Value {
	if bare {
		return jsObject.Call("create", js.Null())
	}
	return jsObject.New()
}

// Set sets o[k] = v, a "__proto__" key defined as a member, not set, which
// would change the prototype (D30).
func (*call) Set(o, k, v js.Value) {
	if k.String() == "__proto__" {
		d := jsObject.New()
		d.Set("value", v)
		d.Set("enumerable", true)
		d.Set("writable", true)
		d.Set("configurable", true)
		jsObject.Call("defineProperty", o, k, d)
		return
	}
	jsReflect.Call("set", o, k, v)
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
