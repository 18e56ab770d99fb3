package core

import (
	"strings"
	"sync"

	"github.com/jtacoma/uritemplates"
)

// This file is the adapter over github.com/jtacoma/uritemplates (v1.0.0).
// The library expands what it gets right; the adapter validates templates
// (the library accepts invalid ones), encodes literals (the library copies
// them), normalises values, and expands itself the expression forms the
// library gets wrong. Each such correction below names the vector of
// testdata/uritemplate-test that fails without it. See D11-D14.
//
// The library is never forked or copied: it is called for one expression at
// a time, and an expression the adapter expands itself is spliced into the
// output as literal text.

// template is a compiled url template. It is immutable and shared through
// the cache by every call that uses the same url.
type template struct {
	src   string // the url it was compiled from (the cache's own copy)
	parts []tplPart
	names []string // every variable name, in order, for D13
}

// tplPart is literal text (already encoded) or one expression.
type tplPart struct {
	lit  string
	expr *expression
}

type expression struct {
	op   *operator
	vars []varSpec
	lib  *uritemplates.UriTemplate // the library's parse of "{" + this expression + "}"
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

// templateCache holds compiled templates by their url. Parsing costs more
// than expanding (the library's Parse+Expand is about 5.5 µs a call in
// wasm), and a program uses a bounded set of routes. The cache is bounded
// too: when full it is emptied, so that a program that builds urls from
// unbounded input cannot grow memory without limit (D2, D29).
//
// A plain Mutex, not an RWMutex: the lookup under it is one map read, and an
// RWMutex links about 3 KB more into the wasm module.
var templateCache = struct {
	sync.Mutex
	m map[string]*template
}{m: make(map[string]*template)}

const templateCacheSize = 512

// compileTemplate returns the compiled template for url, from the cache when
// it has been seen.
func compileTemplate(url string) (*template, error) {
	templateCache.Lock()
	t := templateCache.m[url]
	templateCache.Unlock()
	if t != nil {
		return t, nil
	}
	// The caller's url may be a view into a buffer that the next call
	// overwrites (the bridge's fast path): the cache keeps its own copy, and
	// the template's names and literals are cut from that copy.
	url = strings.Clone(url)
	t, err := parseTemplate(url)
	if err != nil {
		return nil, err
	}
	t.src = url
	templateCache.Lock()
	if len(templateCache.m) >= templateCacheSize {
		templateCache.m = make(map[string]*template) // not clear(): that links map-clearing code for a rare event
	}
	templateCache.m[url] = t
	templateCache.Unlock()
	return t, nil
}

// colonPlaceholders rewrites each ":name" that starts a path segment into
// "{name}" (D9). It returns the url unchanged (no allocation) when there is
// none. inserted receives the offsets, in the result, of the "}" it added
// (the "{" takes the place of the ":"), so that errors can point into the
// caller's text.
func colonPlaceholders(url string, inserted *[]int) string {
	if strings.IndexByte(url, ':') < 0 {
		return url
	}
	// The path starts after "scheme://authority" when there is a scheme.
	pathStart := 0
	if n := schemeLen(url); n > 0 {
		pathStart = n
		if i := strings.IndexByte(url[n:], '/'); i >= 0 {
			pathStart = n + i
		} else {
			return url
		}
	}
	var b []byte
	last := 0
	depth := 0
	for i := pathStart; i < len(url); i++ {
		c := url[i]
		if c == '?' || c == '#' {
			if depth == 0 {
				break
			}
		}
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		}
		if c != ':' || depth != 0 || i == 0 || url[i-1] != '/' || i+1 >= len(url) || !isNameStart(url[i+1]) {
			continue
		}
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
		i = j - 1
	}
	if b == nil {
		return url
	}
	return string(append(b, url[last:]...))
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
		return errorf(CodeInvalidTemplate, "url", "%s at offset %d in %q", what, pos, clip(url))
	}
	if !validText(src) {
		return nil, errorf(CodeInvalidTemplate, "url", "not valid Unicode (a lone surrogate?) in %q", clip(url))
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
			return nil, fail(i, err+" in expression {"+body+"}")
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
	return t, nil
}

