package bridge

import (
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

const ua = `"user-agent":"endpoint-wasm/` + engine.Version + `"`
const std = `{"accept":"application/vnd.github.v3+json",` + ua

func route(r string) *string { return &r }

var bridgeCases = []struct {
	name    string
	op      byte
	route   *string
	options string
	hold    []string
	want    string
}{
	{"endpoint expands a route over the global defaults", OpEndpoint, route("GET /repos/{owner}/{repo}"), `{"owner":"o","repo":"r","page":2}`, nil,
		`{"method":"get","url":"https://api.github.com/repos/o/r?page=2","headers":` + std + `}}`},
	{"a held body value comes back by handle, never read (D15, D19)", OpEndpoint, route("POST /x"), `{"big":"x","obj":{"a":1}}`, []string{"big", "obj"},
		`{"method":"post","url":"https://api.github.com/x","headers":` + std + `,"content-type":"application/json; charset=utf-8"},"body":{"big":"x","obj":{"a":1}}}`},
	{"a held value the url needs is loaded (loaded where the engine reads it)", OpEndpoint, route("GET /x/{path}"), `{"path":"docs/README.md","q":"a+b c"}`, []string{"path", "q"},
		`{"method":"get","url":"https://api.github.com/x/docs%2FREADME.md?q=a+b%20c","headers":` + std + `}}`},
	{"a held array in a query is loaded and joined (D16)", OpEndpoint, route("GET /x"), `{"labels":["bug","help wanted"]}`, []string{"labels"},
		`{"method":"get","url":"https://api.github.com/x?labels=bug%2Chelp%20wanted","headers":` + std + `}}`},
	{"a held object in a query is refused by its kind alone (D16)", OpEndpoint, route("GET /x"), `{"o":{"a":1}}`, []string{"o"},
		`"ERR_INVALID_PARAMETER" "o" "endpoint: o: an object has no query-string encoding" "D16"`},
	{"merge keeps the url unexpanded and the method as written (D3)", OpMerge, route("post /x/{y}"), ``, nil,
		`{"method":"post","baseUrl":"https://api.github.com","headers":` + std + `},"mediaType":{"format":"","previews":[]},"url":"/x/{y}"}`},
	{"parse takes merged options", OpParse, nil, `{"method":"DELETE","url":"https://h.example/a/{b}","b":"c d"}`, nil,
		`{"method":"delete","url":"https://h.example/a/c%20d","headers":{}}`},
	{"an error names its code, field, message and rule (D28)", OpEndpoint, route("FETCH /x"), ``, nil,
		`"ERR_UNSUPPORTED_METHOD" "route" "endpoint: route: unsupported method \"FETCH\" in \"FETCH /x\"" "D4"`},
	{"numbers are taken as JavaScript wrote them (D12)", OpEndpoint, route("GET /x"), `{"a":1e21,"b":0.1}`, nil,
		`{"method":"get","url":"https://api.github.com/x?a=1e%2B21&b=0.1","headers":` + std + `}}`},
	{"bigints cross as decimal text and come back by handle (D12)", OpEndpoint, route("POST /x/{id}"), `{"id":12n,"n":-5n}`, nil,
		`{"method":"post","url":"https://api.github.com/x/12","headers":` + std + `,"content-type":"application/json; charset=utf-8"},"body":{"n":-5n}}`},
}

func TestBridge(t *testing.T) {
	s := newShim()
	for _, c := range bridgeCases {
		t.Run(c.name, func(t *testing.T) {
			_, got := s.run(s.msg(c.op, nil, c.route, c.options, c.hold...))
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestALayerIsDataAndItsValuesComeBackByHandle: a layer is the defaults an
// OpDefaults answered, written with each call on it; its values come back
// by handle, its plain objects merged with the call's (spec rule 1, D21,
// D27), and a layer made again from the same answer answers the same.
func TestALayerIsDataAndItsValuesComeBackByHandle(t *testing.T) {
	s := newShim()
	l, got := s.defaults(nil, `{"baseUrl":"https://h.example","headers":{"X-A":"1"},"request":{"n":1,"deep":{"a":1}},"per_page":100}`)
	want := `{"method":"GET","baseUrl":"https://h.example","headers":` + std + `,"x-a":"1"},"mediaType":{"format":"","previews":[]},"request":{"n":1,"deep":{"a":1}},"per_page":100}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	want = `{"method":"post","url":"https://h.example/y","headers":` + std + `,"x-a":"1","content-type":"application/json; charset=utf-8"},"body":{"per_page":100,"t":"x"},"request":{"n":1,"deep":{"a":1,"b":2}}}`
	other, _ := s.defaults(nil, `{"per_page":1}`)
	for _, on := range []*layer{l, other, l} {
		res := `{"method":"post","url":"https://api.github.com/y","headers":` + std + `,"content-type":"application/json; charset=utf-8"},"body":{"per_page":1,"t":"x"},"request":{"deep":{"b":2}}}`
		if on == l {
			res = want
		}
		if _, got := s.run(s.msg(OpEndpoint, on, route("POST /y"), `{"request":{"deep":{"b":2}},"t":"x"}`)); got != res {
			t.Errorf("got  %s\nwant %s", got, res)
		}
	}
}

// TestALayerIsNotMergedAgain: a call on a layer takes its defaults as they
// are: a preview named "a-preview-preview" in a layer's defaults loses no
// more "-preview" at each call (D25).
func TestALayerIsNotMergedAgain(t *testing.T) {
	s := newShim()
	l, _ := s.defaults(nil, `{"mediaType":{"previews":["a-preview-preview-preview"]}}`)
	for i := 0; i < 3; i++ {
		_, got := s.run(s.msg(OpMerge, l, route("GET /x"), ``))
		if !strings.Contains(got, `"previews":["a-preview-preview"]`) {
			t.Fatalf("call %d: %s", i, got)
		}
	}
}

// TestALayersHeadersAreCheckedEveryCall: a layer's headers are checked on
// every call that sends them, not taken on trust: a layer whose header
// value holds a line feed is refused on every call (D22, D28), and the
// layer as the engine made it works before and after.
func TestALayersHeadersAreCheckedEveryCall(t *testing.T) {
	s := newShim()
	l, text := s.defaults(nil, `{"headers":{"authorization":"token abc"}}`)
	d, err := engine.DecodeJSON([]byte(strings.Replace(text, "token abc", `token\nabc`, 1)))
	if err != nil || !strings.Contains(text, "token abc") {
		t.Fatalf("%v: %s", err, text)
	}
	bad := &layer{defaults: d}
	for _, on := range []*layer{l, bad, bad, l} {
		status, got := s.run(s.msg(OpEndpoint, on, route("GET /x"), ``))
		if want := on == l; (status == StatusOK) != want || want != strings.Contains(got, "token abc") || !want && !strings.Contains(got, "ERR_INVALID_HEADER") {
			t.Errorf("status %d: %s", status, got)
		}
	}
}

// TestLayersThatDifferOnlyInHeldValuesAnswerEachWithItsOwn: two layers
// whose long tokens the shim holds write the same record, and the engine
// keeps the record it decoded last; each call still sends its own layer's
// token, and a held token with a line feed is refused (D22).
func TestLayersThatDifferOnlyInHeldValuesAnswerEachWithItsOwn(t *testing.T) {
	s := newShim()
	token := func(c string) (*layer, string) {
		l, text := s.defaults(nil, `{"headers":{"authorization":"token `+strings.Repeat(c, 300)+`"}}`)
		if l == nil {
			t.Fatal(text)
		}
		return l, text
	}
	a, text := token("a")
	b, _ := token("b")
	// A layer .defaults() would refuse, as a shim could send it.
	d, err := engine.DecodeJSON([]byte(strings.Replace(text, strings.Repeat("a", 300), strings.Repeat(`\n`, 300), 1)))
	if err != nil {
		t.Fatal(err)
	}
	bad := &layer{defaults: d}
	record := func(l *layer) string {
		var w MessageWriter
		s.long = true
		s.rec(&w, l.defaults, 1, false)
		s.long = false
		return string(w.Message())
	}
	if ra, rb := record(a), record(b); ra != rb {
		t.Fatalf("the layers' records differ: %q %q", ra, rb)
	}
	for i, l := range []*layer{a, b, a, bad, b} {
		status, got := s.run(s.msg(OpEndpoint, l, route("GET /x"), ``))
		switch {
		case l == bad && (status != StatusError || !strings.HasPrefix(got, `"ERR_INVALID_HEADER"`) || !strings.HasSuffix(got, `"D22"`)):
			t.Errorf("call %d, a token with a line feed: %d %s", i, status, got)
		case l == a && (status != StatusOK || !strings.Contains(got, strings.Repeat("a", 300))),
			l == b && (status != StatusOK || !strings.Contains(got, strings.Repeat("b", 300))):
			t.Errorf("call %d: %d %s", i, status, got)
		}
	}
}

func TestAMalformedMessageIsAnErrorAndTheNextCallWorks(t *testing.T) { // D29
	s := newShim()
	good := s.msg(OpEndpoint, nil, route("GET /x"), `{"a":1}`)
	for n := 0; n < len(good); n++ {
		if status, _ := s.run(good[:n]); status != StatusError {
			t.Fatalf("%d bytes of a message: status %d", n, status)
		}
	}
	// op, a layer's record, the route "GET /x", options null.
	msg := func(op byte, layer ...byte) []byte {
		var w MessageWriter
		w.Begin(op)
		at := w.BeginLayer()
		w.buf = append(w.buf, layer...)
		w.EndLayer(at)
		w.Route("GET /x")
		w.Null()
		return w.Message()
	}
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{append(good, 0), `malformed (a shim from another version?)" "D29"`},
		{msg('X'), `unknown operation" "D29"`},
		{msg('E', recNull), "malformed"},       // a layer that is not an object
		{msg('E', recHeldObject), "malformed"}, // a layer the engine would have to load
	} {
		if status, got := s.run(c.in); status != StatusError || !strings.Contains(got, c.want) {
			t.Errorf("%q: status %d, %s; want an error saying %q", c.in, status, got, c.want)
		}
	}
	if status, got := s.run(msg('E')); status != StatusOK || !strings.Contains(got, "https://api.github.com/x") {
		t.Errorf("the same message without its layer: %d %s", status, got)
	}
	if status, got := s.run(good); status != StatusOK || !strings.Contains(got, "https://api.github.com/x?a=1") {
		t.Errorf("then: %d %s", status, got)
	}
}

// TestConstantIndexFindsEveryConstantAndNothingElse: the writer names each
// string constant by its index, and writes any other string as text.
func TestConstantIndexFindsEveryConstantAndNothingElse(t *testing.T) {
	for i := firstString; i < len(constants); i++ {
		if k, ok := constantIndex(constants[i]); !ok || k != i {
			t.Errorf("constantIndex(%q) = %d, %v; want %d", constants[i], k, ok, i)
		}
	}
	for _, s := range []string{"undefined", "null", "true", "Get", "gets", "x", "application/json; charset=utf-8 ", "/repos/{owner}/{repo}"} {
		if k, ok := constantIndex(s); ok {
			t.Errorf("constantIndex(%q) = %d; want none", s, k)
		}
	}
}

// TestShapeOfFindsEachShape: an object whose defined members begin with a
// shape's keys is answered as that shape, with undefined members between
// them left out (D15); an object that stops short of a shape's keys, or
// has them in another order, is not.
func TestShapeOfFindsEachShape(t *testing.T) {
	obj := func(keys ...string) *engine.Obj {
		var o engine.Obj
		for _, k := range keys {
			v := engine.Str("x")
			if strings.HasPrefix(k, "~") { // an undefined member
				k, v = k[1:], engine.Value{}
			}
			o.Set(k, v)
		}
		return &o
	}
	for s, keys := range shapes {
		if got := shapeOf(obj(keys...)); got != s {
			t.Errorf("%v: shape %d, want %d", keys, got, s)
		}
		if got := shapeOf(obj(append(append([]string{}, keys...), "more")...)); got != s {
			t.Errorf("%v and more: shape %d, want %d", keys, got, s)
		}
		spaced := []string{"~" + keys[0] + "x"}
		for _, k := range keys {
			spaced = append(spaced, k, "~undefined"+k)
		}
		if got := shapeOf(obj(spaced...)); got != s {
			t.Errorf("%v: shape %d, want %d", spaced, got, s)
		}
		if got := shapeOf(obj(keys[:len(keys)-1]...)); got != -1 {
			t.Errorf("%v: shape %d, want none", keys[:len(keys)-1], got)
		}
		if got := shapeOf(obj(keys[1:]...)); got != -1 {
			t.Errorf("%v: shape %d, want none", keys[1:], got)
		}
	}
	for _, keys := range [][]string{{}, {"~method", "baseUrl"}, {"method", "url", "baseUrl"}, {"accept", "~user-agent"}, {"user-agent", "accept"}, {"previews", "format"}, {"owner"}} {
		if got := shapeOf(obj(keys...)); got != -1 {
			t.Errorf("%v: shape %d, want none", keys, got)
		}
	}
}
