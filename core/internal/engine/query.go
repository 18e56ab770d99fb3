package engine

// appendQueryPair appends name=value as a query parameter (D16, D17): both
// encoded as JavaScript's encodeURIComponent does; the value as the
// reference's template literal `${value}` writes it: strings as they are,
// numbers, bigints and booleans as in D12, null as "null", arrays as
// String(array) does (members joined by ",", null members empty). Objects
// have no defined encoding and are refused rather than sent as
// "[object Object]". For "q", "+" stays a separator (D17).
func appendQueryPair(dst []byte, name string, v Value) ([]byte, error) {
	dst, ok := appendEncodeURIComponent(dst, name, false)
	if !ok {
		return dst, loneSurrogate("parameter name", "a query parameter name")
	}
	dst = append(dst, '=')
	q := name == "q"
	switch v.kind() {
	case String, Number, BigInt, Bool:
		if dst, ok = appendEncodeURIComponent(dst, v.text(), q); !ok {
			return dst, loneSurrogateInQuery(name)
		}
		return dst, nil
	case Null:
		return append(dst, "null"...), nil
	case Array:
		return appendArrayString(dst, name, v.list(), q, 1)
	}
	return dst, errorf(CodeInvalidParameter, "D16", name, "%s has no query-string encoding", kindName(v.kind()))
}

// appendArrayString appends String(list), encoded, as JavaScript computes
// it: Array.prototype.join(",") with null and undefined members written as
// empty and nested arrays joined in turn. Encoding member by member gives
// what encoding the joined text would: the "," becomes "%2C".
func appendArrayString(dst []byte, name string, list []Value, q bool, depth int) ([]byte, error) {
	if depth > MaxDepth {
		return dst, tooDeep(name)
	}
	for i, e := range list {
		if i > 0 {
			dst = append(dst, "%2C"...)
		}
		switch {
		case e.unloaded():
			return dst, memberNotGiven(name)
		case e.kind() == Undefined || e.kind() == Null:
		case isScalar(e.kind()):
			var ok bool
			if dst, ok = appendEncodeURIComponent(dst, e.text(), q); !ok {
				return dst, loneSurrogateInQuery(name)
			}
		case e.kind() == Array:
			var err error
			if dst, err = appendArrayString(dst, name, e.list(), q, depth+1); err != nil {
				return dst, err
			}
		default:
			return dst, errorf(CodeInvalidParameter, "D16", name, "an array holding %s has no query-string encoding", kindName(e.kind()))
		}
	}
	return dst, nil
}

// appendQueryList appends a list whose key ends in "[]" as one pair per
// element, "fields%5B%5D=1&fields%5B%5D=2", the form GitHub reads list
// filters in (D33); String(array) would make them one value, "1,2". *sep
// is "?" or "&", whichever comes before the next pair. Elements are
// written as D12 writes scalars; null and undefined elements are left out
// (a list of nothing else writes nothing); a list or object element has no
// such form and is refused.
func appendQueryList(dst []byte, sep *byte, name string, list []Value) ([]byte, error) {
	for _, e := range list {
		switch {
		case e.unloaded():
			return dst, memberNotGiven(name)
		case e.kind() == Undefined || e.kind() == Null:
			continue
		case !isScalar(e.kind()):
			return dst, errorf(CodeInvalidParameter, "D33", name, "a list whose key ends in [] is written once per element, and an element that is %s has no query-string encoding", kindName(e.kind()))
		}
		dst = append(dst, *sep)
		*sep = '&'
		var err error
		if dst, err = appendQueryPair(dst, name, e); err != nil {
			return dst, err
		}
		if len(dst) > MaxURLLength {
			return dst, urlTooLong()
		}
	}
	return dst, nil
}