// parseExpression checks one expression against RFC 6570's grammar and has
// the library parse it. It returns a reason when the expression is invalid.
// The checks are the adapter's own because the library panics on "{}" and
// accepts "{a:0}", "{a:10000}" and "{a..b}" (negative-tests.json).
func parseExpression(body string) (*expression, string) {
	if body == "" {
		return nil, "empty expression"
	}
	e := &expression{op: opSimple}
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
	// D14: a name may hold "-", which the library's grammar refuses; it is
	// handed "%2D" instead, a pct-encoded varchar it accepts.
	lib, err := uritemplates.Parse("{" + libName(body) + "}")
	if err != nil {
		return nil, err.Error()
	}
	e.lib = lib
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
			return v, "invalid prefix length " + quoteOrEmpty(digits)
		}
		for j := 0; j < len(digits); j++ {
			if digits[j] < '0' || digits[j] > '9' {
				return v, "invalid prefix length " + quoteOrEmpty(digits)
			}
			v.prefix = v.prefix*10 + int(digits[j]-'0')
		}
	}
	if !validVarName(name) {
		return v, "invalid variable name " + quoteOrEmpty(name)
	}
	v.name = name
	return v, ""
}

func quoteOrEmpty(s string) string { return "\"" + s + "\"" }

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
	switch v.kind {
	case String, Number, BigInt, Bool:
		return v.s, true
	}
	return "", false
}

// normalise turns a parameter into a tval: null and undefined, empty lists
// and empty objects are undefined (D11, D12); null members are left out;
// nested lists and objects have no RFC 6570 meaning and are refused.
func normalise(name string, v Value) (tval, error) {
	switch v.kind {
	case Undefined, Null:
		return tval{}, nil
	case String, Number, BigInt, Bool:
		if !validText(v.s) {
			return tval{}, errorf(CodeInvalidParameter, name, "lone surrogate in a value bound for the url")
		}
		return tval{kind: tvString, s: v.s}, nil
	case Array:
		var items []string
		for _, e := range v.list {
			if !e.IsDefined() {
				continue
			}
			s, ok := scalarText(e)
			if !ok {
				return tval{}, errorf(CodeInvalidParameter, name, "a list member of kind %s cannot be expanded in the url", kindName(e.kind))
			}
			if !validText(s) {
				return tval{}, errorf(CodeInvalidParameter, name, "lone surrogate in a value bound for the url")
			}
			items = append(items, s)
		}
		if len(items) == 0 {
			return tval{}, nil
		}
		return tval{kind: tvList, items: items}, nil
	case Object:
		var items []string
		o := v.obj
		for i := 0; i < o.Len(); i++ {
			e := o.vals[i]
			if !e.IsDefined() {
				continue
			}
			s, ok := scalarText(e)
			if !ok {
				return tval{}, errorf(CodeInvalidParameter, name+"."+o.keys[i], "a value of kind %s cannot be expanded in the url", kindName(e.kind))
			}
			if !validText(s) || !validText(o.keys[i]) {
				return tval{}, errorf(CodeInvalidParameter, name, "lone surrogate in a value bound for the url")
			}
			items = append(items, o.keys[i], s)
		}
		if len(items) == 0 {
			return tval{}, nil
		}
		return tval{kind: tvAssoc, items: items}, nil
	}
	return tval{}, errorf(CodeInvalidParameter, name, "a value of kind %s cannot be expanded in the url", kindName(v.kind))
}

func kindName(k Kind) string {
	return [...]string{"undefined", "null", "boolean", "number", "bigint", "string", "array", "object", "opaque host object"}[k]
}

// expand appends the expansion of t with the values that lookup gives.
func (t *template) expand(dst []byte, lookup func(string) Value) ([]byte, error) {
	var vals [8]tval
	for _, p := range t.parts {
		if p.expr == nil {
			dst = append(dst, p.lit...)
			continue
		}
		e := p.expr
		tv := vals[:0]
		if len(e.vars) > len(vals) {
			tv = make([]tval, 0, len(e.vars))
		}
		// A plain value, a non-empty string of unreserved characters with no
		// prefix (owner and repository names, numbers, slugs: most GitHub
		// parameters), needs no normalising and no encoding; an expression
		// of plain values is written by expandRFC without a call into the
		// library, which would allocate a map, a buffer and a
		// regular-expression replacement per variable. FuzzTemplate checks
		// that both agree.
		plain, own := true, false
		for _, vs := range e.vars {
			v := lookup(vs.name)
			if vs.prefix == 0 && v.s != "" && (v.kind == String || v.kind == Number || v.kind == BigInt || v.kind == Bool) && unreservedOnly(v.s) {
				tv = append(tv, tval{kind: tvString, plain: true, s: v.s})
				continue
			}
			nv, err := normalise(vs.name, v)
			if err != nil {
				return dst, err
			}
			if vs.prefix > 0 && (nv.kind == tvList || nv.kind == tvAssoc) {
				return dst, errorf(CodeInvalidParameter, vs.name, "the prefix modifier :%d applies to strings, not to a %s", vs.prefix, [...]string{"", "", "list", "object"}[nv.kind])
			}
			plain = plain && nv.kind == tvUndef
			own = own || e.needsAdapter(vs, nv)
			tv = append(tv, nv)
		}
		if plain || own {
			dst = e.expandRFC(dst, tv)
			continue
		}
		var err error
		if dst, err = e.expandLibrary(dst, tv); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// unreservedOnly reports whether s holds only RFC 3986 unreserved characters.
func unreservedOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if charClass[s[i]]&classUnreserved == 0 {
			return false
		}
	}
	return true
}

