package engine

import "unsafe"

// deepClone copies o and every plain object and array inside it, and the
// text of every string, so that nothing in the copy shares memory with the
// input (whose strings may be views, session). Opaque and unloaded values
// keep their identity. Builders keep such copies, and DEFAULTS hands them
// out (D2). It returns nil when o nests deeper than MaxDepth, or is cyclic.
//
// The copy is made in a few blocks of memory, one for each kind of thing
// (objects, members, list elements, text), sized by a first walk: a layer
// of defaults (a Go program's Defaults) costs a handful of allocations, not
// one for each key and value. Every slice carved from a block is full (its capacity is its
// length), so that growing it later moves it out instead of writing over
// its neighbour.
func (o *Obj) deepClone(depth int) *Obj {
	var c cloner
	return c.clone(o, depth)
}

// clone copies o into c's blocks, sized by a first walk.
func (c *cloner) clone(o *Obj, depth int) *Obj {
	if o == nil {
		return NewObj(0)
	}
	var n cloneSize
	if !n.object(o, depth) {
		return nil
	}
	c.objs = make([]Obj, 0, n.objs)
	c.ents = make([]entry, 0, n.ents)
	c.vals = make([]Value, 0, n.vals)
	c.text = make([]byte, 0, n.text)
	return c.object(o)
}

// cloneSize counts what a copy of a tree needs: objects, members, list
// elements and bytes of text.
type cloneSize struct{ objs, ents, vals, text int }

// object counts o at depth; false when it is deeper than MaxDepth.
func (n *cloneSize) object(o *Obj, depth int) bool {
	if depth > MaxDepth {
		return false
	}
	n.objs++
	n.ents += len(o.ents)
	for i := range o.ents {
		n.text += len(o.ents[i].k)
		if !n.value(o.ents[i].v, depth+1) {
			return false
		}
	}
	return true
}

// value counts v at depth.
func (n *cloneSize) value(v Value, depth int) bool {
	switch {
	case v.unloaded():
	case v.kind() == Object:
		return n.object(v.obj(), depth)
	case v.kind() == Array:
		if depth > MaxDepth {
			return false
		}
		n.vals += len(v.list())
		for _, e := range v.list() {
			if !n.value(e, depth+1) {
				return false
			}
		}
	case v.kind() >= Bool && v.kind() <= String:
		n.text += v.n
	}
	return true
}

// cloner copies a tree into blocks sized by cloneSize.
type cloner struct {
	objs []Obj
	ents []entry
	vals []Value
	text []byte
}

// object copies o.
func (c *cloner) object(o *Obj) *Obj {
	c.objs = append(c.objs, Obj{mask: o.mask})
	d := &c.objs[len(c.objs)-1]
	at := len(c.ents)
	for _, e := range o.ents {
		c.ents = append(c.ents, entry{c.str(e.k), e.h, Value{}})
	}
	d.ents = c.ents[at:len(c.ents):len(c.ents)]
	for i, e := range o.ents {
		d.ents[i].v = c.value(e.v)
	}
	d.reindex()
	return d
}

// value copies v.
func (c *cloner) value(v Value) Value {
	switch {
	case v.unloaded():
	case v.kind() == Object:
		v.p = unsafe.Pointer(c.object(v.obj()))
	case v.kind() == Array:
		at := len(c.vals)
		c.vals = append(c.vals, v.list()...)
		l := c.vals[at:len(c.vals):len(c.vals)]
		for i := range l {
			l[i] = c.value(l[i])
		}
		v.setList(l)
	case v.kind() >= Bool && v.kind() <= String:
		v.p = unsafe.Pointer(unsafe.StringData(c.str(v.text())))
	}
	return v
}

// str copies s into the text block. The block was sized for all the text,
// so it never moves, and the strings made from it stay valid.
func (c *cloner) str(s string) string {
	if s == "" {
		return ""
	}
	at := len(c.text)
	c.text = append(c.text, s...)
	return unsafe.String(&c.text[at], len(s))
}
