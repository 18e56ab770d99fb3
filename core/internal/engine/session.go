package engine

import "unsafe"

// A session runs the operations of a Builder reusing its memory from one
// call to the next: after the first few calls, a call allocates nothing.
// What a call returns (the Request, a merged *Obj, and every string and
// object in them that the engine built) is valid until the session's next
// call; strings the caller passed in are returned as they are. So it is
// not part of the API: the package-level functions and Builder methods use
// a new session for each call, and what they return never changes. The
// bridge, which writes each answer out before its next call, keeps one
// (Session).
//
// A session is not safe for concurrent use. The zero value is ready to use.
type session struct {
	// loader supplies the content of unloaded values where the engine must
	// read it (the bridge's, Session); nil when none is unloaded.
	loader Loader

	objs  []*Obj    // scratch objects, handed out in turn by obj()
	nobj  int       // how many of objs this call uses
	list  []Value   // scratch for lists the engine builds (previews)
	text  []byte    // scratch for strings the engine builds (names, accept)
	names nameSet   // scratch for the sets of preview names (D25)
	url   []byte    // scratch for the url
	path  []byte    // scratch for the expanded url template
	lit   template  // the template of a url without expressions
	last  *template // the last template compiled: programs repeat routes
	req   Request
	// loaded holds what the loader gave in this call, by handle: the engine
	// may read one value many times (a url of n expressions "{a}" naming
	// one unloaded array asks for it n times), and loads it once, so that
	// such a url costs what it holds, not its square (D29).
	loaded loadedValues
}

// loadedValues is a call's loaded values by handle: the first few in an
// array, looked through in turn, the rest in a map. A call loads one or
// two values, where a map would cost more to fill and clear than the
// value does to load.
type loadedValues struct {
	few  [4]loadedValue
	n    int
	more map[int32]Value
}

type loadedValue struct {
	h int32
	v Value
}

// get returns the value loaded for handle h in this call.
func (l *loadedValues) get(h int32) (Value, bool) {
	for i := range l.few[:l.n] {
		if l.few[i].h == h {
			return l.few[i].v, true
		}
	}
	v, ok := l.more[h]
	return v, ok
}

// put records v as the value loaded for handle h, which get did not find.
func (l *loadedValues) put(h int32, v Value) {
	if l.n < len(l.few) {
		l.few[l.n] = loadedValue{h, v}
		l.n++
		return
	}
	if l.more == nil {
		l.more = make(map[int32]Value)
	}
	l.more[h] = v
}

// reset forgets the last call's values as a call begins: what they point
// into is then free to be collected.
func (l *loadedValues) reset() {
	clear(l.few[:l.n])
	l.n = 0
	if len(l.more) > 0 {
		clear(l.more)
	}
}

// Endpoint is Builder.Endpoint in this session.
func (s *session) Endpoint(b *Builder, route string, options *Obj) (*Request, error) {
	return s.mergeParse(b, route, options)
}

// mergeParse is Merge and then Parse of its result, as Endpoint is (spec
// rule 6).
func (s *session) mergeParse(b *Builder, route string, options *Obj) (*Request, error) {
	s.begin()
	b = b.orBase()
	merged, err := s.merge(b.defaults, route, options)
	if err != nil {
		return nil, err
	}
	return s.parse(merged)
}

// Merge is Builder.Merge in this session, without its copy: the result is
// the session's scratch memory until its next call, and shares objects with
// b's defaults, which must not be changed through it.
func (s *session) Merge(b *Builder, route string, options *Obj) (*Obj, error) {
	s.begin()
	return s.merge(b.orBase().defaults, route, options)
}

// Parse is Parse in this session. A nil merged is an empty object:
// it has no url (D7).
func (s *session) Parse(merged *Obj) (*Request, error) {
	s.begin()
	if merged == nil {
		merged = s.obj()
	}
	return s.parse(merged)
}

// Defaults is Builder.Defaults in this session. The new Builder keeps a
// copy of what it needs: it does not depend on the session or the input.
func (s *session) Defaults(b *Builder, options *Obj) (*Builder, error) {
	s.begin()
	m, err := s.merge(b.orBase().defaults, "", options)
	if err != nil {
		return nil, err
	}
	d := m.deepClone(1)
	if d == nil {
		return nil, tooDeep("options")
	}
	return newBuilder(d), nil
}

