package engine

// What the JavaScript bridge (core/bridge) does to the engine's values
// beyond what package core's face offers: values named by the handles of
// the wire format, values whose content is loaded only where the engine
// reads it, Builders over defaults kept as data, and sessions.

// Handle returns the handle v carries (-1 for none), the caller's name for
// where it came from, and whether v's content is still to be loaded.
func (v Value) Handle() (h int, unloaded bool) { return int(v.handle()) - 1, v.unloaded() }

// WithHandle returns v carrying handle h (h >= 0).
func (v Value) WithHandle(h int) Value { return v.withHandle(int32(h + 1)) }

// Unloaded returns a value of kind k (String, Array or Object) with handle
// h whose content is not given: the engine places it by its kind and
// handle, and asks the session's Loader for the content only where it must
// read it.
func Unloaded(k Kind, h int) Value {
	return Value{m: uint64(k) | metaUnloaded}.withHandle(int32(h + 1))
}

// Elems returns the elements of an Array value themselves, where List
// returns a copy: for a caller that only reads them.
func (v Value) Elems() []Value { return v.list() }

// KeyHandle returns the handle of the i-th key of o, and whether it has one.
func (o *Obj) KeyHandle(i int) (int, bool) { return int(o.ents[i].h) - 1, o.ents[i].h != 0 }

// AppendHandle is Append for a key that carries handle h (h < 0: none), as
// a decoder of JavaScript objects gives them, each key once, in
// JavaScript's order.
func (o *Obj) AppendHandle(k string, h int, v Value) { o.appendEntry(k, h, v) }

// SetDefaults makes b a Builder over defaults exactly as given: what a
// Builder's DEFAULTS returned, kept as data (the shim keeps each layer of
// .defaults() so), not merged again. b is the caller's, reused for each
// layer it decodes.
func (b *Builder) SetDefaults(defaults *Obj) { b.set(defaults) }

// A Loader supplies the content of an unloaded value: given the value (its
// kind and handle), it returns the same value with its content, or an error
// when the content cannot be read (it is cyclic or too deep, D29).
type Loader interface {
	Load(v Value) (Value, error)
}

// A Session runs the operations (Endpoint, Merge, Parse, Defaults) reusing
// its memory from one call to the next: after the first few calls, a call
// allocates nothing. What a call returns (the request, merged options, and
// every string and object in them that the engine built) is valid until
// the session's next call, which is why only the bridge, which writes each
// answer out before its next call, keeps one; core's face uses a new
// session for each call, so that what it returns never changes.
type Session struct{ session }

// NewSession returns a session whose unloaded values l loads (nil: none).
func NewSession(l Loader) *Session { return &Session{session{loader: l}} }
