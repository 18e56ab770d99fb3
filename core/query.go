package core

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
		return dst, errorf(CodeInvalidParameter, "parameter name", "lone surrogate in a query parameter name")
	}
	dst = append(dst, '=')
	q := name == "q"
	switch v.kind() {
	case String, Number, BigInt, Bool:
		if dst, ok = appendEncodeURIComponent(dst, v.text(), q); !ok {
			return dst, errorf(CodeInvalidParameter, name, "lone surrogate in a query parameter value")
		}
		return dst, nil
	case Null:
		return append(dst, "null"...), nil
	case Array:
		return appendArrayString(dst, name, v.list(), q, 1)
	}
	return dst, errorf(CodeInvalidParameter, name, "%s has no query-string encoding", kindName(v.kind()))
}

// appendArrayString appends String(list), encoded, as JavaScript computes
// it: Array.prototype.join(",") with null and undefined members written as
// empty and nested arrays joined in turn. Encoding member by member gives
// what encoding the joined text would: the "," becomes "%2C".
func appendArrayString(dst []byte, name string, list []Value, q bool, depth int) ([]byte, error) {
	if depth > MaxDepth {
		return dst, errorf(CodeInvalidArgument, name, "nested deeper than %d levels, or cyclic", MaxDepth)
	}
	for i, e := range list {
		if i > 0 {
			dst = append(dst, "%2C"...)
		}
		switch {
		case e.unloaded():
			return dst, errorf(CodeInvalidParameter, name, "an array member was not given")
		case e.kind() == Undefined || e.kind() == Null:
		case isScalar(e.kind()):
			var ok bool
			if dst, ok = appendEncodeURIComponent(dst, e.text(), q); !ok {
				return dst, errorf(CodeInvalidParameter, name, "lone surrogate in a query parameter value")
			}
		case e.kind() == Array:
			var err error
			if dst, err = appendArrayString(dst, name, e.list(), q, depth+1); err != nil {
				return dst, err
			}
		default:
			return dst, errorf(CodeInvalidParameter, name, "an array holding %s has no query-string encoding", kindName(e.kind()))
		}
	}
	return dst, nil
}
