package engine

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// FuzzEndpoint builds request options from an arbitrary route, options and
// defaults. It must never panic (D29), and every result must satisfy the
// invariants of the specification.
func FuzzEndpoint(f *testing.F) {
	for _, c := range endpointCases {
		f.Add(c.route, c.options, c.defaults)
	}
	f.Add("GET /x/{a:2}{?b*}", `{"a":"é€","b":{"k":[1]}}`, `{"baseUrl":"https://h/"}`)
	f.Add("POST :x", `{"x":"1","data":null,"headers":{"content-type":null}}`, `{"mediaType":{"previews":["p"]}}`)
	// Hostile inputs: long templates and values, CR LF in media types, keys
	// that look like indexes, credentials in routes.
	f.Add("GET /x/"+strings.Repeat("{a}", 1000), `{"a":"`+strings.Repeat("x", 2000)+`"}`, "")
	f.Add("GET /x", `{"mediaType":{"format":"raw\r\nx-evil: 1"}}`, "")
	f.Add("GET /x", `{"mediaType":{"previews":["a\nb"]}}`, `{"mediaType":{"format":"diff"}}`)
	f.Add("GET /x", `{"headers":{"accept":"_\u0000","Accept":""}}`, "")
	f.Add("GET /x", `{"a":"","1":"one","0":"zero"}`, `{"2":"two"}`)
	f.Add("GET ghp_16C7e42F292c6912E7710c838347Ae178B4a /x", ``, "")
	f.Add("", `{"url":"/x","baseUrl":"https://h.example/ ghp_16C7e42F292c6912E7710c838347Ae178B4a"}`, "")
	// The cases of D31-D34 and of the credentials their messages leave out.
	for _, cases := range [][]whereCase{originCases, dotCases, listCases, segmentCases, secretCases} {
		for _, c := range cases {
			layer := ""
			if len(c.layers) > 0 {
				layer = c.layers[0]
			}
			f.Add(c.route, c.options, layer)
		}
	}
	f.Fuzz(func(t *testing.T, route, options, defaults string) {
		b, opts, ok := fuzzInput(defaults, options)
		if !ok {
			return
		}
		r, err := b.Endpoint(route, opts)
		// endpoint is parse of merge (spec rule 6): the same result or error.
		m, merr := b.Merge(route, opts)
		var r2 *Request
		if merr == nil {
			r2, merr = Parse(m)
		}
		if (err == nil) != (merr == nil) || err != nil && codeOf(err) != codeOf(merr) || err == nil && string(r.AppendJSON(nil)) != string(r2.AppendJSON(nil)) {
			t.Fatalf("endpoint: %v %v\nparse(merge): %v %v", r, err, r2, merr)
		}
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Code == "" || !strings.HasPrefix(e.Error(), "endpoint: ") {
				t.Fatalf("untyped error %#v", err)
			}
			// Bounded, and a credential-like run is never quoted (D23).
			if len(e.Error()) > 1000 || strings.Contains(e.Error(), "16C7e42F292c6912") {
				t.Fatalf("message %q", e.Error())
			}
			return
		}
		checkInvariants(t, r)
		checkWhere(t, b, route, opts, m, r)
	})
}

