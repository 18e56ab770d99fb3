package engine

import (
	"strings"
	"unicode/utf8"

	"github.com/jtacoma/uritemplates"
)

// This file is the adapter over github.com/jtacoma/uritemplates (v1.0.0).
// The library parses every template with expressions: its parse decides
// whether a template is valid, and its Names are the variables a url uses
// and so consumes (D13). The adapter checks first what the library's
// grammar lets through or panics on (D14), encodes literals (the library
// copies them), and expands (RFC 6570, D11, D12) with its own expander:
// the library's expansion is wrong for objects, empty values, multibyte
// prefixes and %XX under "+" and "#" (adapter_test.go shows each), and it
// runs a regular expression over every value, which made it the largest
// cost of a call. Where the library expands right, FuzzTemplate checks
// that the two agree.
//
// The library is never forked or copied.

// template is a compiled url template. It is immutable and shared through
// the cache by every call that uses the same url.
type template struct {
	src     string // the url it was compiled from (the cache's own copy)
	literal bool   // no expression: expanding is encoding src (session.template)
	plain   bool   // literal, and every byte of src is copied as it is (urlBits)
	parts   []tplPart
	names   []string            // every variable name, in order, for D13
	nameSet map[string]struct{} // names as a set, when there are many
	hash    uint64              // hashString(src), for the cache
	dotRisk bool                // literal dots next to an expression: look for dot segments at each expansion (D32)
}

// tplPart is literal text (already encoded) or one expression.
type tplPart struct {
	lit  string
	expr *expression
}

type expression struct {
	body string // the text between the braces
	op   *operator
	vars []varSpec
	// required: a simple expression standing alone as a whole path segment
	// with more path after it ("/{repo}/"), or as the whole host of an
	// absolute url ("https://{host}/"), which must have a value (D34); host
	// says which.
	required, host bool
}

type varSpec struct {
	name    string
	explode bool
	prefix  int // 0: none
}

// operator holds RFC 6570 appendix A's table for one operator.
type operator struct {
	first         string
	sep           byte
	named         bool
	ifemp         string
	allowReserved bool
}

var (
	opSimple   = &operator{sep: ','}
	opReserved = &operator{sep: ',', allowReserved: true}
	opFragment = &operator{first: "#", sep: ',', allowReserved: true}
	opLabel    = &operator{first: ".", sep: '.'}
	opPath     = &operator{first: "/", sep: '/'}
	opParam    = &operator{first: ";", sep: ';', named: true}
	opQuery    = &operator{first: "?", sep: '&', named: true, ifemp: "="}
	opCont     = &operator{first: "&", sep: '&', named: true, ifemp: "="}
)

func operatorFor(c byte) *operator {
	switch c {
	case '+':
		return opReserved
	case '#':
		return opFragment
	case '.':
		return opLabel
	case '/':
		return opPath
	case ';':
		return opParam
	case '?':
		return opQuery
	case '&':
		return opCont
	}
	return nil
}

// template returns the compiled template for url: from the cache when it
// has been seen, or the session's literal template when url has no
// expression.
func (s *session) template(url string) (*template, error) {
	if len(url) > MaxURLLength {
		return nil, urlTooLong()
	}
	// One walk of the url's bytes says whether it has an expression and
	// what its literal text asks of the expansion. The scheme ("https://")
	// is all plain; a ':' after it may start a :name placeholder (D9), and
	// is looked at closer.
	b := urlBitsOf(url[schemeLen(url):])
	if b&urlBrace == 0 && (b&urlColon == 0 || nextColonPlaceholder(url, 0) < 0) {
		if b&urlWide != 0 && !utf8.ValidString(url) {
			return nil, notUnicode(url)
		}
		s.lit = template{src: url, literal: true, plain: b&urlEscape == 0}
		return &s.lit, nil
	}
	if s.last != nil && s.last.src == url {
		return s.last, nil
	}
	t, err := compileTemplate(url)
	if err == nil {
		s.last = t
	}
	return t, err
}

