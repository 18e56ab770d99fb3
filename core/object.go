package core

import (
	"iter"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// Obj is a plain object whose keys keep JavaScript's property order:
// integer-like keys ("0", "7", "42") first in ascending order, then the
// other keys in insertion order. Order is visible to users: it is the order
// of the query string (D16) and of the JSON body (D18), so a Go map will
// not do. The zero Obj is an empty object, ready to use.
type Obj engine.Obj

// O builds an object from alternating keys and values, converting each
// value with From: O("owner", "octokit", "per_page", 100). It panics if a
// key is not a string, as that is a programming error.
func O(kv ...any) *Obj { return (*Obj)(engine.OWith(own, kv...)) }

// Get returns the value of key k and whether the key is present.
func (o *Obj) Get(k string) (Value, bool) {
	v, ok := o.engine().Get(k)
	return Value(v), ok
}

// Set sets key k to v. An existing key keeps its position, as with
// JavaScript's assignment; a new key goes last, or among the leading
// integer-like keys in order when it is one.
func (o *Obj) Set(k string, v Value) { o.engine().Set(k, engine.Value(v)) }

// Delete removes key k if present.
func (o *Obj) Delete(k string) { o.engine().Delete(k) }

// Len returns the number of keys.
func (o *Obj) Len() int { return o.engine().Len() }

// All returns an iterator over the keys and values, in order.
func (o *Obj) All() iter.Seq2[string, Value] {
	return func(yield func(string, Value) bool) {
		e := o.engine()
		for i := range e.Len() {
			if !yield(e.Key(i), Value(e.At(i))) {
				return
			}
		}
	}
}

// Clone returns a shallow copy of o: its values are o's.
func (o *Obj) Clone() *Obj { return (*Obj)(o.engine().Clone()) }

// MarshalJSON writes o as Value.MarshalJSON does.
func (o *Obj) MarshalJSON() ([]byte, error) {
	b, err := o.engine().MarshalJSON()
	return b, errorOf(err)
}

// engine returns o as the engine's Obj.
func (o *Obj) engine() *engine.Obj { return (*engine.Obj)(o) }