// checkWhere holds a result r of route and opts over b, merged as m, to
// D31-D34, each checked by code of its own here, not the engine's, so that
// a mistake in the engine's code for a rule does not hide itself.
func checkWhere(t *testing.T, b *Builder, route string, opts, m *Obj, r *Request) {
	t.Helper()
	tv, _ := m.Get("url")
	tpl := tv.Text()
	bv, _ := m.Get("baseUrl")
	// D31: without the url option, the request goes to the same origin.
	if u, ok := opts.Get("url"); ok && u.IsDefined() {
		if _, routeURL, _ := parseRoute(route); routeURL != "" || b.defaults.Has("url") {
			without := NewObj(opts.Len())
			for i := 0; i < opts.Len(); i++ {
				if opts.Key(i) != "url" {
					without.Set(opts.Key(i), opts.At(i))
				}
			}
			// (net/url refuses some hosts URL parsers take, "api%2Egithub.com": not compared.)
			if r0, err := b.Endpoint(route, without); err == nil && netOrigin(r0.URL) != "" && netOrigin(r.URL) != "" && netOrigin(r0.URL) != netOrigin(r.URL) {
				t.Fatalf("D31: the url option moved the request from %q to %q", r0.URL, r.URL)
			}
		}
	}
	// D32: a dot segment of the result is one the template or baseUrl wrote.
	written := map[string]bool{}
	for _, seg := range strings.FieldsFunc(exprs.ReplaceAllString(tpl, "/")+"/"+bv.Text(), func(c rune) bool { return c == '/' || c == '?' || c == '#' }) {
		written[seg] = true
	}
	for _, seg := range strings.Split(urlPath(r.URL), "/") {
		if dotSegment.MatchString(seg) && !written[seg] {
			t.Fatalf("D32: %q has the dot segment %q, which %q does not write", r.URL, seg, tpl)
		}
	}
	// D34: a whole segment in the middle of the path had a value.
	for _, sm := range middleSegment.FindAllStringSubmatch(urlPath(tpl), -1) {
		names := sm[2]
		if names == "" {
			names = sm[1]
		}
		given := false
		for _, n := range strings.Split(names, ",") {
			n, _, _ = strings.Cut(n, ":")
			n = strings.TrimSuffix(n, "*")
			v, _ := m.Get(n)
			given = given || !optionNames[n] && hasValue(v)
		}
		if !given {
			t.Fatalf("D34: %q built %q without %s", tpl, r.URL, names)
		}
	}
	// D33: a query list whose key ends in [] has a pair per element.
	if r.Method == "get" || r.Method == "head" {
		_, raw, _ := strings.Cut(r.URL, "?")
		raw, _, _ = strings.Cut(raw, "#")
		q, err := url.ParseQuery(raw)
		for i := 0; err == nil && i < m.Len(); i++ {
			k, v := m.Key(i), m.At(i)
			if !strings.HasSuffix(k, "[]") || v.Kind() != Array || strings.Contains(tpl, "[]") {
				continue
			}
			n := 0
			for _, e := range v.List() {
				if e.IsDefined() {
					n++
				}
			}
			if len(q[k]) != n {
				t.Fatalf("D33: %q has %d pairs of %s, for %d elements", r.URL, len(q[k]), k, n)
			}
		}
	}
}

var (
	exprs = regexp.MustCompile(`\{[^{}]*\}`)
	// The scheme and host of a url or template, extra slashes after "//"
	// included, as URL parsers skip them.
	schemeAndHost = regexp.MustCompile(`(?i)^https?://+[^/?#]*`)
	// A path segment URL parsers resolve: "." or "..", a dot also written %2e.
	dotSegment = regexp.MustCompile(`(?i)^(?:\.|%2e){1,2}$`)
	// A simple expression (no operator first) or :name placeholder
	// between two "/".
	middleSegment = regexp.MustCompile(`/(?::([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z0-9_%-][A-Za-z0-9_%.,:*-]*)\})/`)
)

// optionNames are the option keys (spec rule 4): no parameter has their names.
var optionNames = map[string]bool{"method": true, "url": true, "baseUrl": true, "headers": true, "mediaType": true, "data": true, "request": true}

// urlPath is the path of a url or url template: after its scheme and host,
// up to "?" or "#".
func urlPath(u string) string {
	u = u[len(schemeAndHost.FindString(u)):]
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return u
}

// hasValue reports whether v expands to something (D11): not undefined or
// null, nor a list or object of nothing else.
func hasValue(v Value) bool {
	switch v.Kind() {
	case Undefined, Null:
		return false
	case Array:
		for _, e := range v.List() {
			if e.IsDefined() {
				return true
			}
		}
		return false
	case Object:
		for i := 0; i < v.Obj().Len(); i++ {
			if v.Obj().At(i).IsDefined() {
				return true
			}
		}
		return false
	}
	return true
}

// netOrigin is a url's origin as net/url reads it: scheme and host in
// lower case, without a default port; "" when it does not parse.
func netOrigin(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	port := strings.TrimLeft(u.Port(), "0")
	scheme := strings.ToLower(u.Scheme)
	if scheme == "https" && port == "443" || scheme == "http" && port == "80" {
		port = ""
	}
	host, err := url.PathUnescape(u.Hostname())
	if err != nil {
		return ""
	}
	return scheme + "://" + strings.ToLower(host) + ":" + port
}

