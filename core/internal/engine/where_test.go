package engine

import (
	"strings"
	"testing"
)

// whereCase is one behaviour of the engine (TestEndpoint's cases and those
// of "Where a request may go", D31-D34): layers of defaults (JSON, in
// order), then a route and options, give a whole result or an error with
// its code and field ("": any), whose message holds each of has and none
// of lacks.
type whereCase struct {
	name    string
	layers  []string
	route   string
	options string
	want    string
	err     Code
	field   string
	has     []string
	lacks   []string
}

func (c whereCase) run(t *testing.T) {
	t.Helper()
	b := New()
	for _, l := range c.layers {
		var err error
		if b, err = b.Defaults(obj(t, l)); err != nil {
			t.Fatalf("Defaults(%s): %v", l, err)
		}
	}
	r, err := b.Endpoint(c.route, obj(t, c.options))
	// Spec rule 6: endpoint() is parse(merge()), errors included.
	m, merr := b.Merge(c.route, obj(t, c.options))
	var viaMerge *Request
	if merr == nil {
		viaMerge, merr = Parse(m)
	}
	if codeOf(err) != codeOf(merr) {
		t.Errorf("endpoint() gives %v, parse(merge()) %v", err, merr)
	}
	if c.err == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		got := string(r.AppendJSON(nil))
		if want := canon(t, c.want); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
		if viaMerge != nil && string(viaMerge.AppendJSON(nil)) != got {
			t.Errorf("endpoint() and parse(merge()) differ:\n%s\n%s", got, viaMerge.AppendJSON(nil))
		}
		return
	}
	e, ok := err.(*Error)
	if !ok || e.Code != c.err || c.field != "" && e.Field != c.field {
		t.Fatalf("got %#v (result %v), want %s naming %q", err, r, c.err, c.field)
	}
	checkMessage(t, err, c.has, c.lacks)
}

// checkMessage holds an error's message to D28 and to what it must and must
// not say.
func checkMessage(t *testing.T, err error, has, lacks []string) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, "endpoint: ") {
		t.Errorf("message %q does not start with \"endpoint: \" (D28)", msg)
	}
	for _, h := range has {
		if !strings.Contains(msg, h) {
			t.Errorf("message %q does not say %q", msg, h)
		}
	}
	for _, l := range lacks {
		if strings.Contains(msg, l) {
			t.Errorf("message %q says %q", msg, l)
		}
	}
}

const hookConfig = "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config"

