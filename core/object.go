package core

// Obj is a plain object whose keys keep their insertion order, as a
// JavaScript object's string keys do. Order is visible to users: it is the
// order of the query string (D16) and of the JSON body (D18), so a Go map
// will not do. Lookups are linear: option objects have a handful of keys.
type Obj struct {
	keys []string
	vals []Value
}

// NewObj returns an empty object with room for n keys.
func NewObj(n int) *Obj { return &Obj{keys: make([]string, 0, n), vals: make([]Value, 0, n)} }

// O builds an object from alternating keys and values, converting each value
// with From: O("owner", "octokit", "per_page", 100).
// It panics if a key is not a string, as that is a programming error.
func O(kv ...any) *Obj {
	o := NewObj(len(kv) / 2)
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), From(kv[i+1]))
	}
	return o
}

// Len returns the number of keys.
func (o *Obj) Len() int {
	if o == nil {
		return 0
	}
	return len(o.keys)
}

// Key returns the i-th key.
func (o *Obj) Key(i int) string { return o.keys[i] }

// At returns the i-th value.
func (o *Obj) At(i int) Value { return o.vals[i] }

// index returns the position of key k, or -1. The general path calls it from
// some thirty places, which inlined would each carry a copy of the loop; the
// hot path (fast.go) does not use Obj.
//
//go:noinline
func (o *Obj) index(k string) int {
	if o == nil {
		return -1
	}
	for i, key := range o.keys {
		if key == k {
			return i
		}
	}
	return -1
}

// Get returns the value of key k and whether the key is present.
func (o *Obj) Get(k string) (Value, bool) {
	if i := o.index(k); i >= 0 {
		return o.vals[i], true
	}
	return Value{}, false
}

// Has reports whether key k is present.
func (o *Obj) Has(k string) bool { return o.index(k) >= 0 }

// Set sets key k to v. An existing key keeps its position, as with
// JavaScript's assignment; a new key goes last.
func (o *Obj) Set(k string, v Value) {
	if i := o.index(k); i >= 0 {
		o.vals[i] = v
		return
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
}

// Delete removes key k if present.
func (o *Obj) Delete(k string) {
	i := o.index(k)
	if i < 0 {
		return
	}
	o.keys = append(o.keys[:i], o.keys[i+1:]...)
	o.vals = append(o.vals[:i], o.vals[i+1:]...)
}

// Clone returns a shallow copy of o.
func (o *Obj) Clone() *Obj { return o.cloneGrow(4) }

// cloneGrow returns a shallow copy of o with room for extra more keys.
func (o *Obj) cloneGrow(extra int) *Obj {
	n := o.Len()
	c := &Obj{keys: make([]string, n, n+extra), vals: make([]Value, n, n+extra)}
	if n > 0 {
		copy(c.keys, o.keys)
		copy(c.vals, o.vals)
	}
	return c
}

// deepClone copies o and every plain object and array inside it; opaque
// values keep their identity. DEFAULTS hands out such copies (D2).
func (o *Obj) deepClone() *Obj {
	if o == nil {
		return NewObj(0)
	}
	c := o.Clone()
	for i, v := range c.vals {
		c.vals[i] = v.deepClone()
	}
	return c
}

func (v Value) deepClone() Value {
	switch v.kind {
	case Object:
		v.obj = v.obj.deepClone()
	case Array:
		l := make([]Value, len(v.list))
		for i, e := range v.list {
			l[i] = e.deepClone()
		}
		v.list = l
	}
	return v
}
