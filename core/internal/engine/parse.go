package engine

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// jsonContentType is the content-type of a body built by the engine (D20).
const jsonContentType = "application/json; charset=utf-8"

// parse turns merged options into request options (spec "Result object").
// The Request, its headers and body are scratch memory of the session.
func (s *session) parse(o *Obj) (*Request, error) {
	var opt options
	opt.read(o)
	for i, name := range [...]string{"method", "url", "baseUrl"} { // read as they are (the rest where used)
		var err error
		if opt[i], err = s.load(opt[i], name); err != nil {
			return nil, err
		}
	}
	// Method: GET when absent (spec default), lower case in the result (D3, D4).
	method := "GET"
	if v := opt[0]; v.kind() != Undefined {
		if err := checkMethod(v, "method"); err != nil {
			return nil, err
		}
		method = v.text()
	}
	lower, upper, _ := methodCases(method) // checked above

	// Url: required (D7), a template (D9, D11-D14).
	uv := opt[1]
	if !uv.IsDefined() || uv.kind() == String && uv.text() == "" {
		return nil, errorf(CodeMissingURL, "D7", "url", "no url: pass a route such as \"GET /user\" or a url option")
	}
	if uv.kind() != String || uv.unloaded() {
		return nil, notAString("url", uv)
	}
	tpl, err := s.template(uv.text())
	if err != nil {
		return nil, err
	}
	url, err := s.expandURL(tpl, o, opt[2])
	if err != nil {
		return nil, err
	}

	headers, contentType, err := s.resultHeaders(opt[3], opt[4])
	if err != nil {
		return nil, err
	}
	r := &s.req
	*r = Request{Method: lower, Headers: headers}

	// Parameters not used by the url (D13, D15), and data.
	data := opt[5]
	if upper == "GET" || upper == "HEAD" {
		if data.kind() != Undefined {
			return nil, errorf(CodeBodyNotAllowed, "D19", "data", "a %s request has no body", upper)
		}
		if url, err = s.appendQuery(url, o, tpl); err != nil {
			return nil, err
		}
	} else {
		r.Body = data // D19: data is the body as given, by reference
		if data.kind() == Undefined {
			r.Body = s.body(o, tpl) // D18
		}
		// D20: a JSON content-type unless set (or set to null, D22), or the
		// client must choose it.
		if defaultContentType(r.Body) && !contentType {
			headers.Set("content-type", Str(jsonContentType))
		}
		if r.Body.kind() == Undefined && (upper == "PUT" || upper == "PATCH") {
			r.Body = Str("") // D18: GitHub wants content-length: 0
		}
	}
	s.url = url
	r.URL = viewString(url)

	// D27: request when set.
	if rv := opt[6]; rv.IsDefined() {
		r.Request = rv
	}
	return r, nil
}

// options are the values of the option keys that are not parameters, by
// reservedIndex: method, url, baseUrl, headers, mediaType, data, request.
type options [7]Value

// read takes them from merged options in one pass.
func (opt *options) read(o *Obj) {
	for i := range o.ents {
		if r := reservedIndex(o.ents[i].k); r >= 0 {
			opt[r] = o.ents[i].v
		}
	}
}

// expandURL expands the url template with o's parameters and joins a path
// to baseUrl (D8, D10). The result is in s.url.
func (s *session) expandURL(tpl *template, o *Obj, bv Value) ([]byte, error) {
	path, err := tpl.expand(s.path[:0], s, o)
	if err != nil {
		return nil, err
	}
	s.path = path
	// Absolute or not before D10's trim, which would make "https://" a path.
	n := schemeLen(viewString(path))
	if n > 0 {
		// A host that is missing, or that parsers read differently (D34, D37);
		// after more slashes, URL parsers would take the path's first segment
		// for the host.
		a := readAuthority(viewString(path), n)
		why := a.hostProblem(viewString(path))
		if a.start > n {
			why = "names no host"
		}
		if why != "" {
			return nil, errorf(CodeInvalidArgument, "D37", "url", "%s %s", quote(string(path)), why)
		}
	}
	// D10: one trailing "/" goes, unless the url is just "/".
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	url := s.url[:0]
	if n > 0 {
		return append(url, path...), nil
	}
	// D8: a path is joined to baseUrl with exactly one "/".
	if bv.kind() != String || bv.unloaded() || !usableBaseURL(bv.text()) {
		return nil, baseURLError(bv, path)
	}
	base := strings.TrimRight(bv.text(), "/")
	url = append(append(url, base...), '/')
	for len(path) > 0 && path[0] == '/' {
		path = path[1:]
	}
	if len(url)+len(path) > MaxURLLength {
		return nil, urlTooLong()
	}
	return append(url, path...), nil
}

// baseURLError is the error of a baseUrl that a relative url cannot be
// joined to (D8): not a string, missing, or not an absolute http or https
// url naming a host.
func baseURLError(bv Value, path []byte) error {
	switch {
	case bv.kind() == String && !bv.unloaded():
		return errorf(CodeInvalidArgument, "D8", "baseUrl", "%s is not an absolute http or https url naming a host, free of white space and control characters", quote(bv.text()))
	case bv.IsDefined():
		return notAString("baseUrl", bv)
	}
	return errorf(CodeInvalidArgument, "D8", "baseUrl", "missing, so the relative url %s cannot be resolved", quote(string(path)))
}

