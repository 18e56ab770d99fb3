package engine

import "strings"

// readMediaType checks a mediaType option and returns its format ("" when
// unset) and previews (nil when unset): an object whose format is a string
// and whose previews is an array of strings (D28 names the field). Neither
// may hold CR, LF or NUL: they become part of the accept header (D22, D24,
// D25), and no header ever carries those.
func readMediaType(v Value) (format string, previews []Value, err error) {
	switch v.kind() {
	case Undefined, Null:
		return "", nil, nil
	case Object:
	default:
		return "", nil, notAnObject("mediaType", v)
	}
	// One pass over the members finds both: a mediaType has two, and each
	// look-up by key would walk them again.
	var f, p Value
	for _, e := range v.obj().ents {
		switch e.k {
		case "format":
			f = e.v
		case "previews":
			p = e.v
		}
	}
	if f.IsDefined() {
		if f.kind() != String {
			return "", nil, notAString("mediaType.format", f)
		}
		if format = f.text(); !headerSafe(format) {
			return "", nil, errorf(CodeInvalidHeader, "D22", "mediaType.format", "holds a CR, LF or NUL character, which would reach the accept header")
		}
	}
	if p.IsDefined() {
		if p.kind() != Array || p.unloaded() {
			return "", nil, errorf(CodeInvalidArgument, "D28", "mediaType.previews", "must be an array of strings, not %s", kindName(p.kind()))
		}
		previews = p.list()
		for _, e := range previews {
			if e.kind() != String {
				return "", nil, errorf(CodeInvalidArgument, "D28", "mediaType.previews", "must be an array of strings, not hold %s", kindName(e.kind()))
			}
			if !headerSafe(e.text()) {
				return "", nil, errorf(CodeInvalidHeader, "D22", "mediaType.previews", "a name holds a CR, LF or NUL character, which would reach the accept header")
			}
		}
	}
	return format, previews, nil
}

// trimPreview returns a preview name without its "-preview" suffix (D25).
func trimPreview(name string) string { return strings.TrimSuffix(name, "-preview") }

// appendAccept appends accept with mediaType applied (D24-D26): a format
// rewrites each vendor entry, previews replace the whole value. It appends
// accept unchanged when neither is set or accept names
// application/octet-stream.
func appendAccept(dst []byte, accept, format string, previews []Value, names *nameSet) []byte {
	if format == "" && len(previews) == 0 || containsFold(accept, "application/octet-stream") { // D26
		return append(dst, accept...)
	}
	if len(previews) == 0 { // D24
		for i := 0; ; i++ {
			entry, rest, more := strings.Cut(accept, ",")
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendFormatEntry(dst, entry, format)
			if !more {
				return dst
			}
			accept = rest
		}
	}
	// D25: the previews named in accept, then these, once each; with a
	// format, accept's entries are rewritten first, as the reference does.
	// names is a set in the order names came: a name that is a number
	// stays where it came, as no object's keys would.
	names.reset(len(previews))
	// The header is built in one piece of memory of its full size: each
	// name with its prefix, suffix and comma, the names accept holds being
	// at most as long as accept and each at least "-preview" long there.
	suffix := len("+json")
	if format != "" {
		suffix = 1 + len(format)
	}
	each := len("application/vnd.github.-preview,") + suffix
	room := len(accept) + (len(accept)/len("-preview")+1)*each
	for _, p := range previews {
		room += len(p.text()) + each
	}
	if cap(dst)-len(dst) < room {
		dst = append(make([]byte, 0, len(dst)+room), dst...)
	}
	previewsIn(accept, names)
	for _, p := range previews {
		names.add(trimPreview(p.text()))
	}
	for i, name := range names.names {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, "application/vnd.github."...)
		dst = append(dst, name...)
		dst = append(dst, "-preview"...)
		if format != "" {
			dst = append(append(dst, '.'), format...)
		} else {
			dst = append(dst, "+json"...)
		}
	}
	return dst
}

// appendFormatEntry appends one accept entry of the form
// application/vnd.<vendor>[.<version>][.<param>][+json] rewritten into
// application/vnd.<vendor>[.<version>].<format>; other entries are appended
// unchanged (D24). It matches what the reference's regular expression
// /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/ matches, with any
// version "v<digits>", and, like it, keeps text before the match.
func appendFormatEntry(dst []byte, entry, format string) []byte {
	const prefix = "application/vnd"
	for off := 0; ; {
		i := strings.Index(entry[off:], prefix)
		if i < 0 {
			return append(dst, entry...)
		}
		start := off + i
		rest := entry[start+len(prefix):]
		var words [3]string
		n := 0
		for n < 3 && len(rest) > 1 && rest[0] == '.' {
			j := 1
			for j < len(rest) && isNameChar(rest[j]) {
				j++
			}
			if j == 1 {
				break
			}
			words[n] = rest[1:j]
			n++
			rest = rest[j:]
		}
		rest = strings.TrimPrefix(rest, "+json")
		if rest == "" && n >= 1 && (n < 3 || isVersion(words[1])) {
			dst = append(dst, entry[:start]...)
			dst = append(dst, prefix...)
			dst = append(append(dst, '.'), words[0]...)
			if n >= 2 && isVersion(words[1]) {
				dst = append(append(dst, '.'), words[1]...)
			}
			return append(append(dst, '.'), format...)
		}
		off = start + 1
	}
}

// isVersion reports whether w is "v" followed by digits, as in "v3".
func isVersion(w string) bool {
	return len(w) > 1 && w[0] == 'v' && isDecimalInteger(w[1:]) && w[1] != '-'
}

// previewsIn adds to names the preview names that accept names: each maximal
// run of word characters and "-" that ends in "-preview" gives the run
// before its last "-preview", as the reference's
// /(?<![\w-])[\w-]+(?=-preview)/g does.
func previewsIn(accept string, names *nameSet) {
	const suffix = "-preview"
	for i := 0; i < len(accept); {
		if !isNameChar(accept[i]) && accept[i] != '-' {
			i++
			continue
		}
		j := i
		for j < len(accept) && (isNameChar(accept[j]) || accept[j] == '-') {
			j++
		}
		run := accept[i:j]
		// The last "-preview" in the run, not at its start (strings.LastIndex,
		// which would link a Rabin-Karp search into the module for this).
		for k := len(run) - len(suffix); k > 0; k-- {
			if run[k:k+len(suffix)] == suffix {
				names.add(trimPreview(run[:k])) // in the order names came (appendAccept)
				break
			}
		}
		i = j
	}
}

// containsFold reports whether s contains sub, ignoring ASCII case.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
