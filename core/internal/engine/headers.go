package engine

import "github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"

// normaliseHeaders checks a headers option and returns it with lower-case
// names (D22): when two names differ only in case the later value wins, at
// the earlier one's position, as the reference's lowercaseKeys does.
// Undefined values are dropped (D15); null is kept ("do not send"). It
// returns nil for an undefined or null headers option. Every call checks
// every header it sends, whoever checked it before (D22); a headers object
// already as it would leave it is returned as it is.
func (s *session) normaliseHeaders(v Value, field string) (*Obj, error) {
	switch v.kind() {
	case Undefined, Null:
		return nil, nil
	case Object:
	default:
		return nil, notAnObject(field, v)
	}
	v, err := s.load(v, field)
	if err != nil {
		return nil, err
	}
	in := v.obj()
	clean, err := checkHeaders(in, field)
	if err != nil {
		return nil, err
	}
	if clean {
		return in, nil // checked, and already normalised
	}
	out := s.obj()
	for i := 0; i < in.Len(); i++ {
		v := in.ents[i].v
		if v.kind() == Undefined {
			continue
		}
		name, kh := in.ents[i].k, int(in.ents[i].h)-1
		if v.unloaded() {
			// A value the shim held (a long one of a layer): read and
			// checked like any other.
			if v, err = s.load(v, field+"."+redact(lowerASCII(name))); err != nil {
				return nil, err
			}
			if _, err = checkHeader(name, v, field); err != nil {
				return nil, err
			}
		}
		if hasUpper(name) {
			start := len(s.text)
			s.text = appendLowerASCII(s.text, name)
			name, kh = s.str(start), -1 // a new string: no handle
		}
		// Checked. in is in JavaScript's order, and a lower-cased name is
		// integer-like when the name was: out stays in order.
		out.put(name, kh, v, len(out.ents))
	}
	return out, nil
}

// checkHeaders checks every header of h (checkHeader) and reports whether
// h is already as normaliseHeaders leaves headers: lower-case names, no
// undefined value and no value still to be loaded (session.load), to be
// used as it is. A value to be loaded is checked once it is.
func checkHeaders(h *Obj, field string) (clean bool, err error) {
	clean = true
	for i := 0; i < h.Len(); i++ {
		name, val := h.ents[i].k, h.ents[i].v
		upper, err := checkHeader(name, val, field)
		if err != nil {
			return false, err
		}
		if val.kind() == Undefined || upper || val.unloaded() {
			clean = false
		}
	}
	return clean, nil
}

// checkHeader refuses a name that is not an HTTP token and a value that
// holds CR, LF or NUL, which would split or truncate the request (D22). The
// value is never quoted: it may be a credential (D23). It reports whether
// the name has an upper-case letter, found by the same look at its bytes.
// A string still to be loaded is looked at once it is (normaliseHeaders).
func checkHeader(name string, v Value, field string) (upper bool, err error) {
	all, some := classesOf(name)
	if name == "" || all&classToken == 0 { // not isToken: one walk gives both
		return false, errorf(CodeInvalidHeader, "D22", field, "%s is not a valid header name", quote(name))
	}
	upper = some&classUpper != 0
	switch v.kind() {
	case Undefined, Null, Number, Bool, BigInt:
		return upper, nil
	case String:
		if !v.unloaded() && !headerSafe(v.text()) {
			return upper, errorf(CodeInvalidHeader, "D22", field+"."+redact(lowerASCII(name)), "the value holds a CR, LF or NUL character")
		}
		return upper, nil
	}
	return upper, errorf(CodeInvalidHeader, "D22", field+"."+redact(lowerASCII(name)), "the value must be a string, number, bigint or boolean, not %s", kindName(v.kind()))
}

// isToken reports whether s is an RFC 9110 token:
// 1*( ALPHA / DIGIT / "!#$%&'*+-.^_`|~" ).
func isToken(s string) bool {
	all, _ := classesOf(s)
	return s != "" && all&classToken != 0
}

// classesOf returns the character classes every byte of s is in, and those
// some byte is in: one loop with no branch in it but its own, where a test
// for each class would each walk s and branch on every byte.
func classesOf(s string) (all, some uint8) {
	all = 0xff
	i := 0
	// Four bytes a step, and a short tail as the last four (a byte seen
	// twice changes neither answer): in WebAssembly each step costs more
	// than its loads.
	for ; i+4 <= len(s); i += 4 {
		a, b, c, d := charClass[s[i]], charClass[s[i+1]], charClass[s[i+2]], charClass[s[i+3]]
		all &= a & b & c & d
		some |= a | b | c | d
	}
	if i < len(s) && len(s) >= 4 {
		i = len(s) - 4
		a, b, c, d := charClass[s[i]], charClass[s[i+1]], charClass[s[i+2]], charClass[s[i+3]]
		return all & a & b & c & d, some | a | b | c | d
	}
	for ; i < len(s); i++ {
		c := charClass[s[i]]
		all &= c
		some |= c
	}
	return all, some
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
