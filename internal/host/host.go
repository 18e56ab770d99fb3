// Package host gives the JavaScript bridge (wasm/bridge) what core keeps
// out of its API, which speaks Go values: values named by the handles of
// the wire format, values whose content is loaded only where the engine
// reads it, and Builders over defaults kept as data. Core fills in its
// side when it loads; the bridge takes it with Of.
//
// It is generic over core's types so that it need not import core (which
// imports it): core.Value is V, core.Obj is O, core.Request is R,
// core.Builder is B and core.Kind is K.
package host

// API is core's side: what the bridge may do to core's values beyond core's
// own API.
type API[V, O, R, B, K any] struct {
	// Handle returns the handle v carries (-1 for none), and whether v's
	// content is still to be loaded (Unloaded).
	Handle func(v V) (h int, unloaded bool)
	// WithHandle returns v carrying handle h (h >= 0), the caller's name for it.
	WithHandle func(v V, h int) V
	// Unloaded returns a value of kind k (String, Array or Object) whose
	// content is not given: the engine places it by its kind and handle, and
	// asks the session's Loader for the content only where it must read it.
	Unloaded func(k K, h int) V
	// List returns the elements of an Array value themselves, where core's
	// Value.List returns a copy: the bridge only reads them.
	List func(v V) []V
	// KeyHandle returns the handle of the i-th key of o, and whether it has one.
	KeyHandle func(o *O, i int) (int, bool)
	// Append adds key k with handle h (h < 0: none) and v at the end of o,
	// for a decoder of JavaScript objects, which gives each key once, in
	// JavaScript's order.
	Append func(o *O, k string, h int, v V)
	// NewSession returns a session whose unloaded values l loads (nil: none).
	NewSession func(l Loader[V]) Session[O, R, B]
	// SetDefaults makes b a Builder over defaults exactly as given: what a
	// Builder's DEFAULTS returned, kept as data (the shim keeps each layer of
	// .defaults() so), not merged again. b is the caller's, used again for
	// each layer it decodes.
	SetDefaults func(b *B, defaults *O)
}

// A Session runs the operations reusing its memory from one call to the
// next: after the first few calls, a call allocates nothing. What a call
// returns (the request, merged options, and every string and object in them
// that the engine built) is valid until the session's next call, which is
// why only the bridge, which writes each answer out before the next call,
// has one; core's API returns values that never change.
type Session[O, R, B any] interface {
	Endpoint(b *B, route string, options *O) (*R, error)
	Merge(b *B, route string, options *O) (*O, error)
	Parse(merged *O) (*R, error)
}

// A Loader supplies the content of an unloaded value: given the value (its
// kind and handle), it returns the same value with its content, or an error
// when the content cannot be read (it is cyclic or too deep, D29).
type Loader[V any] interface {
	Load(v V) (V, error)
}

// core is core's API, set by core's init.
var core any

// Set is called by core, once, as it loads.
func Set[V, O, R, B, K any](api *API[V, O, R, B, K]) { core = api }

// Of returns core's API; it panics when core has not set it or its types
// are not these.
func Of[V, O, R, B, K any]() *API[V, O, R, B, K] { return core.(*API[V, O, R, B, K]) }
