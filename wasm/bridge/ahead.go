package bridge

import (
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// Merges asked ahead (opMergeAhead, protocol.go): the header members the
// shim expects a program to set on a merge's result, read and kept, and the
// remerge of that result answered with the merge.

// readAdded reads the header members of an opMergeAhead: an object of
// strings, of which the bridge keeps a copy, or recNull for the members it
// keeps, which take handles as if written again (protocol.go).
func (b *Bridge) readAdded(r *reader) *core.Obj {
	if r.pos < len(r.in) && r.in[r.pos] == recNull {
		r.pos++
		if b.added == nil {
			r.bad = true
			return nil
		}
		o := r.slab.obj()
		r.handle() // the record's
		for i := 0; i < b.added.Len(); i++ {
			kh := r.handle()
			o.Append(b.added.Key(i), kh, b.added.At(i).WithHandle(r.handle()))
		}
		return o
	}
	v := r.value(1, -1)
	if v.Kind() != core.Object {
		r.bad = true
		return nil
	}
	o := v.Obj()
	n := 0
	for i := 0; i < o.Len(); i++ {
		if o.At(i).Kind() != core.String {
			r.bad = true
			return nil
		}
		n += len(o.Key(i)) + len(o.At(i).Text())
	}
	b.keepAdded(o, n)
	return o
}

// keepAdded copies the n bytes of o's keys and strings into the bridge's
// own memory, used again from one copy to the next (the strings of the
// last copy are used by no call any more), so that members that change
// from one call to the next (two clients' tokens, in turn) allocate
// nothing once warm.
func (b *Bridge) keepAdded(o *core.Obj, n int) {
	if cap(b.addedText) < n {
		b.addedText = make([]byte, 0, n)
	}
	if b.added == nil {
		b.added = core.NewObj(o.Len())
	}
	b.added.Reset()
	text := b.addedText[:0]
	for i := 0; i < o.Len(); i++ {
		k := len(text)
		text = append(text, o.Key(i)...)
		v := len(text)
		text = append(text, o.At(i).Text()...)
		b.added.Append(viewOf(text[k:v]), -1, core.Str(viewOf(text[v:])))
	}
	b.addedText = text
}

// viewOf returns b as a string without copying: b must not change while
// the string is in use.
func viewOf(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// ahead writes, after the merged options m of an opMergeAhead, the remerge
// the shim expects the program to make of them next: m with the members of
// added set on its headers (Octokit's auth hook sets its authorization),
// and its parse, as opRemergeParse would answer. The remerge's members
// that are m's (all but its headers) are named where m was written
// (opAgain), not written again. When that remerge fails,
// or a load fails, it writes 0 alone: the merge stands, and the program's
// own merge meets the failure when it comes.
func (b *Bridge) ahead(sd *side, lb *core.Builder, m, added *core.Obj) {
	headers := sd.slab.obj()
	if h, ok := m.Get("headers"); ok && h.Kind() == core.Object {
		src := h.Obj()
		for i := 0; i < src.Len(); i++ {
			kh, _ := src.KeyHandle(i)
			headers.Append(src.Key(i), kh, src.At(i))
		}
	}
	for i := 0; i < added.Len(); i++ {
		kh, _ := added.KeyHandle(i)
		headers.SetHandled(added.Key(i), kh, added.At(i))
	}
	changed := sd.slab.obj()
	changed.Append("headers", -1, core.ObjValue(headers))
	mark, text := len(b.w.ops), len(b.w.text)
	m2, res, perr := sd.session.ThenRemergeParse(lb, m, changed)
	if m2 != nil {
		b.w.ops = append(b.w.ops, 1)
		b.w.objectAgain(m2, m) // what it shares with m, named where m wrote it
		if b.parsed(res, perr, m2) == nil {
			return
		}
	}
	b.w.ops, b.w.text = append(b.w.ops[:mark], 0), b.w.text[:text]
}