// begin starts a call: every scratch buffer is free again.
func (s *session) begin() {
	s.loaded.reset()
	s.nobj = 0
	s.list = s.list[:0]
	s.text = s.text[:0]
	s.url = s.url[:0]
}

// obj returns an empty scratch object for this call.
func (s *session) obj() *Obj {
	if s.nobj == len(s.objs) {
		s.objs = append(s.objs, NewObj(8))
	}
	o := s.objs[s.nobj]
	s.nobj++
	o.reset()
	return o
}

// str returns the bytes appended to s.text since start as a string. The
// string shares the scratch memory: it is valid until the session's next
// call (session); a later append that moves s.text leaves it intact.
func (s *session) str(start int) string {
	if start == len(s.text) {
		return ""
	}
	return unsafe.String(&s.text[start], len(s.text)-start)
}

// load returns v with its content, asking the loader when v is unloaded.
func (s *session) load(v Value, field string) (Value, error) {
	if !v.unloaded() {
		return v, nil
	}
	return s.loadNow(v, field)
}

// loadNow is load for an unloaded value. Kept apart so that load, called
// for nearly every value the engine reads, is inlined: in WebAssembly a Go
// call costs more than the test.
func (s *session) loadNow(v Value, field string) (Value, error) {
	if lv, ok := s.loaded.get(v.handle()); ok {
		return lv, nil
	}
	if s.loader == nil {
		return Value{}, errorf(CodeInvalidArgument, "D29", field, "the value was not given and there is no loader")
	}
	lv, err := s.loader.Load(v)
	if err != nil {
		return Value{}, err
	}
	if lv.kind() != v.kind() || lv.unloaded() {
		return Value{}, errorf(CodeInvalidArgument, "D29", field, "the loader gave %s for %s", kindName(lv.kind()), kindName(v.kind()))
	}
	if lv.handle() == 0 {
		lv = lv.withHandle(v.handle())
	}
	if h := v.handle(); h != 0 { // a value without a handle cannot be named again
		s.loaded.put(h, lv)
	}
	return lv, nil
}

// loadAll returns v with its content loaded, and what is inside it: the
// members of an object and the elements of a list, at any depth. The shim
// holds a layer's long strings even inside its lists and objects, and the
// engine reads them like any other where it reads v whole: a url's and a
// query's values, a mediaType (D16, D24-D26, D33).
func (s *session) loadAll(v Value, field string) (Value, error) {
	v, err := s.load(v, field)
	if err != nil || v.kind() != Array && v.kind() != Object || !unloadedWithin(v, 1) {
		return v, err // the usual value: a scalar, or an object holding nothing to load
	}
	return s.loadWithin(v, field, 1)
}

// loadWithin is loadAll for a loaded v with something to load inside it: a
// copy of it, made from the session's scratch memory.
func (s *session) loadWithin(v Value, field string, depth int) (Value, error) {
	if v.kind() == Array {
		l := make([]Value, len(v.list())) // not s.list: a list within takes its room there meanwhile
		for i, e := range v.list() {
			e, err := s.load(e, field)
			if err == nil && unloadedWithin(e, depth+1) {
				e, err = s.loadWithin(e, field, depth+1)
			}
			if err != nil {
				return Value{}, err
			}
			l[i] = e
		}
		return List(l...), nil
	}
	r := s.obj()
	r.copyFrom(v.obj())
	for i := range r.ents {
		e := &r.ents[i]
		m, err := s.load(e.v, field+"."+e.k)
		if err == nil && unloadedWithin(m, depth+1) {
			m, err = s.loadWithin(m, field+"."+e.k, depth+1)
		}
		if err != nil {
			return Value{}, err
		}
		e.v = m
	}
	return ObjValue(r), nil
}

// unloadedWithin reports whether a member or element inside v, a loaded
// value at depth, is still to be loaded. Past MaxDepth it reports none: a
// Go program's value may be cyclic, and what reads it so deep refuses it.
func unloadedWithin(v Value, depth int) bool {
	if depth > MaxDepth {
		return false
	}
	switch v.kind() {
	case Array:
		for _, e := range v.list() {
			if e.unloaded() || unloadedWithin(e, depth+1) {
				return true
			}
		}
	case Object:
		if v.unloaded() {
			return false
		}
		for _, e := range v.obj().ents {
			if e.v.unloaded() || unloadedWithin(e.v, depth+1) {
				return true
			}
		}
	}
	return false
}

// viewString returns b as a string without copying: b must not change while
// the string is in use (session).
func viewString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
