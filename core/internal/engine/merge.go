package engine

// reservedIndex returns the position of k among the option keys that are
// not parameters (spec rule 4): method, url, baseUrl, headers, mediaType,
// data, request; or -1 for a parameter.
func reservedIndex(k string) int {
	switch k {
	case "method":
		return 0
	case "url":
		return 1
	case "baseUrl":
		return 2
	case "headers":
		return 3
	case "mediaType":
		return 4
	case "data":
		return 5
	case "request":
		return 6
	}
	return -1
}

// isReservedKey reports whether k is an option key, not a parameter.
func isReservedKey(k string) bool { return reservedIndex(k) >= 0 }

// merge layers route and options over defaults, as the reference's merge
// does: the route's method and url come first, options override them,
// undefined values are dropped (D15), header names are lower-cased (D22),
// plain objects merge key by key and anything else replaces (D21), and
// mediaType.previews are joined, not replaced (spec rule 3, D25). The
// result is a scratch object of the session; neither input is changed.
func (s *session) merge(defaults *Obj, route string, options *Obj) (*Obj, error) {
	method, url, err := parseRoute(route)
	if err != nil {
		return nil, err
	}
	m := s.obj()
	m.copyFrom(defaults)
	def, hadURL := m.Get("url")
	if method != "" {
		m.Set("method", Str(method))
	}
	if url != "" {
		m.Set("url", Str(url))
	}
	if err := s.mergeMembers(m, defaults, options); err != nil {
		return nil, err
	}
	if hadURL || url != "" { // D31: a url replaces another only within its origin
		if err := s.checkOrigins(m, def, url); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// mergeMembers merges each member of options into m, a copy of defaults
// (or of options merged over them) with the route's method and url: the
// one place where a member of options meets the defaults.
func (s *session) mergeMembers(m, defaults, options *Obj) error {
	var err error
	m.grow(options.Len())
	at := 0 // where the next key is likely to be in m (Obj.put)
	for i := 0; i < options.Len(); i++ {
		k, v := options.ents[i].k, options.ents[i].v
		if v.kind() == Undefined {
			continue
		}
		switch k {
		case "method":
			if v, err = s.load(v, k); err == nil {
				err = checkMethod(v, "method")
			}
		case "url", "baseUrl":
			if v, err = s.load(v, k); err == nil && v.kind() != String {
				err = notAString(k, v)
			}
		case "headers":
			d, _ := defaults.Get("headers")
			v, err = s.mergeHeaders(d, v)
		case "mediaType":
			d, _ := defaults.Get("mediaType")
			v, err = s.mergeMediaType(d, v)
		default:
			if v.kind() == Object {
				if d, ok := defaults.Get(k); ok && d.kind() == Object {
					v, err = s.mergeDeep(d, v, k, 2)
				}
			}
		}
		if err != nil {
			return err
		}
		at = m.put(k, int(options.ents[i].h)-1, v, at)
	}
	m.settle()
	return nil
}

// mergeDeep returns d with o merged in (D21): a plain object over a plain
// object merges key by key; anything else replaces; undefined members are
// dropped (D15). The result is a new scratch object; unchanged members are
// the very values given, handles and all (D27).
func (s *session) mergeDeep(d, o Value, field string, depth int) (Value, error) {
	if depth > MaxDepth {
		return Value{}, tooDeep(field)
	}
	var err error
	if d, err = s.load(d, field); err != nil {
		return Value{}, err
	}
	if o, err = s.load(o, field); err != nil {
		return Value{}, err
	}
	r := s.obj()
	r.copyFrom(d.obj())
	at := 0
	for i := 0; i < o.obj().Len(); i++ {
		k, v := o.obj().ents[i].k, o.obj().ents[i].v
		if v.kind() == Undefined {
			continue
		}
		if v.kind() == Object {
			if dv, ok := r.Get(k); ok && dv.kind() == Object {
				if v, err = s.mergeDeep(dv, v, field, depth+1); err != nil {
					return Value{}, err
				}
			}
		}
		at = r.put(k, int(o.obj().ents[i].h)-1, v, at)
	}
	r.settle()
	return ObjValue(r), nil
}

// mergeHeaders layers a headers option over the defaults' headers d:
// names lower-cased, the later of two names that differ only in case
// winning at the earlier one's position, as the reference's lowercaseKeys
// does (D22); undefined dropped (D15), null kept ("do not send"). A null
// headers option leaves the defaults' headers as they are.
func (s *session) mergeHeaders(d, v Value) (Value, error) {
	h, err := s.normaliseHeaders(v, "headers")
	if err != nil || h == nil {
		if d.kind() != Object {
			d = ObjValue(s.obj())
		}
		return d, err
	}
	r := s.obj()
	if d.kind() == Object {
		r.copyFrom(d.obj())
	}
	at := 0
	for i := 0; i < h.Len(); i++ {
		at = r.put(h.ents[i].k, int(h.ents[i].h)-1, h.ents[i].v, at)
	}
	r.settle()
	return ObjValue(r), nil
}

// mergeMediaType layers a mediaType option over the defaults' d: members
// merge as plain objects do (D21), and the previews are the defaults' then
// the option's, each without its "-preview" suffix and once (D25). null
// replaces the defaults' mediaType, as any non-object does (D21).
func (s *session) mergeMediaType(d, v Value) (Value, error) {
	v, err := s.loadAll(v, "mediaType")
	if err == nil {
		d, err = s.loadAll(d, "mediaType") // a layer's
	}
	if err != nil {
		return Value{}, err
	}
	if _, _, err := readMediaType(v); err != nil || v.kind() != Object {
		return v, err
	}
	var merged Value
	if d.kind() == Object {
		if merged, err = s.mergeDeep(d, v, "mediaType", 2); err != nil {
			return Value{}, err
		}
	} else {
		r := s.obj()
		r.copyFrom(v.obj())
		merged = ObjValue(r)
	}
	dp, _ := d.obj().Get("previews")
	cp, _ := v.obj().Get("previews")
	if len(dp.list()) == 0 && len(cp.list()) == 0 {
		return merged, nil
	}
	seen := &s.names
	seen.reset(len(dp.list()) + len(cp.list()))
	start := len(s.list)
	if n := len(dp.list()) + len(cp.list()); cap(s.list)-start < n {
		s.list = append(make([]Value, 0, start+n), s.list...)
	}
	for _, list := range [2][]Value{dp.list(), cp.list()} {
		for _, p := range list {
			name := trimPreview(p.text())
			if !seen.add(name) {
				continue
			}
			if name != p.text() {
				p = Str(name) // a new string: no handle
			}
			s.list = append(s.list, p)
		}
	}
	merged.obj().Set("previews", List(s.list[start:len(s.list):len(s.list)]...))
	return merged, nil
}
