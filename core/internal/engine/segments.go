package engine

import (
	"strings"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"
)

// Where parameters land in a url's path: a parameter may not make a "." or
// ".." segment (D32), and a segment in the middle of the path needs its
// parameter (D34).

// markDotRisk sets t.dotRisk when literal text next to an expression, in
// the same path segment, holds a "." or "%": an expression that expands to
// little or nothing there ("{x}..", "..{y}", "{/z}..") could leave a dot
// segment that the template did not write as such (D32). Otherwise only an
// expression whose expansion holds a "." or "%" can make one, and expand
// looks for dot segments only then.
func (t *template) markDotRisk() {
	for i, p := range t.parts {
		if p.expr != nil {
			continue
		}
		lit := p.lit
		if i > 0 { // an expression before: the literal's first segment touches it
			end := indexAnyByte(lit, "/?#")
			if end < 0 {
				end = len(lit)
			}
			if indexAnyByte(lit[:end], ".%") >= 0 {
				t.dotRisk = true
				return
			}
		}
		if i+1 < len(t.parts) { // an expression after: the literal's last segment touches it
			if indexAnyByte(lit[strings.LastIndexByte(lit, '/')+1:], ".%") >= 0 {
				t.dotRisk = true
				return
			}
		}
	}
}

// makesDots reports whether the expansion of one expression, b, holds a
// piece made of dots alone ("..", "%2e") between slashes, or before a "?"
// or "#" that ends the path ("{+ref}" as "..?"): the only way an expression
// can make a dot segment away from literal dots (markDotRisk). A "%" in an
// expansion always starts a whole triplet, so no two pieces of text join
// into one "%2e". Such a piece starts with a dot, so only the dots that
// start a piece are looked at: the bytes between dots are skipped eight at
// a time (ascii.IndexDot), and a long value with a dot in it ("v1.2/...",
// "Button.tsx") costs what one without does.
func makesDots(b []byte) bool {
	s := viewString(b)
	for i := 0; ; {
		k := ascii.IndexDot(s[i:])
		if k < 0 {
			return false // the usual expansion: no dot at all
		}
		if i += k; i > 0 && !endsPiece(b[i-1]) {
			i++ // a dot inside a piece that something else starts
			continue
		}
		j := i
		for n := ascii.DotLen(s, j); n > 0; n = ascii.DotLen(s, j) {
			j += n
		}
		if j == len(b) || endsPiece(b[j]) {
			return true
		}
		i = j
	}
}

// endsPiece reports whether c ends a piece of an expansion for makesDots:
// a "/", or the "?" or "#" that ends the path.
func endsPiece(c byte) bool { return c == '/' || c == '?' || c == '#' }

// dots returns how many dots seg is made of, or -1 when it holds anything
// else.
func dots(seg []byte) int {
	n := 0
	for i := 0; i < len(seg); n++ {
		k := ascii.DotLen(viewString(seg), i)
		if k == 0 {
			return -1
		}
		i += k
	}
	return n
}

// pathBounds returns where the path of an expanded url u starts and ends:
// after the scheme and host of an absolute url (URL parsers skip extra
// slashes after "https://"), at u's start for a path (D8 joins it to
// baseUrl's path); up to the first "?" or "#".
func pathBounds(u []byte) (start, end int) {
	if n := schemeLen(viewString(u)); n > 0 {
		start = readAuthority(viewString(u), n).end
	}
	end = start
	for end < len(u) && u[end] != '?' && u[end] != '#' {
		end++
	}
	return start, end
}

// isDotSegment reports whether a path segment is "." or "..", each dot
// also written "%2e" or "%2E", as URL parsers read them (D32).
func isDotSegment(seg []byte) bool {
	n := dots(seg)
	return n == 1 || n == 2
}

// nextDotSegment returns the first dot segment of u's path at or after
// from, as u[a:b], or a < 0 when there is none.
func nextDotSegment(u []byte, from, end int) (a, b int) {
	for a = from; a <= end; a = b + 1 {
		b = a
		for b < end && u[b] != '/' {
			b++
		}
		if b > a && isDotSegment(u[a:b]) {
			return a, b
		}
	}
	return -1, -1
}

