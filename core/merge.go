package core

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
// mediaType.previews are joined, not replaced (spec rule 3, D25).
func merge(defaults *Obj, route string, options *Obj) (*Obj, error) {
	method, url, err := parseRoute(route)
	if err != nil {
		return nil, err
	}
	if err := checkDepth(options, "options"); err != nil {
		return nil, err
	}
	opts := NewObj(options.Len() + 2)
	if method != "" {
		opts.Set("method", Str(method))
	}
	if url != "" {
		opts.Set("url", Str(url))
	}
	var mt mediaType
	for i := 0; i < options.Len(); i++ {
		k, v := options.keys[i], options.vals[i]
		if v.kind == Undefined {
			continue
		}
		switch k {
		case "method":
			if err := checkMethod(v, "method"); err != nil {
				return nil, err
			}
		case "url", "baseUrl":
			if v.kind != String {
				return nil, errorf(CodeInvalidArgument, k, "must be a string, not %s", kindName(v.kind))
			}
		case "headers":
			h, err := normaliseHeaders(v, "headers")
			if err != nil {
				return nil, err
			}
			v = ObjValue(h)
		case "mediaType":
			if mt, err = readMediaType(v); err != nil {
				return nil, err
			}
		}
		opts.Set(k, v)
	}
	merged := mergeDeep(defaults, opts)
	// Previews of the defaults come first, then the call's (D25).
	dv, _ := defaults.Get("mediaType")
	dmt, _ := readMediaType(dv)
	if len(dmt.previews) > 0 || len(mt.previews) > 0 {
		previews := dmt.previews
		for _, p := range mt.previews {
			previews = appendPreview(previews, p)
		}
		list := make([]Value, len(previews))
		for i, p := range previews {
			list[i] = Str(p)
		}
		m, _ := merged.Get("mediaType")
		mo := m.obj.Clone() // mergeDeep may share it with the caller's options
		mo.Set("previews", List(list...))
		merged.Set("mediaType", ObjValue(mo))
	}
	return merged, nil
}

// mergeDeep returns defaults with options merged in (D21): a plain object
// over a plain object merges key by key; anything else replaces. Neither
// input is changed; unchanged sub-objects are shared, which is safe because
// the engine never modifies an object once merged.
func mergeDeep(defaults, options *Obj) *Obj {
	result := defaults.cloneGrow(options.Len())
	for i := 0; i < options.Len(); i++ {
		k, v := options.keys[i], options.vals[i]
		if v.kind == Object {
			if d, ok := defaults.Get(k); ok && d.kind == Object {
				result.Set(k, ObjValue(mergeDeep(d.obj, v.obj)))
				continue
			}
		}
		result.Set(k, v)
	}
	return result
}