// The urlBits of a byte say what a url holding it asks of template:
const (
	urlBrace  = 1 << iota // "{" or "}": an expression, or a malformed one
	urlColon              // ":": perhaps a :name placeholder (D9)
	urlEscape             // a byte appendLiteral may not copy as it is
	urlWide               // 0x80 or above: the url must be checked as UTF-8 (D12)
)

// urlBits holds each byte's urlBits. It is made from uriTable, the table
// appendLiteral escapes by, so that the two cannot disagree.
var urlBits = func() (t [256]uint8) {
	for i := range t {
		c := byte(i)
		if uriTable.Len(c) != 1 { // "%" too: appendRFC6570 copies it only as a triplet
			t[i] |= urlEscape
		}
		switch {
		case c == '{' || c == '}':
			t[i] |= urlBrace
		case c == ':':
			t[i] |= urlColon
		case c >= 0x80:
			t[i] |= urlWide
		}
	}
	return t
}()

// urlBitsOf returns the urlBits of s's bytes together. It may stop at a
// brace: a url with an expression goes to the cache, whatever else it
// holds. One walk with a table replaces the five a url with no expression
// took (a search for each brace, for ':', the UTF-8 check, the search for
// "%" triplets) and the escaping that copied it unchanged: in WebAssembly
// each byte of a walk costs a few instructions, and a next page's url is
// new at each call.
func urlBitsOf(s string) uint8 {
	var b uint8
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if b |= urlBits[s[i]] | urlBits[s[i+1]] | urlBits[s[i+2]] | urlBits[s[i+3]] |
			urlBits[s[i+4]] | urlBits[s[i+5]] | urlBits[s[i+6]] | urlBits[s[i+7]]; b&urlBrace != 0 {
			return b
		}
	}
	if i < len(s) && len(s) >= 8 { // the tail as the last eight: a byte seen twice adds nothing
		i = len(s) - 8
		return b | urlBits[s[i]] | urlBits[s[i+1]] | urlBits[s[i+2]] | urlBits[s[i+3]] |
			urlBits[s[i+4]] | urlBits[s[i+5]] | urlBits[s[i+6]] | urlBits[s[i+7]]
	}
	for ; i < len(s); i++ {
		b |= urlBits[s[i]]
	}
	return b
}

// colonPlaceholders rewrites each ":name" that starts a path segment into
// "{name}" (D9). It returns the url unchanged (no allocation) when there is
// none. inserted receives the offsets, in the result, of the "}" it added
// (the "{" takes the place of the ":"), so that errors can point into the
// caller's text.
func colonPlaceholders(url string, inserted *[]int) string {
	var b []byte
	last := 0
	for i := nextColonPlaceholder(url, 0); i >= 0; i = nextColonPlaceholder(url, last) {
		j := i + 2
		for j < len(url) && isNameChar(url[j]) {
			j++
		}
		b = append(b, url[last:i]...)
		b = append(b, '{') // replaces the ':'
		b = append(b, url[i+1:j]...)
		*inserted = append(*inserted, len(b))
		b = append(b, '}')
		last = j
	}
	if b == nil {
		return url
	}
	return string(append(b, url[last:]...))
}

// nextColonPlaceholder returns the position of the next ":name" at or after
// from that starts a path segment outside any expression, or -1 (D9): the
// path starts after "scheme://authority" and ends at "?" or "#". from is 0
// or the end of a placeholder it found, which is outside any expression
// (a name holds no brace): the walk goes on from there, so that finding
// every placeholder of a url walks it once, not once for each (D29).
func nextColonPlaceholder(url string, from int) int {
	if strings.IndexByte(url[from:], ':') < 0 {
		return -1
	}
	pathStart := 0
	if n := schemeLen(url); n > 0 {
		i := strings.IndexByte(url[n:], '/')
		if i < 0 {
			return -1
		}
		pathStart = n + i
	}
	// A path with no ':' at all, as an absolute url's usually is, needs no
	// walk: in WebAssembly each byte of it costs a few branches.
	if strings.IndexByte(url[max(from, pathStart):], ':') < 0 {
		return -1
	}
	depth := 0
	for i := max(from, pathStart); i < len(url); i++ {
		switch c := url[i]; c {
		case '?', '#':
			if depth == 0 {
				return -1
			}
		case '{':
			depth++
		case '}':
			depth--
		case ':':
			if depth == 0 && i > 0 && url[i-1] == '/' && i+1 < len(url) && isNameStart(url[i+1]) {
				return i
			}
		}
	}
	return -1
}

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isNameChar(c byte) bool  { return isNameStart(c) || c >= '0' && c <= '9' }

