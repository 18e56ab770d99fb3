package engine

import "sort"

// Obj is a plain object whose keys keep JavaScript's property order:
// integer-like keys ("0", "7", "42") first in ascending order, then the
// other keys in insertion order. Order is visible to users: it is the order
// of the query string (D16) and of the JSON body (D18), so a Go map will not
// do. Small objects are searched linearly; from indexAbove keys on, an
// index makes a lookup cost the same however many keys there are, so that
// merging n keys costs O(n), not O(n²).
type Obj struct {
	ents []entry
	idx  []int32 // open-addressing index of positions plus one, or empty
	// byKey replaces idx for an object whose keys crowd its index: a key
	// that found no free slot within maxKeyProbe of its own. hashString is
	// fixed, so keys can be chosen to collide (two eight-byte blocks, the
	// second cancelling the first, give the same hash), which would make
	// each lookup walk all of them, and a body of such keys cost the square
	// of its size. A Go map hashes with a seed chosen when the process
	// starts, which keys cannot be chosen against. mapped
	// says byKey is in use: a scratch object keeps its map's memory when it
	// is reset (session), so that each call under attack does not make one.
	byKey  map[string]int32
	mapped bool
	mask   uint64 // keyBit of every key: a key whose bit is clear is absent
	// unordered marks an object to which the engine added an integer-like
	// key after keys that JavaScript orders after it (put): the key waits
	// at the end of ents until settle puts every key in its place, once
	// the engine has set all it sets (the end of a merge, a decoding).
	// Moving each such key into place as it came would cost a shift of the
	// keys after it and a new index, the square of their number in all,
	// where settling once sorts them. The exported methods leave an object
	// in order, so that its positional reads (Len, Key, At) need no test,
	// which every call would pay for in WebAssembly.
	unordered bool
}

// entry is one member: its key, the key's handle plus one (see
// Value.Handle; 0 for none), and its value.
type entry struct {
	k string
	h int32
	v Value
}

// indexAbove is the size from which an object keeps an index: below it a
// linear search costs less than hashing, and no call rebuilds an index for
// the dozen keys of usual options.
const indexAbove = 32

// maxKeyProbe is how many slots from a key's own an index holds it at most
// (Obj.byKey), and so how many a lookup looks at. Keys not chosen to
// collide stay well within it in an index at most half full: 100,000 keys
// were at most 18 slots away, but in one set of 1,000,000 random keys some
// key found no slot within 32.
const maxKeyProbe = 64

// NewObj returns an empty object with room for n keys.
func NewObj(n int) *Obj { return &Obj{ents: make([]entry, 0, n)} }

// O builds an object from alternating keys and values, converting each value
// with From: O("owner", "octokit", "per_page", 100).
// It panics if a key is not a string, as that is a programming error.
func O(kv ...any) *Obj { return OWith(nil, kv...) }

// OWith is O converting each value with FromWith(v, own).
func OWith(own func(any) (Value, bool), kv ...any) *Obj {
	o := NewObj(len(kv) / 2)
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), FromWith(kv[i+1], own))
	}
	return o
}

// Len returns the number of keys.
func (o *Obj) Len() int {
	if o == nil {
		return 0
	}
	return len(o.ents)
}

// Key returns the i-th key.
func (o *Obj) Key(i int) string { return o.ents[i].k }

// At returns the i-th value.
func (o *Obj) At(i int) Value { return o.ents[i].v }

// Get returns the value of key k and whether the key is present.
func (o *Obj) Get(k string) (Value, bool) {
	if i := o.index(k); i >= 0 {
		return o.ents[i].v, true
	}
	return Value{}, false
}

// Has reports whether key k is present.
func (o *Obj) Has(k string) bool { return o.index(k) >= 0 }

// Set sets key k to v. An existing key keeps its position, as with
// JavaScript's assignment; a new key goes last, or among the leading
// integer-like keys in order when it is one.
func (o *Obj) Set(k string, v Value) {
	o.settle() // left unordered by the engine's own sets (put): never, once they end
	o.put(k, -1, v, len(o.ents))
	if o.unordered {
		o.placeLast()
	}
}

// put is Set looking for k first at position hint, leaving a new
// integer-like key last (unordered) for the caller to settle once it has
// set all its keys; it returns the position after the key's: a caller that
// sets keys in the order o holds them (merging merged options into their
// own defaults, as Octokit's hooks do) finds each at once.
func (o *Obj) put(k string, h int, v Value, hint int) int {
	i := -1
	if hint < len(o.ents) && o.ents[hint].k == k {
		i = hint
	} else {
		i = o.index(k)
	}
	if i >= 0 {
		e := &o.ents[i]
		e.v = v
		if e.h == 0 {
			e.h = int32(h + 1)
		}
		return i + 1
	}
	o.insert(entry{k, int32(h + 1), v})
	return len(o.ents)
}