func checkInvariants(t *testing.T, r *Request) {
	t.Helper()
	if !supportedMethod(r.Method) || r.Method != strings.ToLower(r.Method) {
		t.Fatalf("method %q", r.Method)
	}
	if schemeLen(r.URL) == 0 {
		t.Fatalf("url %q has no scheme", r.URL)
	}
	if strings.ContainsAny(r.URL, " \r\n\t\x00") {
		t.Fatalf("url %q holds a character a url cannot", r.URL)
	}
	if (r.Method == "get" || r.Method == "head") && r.Body.Kind() != Undefined {
		t.Fatalf("%s with a body", r.Method)
	}
	for i := 0; i < r.Headers.Len(); i++ {
		k, v := r.Headers.Key(i), r.Headers.At(i)
		if k != lowerASCII(k) || !isToken(k) {
			t.Fatalf("header name %q", k)
		}
		if v.Kind() != String && v.Kind() != Number && v.Kind() != Bool && v.Kind() != BigInt {
			t.Fatalf("header %q has a value of kind %d", k, v.Kind())
		}
		if strings.ContainsAny(v.Text(), "\r\n\x00") {
			t.Fatalf("header %q value holds CR, LF or NUL", k)
		}
	}
	if _, err := DecodeJSON(r.AppendJSON(nil)); err != nil {
		t.Fatalf("result is not JSON: %v", err)
	}
}

// FuzzTemplate expands an arbitrary template with arbitrary string values.
// It must not panic; where the adapter sends an expression to the library,
// the adapter's own RFC expander must agree with it.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"{var}", "{+path}/x{?a,b}", "{#h}{.l*}", "{;x,y}{&z}", "/:a/{b:3}", "{/a*}"} {
		f.Add(s, "value", "a b/c")
	}
	f.Fuzz(func(t *testing.T, tpl, v1, v2 string) {
		ct, err := parseTemplate(tpl)
		if err != nil {
			if codeOf(err) != CodeInvalidTemplate {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		i := 0
		lookup := func(string) Value {
			i++
			switch i % 3 {
			case 0:
				return Str(v1)
			case 1:
				return List(Str(v1), Str(v2))
			}
			return Str(v2)
		}
		// A variable named as an option (url, data...) has no value: in the
		// middle of a path it is missing (D34).
		if _, err := expandWith(ct, lookup); err != nil && codeOf(err) != CodeInvalidParameter && codeOf(err) != CodeMissingParameter {
			t.Fatalf("untyped error %v", err)
		}
		for _, p := range ct.parts {
			if p.expr == nil {
				continue
			}
			var tv []tval
			routed := true
			for _, vs := range p.expr.vars {
				v, err := normalise(vs.name, Str(v1))
				if err != nil {
					return
				}
				routed = routed && libraryRight(p.expr, vs, v)
				tv = append(tv, v)
			}
			if !routed {
				continue
			}
			lib, err := libraryExpand(p.expr, tv)
			if err != nil {
				t.Fatal(err)
			}
			if own := p.expr.expandRFC(nil, tv); string(own) != string(lib) {
				t.Fatalf("library %q, RFC expander %q", lib, own)
			}
		}
	})
}

// FuzzJSON decodes arbitrary text; whatever decodes must encode to text that
// decodes to the same encoding (a fixed point), and nothing may panic.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5e3,"\ud800"],"b":null}`, `12n`, `"\u00e9"`, `[[[]]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		v, err := DecodeJSON([]byte(in))
		if err != nil {
			return
		}
		once := AppendJSON(nil, v)
		v2, err := DecodeJSON(once)
		if err != nil {
			t.Fatalf("%s encodes to %s, which does not decode: %v", in, once, err)
		}
		twice := AppendJSON(nil, v2)
		// A bigint is written as its exact digits, which JSON reads back as
		// a number (rounded past 2^53): the fixed point comes one round later.
		if !hasBigInt(v) && string(twice) != string(once) {
			t.Fatalf("not a fixed point: %s then %s", once, twice)
		}
		v3, _ := DecodeJSON(twice)
		if thrice := AppendJSON(nil, v3); string(thrice) != string(twice) {
			t.Fatalf("not a fixed point: %s then %s", twice, thrice)
		}
	})
}

// fuzzInput makes a fuzz target's Builder of defaults and its options from
// JSON text ("" for none); ok is false when either is not an object or the
// defaults are refused.
func fuzzInput(defaults, options string) (b *Builder, opts *Obj, ok bool) {
	b = New()
	if defaults != "" {
		d, err := DecodeJSON([]byte(defaults))
		if err != nil || d.Kind() != Object {
			return nil, nil, false
		}
		if b, err = b.Defaults(d.Obj()); err != nil {
			return nil, nil, false
		}
	}
	if options != "" {
		o, err := DecodeJSON([]byte(options))
		if err != nil || o.Kind() != Object {
			return nil, nil, false
		}
		opts = o.Obj()
	}
	return b, opts, true
}

func hasBigInt(v Value) bool {
	switch v.kind() {
	case BigInt:
		return true
	case Array:
		for _, e := range v.list() {
			if hasBigInt(e) {
				return true
			}
		}
	case Object:
		for _, e := range v.obj().ents {
			if hasBigInt(e.v) {
				return true
			}
		}
	}
	return false
}