// resultHeaders returns the headers of the result: the merged ones hv with
// lower-case names (D22) less those set to null, accept amended by
// mediaType mt (D24-D26), and whether content-type is named at all, null
// included (D20). No value sent carries CR, LF or NUL (D22):
// normaliseHeaders checked every one, and a composed accept is made of
// checked parts only (readMediaType refuses them in format and previews).
func (s *session) resultHeaders(hv, mt Value) (*Obj, bool, error) {
	in, err := s.normaliseHeaders(hv, "headers")
	if err != nil {
		return nil, false, err
	}
	if mt, err = s.loadAll(mt, "mediaType"); err != nil {
		return nil, false, err
	}
	format, previews, err := readMediaType(mt)
	if err != nil {
		return nil, false, err
	}
	out := s.obj()
	contentType := false
	for i := 0; i < in.Len(); i++ {
		name, v := in.ents[i].k, in.ents[i].v
		contentType = contentType || name == "content-type"
		if v.kind() == Null { // D22: null means "do not send"
			continue
		}
		if name == "accept" && (format != "" || len(previews) > 0) && v.kind() != Array && v.kind() != Object {
			start := len(s.text)
			s.text = appendAccept(s.text, v.text(), format, previews, &s.names)
			v = Str(s.str(start))
		}
		out.appendEntry(name, int(in.ents[i].h)-1, v) // names of normalised headers are unique
	}
	return out, contentType, nil
}

// appendQuery appends the parameters of a GET or HEAD request that the url
// does not use as a query string (D16, D17): "?" or, when the url has a
// query already, "&"; then name=value pairs in key order.
func (s *session) appendQuery(url []byte, o *Obj, tpl *template) ([]byte, error) {
	// The query goes before a fragment, which is not sent (D35).
	fragment := ""
	if f := bytes.IndexByte(url, '#'); f >= 0 {
		url, fragment = url[:f], string(url[f:])
	}
	sep := byte('?')
	if bytes.IndexByte(url, '?') >= 0 {
		sep = '&'
	}
	for i := 0; i < o.Len(); i++ {
		k, v := o.ents[i].k, o.ents[i].v
		if v.kind() == Undefined || isReservedKey(k) || tpl.uses(k) {
			continue
		}
		if v.unloaded() && v.kind() != Object || v.kind() == Array {
			var err error
			if v, err = s.loadAll(v, k); err != nil {
				return nil, err
			}
		}
		var err error
		if v.kind() == Array && strings.HasSuffix(k, "[]") {
			// D33: "fields[]" is written once per element.
			if url, err = appendQueryList(url, &sep, k, v.list()); err != nil {
				return nil, err
			}
		} else {
			url = append(url, sep)
			sep = '&'
			if url, err = appendQueryPair(url, k, v); err != nil {
				return nil, err
			}
		}
		if len(url) > MaxURLLength {
			return nil, urlTooLong()
		}
	}
	if url = append(url, fragment...); len(url) > MaxURLLength {
		return nil, urlTooLong()
	}
	return url, nil
}

// body returns the JSON body of a request without data: the parameters the
// url does not use, in key order, each the very value given (D18, D15); or
// Undefined when there are none.
func (s *session) body(o *Obj, tpl *template) Value {
	var b *Obj
	for i := 0; i < o.Len(); i++ {
		k, v := o.ents[i].k, o.ents[i].v
		if v.kind() == Undefined || isReservedKey(k) || tpl.uses(k) {
			continue
		}
		if b == nil {
			b = s.obj()
			b.grow(o.Len() - i)
		}
		b.appendEntry(k, int(o.ents[i].h)-1, v) // keys of o, once each, in order
	}
	if b == nil {
		return Value{}
	}
	return ObjValue(b)
}

// usableBaseURL reports whether s is an absolute http(s) url that names a
// host, without white space or control characters (D8): any other baseUrl
// could only give a broken request, or one whose path's first segment
// becomes its host ("https://" joined to "/evil.example/x"). Its host holds
// no "%" and its port is digits (D37).
func usableBaseURL(s string) bool {
	if s == defaultBaseURL { // the usual one, as merged options and new layers hold it
		return true
	}
	n := schemeLen(s)
	if n == 0 {
		return false
	}
	if a := readAuthority(s, n); a.hostProblem(s) != "" || !a.portOK(s) {
		return false
	}
	wide := false
	for k := 0; k < len(s); k++ {
		if s[k] <= ' ' || s[k] == 0x7f {
			return false
		}
		wide = wide || s[k] >= utf8.RuneSelf
	}
	return !wide || wideTextUsable(s)
}

// wideTextUsable reports whether s, which is not ASCII, is valid UTF-8 (no
// lone surrogate, D12) with no Unicode white space or control character
// (U+0085, U+00A0, U+2028...).
func wideTextUsable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// methodCases returns the lower- and upper-case names of a method as
// constants, without allocating, and whether it is supported (D4).
func methodCases(m string) (lower, upper string, ok bool) {
	if i := methodIndex(m); i >= 0 {
		return lowerMethods[i], methods[i], true
	}
	return "", "", false
}

// lowerMethods are methods in lower case.
var lowerMethods = [...]string{"get", "head", "post", "put", "patch", "delete"}

// defaultContentType reports whether a body gets the JSON content-type
// (D20): there is one, and it is not one whose content-type the HTTP client
// chooses: FormData (it adds the boundary), Blob, URLSearchParams, binary
// data and streams.
func defaultContentType(body Value) bool {
	return body.kind() != Undefined && !(body.kind() == Opaque && body.class() != ClassOther)
}

// uses reports whether the template has a variable called name (D13).
func (t *template) uses(name string) bool {
	if t.nameSet != nil {
		_, ok := t.nameSet[name]
		return ok
	}
	for _, n := range t.names {
		if n == name {
			return true
		}
	}
	return false
}
