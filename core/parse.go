package core

import "strings"

// param is one parameter left for the query string or the body.
type param struct {
	name  string
	value Value
}

// jsonContentType is the content-type of a body built by the engine (D20).
const jsonContentType = "application/json; charset=utf-8"

// parse turns merged options into request options (spec "Result object").
func parse(o *Obj) (*Request, error) {
	// Method: GET when absent (spec default), lower case in the result (D3, D4).
	method := "GET"
	if v, ok := o.Get("method"); ok && v.kind != Undefined {
		if err := checkMethod(v, "method"); err != nil {
			return nil, err
		}
		method = v.s
	}
	lower, upper, _ := methodCases(method) // checked above

	// Url: required (D7), a template (D9, D11-D14).
	uv, _ := o.Get("url")
	if !uv.IsDefined() || uv.kind == String && uv.s == "" {
		return nil, errorf(CodeMissingURL, "url", "no url: pass a route such as \"GET /user\" or a url option")
	}
	if uv.kind != String {
		return nil, errorf(CodeInvalidArgument, "url", "must be a string, not %s", kindName(uv.kind))
	}
	tpl, err := compileTemplate(uv.s)
	if err != nil {
		return nil, err
	}
	lookup := func(name string) Value {
		if isReservedKey(name) {
			return Value{}
		}
		v, _ := o.Get(name)
		return v
	}
	path, err := tpl.expand(make([]byte, 0, 64+len(uv.s)), lookup)
	if err != nil {
		return nil, err
	}
	// D10: one trailing "/" goes, unless the url is just "/".
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	url := path
	if schemeLen(string(path)) == 0 { // D8: a path is joined to baseUrl
		bv, _ := o.Get("baseUrl")
		if bv.kind != String {
			if bv.IsDefined() {
				return nil, errorf(CodeInvalidArgument, "baseUrl", "must be a string, not %s", kindName(bv.kind))
			}
			return nil, errorf(CodeInvalidArgument, "baseUrl", "missing, so the relative url %q cannot be resolved", clip(string(path)))
		}
		if !usableBaseURL(bv.s) {
			return nil, errorf(CodeInvalidArgument, "baseUrl", "%q is not an absolute http or https url", clip(bv.s))
		}
		base := strings.TrimSuffix(bv.s, "/")
		url = make([]byte, 0, len(base)+1+len(path)+32)
		url = append(url, base...)
		url = append(url, '/')
		url = append(url, strings.TrimPrefix(string(path), "/")...)
	}

	// Headers: lower-case names (D22), media type (D24-D26).
	hv, _ := o.Get("headers")
	headers, err := normaliseHeaders(hv, "headers")
	if err != nil {
		return nil, err
	}
	mv, _ := o.Get("mediaType")
	mt, err := readMediaType(mv)
	if err != nil {
		return nil, err
	}
	headers = headers.Clone()
	if a, ok := headers.Get("accept"); ok && (mt.format != "" || len(mt.previews) > 0) {
		if text, ok := scalarText(a); ok {
			headers.Set("accept", Str(composeAccept(text, mt)))
		}
	}

	// Parameters not used by the url (D13, D15).
	var params []param
	for i := 0; i < o.Len(); i++ {
		k, v := o.keys[i], o.vals[i]
		if v.kind == Undefined || isReservedKey(k) || tpl.uses(k) {
			continue
		}
		params = append(params, param{k, v})
	}
	data, hasData := o.Get("data")
	hasData = hasData && data.kind != Undefined

	r := &Request{Method: lower, Headers: headers}
	if upper == "GET" || upper == "HEAD" {
		if hasData {
			return nil, errorf(CodeBodyNotAllowed, "data", "a %s request has no body", upper)
		}
		if url, err = appendQuery(url, params); err != nil {
			return nil, err
		}
	} else {
		switch {
		case hasData: // D19: data is the body as given, by reference
			r.Body = data
		case len(params) > 0: // D18
			body := NewObj(len(params))
			for _, p := range params {
				body.Set(p.name, p.value)
			}
			r.Body = ObjValue(body)
		}
		// D20: a JSON content-type unless set (or set to null), or the
		// client must choose it.
		if defaultContentType(r.Body, headers.Has("content-type")) {
			headers.Set("content-type", Str(jsonContentType))
		}
		if r.Body.kind == Undefined && (upper == "PUT" || upper == "PATCH") {
			r.Body = Str("") // D18: GitHub wants content-length: 0
		}
	}
	r.URL = string(url)

	// D22: null means "do not send".
	for i := headers.Len() - 1; i >= 0; i-- {
		if headers.vals[i].kind == Null {
			headers.Delete(headers.keys[i])
		}
	}
	// D27: request when set.
	if rv, ok := o.Get("request"); ok && rv.IsDefined() {
		r.Request = rv
	}
	return r, nil
}

// usableBaseURL reports whether s is an absolute http(s) url without white
// space or control characters. D8 does not ask it, but any other baseUrl
// could only give a broken request.
func usableBaseURL(s string) bool {
	if schemeLen(s) == 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
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

// defaultContentType reports whether a request gets the JSON content-type
// (D20): it has a body, the caller set no content-type (null counts as set),
// and the body is not one whose content-type the HTTP client chooses:
// FormData (it adds the boundary), Blob, URLSearchParams, binary data and
// streams.
func defaultContentType(body Value, hasContentType bool) bool {
	return body.kind != Undefined && !hasContentType && !(body.kind == Opaque && body.class != ClassOther)
}

// uses reports whether the template has a variable called name (D13).
func (t *template) uses(name string) bool {
	for _, n := range t.names {
		if n == name {
			return true
		}
	}
	return false
}