var originCases = []whereCase{
	{name: "a body field named url given as a parameter is refused, and the message says it goes in data (D31)",
		route: hookConfig, options: `{"owner":"o","repo":"r","hook_id":1,"url":"https://hooks.example.com/receive","content_type":"json","headers":{"authorization":"token s3cr3t"}}`,
		err: CodeInvalidArgument, field: "url",
		has:   []string{`"https://hooks.example.com/receive"`, `"/repos/{owner}/{repo}/hooks/{hook_id}/config"`, "data: { url, ... }", "another only within its origin"},
		lacks: []string{"s3cr3t"}},
	{name: "a body field named url goes in data, with the body's other fields (D31, D19)",
		route: hookConfig, options: `{"owner":"o","repo":"r","hook_id":1,"data":{"url":"https://hooks.example.com/receive","content_type":"json"}}`,
		want: `{"method":"patch","url":"https://api.github.com/repos/o/r/hooks/1/config","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"url":"https://hooks.example.com/receive","content_type":"json"}}`},
	{name: "a url option with no url to replace goes anywhere (D31)",
		options: `{"method":"GET","url":"https://elsewhere.example/x"}`,
		want:    `{"method":"get","url":"https://elsewhere.example/x","headers":{` + stdHeaders + `}}`},
	{name: "an absolute route goes where it says (D31)",
		route: "GET https://elsewhere.example/x",
		want:  `{"method":"get","url":"https://elsewhere.example/x","headers":{` + stdHeaders + `}}`},
	{name: "a next-page link on the same host replaces a url set by defaults() (D31)",
		layers:  []string{`{"url":"/repos/{owner}/{repo}/issues","owner":"o","repo":"r"}`},
		options: `{"url":"https://api.github.com/repositories/1/issues?page=2"}`,
		want:    `{"method":"get","url":"https://api.github.com/repositories/1/issues?page=2&owner=o&repo=r","headers":{` + stdHeaders + `}}`},
	{name: "a next-page link on another host does not replace a url set by defaults() (D31)",
		layers:  []string{`{"url":"/repos/{owner}/{repo}/issues"}`},
		options: `{"url":"https://evil.example/repositories/1/issues?page=2"}`,
		err:     CodeInvalidArgument, field: "url", has: []string{"the url set by defaults()", `"https://evil.example"`}},
	{name: "an upload url on the route's host replaces the route's url, the host's case and default port notwithstanding (D31)",
		route:   "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
		options: `{"url":"https://UPLOADS.github.com:443/repos/o/r/releases/1/assets{?name,label}","name":"a.zip","data":"x","headers":{"content-type":"application/zip"}}`,
		want:    `{"method":"post","url":"https://UPLOADS.github.com:443/repos/o/r/releases/1/assets?name=a.zip","headers":{` + stdHeaders + `,"content-type":"application/zip"},"body":"x"}`},
	{name: "a path replaces a path: both are on baseUrl (D31, D6)",
		route: "GET /a", options: `{"url":"/b","baseUrl":"https://ghe.example/api/v3"}`,
		want: `{"method":"get","url":"https://ghe.example/api/v3/b","headers":{` + stdHeaders + `}}`},
	{name: "a full url on baseUrl's origin replaces a path (D31, D8)",
		route: "GET /a", options: `{"url":"https://api.github.com/b"}`,
		want: `{"method":"get","url":"https://api.github.com/b","headers":{` + stdHeaders + `}}`},
	{name: "a path does not replace a full url on another origin than baseUrl's (D31, D8)",
		route: "GET https://uploads.github.com/a", options: `{"url":"/b"}`,
		err: CodeInvalidArgument, field: "url", has: []string{`"https://api.github.com"`, `"https://uploads.github.com"`}},
	{name: "a baseUrl option moves a path, not a full url: the two then differ (D31, D8)",
		route: "GET https://api.github.com/a", options: `{"url":"/b","baseUrl":"https://evil.example"}`,
		err: CodeInvalidArgument, field: "url"},
	{name: "another scheme is another origin (D31)",
		route: "GET /a", options: `{"url":"http://api.github.com/b"}`,
		err: CodeInvalidArgument, field: "url"},
	{name: "another port is another origin (D31)",
		route: "GET /a", options: `{"url":"https://api.github.com:8443/b"}`,
		err: CodeInvalidArgument, field: "url"},
	{name: "userinfo does not name the host: the host after the last @ does (D31)",
		route: "GET /a", options: `{"url":"https://api.github.com@evil.example/b"}`,
		err: CodeInvalidArgument, field: "url", has: []string{`"https://evil.example"`}},
	{name: "URL parsers skip extra slashes after the scheme, and so does the comparison (D31)",
		route: "GET /a", options: `{"url":"https:///evil.example/b"}`,
		err: CodeInvalidArgument, field: "url", has: []string{`"https://evil.example"`}},
	{name: "a backslash in a url option is encoded, so it ends no host: this one stays on api.github.com (D31, D11)",
		route: "GET /a", options: `{"url":"https://evil.example\\@api.github.com/b"}`,
		want: `{"method":"get","url":"https://evil.example%5C@api.github.com/b","headers":{` + stdHeaders + `}}`},
	{name: "a percent-encoded host is refused, whatever host it decodes to (D31, D37)",
		route: "GET /a", options: `{"url":"https://api%2Egithub.com/b"}`,
		err: CodeInvalidArgument, field: "url"},
	{name: "merge() refuses a url option on another origin too (D31)",
		route: "GET /a", options: `{"url":"https://evil.example/b"}`,
		err: CodeInvalidArgument, field: "url"},
	{name: "a route does not replace a url set by defaults() with one on another origin (D31)",
		layers: []string{`{"url":"https://uploads.github.com/x"}`}, route: "GET /y",
		err: CodeInvalidArgument, field: "url", has: []string{"the route's url", "the url set by defaults()"}},
	{name: "an origin decided by expressions replaces only one written alike, up to where the host surely ends (D31)",
		route: "GET {origin}/repos/{owner}/a", options: `{"url":"{origin}/repos/{owner}/b","origin":"https://uploads.github.com","owner":"o"}`,
		want: `{"method":"get","url":"https://api.github.com/https%3A%2F%2Fuploads.github.com/repos/o/b","headers":{` + stdHeaders + `}}`},
	{name: "an origin decided by expressions does not replace one written otherwise (D31)",
		route: "GET {+origin}/a", options: `{"url":"https://uploads.github.com/a","origin":"https://uploads.github.com"}`,
		err: CodeInvalidArgument, field: "url", has: []string{"an origin its expressions decide"}},
	{name: "a simple host expression followed by a / is one origin, as it cannot write a / (D31, D36)",
		route: "GET https://{host}/a", options: `{"url":"https://{host}/b","host":"h.example"}`,
		want: `{"method":"get","url":"https://h.example/b","headers":{` + stdHeaders + `}}`},
	{name: "and without its parameter the host is missing, not taken from the path (D34, D36)",
		route: "GET https://{host}/a", options: `{"url":"https://{host}/b"}`,
		err: CodeMissingParameter, field: "host"},
	{name: "nor with its parameter empty (D34, D36)",
		route: "GET https://{host}/a", options: `{"url":"https://{host}/b","host":""}`,
		err: CodeMissingParameter, field: "host"},
	{name: "a reserved host expression followed by a / is not enough to be alike: it can write a / (D31, D36)",
		route: "GET https://{+host}/a", options: `{"url":"https://{+host}/b","host":"h.example"}`,
		err: CodeInvalidArgument, field: "url"},
	{name: "a host expression followed by literal text and a / is alike up to that / (D31)",
		route: "GET https://{host}.example/a", options: `{"url":"https://{host}.example/b","host":"h"}`,
		want: `{"method":"get","url":"https://h.example/b","headers":{` + stdHeaders + `}}`},
}