// schemeLen returns the length of a leading "http://" or "https://"
// (case-insensitive), or 0 (D8).
func schemeLen(url string) int {
	if len(url) < 7 || url[0]|0x20 != 'h' || url[1]|0x20 != 't' || url[2]|0x20 != 't' || url[3]|0x20 != 'p' {
		return 0
	}
	n := 4
	if url[4]|0x20 == 's' {
		n = 5
	}
	if len(url) >= n+3 && url[n] == ':' && url[n+1] == '/' && url[n+2] == '/' {
		return n + 3
	}
	return 0
}

// parseTemplate validates and compiles url (D9, D14).
func parseTemplate(url string) (*template, error) {
	var inserted []int
	src := colonPlaceholders(url, &inserted)
	fail := func(pos int, what string) error {
		for _, p := range inserted { // report the offset in the caller's url
			if p < pos {
				pos--
			}
		}
		return errorf(CodeInvalidTemplate, "D14", "url", "%s at offset %d in %s", what, pos, quote(url))
	}
	if !validText(src) {
		return nil, notUnicode(url)
	}
	t := &template{}
	var lit []byte
	for i := 0; i < len(src); {
		c := src[i]
		if c == '}' {
			return nil, fail(i, "unexpected '}'")
		}
		if c != '{' {
			j := i
			for j < len(src) && src[j] != '{' && src[j] != '}' {
				j++
			}
			lit = appendLiteral(lit, src[i:j]) // the library copies literals unencoded: "café/{var}"
			i = j
			continue
		}
		end := strings.IndexByte(src[i+1:], '}')
		if end < 0 {
			return nil, fail(i, "unclosed '{'")
		}
		body := src[i+1 : i+1+end]
		if k := strings.IndexByte(body, '{'); k >= 0 {
			return nil, fail(i+1+k, "'{' inside an expression")
		}
		e, err := parseExpression(body)
		if err != "" {
			return nil, fail(i, err+" in expression "+quote("{"+body+"}"))
		}
		if len(lit) > 0 {
			t.parts = append(t.parts, tplPart{lit: string(lit)})
			lit = lit[:0]
		}
		t.parts = append(t.parts, tplPart{expr: e})
		for _, v := range e.vars {
			t.names = append(t.names, v.name)
		}
		i += end + 2
	}
	if len(lit) > 0 {
		t.parts = append(t.parts, tplPart{lit: string(lit)})
	}
	markRequired(t.parts, schemeLen(src))
	t.markDotRisk()
	if err := libraryParse(src, t.names); err != "" {
		return nil, fail(0, err)
	}
	if len(t.names) > indexAbove {
		t.nameSet = make(map[string]struct{}, len(t.names))
		for _, n := range t.names {
			t.nameSet[n] = struct{}{}
		}
	}
	return t, nil
}