// checkDotSegments returns the error of D32 when a parameter made a dot
// segment in out, the expansion of t. The template is expanded again,
// noting where each expression went: a segment is the template's own only
// when no expression wrote into it, nor its "/" before, nor stands in it
// expanded to nothing, nor ended it by writing more than a "/", "?" or "#"
// there. Dot segments are rare in urls, so the hot path pays only for
// finding none.
func (t *template) checkDotSegments(out []byte, s *session, o *Obj) error {
	start, end := pathBounds(out)
	a, b := nextDotSegment(out, start, end)
	if a < 0 {
		return nil
	}
	var spans []exprSpan
	again, _, err := t.expandRecording(nil, s, o, &spans)
	if err != nil || string(again) != string(out) {
		return errorf(CodeInvalidParameter, "D32", "url", "expanding %s twice gave two urls", quote(t.src))
	}
	// Segments and spans both come in the order of the url: the spans that
	// may touch a segment start at the first that does not end before it,
	// so that the walk is linear however many there are of each (D29).
	j := 0
	for ; a >= 0; a, b = nextDotSegment(out, b+1, end) {
		for j < len(spans) && spans[j].end < a {
			j++
		}
		for _, sp := range spans[j:] {
			if sp.start > b {
				break
			}
			e := t.parts[sp.part].expr
			delim := e.op.first == "/" || e.op.first == "?" || e.op.first == "#"
			made := sp.start < b && sp.end > a || // wrote into it
				sp.start == sp.end && sp.start >= a && sp.start < b || // expanded to nothing in it
				sp.start == b && !delim || // ended it with its value, or stands right after it
				a > 0 && out[a-1] == '/' && sp.start <= a-1 && a-1 < sp.end // wrote the "/" before it
			if made {
				name := dotMaker(e, s, o)
				return errorf(CodeInvalidParameter, "D32", name, "its value makes the path segment %s of the url %s, which URL parsers resolve, so that the request would go to another path: a parameter may not make a . or .. segment",
					quote(string(out[a:b])), quote(t.src))
			}
		}
	}
	return nil
}

// dotMaker names the variable of e that made a dot segment: the first
// whose value holds a "." or "%", else the first with a value, else the
// first.
func dotMaker(e *expression, s *session, o *Obj) string {
	first := ""
	for _, vs := range e.vars {
		v, _ := o.Get(vs.name)
		if isReservedKey(vs.name) || !v.IsDefined() {
			continue
		}
		if first == "" {
			first = vs.name
		}
		if v, err := s.load(v, vs.name); err == nil && isScalar(v.kind()) && indexAnyByte(v.text(), ".%") >= 0 {
			return vs.name
		}
		if v.kind() == Array || v.kind() == Object {
			return vs.name
		}
	}
	if first != "" {
		return first
	}
	return e.vars[0].name
}

// missing returns the error of D34 for e, a simple expression standing as
// a whole segment in the middle of t's path, which has no value: the
// message names the variable, the url, and the parameters that were given,
// so that a misspelt key shows.
func (t *template) missing(e *expression, o *Obj) error {
	names := e.vars[0].name
	for _, v := range e.vars[1:] {
		names += "," + v.name
	}
	list := "no parameters were given"
	n := 0
	for i := 0; i < o.Len() && n <= maxListed; i++ {
		k, v := o.ents[i].k, o.ents[i].v
		if isReservedKey(k) || v.kind() == Undefined || v.kind() == Null {
			continue
		}
		switch n++; n {
		case 1:
			list = "the parameters given are " + k
		case maxListed + 1:
			list += ", ..."
		default:
			list += ", " + k
		}
	}
	where := "a whole segment in the middle of the url"
	if e.host {
		where = "the host of the url"
	}
	return errorf(CodeMissingParameter, "D34", e.vars[0].name, "no value for {%s}, %s %s; %s",
		names, where, quote(t.src), redact(list))
}

// maxListed bounds the parameters a D34 message lists.
const maxListed = 20
