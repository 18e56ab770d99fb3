package core

import "github.com/endpoint-wasm/endpoint-wasm/internal/ascii"

// normaliseHeaders checks a headers option and returns it with lower-case
// names (D22): when two names differ only in case the later value wins, at
// the earlier one's position, as the reference's lowercaseKeys does.
// Undefined values are dropped (D15); null is kept ("do not send"). It
// returns nil for an undefined or null headers option. A headers object
// that is already clean is returned as it is.
func (s *Session) normaliseHeaders(v Value, field string) (*Obj, error) {
	switch v.kind() {
	case Undefined, Null:
		return nil, nil
	case Object:
	default:
		return nil, errorf(CodeInvalidArgument, field, "must be an object, not %s", kindName(v.kind()))
	}
	v, err := s.load(v, field)
	if err != nil {
		return nil, err
	}
	in := v.obj()
	if in.clean {
		return in, nil
	}
	clean := true // already lower-case, with no undefined: use it as is
	for i := 0; i < in.Len(); i++ {
		name, val := in.ents[i].k, in.ents[i].v
		if err := checkHeader(name, val, field); err != nil {
			return nil, err
		}
		if val.kind() == Undefined || hasUpper(name) {
			clean = false
		}
	}
	if clean {
		return in, nil // checked; the caller's own, so not marked (Obj.clean)
	}
	out := s.obj()
	for i := 0; i < in.Len(); i++ {
		if in.ents[i].v.kind() == Undefined {
			continue
		}
		name, kh := in.ents[i].k, int(in.ents[i].h)-1
		if hasUpper(name) {
			start := len(s.text)
			s.text = appendLowerASCII(s.text, name)
			name, kh = s.str(start), -1 // a new string: no handle
		}
		out.SetHandled(name, kh, in.ents[i].v)
	}
	out.clean = true
	return out, nil
}

// checkHeader refuses a name that is not an HTTP token and a value that
// holds CR, LF or NUL, which would split or truncate the request (D22). The
// value is never quoted: it may be a credential (D23).
func checkHeader(name string, v Value, field string) error {
	if !isToken(name) {
		return errorf(CodeInvalidHeader, field, "%s is not a valid header name", quote(name))
	}
	switch v.kind() {
	case Undefined, Null, Number, Bool, BigInt:
		return nil
	case String:
		if !headerSafe(v.text()) {
			return errorf(CodeInvalidHeader, field+"."+redact(lowerASCII(name)), "the value holds a CR, LF or NUL character")
		}
		return nil
	}
	return errorf(CodeInvalidHeader, field+"."+redact(lowerASCII(name)), "the value must be a string, number or boolean, not %s", kindName(v.kind()))
}

// headerSafe reports whether s holds no CR, LF or NUL, which would split or
// truncate a request (D22). Printable ASCII, as nearly every header value
// is, holds none and is told eight bytes at a time.
func headerSafe(s string) bool {
	if ascii.Printable(s) {
		return true
	}
	for i := 0; i < len(s); i++ {
		if charClass[s[i]]&classBreaksHeader != 0 {
			return false
		}
	}
	return true
}

// isToken reports whether s is an RFC 9110 token:
// 1*( ALPHA / DIGIT / "!#$%&'*+-.^_`|~" ).
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if charClass[s[i]]&classToken == 0 {
			return false
		}
	}
	return s != ""
}