// markRequired marks the expressions of D34: simple ones that stand alone
// as a whole segment of the url's path with a "/" right after them, and a
// simple or reserved one that is the whole host of an absolute url
// ("https://{host}/x", "https://user@{host}/x": without it, or with it
// empty, the path's first segment would become the host). The
// path starts after the scheme and host (scheme is the scheme's length,
// 0 for a relative url, which is path from its start) and ends at the first
// "?" or "#", or at an expression that may write one ("{?q}", "{#f}"; an
// "{&x}" writes "&", which is path text there).
func markRequired(parts []tplPart, scheme int) {
	const host, path, query = 0, 1, 2
	state := path
	if scheme > 0 {
		state = host
	}
	for i := range parts {
		if e := parts[i].expr; e != nil {
			switch {
			case e.op.first == "?" || e.op.first == "#":
				state = query
			case state == host && (e.op == opSimple || e.op == opReserved) && i == 1 && startsHost(parts[0].lit[scheme:]) && endsHost(parts[i+1:]):
				e.required, e.host = true, true
			case state == path && e.op == opSimple && i > 0 && i+1 < len(parts) &&
				parts[i-1].expr == nil && strings.HasSuffix(parts[i-1].lit, "/") &&
				parts[i+1].expr == nil && strings.HasPrefix(parts[i+1].lit, "/"):
				e.required = true
			}
			continue
		}
		lit := parts[i].lit
		if i == 0 {
			lit = lit[scheme:]
		}
		if state == host {
			k := strings.IndexByte(lit, '/')
			if k < 0 {
				continue
			}
			state, lit = path, lit[k:]
		}
		if state == path && indexAnyByte(lit, "?#") >= 0 {
			state = query
		}
	}
}

// startsHost reports whether the literal text after a url's scheme, before
// an expression, ends where the host starts: it is empty, or userinfo
// ("https://user@{host}/x", D37).
func startsHost(lit string) bool {
	return lit == "" || lit[len(lit)-1] == '@' && indexAnyByte(lit, "/?#") < 0
}

// endsHost reports whether the parts after a url's host expression start
// past the host: nothing, a path, a port, a query or a fragment, literal or
// expanded ("{/p}", "{?q}", "{#f}").
func endsHost(rest []tplPart) bool {
	if len(rest) == 0 {
		return true
	}
	if e := rest[0].expr; e != nil {
		return e.op.first == "/" || e.op.first == "?" || e.op.first == "#"
	}
	return rest[0].lit != "" && strings.IndexByte("/:?#", rest[0].lit[0]) >= 0
}

// libraryParse has the library parse the template src, whose names the
// adapter found, and returns why it refuses it, if it does. A name may hold
// "-" (D14), which the library's grammar refuses: it is handed "%2D", a
// pct-encoded varchar it accepts. The library must find the same names.
func libraryParse(src string, names []string) string {
	lib, err := uritemplates.Parse(pctHyphens(src))
	if err != nil {
		return "the template is not valid: " + err.Error()
	}
	got := lib.Names()
	if len(got) != len(names) {
		return "the library and the adapter read different variables"
	}
	for i, n := range names {
		if got[i] != pctHyphens(n) {
			return "the library and the adapter read different variables"
		}
	}
	return ""
}

// indexAnyByte returns the index of the first byte of s that is in set, a
// few ASCII bytes, or -1. It is not strings.IndexAny, which brings a
// Unicode path and a table of its own for these three calls.
func indexAnyByte(s, set string) int {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			return i
		}
	}
	return -1
}

