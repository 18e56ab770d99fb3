package core

import (
	"strconv"
	"strings"
	"unsafe"
)

// This file is the hot path of the JavaScript bridge. Go compiled to wasm
// is slow at allocating: the general path (decode into Values, merge into a
// new object, parse, encode) costs about 45 µs a call in wasm, where the
// reference costs about 10 µs in JavaScript. FastPath does the same work
// for the common shape of a call without building any object: it scans the
// bridge's input in place, taking strings as views into it, merges the
// defaults' and the call's keys as flat lists, and writes the result
// straight into the output buffer, with the same helpers as the general
// path (template cache and expansion, query encoding, header checks, media
// types).
//
// Whatever it does not handle (an error, a nested merge, a list in a url,
// an escaped string bound for the url, previews...) it leaves to the
// general path by returning false, so it never needs its own error
// messages. FuzzFastPath checks that wherever it answers, it answers as the
// general path does.

// FastPath holds the buffers of the hot path, reused from call to call. It
// is not safe for concurrent use; the bridge has one.
type FastPath struct {
	call    fastObj
	params  []fastRec // merged parameters, when the defaults have some
	vars    []fastRec // the parameters of this call (params or the call's own): read only
	headers []fastRec // merged headers (may be the defaults' own, read only)
	hbuf    []fastRec // the buffer for headers merged with the call's
	query   []param
	lower   []byte // lower-cased header names of the call
	url     []byte
	bail    bool // set by lookup when a variable needs the general path

	// The last template, to skip the cache's lock and hash when a program
	// calls one route repeatedly (paging through a list, say).
	lastURL string
	lastTpl *template

	// The last baseUrl found good (absolute, no white space), in a buffer of
	// ours, and whether it is its own JSON text.
	goodBase    string
	goodBaseBuf []byte
	plainBase   bool

	// The last defaults object scanned, kept with its own copy of the text:
	// an endpoint made by .defaults() sends the same text on every call, and
	// comparing it costs less than scanning and checking it again. One
	// entry, replaced when the text changes: nothing accumulates (D2).
	memoText []byte
	memo     fastObj
	merged   []fastRec // merge(): the merged options in order

	// The last accept header composed with a mediaType.format (D24): a
	// program asks for the same format of the same header again and again.
	acceptIn, acceptFormat, acceptOut string
}

// fastRec is one key of an options object: its value as a view into the
// input, or as the text of a scalar.
type fastRec struct {
	key   string
	raw   string // the value's JSON text
	s     string // String: the text (when plain); Number, Bool: the text
	kind  Kind
	plain bool // a String without escapes, a Number already in JavaScript's form
	known bool // a defaults' header checked once: writable and lower-case
	class Class
	index int // Opaque: the handle's index
}

// fastObj is an options object split into its reserved keys and parameters.
type fastObj struct {
	order                     []fastRec // every key, in order (merge() writes them so)
	params                    []fastRec
	headers                   []fastRec
	method, url, baseURL      fastRec // kind Undefined when absent
	format                    fastRec
	data, request             fastRec
	hasRequestObj, hasHeaders bool
}

func (o *fastObj) reset() {
	order, params, headers := o.order[:0], o.params[:0], o.headers[:0]
	*o = fastObj{order: order, params: params, headers: headers}
}

// globalFast is DEFAULTS scanned once; its views point into a string
// that lives as long as the program.
var globalFast = func() *fastObj {
	text := string(AppendJSON(nil, ObjValue(DEFAULTS())))
	var o fastObj
	s := fastScan{b: unsafe.Slice(unsafe.StringData(text), len(text)), order: true}
	if !s.object(&o) {
		panic("endpoint: DEFAULTS do not scan")
	}
	markKnown(o.headers)
	return &o
}()