// Append adds key k and v at the end. The caller guarantees that k is not
// present and that it comes in JavaScript's order (integer-like keys
// first), as it does when it copies an object key by key: a decoder of
// JavaScript objects, the engine's own copies. It saves the lookup that Set
// makes.
func (o *Obj) Append(k string, v Value) { o.appendEntry(k, -1, v) }

// appendEntry is Append for a key that carries a handle (h >= 0; h < 0 is
// none), as the bridge gives them.
func (o *Obj) appendEntry(k string, h int, v Value) {
	o.mask |= keyBit(k)
	o.ents = append(o.ents, entry{k, int32(h + 1), v})
	if len(o.ents) > indexAbove {
		o.indexLast()
	}
}

// Delete removes key k if present.
func (o *Obj) Delete(k string) {
	i := o.index(k)
	if i < 0 {
		return
	}
	o.ents = append(o.ents[:i], o.ents[i+1:]...)
	o.mask = 0
	for _, e := range o.ents {
		o.mask |= keyBit(e.k)
	}
	o.reindex()
}

// Clone returns a shallow copy of o.
func (o *Obj) Clone() *Obj {
	c := &Obj{}
	c.copyFrom(o)
	c.settle()
	return c
}

// Reset empties o, keeping its memory for reuse, as a session reuses its
// scratch objects: a program that decodes many inputs can reuse its objects
// the same way. The values it held stay referenced until they are
// overwritten: clearing them would cost each call more than it gives back.
func (o *Obj) Reset() { o.reset() }

// reset empties o, keeping its memory for reuse (session).
func (o *Obj) reset() {
	o.ents, o.idx, o.mask, o.unordered, o.mapped = o.ents[:0], o.idx[:0], 0, false, false
}

// copyFrom makes o a shallow copy of src, reusing o's memory.
func (o *Obj) copyFrom(src *Obj) {
	o.reset()
	if src == nil {
		return
	}
	o.ents = append(o.ents, src.ents...)
	if len(src.idx) > 0 {
		o.idx = append(o.idx, src.idx...)
	}
	if src.mapped {
		o.mapKeys()
	}
	o.mask, o.unordered = src.mask, src.unordered
}

// insert adds an entry whose key is not present, last: an integer-like
// key that JavaScript orders before the last key makes o unordered, to be
// put in its place by settle.
func (o *Obj) insert(e entry) {
	o.mask |= keyBit(e.k)
	if !o.unordered && len(o.ents) > 0 && isArrayIndex(e.k) {
		last := o.ents[len(o.ents)-1].k
		o.unordered = !isArrayIndex(last) || lessIndex(e.k, last)
	}
	o.ents = append(o.ents, e)
	if len(o.ents) > indexAbove {
		o.indexLast()
	}
}

// grow makes room for n more keys, so that an object filled with a known
// number of keys (a merge, a body) is made once, not copied again at each
// step of its growth. Below indexAbove keys it leaves the object to grow
// as it goes: the keys a small merge adds may be fewer than n, and the
// room it would make, unused.
func (o *Obj) grow(n int) {
	if n > indexAbove && cap(o.ents)-len(o.ents) < n {
		ents := make([]entry, len(o.ents), len(o.ents)+n)
		copy(ents, o.ents)
		o.ents = ents
	}
}

// settle puts an unordered object's keys in JavaScript's order; an
// ordered one, as nearly every object is, it leaves as it is. The test is
// all there is to inline, so that each batch writer's call of it costs no
// call in WebAssembly.
func (o *Obj) settle() {
	if o.unordered {
		o.sortKeys()
	}
}

// sortKeys puts o's keys in JavaScript's order: the integer-like keys
// first, in ascending order, then the others in the order they came. It
// works in place (no allocation), with sort.Sort, which the module links
// anyway (the template library's regexp uses it), rather than an
// instantiation of slices' stable sort of its own.
func (o *Obj) sortKeys() {
	o.unordered = false
	n := partitionIndexKeys(o.ents)
	sort.Sort(indexKeys(o.ents[:n])) // unique keys: their order is total
	o.reindex()                      // positions moved
}

// partitionIndexKeys moves the integer-like keys of e before the others,
// each part keeping its order, and returns how many there are. Halves are
// partitioned and joined by a rotation: O(n log n), in place.
func partitionIndexKeys(e []entry) int {
	if len(e) < 2 {
		if len(e) == 1 && isArrayIndex(e[0].k) {
			return 1
		}
		return 0
	}
	m := len(e) / 2
	a, b := partitionIndexKeys(e[:m]), partitionIndexKeys(e[m:])
	// e is [left's integer keys, left's others, right's integer keys, right's
	// others]: the middle two swap places.
	reverseEntries(e[a:m])
	reverseEntries(e[m : m+b])
	reverseEntries(e[a : m+b])
	return a + b
}

// reverseEntries reverses e. Not inlined: three copies of its swaps of
// five-word entries would triple a cold path's code.
//
//go:noinline
func reverseEntries(e []entry) {
	for i, j := 0, len(e)-1; i < j; i, j = i+1, j-1 {
		e[i], e[j] = e[j], e[i]
	}
}