// pctHyphens returns s with each "-" written "%2D". It is not
// strings.ReplaceAll, which would link strings.Replace into the module for
// this alone.
func pctHyphens(s string) string {
	if strings.IndexByte(s, '-') < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); i++ {
		if s[i] == '-' {
			b = append(b, "%2D"...)
		} else {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// parseExpression checks one expression against RFC 6570's grammar. It
// returns a reason when the expression is invalid. The checks are the
// adapter's own because the library panics on "{}" and accepts "{a:0}",
// "{a:10000}" and "{a..b}" (negative-tests.json).
func parseExpression(body string) (*expression, string) {
	if body == "" {
		return nil, "empty expression"
	}
	e := &expression{body: body, op: opSimple}
	rest := body
	if op := operatorFor(body[0]); op != nil {
		e.op = op
		rest = body[1:]
	} else if strings.IndexByte("=,!@|", body[0]) >= 0 {
		return nil, "reserved operator " + string(body[0])
	}
	// A plain loop rather than strings.SplitSeq: the iterator links a few KB
	// of range-over-func support into the wasm module for nothing.
	for {
		spec, more := rest, false
		if i := strings.IndexByte(rest, ','); i >= 0 {
			spec, rest, more = rest[:i], rest[i+1:], true
		}
		v, why := parseVarSpec(spec)
		if why != "" {
			return nil, why
		}
		e.vars = append(e.vars, v)
		if !more {
			break
		}
	}
	return e, ""
}

func parseVarSpec(spec string) (varSpec, string) {
	var v varSpec
	name := spec
	if strings.HasSuffix(spec, "*") {
		v.explode = true
		name = spec[:len(spec)-1]
	} else if i := strings.IndexByte(spec, ':'); i >= 0 {
		name = spec[:i]
		digits := spec[i+1:]
		if len(digits) == 0 || len(digits) > 4 || digits[0] < '1' || digits[0] > '9' {
			return v, "invalid prefix length " + quote(digits)
		}
		for j := 0; j < len(digits); j++ {
			if digits[j] < '0' || digits[j] > '9' {
				return v, "invalid prefix length " + quote(digits)
			}
			v.prefix = v.prefix*10 + int(digits[j]-'0')
		}
	}
	if !validVarName(name) {
		return v, "invalid variable name " + quote(name)
	}
	v.name = name
	return v, ""
}

// validVarName checks varname = varchar *( ["."] varchar ), varchar = ALPHA /
// DIGIT / "_" / pct-encoded (RFC 6570 section 2.3), and "-" too: D14's one
// departure from the grammar, for GitHub's {enterprise-team}.
func validVarName(name string) bool {
	if name == "" || name[0] == '.' || name[len(name)-1] == '.' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case isNameChar(c), c == '-':
		case c == '.':
			if name[i-1] == '.' {
				return false
			}
		case c == '%':
			if !isTriplet(name, i) {
				return false
			}
			i += 2
		default:
			return false
		}
	}
	return true
}

// tval is a variable's value normalised for expansion (D11, D12).
type tval struct {
	kind  uint8    // tvUndef, tvString, tvList or tvAssoc
	plain bool     // tvString of unreserved characters only: written as it is
	s     string   // tvString
	items []string // tvList: the members; tvAssoc: key, value, key, value...
}

const (
	tvUndef = iota
	tvString
	tvList
	tvAssoc
)

// scalarText returns the text of a string, number, bigint or boolean (D12).
func scalarText(v Value) (string, bool) {
	if v.unloaded() {
		return "", false
	}
	switch v.kind() {
	case String, Number, BigInt, Bool:
		return v.text(), true
	}
	return "", false
}

// normalise turns a parameter into a tval: null and undefined, empty lists
// and empty objects are undefined (D11, D12); null members are left out;
// nested lists and objects have no RFC 6570 meaning and are refused.
func normalise(name string, v Value) (tval, error) {
	switch v.kind() {
	case Undefined, Null:
		return tval{}, nil
	case String, Number, BigInt, Bool:
		if !validText(v.text()) {
			return tval{}, loneSurrogateInURL(name)
		}
		return tval{kind: tvString, s: v.text()}, nil
	case Array:
		var items []string
		for _, e := range v.list() {
			if !e.IsDefined() {
				continue
			}
			s, ok := scalarText(e)
			if !ok {
				return tval{}, errorf(CodeInvalidParameter, "D12", name, "a list member that is %s cannot be expanded in the url", kindName(e.kind()))
			}
			if !validText(s) {
				return tval{}, loneSurrogateInURL(name)
			}
			items = append(items, s)
		}
		if len(items) == 0 {
			return tval{}, nil
		}
		return tval{kind: tvList, items: items}, nil
	case Object:
		var items []string
		o := v.obj()
		for i := 0; i < o.Len(); i++ {
			e := o.ents[i].v
			if !e.IsDefined() {
				continue
			}
			s, ok := scalarText(e)
			if !ok {
				return tval{}, notExpandable(name+"."+o.ents[i].k, e)
			}
			if !validText(s) || !validText(o.ents[i].k) {
				return tval{}, loneSurrogateInURL(name)
			}
			items = append(items, o.ents[i].k, s)
		}
		if len(items) == 0 {
			return tval{}, nil
		}
		return tval{kind: tvAssoc, items: items}, nil
	}
	return tval{}, notExpandable(name, v)
}