// Operations of Run, as the bridge names them.
const (
	FastEndpoint = 'E' // input [defaults|0, route|null, options|null]
	// FastEndpointElide is FastEndpoint, but when the result's headers are
	// exactly the defaults' (less those set to null), it writes
	// "headers":0: the shim keeps each layer's headers and copies them,
	// which costs less than writing and parsing them on every call.
	FastEndpointElide = 'e'
	// FastParseElide is FastParse with the same elision: the shim copies
	// the headers of the merged options it passed.
	FastParseElide = 'p'
	// FastMergeElide is FastMerge, writing "headers":0 when the merged
	// headers are exactly the defaults' (null ones included, as merge()
	// keeps them).
	FastMergeElide = 'm'
	FastMerge      = 'M' // the same input; the merged options
	FastParse      = 'P' // input [0, null, merged]
	// FastMergeParse is FastMergeElide, followed by '\r', a status byte
	// and what FastEndpointElide gives for the same input: parse() of the
	// merged options before anything changes them (spec rule 6). The shim
	// keeps the second part for a parse() of the unchanged result, which
	// then needs no call into Go. The second part is left out when the
	// merged options hold host values.
	FastMergeParse = 'b'
)

// Run appends the output of the bridge's operation op for in, the bridge's
// input without its operation byte: the result JSON, then, if it holds
// host values, a newline and the patches. It returns false, with dst
// unchanged, when the call needs the general path.
func (f *FastPath) Run(op byte, dst, in []byte) ([]byte, bool) {
	start := len(dst)
	out, ok := f.run(op, dst, in)
	if !ok {
		return dst[:start], false
	}
	return out, true
}

// Endpoint is Run(FastEndpoint, dst, in).
func (f *FastPath) Endpoint(dst, in []byte) ([]byte, bool) { return f.Run(FastEndpoint, dst, in) }

func (f *FastPath) run(op byte, dst, in []byte) ([]byte, bool) {
	switch op {
	case FastEndpoint, FastEndpointElide, FastMerge, FastMergeElide, FastParse, FastParseElide, FastMergeParse:
	default:
		return dst, false // defaults() and anything else: the general path
	}
	f.bail = false
	s := fastScan{b: in, order: op == FastMerge || op == FastMergeElide || op == FastMergeParse}
	// [defaults, route, options]
	if !s.byte('[') {
		return dst, false
	}
	d := globalFast
	if s.peek() == '{' {
		if d = f.defaultsAt(&s); d == nil {
			return dst, false
		}
	} else if !s.byte('0') {
		return dst, false
	}
	if !s.byte(',') {
		return dst, false
	}
	var route string
	if s.peek() == '"' {
		var esc bool
		route, esc = s.str()
		if esc || s.bad {
			return dst, false
		}
	} else if !s.word("null") {
		return dst, false
	}
	if !s.byte(',') {
		return dst, false
	}
	c := &f.call
	c.reset()
	switch {
	case op == FastParse || op == FastParseElide:
		// parse(merged) is endpoint() over the merged options as defaults,
		// with no route and no options: merge(M, "", {}) is M.
		if d != globalFast || route != "" || s.peek() != '{' {
			return dst, false
		}
		if d = f.defaultsAt(&s); d == nil {
			return dst, false
		}
	case s.peek() == '{':
		if !s.object(c) {
			return dst, false
		}
	case !s.word("null"):
		return dst, false
	}
	if !s.byte(']') || s.i != len(s.b) {
		return dst, false
	}
	if d.hasRequestObj || c.hasRequestObj || d.request.kind != Undefined {
		return dst, false // request to merge: the general path keeps its host values
	}
	rMethod, rURL, err := parseRoute(route)
	if err != nil {
		return dst, false
	}
	if op == FastMerge || op == FastMergeElide {
		dst, _, ok := f.merge(dst, d, c, rMethod, rURL, op == FastMergeElide)
		return dst, ok
	}
	if op == FastMergeParse {
		dst, hostValues, ok := f.merge(dst, d, c, rMethod, rURL, true)
		if !ok || hostValues {
			return dst, ok // host values: merge() alone
		}
		dst = append(dst, '\r', 'o')
		return f.result(dst, FastEndpointElide, d, c, rMethod, rURL)
	}
	return f.result(dst, op, d, c, rMethod, rURL)
}