func TestAUrlOptionNeverMovesARequestToAnotherOrigin(t *testing.T) { // D31
	for _, c := range originCases {
		t.Run(c.name, c.run)
	}
}

func TestDefaultsLayersKeepTheirUrlWithinItsOrigin(t *testing.T) { // D31
	one, err := Defaults(obj(t, `{"url":"/repos/{owner}/{repo}"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := one.Defaults(obj(t, `{"url":"https://api.github.com/repositories/1"}`)); err != nil {
		t.Errorf("a url on the same origin over a layer's: %v", err)
	}
	_, err = one.Defaults(obj(t, `{"url":"https://evil.example/x"}`))
	if codeOf(err) != CodeInvalidArgument {
		t.Fatalf("a url on another origin over a layer's: %v", err)
	}
	checkMessage(t, err, []string{"url: ", "the url set by defaults()", "data"}, nil)
	// Merged options merged again (Octokit's hooks do) are held to the same
	// rule against the defaults' url, as any options are.
	m, err := one.Merge("", nil)
	if err != nil {
		t.Fatal(err)
	}
	with := func(k, v string) *Obj {
		c := m.Clone()
		c.Set(k, Str(v))
		return c
	}
	if _, err := one.Merge("", with("url", "https://api.github.com/repositories/1?page=2")); err != nil {
		t.Errorf("merged options with a next page on the same origin: %v", err)
	}
	if _, err := one.Merge("", with("url", "https://evil.example/x")); codeOf(err) != CodeInvalidArgument {
		t.Errorf("merged options with a url on another origin: %v", err)
	}
	if _, err := one.Merge("", with("baseUrl", "https://ghe.example")); err != nil {
		t.Errorf("merged options with another baseUrl: both urls are paths on it: %v", err)
	}
}

var dotCases = []whereCase{
	{name: "a parameter that is .. is refused, naming it (D32)",
		route: "DELETE /repos/{owner}/{repo}", options: `{"owner":"victim","repo":".."}`,
		err: CodeInvalidParameter, field: "repo", has: []string{`".."`, `"/repos/{owner}/{repo}"`}},
	{name: "a parameter that is . is refused (D32)",
		route: "GET /repos/{owner}/{repo}/issues", options: `{"owner":".","repo":"r"}`,
		err: CodeInvalidParameter, field: "owner"},
	{name: "../ under {+x} is refused (D32)",
		route: "GET /repos/{owner}/{repo}/git/ref/{+ref}", options: `{"owner":"o","repo":"r","ref":"../../../user"}`,
		err: CodeInvalidParameter, field: "ref"},
	{name: "dots before a ? or # of the same {+x} expansion end the path, and are refused (D32)",
		route: "DELETE /repos/{owner}/{repo}/git/refs/{+ref}", options: `{"owner":"o","repo":"r","ref":"..?x=1"}`,
		err: CodeInvalidParameter, field: "ref"},
	{name: "%2e%2E under {+x}, which URL parsers read as .., is refused (D32)",
		route: "GET /x/{+x}", options: `{"x":"%2e%2E"}`,
		err: CodeInvalidParameter, field: "x", has: []string{`"%2e%2E"`}},
	{name: "a dot segment at the end of a long {+x} expansion is refused, plain or percent-encoded (D32)",
		route: "GET /x/{+x}/{+y}", options: `{"x":"` + strings.Repeat("ab/", 400) + `..","y":"` + strings.Repeat("a%2F", 300) + `/%2E%2e"}`,
		err: CodeInvalidParameter, field: "x"},
	{name: "a percent-encoded dot segment after a thousand bytes of {+y} is refused (D32)",
		route: "GET /x/{+y}", options: `{"y":"` + strings.Repeat("a%2F", 300) + `/%2E%2e"}`,
		err: CodeInvalidParameter, field: "y"},
	{name: "a dot segment of a path expression is refused, naming its variable (D32)",
		route: "GET /x{/a,b}", options: `{"a":"y","b":".."}`,
		err: CodeInvalidParameter, field: "b"},
	{name: "an exploded list with a .. member is refused (D32)",
		route: "GET /x{/list*}", options: `{"list":["a",".."]}`,
		err: CodeInvalidParameter, field: "list"},
	{name: "a parameter left empty next to literal dots makes the dot segment (D32)",
		route: "GET /a/{x}../b", options: `{"x":""}`,
		err: CodeInvalidParameter, field: "x"},
	{name: "a parameter in an absolute url is held to it too (D32)",
		route: "GET https://h.example/{x}/y", options: `{"x":".."}`,
		err: CodeInvalidParameter, field: "x"},
	{name: "... and .well-known are names, not dot segments (D32)",
		route: "GET /x/{a}/{b}", options: `{"a":"...","b":".well-known"}`,
		want: `{"method":"get","url":"https://api.github.com/x/.../.well-known","headers":{` + stdHeaders + `}}`},
	{name: "a / in a simple expression is encoded, so ../x is one segment (D32, D11)",
		route: "GET /x/{a}", options: `{"a":"../x"}`,
		want: `{"method":"get","url":"https://api.github.com/x/..%2Fx","headers":{` + stdHeaders + `}}`},
	{name: "a % in a simple expression is encoded, so %2e there is no dot (D32, D11)",
		route: "GET /x/{a}", options: `{"a":"%2e"}`,
		want: `{"method":"get","url":"https://api.github.com/x/%252e","headers":{` + stdHeaders + `}}`},
	{name: "dot segments written in the template stay (D32)",
		route: "GET /a/../b/./{x}", options: `{"x":"y"}`,
		want: `{"method":"get","url":"https://api.github.com/a/../b/./y","headers":{` + stdHeaders + `}}`},
	{name: "literal dots before a path expression stay, whatever it expands to (D32)",
		route: "GET /a/..{/x}", options: `{"x":"y"}`,
		want: `{"method":"get","url":"https://api.github.com/a/../y","headers":{` + stdHeaders + `}}`},
	{name: ".. in the query, the fragment or the body is no path segment (D32)",
		route: "POST /x{?q}{#f}", options: `{"q":"..","f":"/../","b":".."}`,
		want: `{"method":"post","url":"https://api.github.com/x?q=..#/..","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"b":".."}}`},
	{name: "a dot in a value is not a dot segment (D32)",
		route: "GET /repos/{owner}/{repo}", options: `{"owner":"o.k","repo":"rest.js"}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o.k/rest.js","headers":{` + stdHeaders + `}}`},
}

func TestAParameterMayNotMakeADotSegment(t *testing.T) { // D32
	for _, c := range dotCases {
		t.Run(c.name, c.run)
	}
}

// TestEveryDotSegmentOfAReservedValueIsRefused: D32 over every value of up
// to five bytes of dots, escapes, letters and separators, as {+x} at the
// end of a path, alone, after twelve bytes whose pieces hold dots among
// letters, and before sixteen letters: a value is refused exactly when its
// expansion has a "." or ".." path segment. RFC 6570 expands such a value
// as it is, but for a "%" that starts no triplet, which becomes "%25".
func TestEveryDotSegmentOfAReservedValueIsRefused(t *testing.T) { // D32
	var walk func(v string)
	walk = func(v string) {
		for _, x := range []string{v, "a.b/.ab/ab./" + v, v + "/abababababababab"} {
			exp := "https://api.github.com/x/" + x
			for i := 0; i < len(exp); i++ {
				if exp[i] == '%' && !isTriplet(exp, i) {
					exp = exp[:i+1] + "25" + exp[i+1:]
				}
			}
			want := false
			for _, seg := range strings.Split(urlPath(exp), "/") {
				want = want || dotSegment.MatchString(seg)
			}
			r, err := Endpoint("GET /x/{+x}", O("x", x))
			if refused := codeOf(err) == CodeInvalidParameter; refused != want || err != nil && !refused {
				t.Fatalf("x = %q: %v %v, want refused %v (it expands to %q)", x, r, err, want, exp)
			}
		}
		if len(v) < 5 {
			for _, c := range "./%2ea?" {
				walk(v + string(c))
			}
		}
	}
	walk("")
}

var listCases = []whereCase{
	{name: "a query key ending in [] with an array is written once per element (D33)",
		route: "GET /orgs/{org}/projectsV2/{project_number}/items", options: `{"org":"o","project_number":1,"fields[]":[1,2],"per_page":10}`,
		want: `{"method":"get","url":"https://api.github.com/orgs/o/projectsV2/1/items?fields%5B%5D=1&fields%5B%5D=2&per_page=10","headers":{` + stdHeaders + `}}`},
	{name: "elements are written as D12 writes scalars and encoded; null elements are left out (D33)",
		route: "GET /x", options: `{"a[]":["x y",null,12345678901234567890n,true,1e21]}`,
		want: `{"method":"get","url":"https://api.github.com/x?a%5B%5D=x%20y&a%5B%5D=12345678901234567890&a%5B%5D=true&a%5B%5D=1e%2B21","headers":{` + stdHeaders + `}}`},
	{name: "an array of nothing but null writes nothing, and the next key still starts the query (D33)",
		route: "GET /x", options: `{"a[]":[null],"b[]":[],"c":1}`,
		want: `{"method":"get","url":"https://api.github.com/x?c=1","headers":{` + stdHeaders + `}}`},
	{name: "a url with a query already is continued with & (D33, D16)",
		route: "GET /x?y=1", options: `{"a[]":["1","2"]}`,
		want: `{"method":"get","url":"https://api.github.com/x?y=1&a%5B%5D=1&a%5B%5D=2","headers":{` + stdHeaders + `}}`},
	{name: "an array element is refused (D33)",
		route: "GET /x", options: `{"fields[]":[[1,2]]}`,
		err: CodeInvalidParameter, field: "fields[]"},
	{name: "an object element is refused (D33)",
		route: "GET /x", options: `{"fields[]":[{"id":1}]}`,
		err: CodeInvalidParameter, field: "fields[]"},
	{name: "a [] key whose value is no array keeps D16 (D33)",
		route: "GET /x", options: `{"a[]":"1,2"}`,
		want: `{"method":"get","url":"https://api.github.com/x?a%5B%5D=1%2C2","headers":{` + stdHeaders + `}}`},
	{name: "any other array keeps D16: joined with , (D33)",
		route: "GET /x", options: `{"fields":[1,2]}`,
		want: `{"method":"get","url":"https://api.github.com/x?fields=1%2C2","headers":{` + stdHeaders + `}}`},
	{name: "a call's array replaces the defaults' (D33, D21)",
		layers: []string{`{"fields[]":[1]}`}, route: "GET /x", options: `{"fields[]":[2,3]}`,
		want: `{"method":"get","url":"https://api.github.com/x?fields%5B%5D=2&fields%5B%5D=3","headers":{` + stdHeaders + `}}`},
	{name: "in a body a key ending in [] is an ordinary key (D33, D18)",
		route: "POST /x", options: `{"fields[]":[1,2]}`,
		want: `{"method":"post","url":"https://api.github.com/x","headers":{` + stdHeaders + `,"content-type":"application/json; charset=utf-8"},"body":{"fields[]":[1,2]}}`},
}

func TestAListWhoseKeyEndsInBracketsIsWrittenOncePerElement(t *testing.T) { // D33
	for _, c := range listCases {
		t.Run(c.name, c.run)
	}
}

var segmentCases = []whereCase{
	{name: "a path segment in the middle of the url without its parameter is ERR_MISSING_PARAMETER, listing the parameters given (D34)",
		route: "GET /repos/{owner}/{repo}/issues", options: `{"owner":"o","reop":"r","state":"open"}`,
		err: CodeMissingParameter, field: "repo", has: []string{"{repo}", `"/repos/{owner}/{repo}/issues"`, "owner, reop, state"}},
	{name: "with no parameter at all the message says so (D34)",
		route: "GET /repos/{owner}/{repo}/issues",
		err:   CodeMissingParameter, field: "owner", has: []string{"no parameters were given"}},
	{name: "null, an empty list, a list of nulls and an empty object are no value (D34, D11)",
		route: "GET /{a}/{b}/{c}/{d}/x", options: `{"a":[],"b":[null],"c":{},"d":null}`,
		err: CodeMissingParameter, field: "a"},
	{name: "a :name placeholder in the middle needs its parameter too (D34, D9)",
		route: "GET /orgs/:org/repos", options: `{"type":"all"}`,
		err: CodeMissingParameter, field: "org", has: []string{`"/orgs/:org/repos"`}},
	{name: "an expression of several variables needs one of them (D34)",
		route: "GET /x/{a,b}/y", options: `{"c":1}`,
		err: CodeMissingParameter, field: "a", has: []string{"{a,b}"}},
	{name: "a prefix does not make the parameter optional (D34)",
		route: "GET /x/{a:3}/y",
		err:   CodeMissingParameter, field: "a"},
	{name: "a segment with a / right after it is in the middle, even at the end of the template (D34)",
		route: "GET /x/{a}/",
		err:   CodeMissingParameter, field: "a"},
	{name: "one variable of several is enough (D34)",
		route: "GET /x/{a,b}/y", options: `{"b":1}`,
		want: `{"method":"get","url":"https://api.github.com/x/1/y","headers":{` + stdHeaders + `}}`},
	{name: "an empty string is a value (D34)",
		route: "GET /repos/{owner}/{repo}/issues", options: `{"owner":"o","repo":""}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o//issues","headers":{` + stdHeaders + `}}`},
	{name: "the last segment may stay empty: the reference's branches test (D34, D10)",
		route: "GET /repos/{owner}/{repo}/branches/{branch}", options: `{"owner":"o","repo":"r"}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o/r/branches","headers":{` + stdHeaders + `}}`},
	{name: "contents/{path} with an empty path lists the root (D34, D10)",
		route: "GET /repos/{owner}/{repo}/contents/{path}", options: `{"owner":"o","repo":"r","path":""}`,
		want: `{"method":"get","url":"https://api.github.com/repos/o/r/contents","headers":{` + stdHeaders + `}}`},
	{name: "an expression sharing its segment, a path expression and one in the query may be undefined (D34, D11)",
		route: "GET /a/{b}{c}/{/d}/{e}.json/x?f={g}/{h}/", options: `{"b":"1"}`,
		want: `{"method":"get","url":"https://api.github.com/a/1//.json/x?f=/","headers":{` + stdHeaders + `}}`},
	{name: "an {&x} expression writes no ?, so the path goes on after it (D34, D11)",
		route: "GET /a/{&x}/{b}/c",
		err:   CodeMissingParameter, field: "b"},
	{name: "an expression that starts the url has no / before it (D34)",
		route: "GET {a}/x", options: `{"baseUrl":"https://h.example/api"}`,
		want: `{"method":"get","url":"https://h.example/api/x","headers":{` + stdHeaders + `}}`},
	{name: "the host of an absolute url is no path segment (D34)",
		route: "GET https://{host}/x/y", options: `{"host":"h.example"}`,
		want: `{"method":"get","url":"https://h.example/x/y","headers":{` + stdHeaders + `}}`},
	{name: "a missing host of an absolute url with a path after it is an error, not the path's first segment as host (D34)",
		route: "GET https://{host}/repos/{owner}", options: `{"owner":"o"}`,
		err: CodeMissingParameter, field: "host", has: []string{"the host of the url"}},
	{name: "so is a missing host with a port after it (D34)",
		route: "GET https://{host}:8443/x",
		err:   CodeMissingParameter, field: "host"},
	{name: "an empty host is no host either: its path's first segment would be (D34)",
		route: "GET https://{host}/api/v3/repos/{owner}", options: `{"host":"","owner":"o"}`,
		err: CodeMissingParameter, field: "host", has: []string{"the host of the url"}},
	{name: "a reserved expression as the whole host needs a value too (D34)",
		route: "GET https://{+host}/api/v3/x",
		err:   CodeMissingParameter, field: "host"},
	{name: "a reserved expression as the whole host may not be empty (D34)",
		route: "GET https://{+host}/api/v3/x", options: `{"host":""}`,
		err: CodeMissingParameter, field: "host"},
	{name: "a missing host that ends the url is an error, not a path joined to baseUrl (D34, D8)",
		route: "GET https://{host}",
		err:   CodeMissingParameter, field: "host"},
	{name: "so is an empty one (D34, D8)",
		route: "POST http://{+host}", options: `{"host":""}`,
		err: CodeMissingParameter, field: "host"},
	{name: "and a missing host with a query or a path expression after it (D34)",
		route: "GET https://{host}{?q}", options: `{"q":"x"}`,
		err: CodeMissingParameter, field: "host"},
	{name: "a host expression that is part of the host may be empty (D34)",
		route: "GET https://{sub}api.example/x", options: `{"sub":""}`,
		want: `{"method":"get","url":"https://api.example/x","headers":{` + stdHeaders + `}}`},
	{name: "a reserved host is expanded as reserved (D34)",
		route: "GET https://{+host}/x", options: `{"host":"h.example:8443"}`,
		want: `{"method":"get","url":"https://h.example:8443/x","headers":{` + stdHeaders + `}}`},
}

func TestAPathSegmentInTheMiddleNeedsItsParameter(t *testing.T) { // D34
	for _, c := range segmentCases {
		t.Run(c.name, c.run)
	}
	// merge() does not expand, so it does not check.
	if _, err := Merge("GET /repos/{owner}/{repo}/issues", nil); err != nil {
		t.Errorf("merge() of a url whose parameters are missing: %v", err)
	}
}

var secretCases = []whereCase{
	{name: "a baseUrl's userinfo is not quoted (D23, D8)",
		route: "GET /x", options: `{"baseUrl":"https://admin:hunter2hunter2@ghe.corp/api/v3 "}`,
		err: CodeInvalidArgument, field: "baseUrl", has: []string{`"https://[redacted]@ghe.corp/api/v3 "`}, lacks: []string{"hunter2", "admin"}},
	{name: "the values of a template's query string are not quoted in a template error (D23, D14)",
		route: "GET /x/{y?client_secret=abc123secret&access_token=tok3nvalue",
		err:   CodeInvalidTemplate, field: "url", has: []string{"client_secret=[redacted]", "access_token=[redacted]"}, lacks: []string{"abc123secret", "tok3nvalue"}},
	{name: "the values of a url option's query string are not quoted in an origin error (D23, D31)",
		route: "GET /x", options: `{"url":"https://evil.example/x?access_token=tok3nvalue"}`,
		err: CodeInvalidArgument, field: "url", lacks: []string{"tok3nvalue"}},
	{name: "a url's userinfo is not quoted in a route error (D23, D6)",
		route: "GET https://bot:pa55word@h.example/x extra",
		err:   CodeInvalidRoute, field: "route", lacks: []string{"pa55word"}},
	{name: "the values of a template's query string are not quoted in a missing-parameter error, its expressions are (D23, D34)",
		route: "GET /a/{b}/c?client_secret=abc123secret{&d}",
		err:   CodeMissingParameter, field: "b", has: []string{"client_secret=[redacted]{&d}"}, lacks: []string{"abc123secret"}},
	{name: "a query value after a query expression is not quoted in a missing-parameter error (D23, D34)",
		route: "GET /x/{a}/y{?b}&client_secret=s3cr3tValue",
		err:   CodeMissingParameter, field: "a", has: []string{"{?b}&client_secret=[redacted]"}, lacks: []string{"s3cr3tValue"}},
	{name: "a query value after a query expression is not quoted in an origin error (D23, D31)",
		route: "GET /x", options: `{"url":"https://evil.example/x{?a}&secret=s3cr3tValue"}`,
		err: CodeInvalidArgument, field: "url", lacks: []string{"s3cr3tValue"}},
	{name: "a password holding a / is not quoted, as a baseUrl (D23, D8)",
		route: "GET /x", options: `{"baseUrl":"https://user:pa/ss@ghe.example/api/v3 "}`,
		err: CodeInvalidArgument, field: "baseUrl", lacks: []string{"pa/ss", "user"}},
	{name: "a password holding a # is not quoted, as a url option (D23, D31)",
		route: "GET /x", options: `{"url":"https://user:pa#ss@ghe.example/api/v3"}`,
		err: CodeInvalidArgument, field: "url", lacks: []string{"pa#ss", ":pa"}},
	{name: "a password holding a ? or white space is not quoted, in a route (D23, D6)",
		route: "GET https://user:pa?s s@ghe.example/api/v3",
		err:   CodeInvalidRoute, field: "route", lacks: []string{"pa?s", "s s", "user"}},
	{name: "a password holding an @ and white space is not quoted, as a url option: the userinfo runs to the last @ (D23, D31)",
		route: "GET /x", options: `{"url":"https://admin:P@ss w0rd9@ghe.corp/api/v3"}`,
		err: CodeInvalidArgument, field: "url", has: []string{`"https://[redacted]@ghe.corp/api/v3"`}, lacks: []string{"w0rd9", "admin", "P@ss"}},
	{name: "nor as a baseUrl (D23, D8)",
		route: "GET /x", options: `{"baseUrl":"https://admin:P@ss w0rd9@ghe.corp/api/v3 "}`,
		err: CodeInvalidArgument, field: "baseUrl", has: []string{`"https://[redacted]@ghe.corp/api/v3 "`}, lacks: []string{"w0rd9", "admin", "P@ss"}},
	{name: "nor as the url a layer of defaults set (D23, D31)",
		layers: []string{`{"url":"https://admin:P@ss w0rd9@ghe.corp/api/v3/x"}`},
		route:  "GET https://evil.example/x",
		err:    CodeInvalidArgument, field: "url", has: []string{`"https://[redacted]@ghe.corp/api/v3/x"`}, lacks: []string{"w0rd9", "admin", "P@ss"}},
	{name: "a query value holding a ; is not quoted: it runs to the next & or # (D23, D31)",
		route: "GET /x", options: `{"url":"https://evil.example/x?client_secret=abc;SECRETpart&b=1"}`,
		err: CodeInvalidArgument, field: "url", has: []string{"client_secret=[redacted]&b=[redacted]"}, lacks: []string{"abc", "SECRETpart"}},
	{name: "nor one holding white space, in a route (D23, D6)",
		route: "GET /x/{y?client_secret=abc SECRETpart#f",
		err:   CodeInvalidRoute, field: "route", has: []string{"client_secret=[redacted]#f"}, lacks: []string{"abc", "SECRETpart"}},
	{name: "nor one in a layer's url (D23, D31)",
		layers: []string{`{"url":"https://ghe.corp/x?client_secret=abc;SECRETpart m0reS3cret"}`},
		route:  "GET https://evil.example/x",
		err:    CodeInvalidArgument, field: "url", has: []string{"client_secret=[redacted]"}, lacks: []string{"abc", "SECRETpart", "m0reS3cret"}},
}

// hostCases: where a url's authority names no host, or a host that URL
// parsers read differently (D37).
var hostCases = []whereCase{
	{name: "a host expression after userinfo needs its parameter (D34, D37)",
		route: "GET https://user@{host}/x",
		err:   CodeMissingParameter, field: "host"},
	{name: "and with it, builds the url (D37)",
		route: "GET https://user@{host}/x", options: `{"host":"h.example"}`,
		want: `{"method":"get","url":"https://user@h.example/x","headers":{` + stdHeaders + `}}`},
	{name: "a reserved host that writes only userinfo names no host (D37)",
		route: "GET https://{+host}/x", options: `{"host":"@"}`,
		err: CodeInvalidArgument, field: "url", has: []string{"names no host"}},
	{name: "a url whose authority is userinfo alone names no host (D37)",
		route: "GET https://user@/x",
		err:   CodeInvalidArgument, field: "url", has: []string{"names no host"}},
	{name: "a percent-encoded host, as written, is refused (D37)",
		route: "GET https://api.github.co%6d/user",
		err:   CodeInvalidArgument, field: "url", has: []string{`"%"`}},
	{name: "a host expanded to a percent sign is refused (D37)",
		route: "GET https://{+host}/user", options: `{"host":"api.github.co%6d"}`,
		err: CodeInvalidArgument, field: "url"},
	{name: "a baseUrl whose host holds a percent sign is refused (D8, D37)",
		route: "GET /user", options: `{"baseUrl":"https://api.github.co%6d"}`,
		err: CodeInvalidArgument, field: "baseUrl"},
	{name: "a baseUrl whose authority is userinfo alone is refused (D8, D37)",
		route: "GET /user", options: `{"baseUrl":"https://user@/api"}`,
		err: CodeInvalidArgument, field: "baseUrl"},
	{name: "an IPv6 host with a port names a host (D37)",
		route: "GET /user", options: `{"baseUrl":"http://[::1]:8080/api"}`,
		want: `{"method":"get","url":"http://[::1]:8080/api/user","headers":{` + stdHeaders + `}}`},
}

func TestAURLsHostIsNamedAndFreeOfPercentSigns(t *testing.T) { // D37
	for _, c := range hostCases {
		t.Run(c.name, c.run)
	}
}

func TestMessagesQuoteUrlsWithoutTheirCredentials(t *testing.T) { // D23
	for _, c := range secretCases {
		t.Run(c.name, c.run)
	}
}

// Redact, which every message quotes text through, hides a url's userinfo
// and the values of its query string and fragment, and keeps the rest,
// template expressions included.
func TestRedactHidesAURLsUserinfoAndQueryValues(t *testing.T) { // D23
	for _, c := range []struct{ in, want string }{
		{"https://api.github.com/x", "https://api.github.com/x"},
		{"https://u:p@h/x?a=1&b=&c={d}e#f=g", "https://[redacted]@h/x?a=[redacted]&b=&c={d}[redacted]#f=[redacted]"},
		{"GET https://u@h/x?a=1 extra", "GET https://[redacted]@h/x?a=[redacted]"},
		{"/x{?a,b}", "/x{?a,b}"},
		{"/x?a=b?c", "/x?a=[redacted]"},
		{"user@example.com", "user@example.com"},
		{"https:/admin:hunter2@ghe.corp/api", "https:/[redacted]@ghe.corp/api"},
		{`HTTPS:\\u:p@h/x`, `HTTPS:\\[redacted]@h/x`},
		{"admin:hunter2@ghe.corp/api", "[redacted]@ghe.corp/api"},
		{"GET /repos/:owner", "GET /repos/:owner"},
		{"/x/{a}/y{?b}&c=d", "/x/{a}/y{?b}&c=[redacted]"},
		{"/x{#f}s=t", "/x{#f}[redacted]"},
		{"https://u:p/q@h/x", "https://[redacted]@h/x"},
		{"https://u:p q@h/x https://v@k/y", "https://[redacted]@h/x https://[redacted]@k/y"},
		{"https://h:443/x/a@b", "https://[redacted]@b"},
		{"https://h/x/a@b", "https://h/x/a@b"},
		{"https://admin:P@ss w0rd9@ghe.corp/api/v3", "https://[redacted]@ghe.corp/api/v3"},
		{"/x/{y?client_secret=abc SECRETpart#f", "/x/{y?client_secret=[redacted]#f"},
		{"https://u@h w@k/x", "https://[redacted]@k/x"},
		{"/x?client_secret=abc;SECRETpart&b=c d#e=f g", "/x?client_secret=[redacted]&b=[redacted]#e=[redacted]"},
		{"/x?a&b c https://u:p@h/x", "/x?a&b c https://[redacted]@h/x"},
		{"/x{?a} https://u:p@h/x", "/x{?a} https://[redacted]@h/x"},
	} {
		if got := Redact(c.in); got != c.want {
			t.Errorf("Redact(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