// kindName names a kind with its article, for error messages: "a string",
// "an array", "null".
func kindName(k Kind) string {
	return [...]string{"undefined", "null", "a boolean", "a number", "a bigint", "a string", "an array", "an object", "a host object (such as a Date or a function)"}[k]
}

// expand appends the expansion of t with the parameters of o (reserved
// option keys are never template variables). A parameter may not make a
// "." or ".." path segment (D32).
func (t *template) expand(dst []byte, s *session, o *Obj) ([]byte, error) {
	if t.literal {
		if t.plain {
			return append(dst, t.src...), nil
		}
		return appendLiteral(dst, t.src), nil
	}
	start := len(dst)
	dst, dots, err := t.expandRecording(dst, s, o, nil)
	if err != nil || !dots && !t.dotRisk {
		return dst, err
	}
	return dst, t.checkDotSegments(dst[start:], s, o)
}

// exprSpan is where the expression parts[part] of a template went in its
// expansion: out[start:end], empty when it expanded to nothing.
type exprSpan struct {
	start, end, part int
}

// expandRecording is expand without D32's check. It reports whether an
// expression's expansion holds a piece made of dots alone (makesDots),
// and, with spans non-nil, records where each expression went.
func (t *template) expandRecording(dst []byte, s *session, o *Obj, spans *[]exprSpan) (_ []byte, dots bool, err error) {
	begin := len(dst)
	var vals [8]tval
	// members counts the list and object members the expressions read:
	// members that expand to nothing (null, undefined) add nothing to the
	// url, so that a url of n expressions each naming one array of n nulls
	// read n² members within the url's limit (D29). Reading is held to the
	// same limit as the url.
	members := 0
	for i, p := range t.parts {
		if len(dst) > MaxURLLength {
			return dst, false, urlTooLong()
		}
		if p.expr == nil {
			dst = append(dst, p.lit...)
			continue
		}
		e := p.expr
		tv := vals[:0]
		if len(e.vars) > len(vals) {
			tv = make([]tval, 0, len(e.vars))
		}
		for _, vs := range e.vars {
			var v Value
			if !isReservedKey(vs.name) {
				v, _ = o.Get(vs.name)
			}
			// A plain value, a non-empty string of unreserved characters with
			// no prefix (owner and repository names, numbers, slugs: most
			// GitHub parameters), needs no normalising and no encoding.
			if vs.prefix == 0 && v.n != 0 && !v.unloaded() && isScalar(v.kind()) && unreservedOnly(v.text()) {
				tv = append(tv, tval{kind: tvString, plain: true, s: v.text()})
				continue
			}
			nv, err := s.templateValue(v, vs, &members)
			if err != nil {
				return dst, false, err
			}
			tv = append(tv, nv)
		}
		if e.required && allUndefined(tv) {
			return dst, false, t.missing(e, o)
		}
		at := len(dst)
		dst = e.expandRFC(dst, tv)
		if e.host && len(dst) == at { // an empty host is no host either
			return dst, false, t.missing(e, o)
		}
		dots = dots || makesDots(dst[at:])
		if spans != nil {
			*spans = append(*spans, exprSpan{at - begin, len(dst) - begin, i})
		}
	}
	return dst, dots, nil
}