// result appends the request options of endpoint() (or of parse(), the
// merged options being d and c empty): merge.go's merge, then parse.go's
// parse, on flat lists.
func (f *FastPath) result(dst []byte, op byte, d, c *fastObj, rMethod, rURL string) ([]byte, bool) {

	// Merge (merge.go): the route, then the call's options, over the defaults.
	method := pick(c.method, rMethod, d.method, "GET")
	url := pick(c.url, rURL, d.url, "")
	base := pick(c.baseURL, "", d.baseURL, "")
	lower, upper, ok := methodCases(method)
	if !ok || url == "" || c.baseURL.kind == Undefined && d.baseURL.kind == Undefined {
		return dst, false
	}
	params := c.params // the call's alone when the defaults have none: no copy
	if len(d.params) > 0 {
		f.params = append(f.params[:0], d.params...)
		for _, r := range c.params {
			if i := fastIndex(f.params, r.key); i >= 0 {
				if r.kind == Object && f.params[i].kind == Object {
					return dst, false // D21: a deep merge
				}
				f.params[i] = r
			} else {
				f.params = append(f.params, r)
			}
		}
		params = f.params
	}
	f.vars = params // what lookup reads
	if !f.mergeHeaders(d, c) {
		return dst, false
	}
	format := d.format
	if c.format.kind != Undefined {
		format = c.format
	}
	data := d.data
	if c.data.kind != Undefined {
		data = c.data
	}

	// Parse (parse.go).
	var err error
	tpl := f.lastTpl
	if tpl == nil || url != f.lastURL {
		if tpl, err = compileTemplate(url); err != nil {
			return dst, false
		}
		f.lastURL, f.lastTpl = tpl.src, tpl // the cache's copy: no allocation
	}
	f.url = f.url[:0]
	if schemeLen(url) == 0 {
		// The general path checks baseUrl after expanding; a bad one is its error.
		if base == "" || base != f.goodBase {
			if !usableBaseURL(base) {
				return dst, false
			}
			// Our own copy: base is a view into a buffer that changes.
			f.goodBaseBuf = append(f.goodBaseBuf[:0], base...)
			f.goodBase = unsafe.String(unsafe.SliceData(f.goodBaseBuf), len(f.goodBaseBuf))
			f.plainBase = jsonPlain(base)
		}
		f.url = append(f.url, base...)
		if len(f.url) > 0 && f.url[len(f.url)-1] == '/' {
			f.url = f.url[:len(f.url)-1]
		}
	}
	pathStart := len(f.url)
	f.url, err = tpl.expand(f.url, f.lookup)
	if err != nil || f.bail {
		return dst, false
	}
	path := f.url[pathStart:]
	if len(path) > 1 && path[len(path)-1] == '/' { // D10
		f.url = f.url[:len(f.url)-1]
		path = path[:len(path)-1]
	}
	if pathStart == 0 && schemeLen(unsafe.String(unsafe.SliceData(path), len(path))) == 0 {
		return dst, false // D10 took the scheme's slash ("http://"): the general path decides
	}
	if pathStart > 0 { // D8: joined with exactly one "/"
		if schemeLen(unsafe.String(unsafe.SliceData(path), len(path))) > 0 {
			return dst, false // the expansion made a full url: the general path decides
		}
		if len(path) == 0 || path[0] != '/' {
			f.url = append(f.url, 0)
			copy(f.url[pathStart+1:], f.url[pathStart:])
			f.url[pathStart] = '/'
		}
	}

	// The parameters the url does not use: a query, or the body's keys.
	get := upper == "GET" || upper == "HEAD"
	f.query = f.query[:0]
	for _, p := range params { // params hold no reserved key (object)
		if tpl.uses(p.key) {
			continue
		}
		v, ok := p.value()
		if get && (!ok || v.kind == Array || v.kind == Object) {
			return dst, false // String(array) and the errors: the general path
		}
		f.query = append(f.query, param{p.key, v})
	}
	if get {
		if data.kind != Undefined {
			return dst, false
		}
		if f.url, err = appendQuery(f.url, f.query); err != nil {
			return dst, false
		}
	}

	// The result.
	dst = append(append(append(dst, `{"method":"`...), lower...), `","url":`...)
	if pathStart == 0 || base == f.goodBase && f.plainBase {
		// The expansion is percent-encoded ASCII: only baseUrl could need escapes.
		dst = append(append(append(dst, '"'), f.url...), '"')
	} else {
		dst = appendJSONString(dst, unsafe.String(unsafe.SliceData(f.url), len(f.url)))
	}
	dst = append(dst, `,"headers":`...)
	body := Value{kind: data.kind, class: data.class} // what defaultContentType needs of it
	if data.kind == Undefined && len(f.query) > 0 {
		body.kind = Object
	}
	// Headers exactly the defaults' (less nulls: with no call headers, no
	// format and no content-type to add) are written "headers":0 for the
	// shim to copy, and not written out at all.
	if (op == FastEndpointElide || op == FastParseElide) && len(c.headers) == 0 && (format.kind != String || format.s == "") && allKnown(d.headers) &&
		(get || !defaultContentType(body, fastIndex(f.headers, "content-type") >= 0)) {
		dst = append(dst, '0')
	} else {
		var hasContentType bool
		if dst, hasContentType = f.appendHeaders(dst, &format, true); f.bail {
			return dst, false
		}
		if !get && defaultContentType(body, hasContentType) {
			dst = dst[:len(dst)-1] // reopen the object
			if dst[len(dst)-1] != '{' {
				dst = append(dst, ',')
			}
			dst = append(dst, `"content-type":"`+jsonContentType+`"}`...)
		}
	}
	if !get {
		switch {
		case data.kind == Opaque:
			dst = append(dst, `,"body":null`...)
		case data.kind != Undefined:
			return dst, false
		case len(f.query) > 0:
			dst = append(dst, `,"body":{`...)
			for _, p := range params {
				if tpl.uses(p.key) {
					continue
				}
				if dst[len(dst)-1] != '{' {
					dst = append(dst, ',')
				}
				dst = appendJSONString(dst, p.key)
				dst = append(dst, ':')
				dst = append(dst, p.raw...)
			}
			dst = append(dst, '}')
		case upper == "PUT" || upper == "PATCH":
			dst = append(dst, `,"body":""`...)
		}
	}
	if c.request.kind == Opaque {
		dst = append(dst, `,"request":null`...)
	} else if c.request.kind != Undefined && c.request.kind != Null {
		return dst, false
	}
	dst = append(dst, '}')
	if (!get && data.kind == Opaque) || c.request.kind == Opaque {
		dst = append(dst, "\n["...)
		if !get && data.kind == Opaque {
			dst = strconv.AppendInt(append(dst, '['), int64(data.index), 10)
			dst = append(dst, `,"body"]`...)
		}
		if c.request.kind == Opaque {
			if dst[len(dst)-1] == ']' {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(append(dst, '['), int64(c.request.index), 10)
			dst = append(dst, `,"request"]`...)
		}
		dst = append(dst, ']')
	}
	return dst, true
}

// defaultsAt reads the defaults object at s, from the memo when it is the
// same text as last time. Its headers, checked once, are then written as
// they are.
func (f *FastPath) defaultsAt(s *fastScan) *fastObj {
	rest := s.b[s.i:]
	// A JSON object's text ends where the object does: a prefix match is a match.
	if n := len(f.memoText); n > 0 && len(rest) >= n && string(rest[:n]) == string(f.memoText) {
		s.i += n
		return &f.memo
	}
	end := objectEnd(rest)
	if end < 0 {
		return nil
	}
	// Scan a copy, so that the memo's views outlive the input.
	f.memoText = append(f.memoText[:0], rest[:end]...)
	f.memo.reset()
	m := fastScan{b: f.memoText, order: true}
	if !m.object(&f.memo) || m.i != end {
		f.memoText = f.memoText[:0]
		return nil
	}
	s.i += end
	markKnown(f.memo.headers)
	return &f.memo
}

// objectEnd returns the length of the JSON object at the start of b, by
// matching braces outside strings, or -1. The scan that follows checks it.
func objectEnd(b []byte) int {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// merge appends merge()'s result: the defaults' keys in their order, then
// the route's method and url (rMethod, rURL: parseRoute's), then the call's
// keys, each replacing a key of the same name in its place (merge.go). It
// reports whether the result holds host values, listed after it.
func (f *FastPath) merge(dst []byte, d, c *fastObj, rMethod, rURL string, elide bool) (out []byte, hostValues, ok bool) {
	if c.method.kind != Undefined && !supportedMethod(c.method.s) {
		return dst, false, false
	}
	if !f.mergeHeaders(d, c) {
		return dst, false, false
	}
	f.merged = append(f.merged[:0], d.order...)
	if rMethod != "" {
		f.merged = setRec(f.merged, fastRec{key: "method", kind: String, s: rMethod, plain: true})
	}
	if rURL != "" {
		f.merged = setRec(f.merged, fastRec{key: "url", kind: String, s: rURL, plain: true})
	}
	for _, r := range c.order {
		switch {
		case r.key == "mediaType":
			return dst, false, false // merged key by key, previews joined: the general path
		case r.kind == Object && r.key != "headers":
			if i := fastIndex(f.merged, r.key); i >= 0 && f.merged[i].kind == Object {
				return dst, false, false // D21: a deep merge
			}
		}
		f.merged = setRec(f.merged, r)
	}
	dst = append(dst, '{')
	patches := 0
	for i, r := range f.merged {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(append(append(dst, '"'), r.key...), '"', ':')
		switch {
		case r.key == "headers":
			if elide && !c.hasHeaders && allKnown(d.headers) {
				dst = append(dst, '0') // the shim copies the defaults' headers
				break
			}
			if dst, _ = f.appendHeaders(dst, nil, false); f.bail {
				return dst, false, false
			}
		case r.kind == Opaque:
			dst = append(dst, "null"...)
			patches++
		case r.kind == String && r.raw == "": // from the route
			dst = append(append(append(dst, '"'), r.s...), '"')
		default:
			dst = append(dst, r.raw...)
		}
	}
	dst = append(dst, '}')
	if patches > 0 {
		dst = append(dst, "\n["...)
		for _, r := range f.merged {
			if r.kind == Opaque {
				if dst[len(dst)-1] == ']' {
					dst = append(dst, ',')
				}
				dst = strconv.AppendInt(append(dst, '['), int64(r.index), 10)
				dst = append(append(append(dst, ',', '"'), r.key...), '"', ']')
			}
		}
		dst = append(dst, ']')
	}
	return dst, patches > 0, true
}

// mergeHeaders merges the defaults' and the call's headers into f.headers:
// the defaults' first, then the call's, lower-cased, each replacing one of
// the same name in its place (D22).
func (f *FastPath) mergeHeaders(d, c *fastObj) bool {
	for _, h := range d.headers {
		if !h.known && lowerASCII(h.key) != h.key {
			return false // parse() lower-cases them: the general path
		}
	}
	if len(c.headers) == 0 {
		f.headers = d.headers // read only: no copy
		return true
	}
	f.headers = append(f.hbuf[:0], d.headers...) // f.headers may alias d.headers: copy into our own
	if cap(f.lower) == 0 {
		f.lower = make([]byte, 0, 1024)
	}
	f.lower = f.lower[:0]
	for _, h := range c.headers {
		if lowerASCII(h.key) != h.key {
			n := len(f.lower)
			if n+len(h.key) > cap(f.lower) {
				return false // views into f.lower must not move
			}
			for i := 0; i < len(h.key); i++ {
				b := h.key[i]
				if b >= 'A' && b <= 'Z' {
					b += 'a' - 'A'
				}
				f.lower = append(f.lower, b)
			}
			h.key = unsafe.String(&f.lower[n], len(h.key))
		}
		f.headers = setRec(f.headers, h)
	}
	f.hbuf = f.headers
	return true
}

// appendHeaders writes f.headers as a JSON object. For a result (result
// true) null headers are left out and a format rewrites accept (D22, D24);
// for merge() they are written as they are. It sets f.bail for a header
// that needs the general path, and reports whether content-type is set.
func (f *FastPath) appendHeaders(dst []byte, format *fastRec, result bool) ([]byte, bool) {
	dst = append(dst, '{')
	hasContentType := false
	for _, h := range f.headers {
		if !h.known && !h.writable() {
			f.bail = true
			return dst, false
		}
		if h.key == "content-type" {
			hasContentType = true
		}
		if result && h.kind == Null {
			continue
		}
		if dst[len(dst)-1] != '{' {
			dst = append(dst, ',')
		}
		// A key without escapes is its own JSON text (invalid UTF-8 aside,
		// which JSON.parse and the general path both turn into U+FFFD).
		dst = append(append(append(dst, '"'), h.key...), '"', ':')
		if result && h.key == "accept" && format.kind == String && format.s != "" {
			if h.s != f.acceptIn || format.s != f.acceptFormat {
				// h.s and format.s are views of the input buffer: the memo keeps copies.
				f.acceptIn, f.acceptFormat = strings.Clone(h.s), strings.Clone(format.s)
				f.acceptOut = composeAccept(f.acceptIn, mediaType{format: f.acceptFormat})
			}
			dst = appendJSONString(dst, f.acceptOut)
			continue
		}
		dst = append(dst, h.raw...)
	}
	return append(dst, '}'), hasContentType
}

// writable reports whether header h is valid (D22) and its JSON text can
// be written as it is: the general path would write the same.
func (h *fastRec) writable() bool {
	return checkHeader(h.key, Value{kind: h.kind, s: h.s}, "headers") == nil && (h.kind != String && h.kind != Number || h.plain)
}

// markKnown marks the headers of a defaults object that are writable and
// lower-case, so that later calls with the same defaults skip the checks.
func markKnown(headers []fastRec) {
	for i := range headers {
		h := &headers[i]
		h.known = h.writable() && lowerASCII(h.key) == h.key
	}
}

// allKnown reports whether every header was checked once already.
func allKnown(headers []fastRec) bool {
	for i := range headers {
		if !headers[i].known {
			return false
		}
	}
	return true
}

// setRec sets r in recs: in the place of a key of the same name, or last.
func setRec(recs []fastRec, r fastRec) []fastRec {
	if i := fastIndex(recs, r.key); i >= 0 {
		recs[i] = r
		return recs
	}
	return append(recs, r)
}

// lookup gives the template the merged parameter called name, or asks for
// the general path when its value is not a plain scalar.
func (f *FastPath) lookup(name string) Value {
	if isReservedKey(name) {
		return Value{}
	}
	i := fastIndex(f.vars, name)
	if i < 0 {
		return Value{}
	}
	v, ok := f.vars[i].value()
	if !ok || v.kind == Array || v.kind == Object {
		f.bail = true
		return Value{}
	}
	return v
}

// value returns r as a Value for a url or a query, where only plain
// scalars are taken on this path.
func (r *fastRec) value() (Value, bool) {
	switch r.kind {
	case String, Number:
		return Value{kind: r.kind, s: r.s}, r.plain
	case Bool, Null:
		return Value{kind: r.kind, s: r.s}, true
	case Array, Object:
		return Value{kind: r.kind}, true // in a body only: its raw text is copied
	}
	return Value{}, false
}

// fastIndex returns the position of key in recs, or -1.
func fastIndex(recs []fastRec, key string) int {
	n := len(key)
	if n == 0 {
		for i := range recs {
			if recs[i].key == "" {
				return i
			}
		}
		return -1
	}
	// Keys such as param10 and param11 differ in their last byte: comparing
	// it first saves a call to compare the whole key, which in wasm costs
	// more than the comparison.
	last := key[n-1]
	for i := range recs {
		if k := recs[i].key; len(k) == n && k[n-1] == last && k == key {
			return i
		}
	}
	return -1
}

// pick returns the call's option when present, else the route's part when
// there is one, else the defaults' option when present, else otherwise:
// the order in which merge() layers them.
func pick(call fastRec, route string, def fastRec, otherwise string) string {
	switch {
	case call.kind != Undefined:
		return call.s
	case route != "":
		return route
	case def.kind != Undefined:
		return def.s
	}
	return otherwise
}

// jsonPlain reports whether s is printable ASCII without '"' or '\\', so
// that it is its own JSON string text.
func jsonPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// fastScan reads the bridge's JSON in place. It accepts only what it can
// hand on unchanged; anything else stops it (bad), and the general path
// takes the call.
type fastScan struct {
	b     []byte
	i     int
	bad   bool
	order bool // keep every key's order in fastObj.order (merge() writes it)
}

func (s *fastScan) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *fastScan) byte(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *fastScan) word(w string) bool {
	if wordAt(s.b, s.i, w) {
		s.i += len(w)
		return true
	}
	return false
}

func (s *fastScan) view(from, to int) string {
	if to <= from {
		return ""
	}
	return unsafe.String(&s.b[from], to-from)
}

// str reads a string and returns its contents as a view, and whether it
// holds escapes (then the view is the escaped text, checked to be valid).
func (s *fastScan) str() (string, bool) {
	s.i++ // "
	start := s.i
	j := start
	for j < len(s.b) && !strStop[s.b[j]] {
		j++
	}
	if j < len(s.b) && s.b[j] == '"' {
		s.i = j + 1
		return s.view(start, j), false
	}
	for s.i < len(s.b) { // an escape or a control character: byte by byte
		c := s.b[s.i]
		switch {
		case c == '"':
			v := s.view(start, s.i)
			s.i++
			return v, true
		case c == '\\': // an escape must be valid: a body copies it as written
			if s.i+1 >= len(s.b) {
				s.bad = true
				return "", true
			}
			switch s.b[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.b) || !isHex(s.b[s.i+2]) || !isHex(s.b[s.i+3]) || !isHex(s.b[s.i+4]) || !isHex(s.b[s.i+5]) {
					s.bad = true
					return "", true
				}
				s.i += 6
			default:
				s.bad = true
				return "", true
			}
			continue
		case c < 0x20:
			s.bad = true
			return "", true
		}
		s.i++
	}
	s.bad = true
	return "", true
}

