package core

import "strings"

// mediaType is the parsed mediaType option.
type mediaType struct {
	format   string
	previews []string
}

// readMediaType checks a mediaType option: an object whose format is a
// string and whose previews is an array of strings (D28 names the field).
func readMediaType(v Value) (mediaType, error) {
	var mt mediaType
	switch v.kind {
	case Undefined, Null:
		return mt, nil
	case Object:
	default:
		return mt, errorf(CodeInvalidArgument, "mediaType", "must be an object, not %s", kindName(v.kind))
	}
	if f, ok := v.obj.Get("format"); ok && f.IsDefined() {
		if f.kind != String {
			return mt, errorf(CodeInvalidArgument, "mediaType.format", "must be a string, not %s", kindName(f.kind))
		}
		mt.format = f.s
	}
	if p, ok := v.obj.Get("previews"); ok && p.IsDefined() {
		if p.kind != Array {
			return mt, errorf(CodeInvalidArgument, "mediaType.previews", "must be an array of strings, not %s", kindName(p.kind))
		}
		for _, e := range p.list {
			if e.kind != String {
				return mt, errorf(CodeInvalidArgument, "mediaType.previews", "must be an array of strings, not hold %s", kindName(e.kind))
			}
			mt.previews = appendPreview(mt.previews, e.s)
		}
	}
	return mt, nil
}

// appendPreview appends a preview name without its "-preview" suffix,
// unless it is already there (D25).
func appendPreview(list []string, name string) []string {
	name = strings.TrimSuffix(name, "-preview")
	for _, p := range list {
		if p == name {
			return list
		}
	}
	return append(list, name)
}

// composeAccept applies mediaType to an accept header value (D24-D26).
func composeAccept(accept string, mt mediaType) string {
	if mt.format == "" && len(mt.previews) == 0 {
		return accept
	}
	if containsFold(accept, "application/octet-stream") { // D26
		return accept
	}
	if mt.format != "" { // D24
		var b strings.Builder
		for i, entry := range strings.Split(accept, ",") {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(formatEntry(entry, mt.format))
		}
		accept = b.String()
	}
	if len(mt.previews) > 0 { // D25
		names := previewsIn(accept, nil)
		for _, p := range mt.previews {
			names = appendPreview(names, p)
		}
		suffix := "+json"
		if mt.format != "" {
			suffix = "." + mt.format
		}
		var b strings.Builder
		for i, n := range names {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("application/vnd.github.")
			b.WriteString(n)
			b.WriteString("-preview")
			b.WriteString(suffix)
		}
		accept = b.String()
	}
	return accept
}

// formatEntry rewrites one accept entry of the form
// application/vnd.<vendor>[.<version>][.<param>][+json] into
// application/vnd.<vendor>[.<version>].<format>; other entries come back
// unchanged (D24). It matches what the reference's regular expression
// /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/ matches, with any
// version "v<digits>", and, like it, keeps text before the match.
func formatEntry(entry, format string) string {
	const prefix = "application/vnd"
	for off := 0; ; {
		i := strings.Index(entry[off:], prefix)
		if i < 0 {
			return entry
		}
		start := off + i
		rest := entry[start+len(prefix):]
		var words [3]string
		n := 0
		for n < 3 && len(rest) > 1 && rest[0] == '.' {
			j := 1
			for j < len(rest) && (isNameChar(rest[j])) {
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
		ok := rest == "" && n >= 1 && (n < 3 || isVersion(words[1]))
		if ok {
			out := entry[:start] + prefix + "." + words[0]
			if n >= 2 && isVersion(words[1]) {
				out += "." + words[1]
			}
			return out + "." + format
		}
		off = start + 1
	}
}

// isVersion reports whether w is "v" followed by digits, as in "v3".
func isVersion(w string) bool {
	return len(w) > 1 && w[0] == 'v' && isDecimalInteger(w[1:]) && w[1] != '-'
}

// previewsIn appends the preview names named in accept: each maximal run of
// word characters and "-" that ends in "-preview" gives the run before its
// last "-preview", as the reference's /(?<![\w-])[\w-]+(?=-preview)/g does.
func previewsIn(accept string, names []string) []string {
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
				names = appendPreview(names, run[:k])
				break
			}
		}
		i = j
	}
	return names
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