// templateValue is the value of variable vs for its expression: v
// loaded and normalised (normalise). members counts the list and object
// members read so far, which may not pass MaxURLLength.
func (s *session) templateValue(v Value, vs varSpec, members *int) (tval, error) {
	v, err := s.loadAll(v, vs.name)
	if err != nil {
		return tval{}, err
	}
	if *members += len(v.list()) + v.obj().Len(); *members > MaxURLLength {
		return tval{}, errorf(CodeInvalidParameter, "D29", "url", "its expressions would read more than %d list and object members", MaxURLLength)
	}
	nv, err := normalise(vs.name, v)
	if err != nil {
		return tval{}, err
	}
	if vs.prefix > 0 && (nv.kind == tvList || nv.kind == tvAssoc) {
		return tval{}, errorf(CodeInvalidParameter, "D11", vs.name, "the prefix modifier :%d applies to strings, not to a %s", vs.prefix, [...]string{"", "", "list", "object"}[nv.kind])
	}
	return nv, nil
}

// allUndefined reports whether an expression's values are all undefined.
func allUndefined(vals []tval) bool {
	for _, v := range vals {
		if v.kind != tvUndef {
			return false
		}
	}
	return true
}

// isScalar reports whether a value of kind k has a text: a string, number,
// bigint or boolean (D12).
func isScalar(k Kind) bool { return k == String || k == Number || k == BigInt || k == Bool }

// unreservedOnly reports whether s holds only RFC 3986 unreserved characters.
func unreservedOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if charClass[s[i]]&classUnreserved == 0 {
			return false
		}
	}
	return true
}

// expandRFC expands e as RFC 6570 appendix A says.
func (e *expression) expandRFC(dst []byte, vals []tval) []byte {
	op := e.op
	first := true
	for i, v := range vals {
		if v.kind == tvUndef {
			continue
		}
		vs := e.vars[i]
		if first {
			dst = append(dst, op.first...)
			first = false
		} else {
			dst = append(dst, op.sep)
		}
		if v.kind != tvString {
			dst = appendComposite(dst, op, v, vs)
			continue
		}
		s := v.s
		if vs.prefix > 0 {
			s = prefixRunes(s, vs.prefix)
		}
		if op.named {
			dst = appendNamed(dst, op, vs.name, s == "")
		}
		if v.plain { // nothing to encode
			dst = append(dst, s...)
		} else {
			dst = appendRFC6570(dst, s, op.allowReserved)
		}
	}
	return dst
}

// appendComposite appends a list, or an object as its keys and values in
// turn (RFC 6570 section 2.4.2): unexploded, its items after one name,
// separated by commas; exploded, each item (or each key=value pair) a
// member of its own, separated as the operator separates variables.
func appendComposite(dst []byte, op *operator, v tval, vs varSpec) []byte {
	if !vs.explode {
		if op.named {
			dst = appendNamed(dst, op, vs.name, false)
		}
		for j, s := range v.items {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = appendRFC6570(dst, s, op.allowReserved)
		}
		return dst
	}
	if v.kind == tvList {
		for j, s := range v.items {
			if j > 0 {
				dst = append(dst, op.sep)
			}
			if op.named {
				dst = appendNamed(dst, op, vs.name, s == "")
			}
			dst = appendRFC6570(dst, s, op.allowReserved)
		}
		return dst
	}
	for j := 0; j < len(v.items); j += 2 {
		if j > 0 {
			dst = append(dst, op.sep)
		}
		dst = appendRFC6570(dst, v.items[j], op.allowReserved)
		if op.named && v.items[j+1] == "" {
			dst = append(dst, op.ifemp...)
			continue
		}
		dst = append(dst, '=')
		dst = appendRFC6570(dst, v.items[j+1], op.allowReserved)
	}
	return dst
}

// appendNamed appends "name=" (or name and ifemp for an empty value) for the
// named operators ";", "?" and "&".
func appendNamed(dst []byte, op *operator, name string, empty bool) []byte {
	dst = append(dst, name...)
	if empty {
		return append(dst, op.ifemp...)
	}
	return append(dst, '=')
}