// strStop marks the bytes that end the plain run of a JSON string: the
// quote, the backslash and control characters.
var strStop = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// members reads the object at s, calling fn with each member's key (keys
// with escapes go to the general path); fn reads the value from s. It
// stops at the first false.
func (s *fastScan) members(fn func(key string) bool) bool {
	s.i++ // {
	if s.byte('}') {
		return true
	}
	for {
		if s.peek() != '"' {
			return false
		}
		key, esc := s.str()
		if esc || s.bad || !s.byte(':') || !fn(key) {
			return false
		}
		if s.byte(',') {
			continue
		}
		return s.byte('}')
	}
}

// object reads an options object at the top level into o. Its headers and
// mediaType are read in place, member by member.
func (s *fastScan) object(o *fastObj) bool {
	seen := 0 // reserved keys seen: a repeated one replaces, which the general path does
	return s.members(func(key string) bool {
		start := s.i
		var r fastRec
		switch key {
		case "headers":
			if s.peek() != '{' || !s.headers(o) {
				return false
			}
			r.kind = Object
		case "mediaType":
			if s.peek() != '{' || !s.mediaType(o) {
				return false
			}
			r.kind = Object
		default:
			if !s.value(&r, 2) {
				return false
			}
		}
		r.key, r.raw = key, s.view(start, s.i)
		if i := reservedIndex(key); i >= 0 {
			if seen&(1<<i) != 0 {
				return false
			}
			seen |= 1 << i
		}
		switch key {
		case "method", "url", "baseUrl":
			if r.kind != String || !r.plain {
				return false
			}
			switch key {
			case "method":
				o.method = r
			case "url":
				o.url = r
			default:
				o.baseURL = r
			}
		case "headers", "mediaType":
		case "data":
			if r.kind != Opaque {
				return false
			}
			o.data = r
		case "request":
			switch r.kind {
			case Opaque:
				o.request = r
			case Null:
			default:
				o.hasRequestObj = true
			}
		default:
			if r.kind == Opaque || r.kind == BigInt {
				return false
			}
			o.params = setRec(o.params, r) // a repeated key: the last wins, in the first's place, as in JSON.parse
		}
		if s.order {
			o.order = setRec(o.order, r)
		}
		return true
	})
}