// needsAdapter reports whether the library would expand this variable
// wrongly, so that the adapter must expand the expression itself.
func (e *expression) needsAdapter(vs varSpec, v tval) bool {
	// A named operator writes the name, which the library knows as "%2D"
	// where it holds "-" (D14, libName).
	if e.op.named && strings.IndexByte(vs.name, '-') >= 0 {
		return true
	}
	switch v.kind {
	case tvAssoc:
		// The library takes objects as Go maps and so writes their members in
		// random order: "{?assoc_special_chars*}" and every object vector
		// would pass only by chance (D12 wants JavaScript key order).
		return true
	case tvString:
		// Empty strings: "X{.empty}" gives "X" instead of "X.", and
		// "{empty,x}" loses the separator (spec-examples 3.2.5).
		if v.s == "" {
			return true
		}
		// The prefix modifier cuts bytes, not characters: "{greek:1}"
		// (extended-tests, Additional Examples 7).
		if vs.prefix > 0 && !isASCII(v.s) {
			return true
		}
		// "+" and "#" re-encode "%" of a %XX triplet: "{+id}" with "admin%2F"
		// (extended-tests, Additional Examples 6).
		return e.op.allowReserved && strings.IndexByte(v.s, '%') >= 0
	case tvList:
		for _, s := range v.items {
			if s == "" || vs.prefix > 0 && !isASCII(s) || e.op.allowReserved && strings.IndexByte(s, '%') >= 0 {
				return true
			}
		}
	}
	return false
}

// expandLibrary expands e through the library. Values arrive as strings
// and lists of strings only: the library formats other types with %v
// ("1e+06" for 1e6) and panics on nil, and undefined variables are left out
// of the map, as it expects.
func (e *expression) expandLibrary(dst []byte, vals []tval) ([]byte, error) {
	m := make(map[string]any, len(vals))
	for i, v := range vals {
		switch v.kind {
		case tvString:
			m[libName(e.vars[i].name)] = v.s
		case tvList:
			l := make([]any, len(v.items))
			for j, s := range v.items {
				l[j] = s
			}
			m[libName(e.vars[i].name)] = l
		}
	}
	s, err := e.lib.Expand(m)
	if err != nil {
		return dst, errorf(CodeInvalidParameter, "url", "%v", err)
	}
	return append(dst, s...), nil
}

// expandRFC expands e as RFC 6570 appendix A says, for the forms the
// library gets wrong (see needsAdapter).
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
		switch v.kind {
		case tvString:
			s := v.s
			if vs.prefix > 0 {
				s = prefixRunes(s, vs.prefix)
			}
			if op.named {
				dst = appendNamed(dst, op, vs.name, s == "")
			}
			if v.plain { // nothing to encode
				dst = append(dst, s...)
				continue
			}
			dst = appendRFC6570(dst, s, op.allowReserved)
		case tvList:
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
				continue
			}
			for j, s := range v.items {
				if j > 0 {
					dst = append(dst, op.sep)
				}
				if op.named {
					dst = appendNamed(dst, op, vs.name, s == "")
				}
				dst = appendRFC6570(dst, s, op.allowReserved)
			}
		case tvAssoc:
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
				continue
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
		}
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

// libName is a variable's name as the library was given it: "-" as "%2D"
// (D14, parseExpression).
func libName(name string) string { return strings.ReplaceAll(name, "-", "%2D") }
