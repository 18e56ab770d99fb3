package engine

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestDEFAULTSAreTheDocumentedOnes(t *testing.T) { // D1
	want := canon(t, `{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA"},"mediaType":{"format":"","previews":[]}}`)
	if got := string(AppendJSON(nil, ObjValue(DEFAULTS()))); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if UserAgent != "endpoint-wasm/"+Version {
		t.Errorf("user-agent %q", UserAgent)
	}
}

func TestChangingACopyOfDEFAULTSChangesNothing(t *testing.T) { // D2
	d := DEFAULTS()
	h, _ := d.Get("headers")
	h.Obj().Set("accept", Str("changed"))
	d.Set("baseUrl", Str("https://evil.example"))
	r, err := Endpoint("GET /x", nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.URL != "https://api.github.com/x" {
		t.Errorf("url %q", r.URL)
	}
	if a, _ := r.Headers.Get("accept"); a.Text() != "application/vnd.github.v3+json" {
		t.Errorf("accept %q", a.Text())
	}
}

func TestChangingAMergeResultChangesNoDefaults(t *testing.T) { // D2
	layer, err := Defaults(O("mediaType", O("format", "raw"), "labels", List(Str("a"))))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []*Builder{New(), layer} {
		m, err := b.Merge("GET /x", nil)
		if err != nil {
			t.Fatal(err)
		}
		h, _ := m.Get("headers")
		h.Obj().Set("authorization", Str("token SECRET"))
		mt, _ := m.Get("mediaType")
		mt.Obj().Set("format", Str("diff"))
		if l, ok := m.Get("labels"); ok {
			l.List()[0] = Str("changed")
		}
		r, err := b.Endpoint("GET /x", nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := r.Headers.Get("authorization"); ok {
			t.Error("a header set on a merge result reached the next call")
		}
		if a, _ := r.Headers.Get("accept"); strings.Contains(a.Text(), "diff") {
			t.Errorf("a mediaType changed on a merge result reached the next call: %q", a.Text())
		}
		if strings.Contains(r.URL, "changed") {
			t.Errorf("a list changed on a merge result reached the next call: %q", r.URL)
		}
	}
}

func TestChangingARequestBodyChangesNoDefaults(t *testing.T) { // D2, D18
	layer, err := Defaults(O("labels", List(Str("bug")), "meta", O("a", 1)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := layer.Endpoint("POST /repos/{owner}/{repo}/issues", O("owner", "o", "repo", "r", "title", "t"))
	if err != nil {
		t.Fatal(err)
	}
	labels, _ := r.Body.Obj().Get("labels")
	labels.List()[0] = Str("changed")
	meta, _ := r.Body.Obj().Get("meta")
	meta.Obj().Set("a", Num(2))
	if d := string(AppendJSON(nil, ObjValue(layer.DEFAULTS()))); strings.Contains(d, "changed") || strings.Contains(d, `"a":2`) {
		t.Errorf("a change to a request's body reached the defaults: %s", d)
	}
}

func TestAGraphqlCallWithPreviewsChangesNoDefaults(t *testing.T) { // D2
	b, err := Defaults(obj(t, `{"mediaType":{"previews":["a"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	before := string(AppendJSON(nil, ObjValue(b.DEFAULTS())))
	if _, err := b.Endpoint("POST /graphql", obj(t, `{"query":"q","mediaType":{"previews":["b"]}}`)); err != nil {
		t.Fatal(err)
	}
	if after := string(AppendJSON(nil, ObjValue(b.DEFAULTS()))); after != before {
		t.Errorf("defaults changed:\n%s\n%s", before, after)
	}
	if g := string(AppendJSON(nil, ObjValue(DEFAULTS()))); strings.Contains(g, `"a"`) {
		t.Errorf("global defaults changed: %s", g)
	}
}

func TestDefaultsCascadeAndKeepEverythingSetEarlier(t *testing.T) { // spec rules 1 and 2
	one, err := Defaults(obj(t, `{"baseUrl":"https://ghe.example/api/v3","headers":{"Authorization":"token x"},"per_page":100}`))
	if err != nil {
		t.Fatal(err)
	}
	two, err := one.Defaults(obj(t, `{"headers":{"x-extra":"1"},"owner":"octokit"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := canon(t, `{"method":"GET","baseUrl":"https://ghe.example/api/v3","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA","authorization":"token x","x-extra":"1"},"mediaType":{"format":"","previews":[]},"per_page":100,"owner":"octokit"}`)
	if got := string(AppendJSON(nil, ObjValue(two.DEFAULTS()))); got != want {
		t.Errorf("DEFAULTS of the second layer:\ngot  %s\nwant %s", got, want)
	}
	r, err := two.Endpoint("GET /orgs/{owner}/repos", nil)
	if err != nil {
		t.Fatal(err)
	}
	want = canon(t, `{"method":"get","url":"https://ghe.example/api/v3/orgs/octokit/repos?per_page=100","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA","authorization":"token x","x-extra":"1"}}`)
	if got := string(r.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The first layer is unchanged (D2).
	if _, ok := one.DEFAULTS().Get("owner"); ok {
		t.Error("layering changed the first layer")
	}
}

// mergeCase: a route and options merged over the global defaults.
var mergeCases = []struct {
	name, route, options, want string
}{
	{"merge keeps the method as written and the url unexpanded (D3, spec: merged options)",
		"post /repos/{owner}", `{"owner":"o"}`,
		`{"method":"post","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA"},"mediaType":{"format":"","previews":[]},"url":"/repos/{owner}","owner":"o"}`},
	{"merge does not need a url (D7)",
		"", `{"a":1}`,
		`{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA"},"mediaType":{"format":"","previews":[]},"a":1}`},
	{"merge lower-cases header names and drops the -preview suffix (D22, D25)",
		"GET /x", `{"headers":{"X-A":"1"},"mediaType":{"previews":["foo-preview","bar"]}}`,
		`{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA","x-a":"1"},"mediaType":{"format":"","previews":["foo","bar"]},"url":"/x"}`},
	{"merge keeps a null header as null (D22)",
		"GET /x", `{"headers":{"accept":null}}`,
		`{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":null,"user-agent":"UA"},"mediaType":{"format":"","previews":[]},"url":"/x"}`},
}

func TestMerge(t *testing.T) {
	for _, c := range mergeCases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Merge(c.route, obj(t, c.options))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := string(AppendJSON(nil, ObjValue(m))), canon(t, c.want); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

func TestUndefinedValuesAreDroppedEverywhere(t *testing.T) { // D15
	opts := O("a", Value{}, "b", 1, "headers", O("X-Undef", Value{}, "x-def", "1"))
	r, err := Endpoint("POST /x", opts)
	if err != nil {
		t.Fatal(err)
	}
	want := canon(t, `{"method":"post","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA","x-def":"1","content-type":"application/json; charset=utf-8"},"body":{"b":1}}`)
	if got := string(r.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// An undefined option does not override a default either.
	b, _ := Defaults(O("per_page", 50))
	r, _ = b.Endpoint("GET /x", O("per_page", Value{}))
	if r.URL != "https://api.github.com/x?per_page=50" {
		t.Errorf("url %q", r.URL)
	}
}

func TestDataIsTheBodyByReferenceAndItsClassDecidesTheContentType(t *testing.T) { // D19, D20
	buf := bytes.NewBufferString("payload")
	bin := []byte("x")
	cases := []struct {
		data        Value
		contentType string
	}{
		{From(buf), ""},                                // stream
		{OpaqueValue(&bin, ClassBinary), ""},           // a pointer, so that identity can be compared
		{OpaqueValue("fd", ClassFormData), ""},         // FormData: the client adds the boundary
		{OpaqueValue("blob", ClassBlob), ""},           // Blob
		{OpaqueValue("usp", ClassURLSearchParams), ""}, // URLSearchParams
		{OpaqueValue(struct{}{}, ClassOther), jsonContentType},
		{Str("text"), jsonContentType},
	}
	for _, c := range cases {
		r, err := Endpoint("POST /x", O("data", c.data, "ignored", 1))
		if err != nil {
			t.Fatal(err)
		}
		ref, _ := r.Body.Ref()
		want, _ := c.data.Ref()
		if r.Body.Kind() != c.data.Kind() || ref != want || r.Body.Text() != c.data.Text() || r.Body.class() != c.data.class() {
			t.Errorf("body %#v is not the data %#v", r.Body, c.data)
		}
		ct, _ := r.Headers.Get("content-type")
		if ct.Text() != c.contentType {
			t.Errorf("data class %d: content-type %q, want %q", c.data.class(), ct.Text(), c.contentType)
		}
	}
}

func TestOpaqueValuesInRequestKeepTheirIdentity(t *testing.T) { // D27
	type agent struct{ n int }
	a := &agent{1}
	b, _ := Defaults(O("request", O("agent", From(a), "timeout", 1)))
	r, err := b.Endpoint("GET /x", O("request", O("timeout", 2)))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := r.Request.Obj().Get("agent")
	if ref, _ := got.Ref(); ref != a {
		t.Errorf("agent lost its identity: %#v", ref)
	}
	if to, _ := r.Request.Obj().Get("timeout"); to.Text() != "2" {
		t.Errorf("timeout %q", to.Text())
	}
	// Without defaults, the caller's request is the very same object.
	req := O("x", 1)
	r, _ = Endpoint("GET /x", O("request", req))
	if r.Request.Obj() != req {
		t.Error("request is not returned as passed")
	}
}

func TestDeepOrCyclicInputIsAnErrorNotACrash(t *testing.T) { // D29
	deep := strings.Repeat("[", 300) + strings.Repeat("]", 300)
	if _, err := DecodeJSON([]byte(`{"a":` + deep + `}`)); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("deep JSON: %v", err)
	}
	ok := `{"a":` + strings.Repeat("[", 254) + strings.Repeat("]", 254) + `}` // 255 levels
	if _, err := DecodeJSON([]byte(ok)); err != nil {
		t.Errorf("255 levels: %v", err)
	}
	// Where the engine reads a cyclic value, it is an error (D29) ...
	cyclic := O("a", 1)
	cyclic.Set("self", ObjValue(cyclic))
	elems := []Value{Str("x"), {}}
	list := List(elems...)
	elems[1] = list // a list that holds itself: [x, [x, [x, ...
	if _, err := Endpoint("GET /x", O("labels", list)); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("cyclic query value: %v", err)
	}
	if _, err := Defaults(cyclic); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("cyclic defaults: %v", err)
	}
	// A merge with a default's object reads only as deep as the default
	// goes (D21): the cyclic member beyond it is kept as it is.
	layer, _ := Defaults(O("self", O("a", 2)))
	m, err := layer.Merge("POST /x", O("self", cyclic))
	if self, _ := m.Get("self"); err != nil || self.Obj().Len() != 2 || self.Obj().At(1).Obj() != cyclic {
		t.Errorf("a cyclic object merged with a default (D21): %v", err)
	}
	// ... and where it only travels, it is the caller's own, not walked (D15).
	r, err := Endpoint("POST /x", O("payload", cyclic))
	if err != nil || r.Body.Obj().At(0).Obj() != cyclic {
		t.Errorf("a cyclic body value: %v %v", r, err)
	}
	// The next valid call works.
	if _, err := Endpoint("GET /x", nil); err != nil {
		t.Error(err)
	}
}

func TestParseOfAHandBuiltObject(t *testing.T) { // spec: parse(mergedOptions)
	r, err := Parse(obj(t, `{"url":"/x/{id}","baseUrl":"https://h.example","id":1,"headers":{"X-A":"b"}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"method":"get","url":"https://h.example/x/1","headers":{"x-a":"b"}}`
	if got := string(r.AppendJSON(nil)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, err := Parse(obj(t, `{"url":"/x"}`)); !errors.Is(err, ErrInvalidArgument) { // D8
		t.Errorf("relative url without baseUrl: %v", err)
	}
	if _, err := Parse(obj(t, `{"baseUrl":"https://h.example"}`)); !errors.Is(err, ErrMissingURL) { // D7
		t.Errorf("no url: %v", err)
	}
}

func TestFromGivesGoBytesAndReadersTheirClass(t *testing.T) { // D20
	if _, c := From([]byte("x")).Ref(); c != ClassBinary {
		t.Errorf("[]byte: class %d", c)
	}
	if _, c := From(strings.NewReader("x")).Ref(); c != ClassStream {
		t.Errorf("io.Reader: class %d", c)
	}
}