// indexKeys sorts integer-like keys numerically (sort.Interface).
type indexKeys []entry

func (x indexKeys) Len() int           { return len(x) }
func (x indexKeys) Less(i, j int) bool { return lessIndex(x[i].k, x[j].k) }
func (x indexKeys) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }

// placeLast moves the last key, an integer-like key put after keys that
// JavaScript orders after it, to its place among the others, which are in
// order: what Set does for each key, where settle sorts all at once.
func (o *Obj) placeLast() {
	o.unordered = false
	last := len(o.ents) - 1
	e := o.ents[last]
	at := sort.Search(last, func(i int) bool { k := o.ents[i].k; return !isArrayIndex(k) || lessIndex(e.k, k) })
	copy(o.ents[at+1:], o.ents[at:last])
	o.ents[at] = e
	o.reindex() // positions moved
}

// isArrayIndex reports whether k is an array index as JavaScript orders
// property keys: the canonical decimal text of an integer below 2³²-1.
func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 || (k[0] == '0' && len(k) > 1) || k[0] > '9' {
		return false
	}
	n := uint64(0)
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
		n = n*10 + uint64(k[i]-'0')
	}
	return n < 1<<32-1
}

// lessIndex compares two array-index keys numerically.
func lessIndex(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// index returns the position of key k, or -1.
func (o *Obj) index(k string) int {
	if o == nil || o.mask&keyBit(k) == 0 {
		return -1
	}
	if o.mapped {
		if p, ok := o.byKey[k]; ok {
			return int(p)
		}
		return -1
	}
	if len(o.idx) == 0 {
		for i := range o.ents {
			// The length and first byte are compared first: most keys differ
			// there, and a string comparison is a call into the runtime.
			if e := &o.ents[i]; len(e.k) == len(k) && (k == "" || e.k[0] == k[0]) && e.k == k {
				return i
			}
		}
		return -1
	}
	mask := uint32(len(o.idx) - 1)
	h := uint32(hashString(k)) & mask
	for n := 0; n < maxKeyProbe; n, h = n+1, (h+1)&mask {
		p := o.idx[h]
		if p == 0 {
			return -1
		}
		if o.ents[p-1].k == k {
			return int(p - 1)
		}
	}
	return -1 // every key is within maxKeyProbe of its slot (idxAdd)
}

// indexLast enters the last entry in the index, building or growing the
// index when it is missing or half full.
func (o *Obj) indexLast() {
	if o.mapped {
		o.byKey[o.ents[len(o.ents)-1].k] = int32(len(o.ents) - 1)
		return
	}
	if 2*len(o.ents) > len(o.idx) {
		o.reindex()
		return
	}
	if !o.idxAdd(len(o.ents) - 1) {
		o.mapKeys()
	}
}

// reindex rebuilds the index for the current keys, or drops it for a small
// object.
func (o *Obj) reindex() {
	if len(o.ents) <= indexAbove {
		o.idx, o.mapped = o.idx[:0], false
		return
	}
	if o.mapped {
		o.mapKeys()
		return
	}
	o.idx = emptyIndex(o.idx, len(o.ents))
	for i := range o.ents {
		if !o.idxAdd(i) {
			o.mapKeys()
			return
		}
	}
}

// emptyIndex returns an empty open-addressing index with room for four
// times n entries (a power of two, at least 16), reusing idx's array when
// it is large enough.
func emptyIndex(idx []int32, n int) []int32 {
	size := 16
	for size < 4*n {
		size *= 2
	}
	if cap(idx) < size {
		return make([]int32, size)
	}
	idx = idx[:size]
	clear(idx)
	return idx
}

// idxAdd enters position i in the index, within maxKeyProbe slots of its
// key's own, and reports whether it could.
func (o *Obj) idxAdd(i int) bool {
	mask := uint32(len(o.idx) - 1)
	h := uint32(hashString(o.ents[i].k)) & mask
	for n := 0; o.idx[h] != 0; n, h = n+1, (h+1)&mask {
		if n == maxKeyProbe-1 {
			return false
		}
	}
	o.idx[h] = int32(i + 1)
	return true
}

// mapKeys indexes o's keys in byKey, for good (until reset).
func (o *Obj) mapKeys() {
	o.mapped = true
	if o.byKey == nil {
		o.byKey = make(map[string]int32, cap(o.ents)) // room for the keys to come, as ents has
	} else {
		clear(o.byKey)
	}
	for i := range o.ents {
		o.byKey[o.ents[i].k] = int32(i)
	}
	o.idx = o.idx[:0]
}

// keyBit is a key's bit in Obj.mask: one of 64, from its length and its
// first and last bytes, so that most keys an object lacks are known absent
// at once (merging a call's parameters into its defaults asks that of
// every parameter).
func keyBit(k string) uint64 {
	if k == "" {
		return 1
	}
	return 1 << ((uint(len(k))*7 + uint(k[0]) + uint(k[len(k)-1])*3) & 63)
}