// headers reads a headers object: names without escapes, scalar values.
func (s *fastScan) headers(o *fastObj) bool {
	o.hasHeaders = true
	return s.members(func(name string) bool {
		var r fastRec
		if !s.value(&r, 3) || r.kind == Array || r.kind == Object || r.kind == Opaque || r.kind == BigInt {
			return false
		}
		r.key = name
		o.headers = setRec(o.headers, r)
		return true
	})
}

// mediaType reads {"format": string, "previews": []}; previews that are not
// empty go to the general path.
func (s *fastScan) mediaType(o *fastObj) bool {
	return s.members(func(key string) bool {
		var r fastRec
		if !s.value(&r, 3) {
			return false
		}
		switch {
		case key == "format" && r.kind == String && r.plain:
			o.format = r
		case key == "format" && r.kind == Null:
		case key == "previews" && r.raw == "[]":
		default:
			return false
		}
		return true
	})
}

// value reads one value into r. Nested arrays and objects are skipped over
// and kept as raw text, which must be plain JSON (no handle, bigint or NaN
// token): the result copies it into a body as it is.
func (s *fastScan) value(r *fastRec, depth int) bool {
	start := s.i
	switch c := s.peek(); {
	case c == '"':
		v, esc := s.str()
		if s.bad {
			return false
		}
		r.kind, r.s, r.plain = String, v, !esc
	case c == '-' || c >= '0' && c <= '9':
		n := scanNumber(s.b, s.i)
		if n.why != "" || n.bigint {
			return false
		}
		// The text is JavaScript's own (DecodeBridge): it is used as it is.
		r.kind, r.s, r.plain = Number, s.view(s.i, n.end), n.simple
		s.i = n.end
	case c == 't' && s.word("true"):
		r.kind, r.s = Bool, "true"
	case c == 'f' && s.word("false"):
		r.kind, r.s = Bool, "false"
	case c == 'n' && s.word("null"):
		r.kind = Null
	case c == '#':
		class, index, end, ok := scanHandle(s.b, s.i)
		if !ok {
			return false
		}
		r.kind, r.class, r.index = Opaque, class, index
		s.i = end
	case c == '[' || c == '{':
		if depth > MaxDepth || !s.skip(depth) {
			return false
		}
		r.kind = Array
		if c == '{' {
			r.kind = Object
		}
	default:
		return false
	}
	r.raw = s.view(start, s.i)
	return true
}

// skip passes over a nested array or object of plain JSON. Numbers in it are
// copied as they are, as DecodeBridge keeps them.
func (s *fastScan) skip(depth int) bool {
	open := s.b[s.i]
	close := byte(']')
	if open == '{' {
		close = '}'
	}
	s.i++
	if s.byte(close) {
		return true
	}
	for {
		if open == '{' {
			if s.peek() != '"' {
				return false
			}
			if s.str(); s.bad || !s.byte(':') {
				return false
			}
		}
		var r fastRec
		if !s.value(&r, depth+1) || r.kind == Opaque {
			return false
		}
		if s.byte(',') {
			continue
		}
		return s.byte(close)
	}
}
