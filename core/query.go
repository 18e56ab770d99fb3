package core

import (
	"bytes"
	"strings"
)

// appendQuery appends the parameters of GET and HEAD requests to url as a
// query string (D16, D17): "?" or, when url has a query already, "&"; then
// name=value pairs in key order, both encoded as encodeURIComponent does.
func appendQuery(url []byte, params []param) ([]byte, error) {
	if len(params) == 0 {
		return url, nil
	}
	sep := byte('?')
	if bytes.IndexByte(url, '?') >= 0 {
		sep = '&'
	}
	for _, p := range params {
		url = append(url, sep)
		sep = '&'
		if !validText(p.name) {
			return url, errorf(CodeInvalidParameter, "parameter name", "lone surrogate in a query parameter name")
		}
		url = appendEncodeURIComponent(url, p.name)
		url = append(url, '=')
		var err error
		if url, err = appendQueryValue(url, p.name, p.value); err != nil {
			return url, err
		}
	}
	return url, nil
}

// appendQueryValue appends a parameter value as the reference's template
// literal `${encodeURIComponent(value)}` would (D16): strings as they are,
// numbers, bigints and booleans as in D12, null as "null", arrays as
// String(array) does (members joined by ",", null members empty). Objects
// have no defined encoding and are refused rather than sent as
// "[object Object]". For "q", "+" stays a separator (D17).
func appendQueryValue(dst []byte, name string, v Value) ([]byte, error) {
	var s string
	switch v.kind {
	case String, Number, BigInt, Bool:
		s = v.s
	case Null:
		s = "null"
	case Array:
		b, err := appendArrayString(nil, name, v.list, 1)
		if err != nil {
			return dst, err
		}
		s = string(b)
	default:
		return dst, errorf(CodeInvalidParameter, name, "a value of kind %s has no query-string encoding", kindName(v.kind))
	}
	if !validText(s) {
		return dst, errorf(CodeInvalidParameter, name, "lone surrogate in a query parameter value")
	}
	if name != "q" {
		return appendEncodeURIComponent(dst, s), nil
	}
	for i, part := range strings.Split(s, "+") {
		if i > 0 {
			dst = append(dst, '+')
		}
		dst = appendEncodeURIComponent(dst, part)
	}
	return dst, nil
}

// appendArrayString appends String(list) as JavaScript computes it:
// Array.prototype.join(",") with null and undefined members written as
// empty and nested arrays joined in turn.
func appendArrayString(dst []byte, name string, list []Value, depth int) ([]byte, error) {
	if depth > MaxDepth {
		return dst, errorf(CodeInvalidArgument, name, "nested deeper than %d levels", MaxDepth)
	}
	for i, e := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		switch e.kind {
		case Undefined, Null:
		case String, Number, BigInt, Bool:
			dst = append(dst, e.s...)
		case Array:
			var err error
			if dst, err = appendArrayString(dst, name, e.list, depth+1); err != nil {
				return dst, err
			}
		default:
			return dst, errorf(CodeInvalidParameter, name, "an array holding %s has no query-string encoding", kindName(e.kind))
		}
	}
	return dst, nil
}
