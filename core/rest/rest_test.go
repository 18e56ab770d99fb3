package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

type issue struct {
	Title     string    `json:"title"`
	Body      string    `json:"body,omitempty"`
	Labels    []string  `json:"labels,omitempty"`
	Milestone *int      `json:"milestone,omitempty"`
	Due       time.Time `json:"due,omitzero"`
}

type key struct{}

// bigintLiteral writes JavaScript's bigint syntax, which is not JSON.
type bigintLiteral struct{}

func (bigintLiteral) MarshalJSON() ([]byte, error) { return []byte("123n"), nil }

// pointerChain returns a pointer to a pointer... n deep, to a string.
func pointerChain(n int) any {
	var x any = "v"
	for range n {
		y := x
		x = &y
	}
	return x
}

// Each kind of request becomes an *http.Request with its method, url,
// headers, body, length, GetBody and the caller's context.
func TestNewRequestBuildsEachKindOfRequestAsNetHTTPSendsIt(t *testing.T) {
	ctx := context.WithValue(context.Background(), key{}, "mine")
	stream := strings.NewReader("0123456789")
	cases := []struct {
		name    string
		route   string
		params  any
		url     string
		headers map[string]string // "" means absent
		body    string
		length  int64
		nobody  bool
	}{
		{
			name:  "GET with a query",
			route: "GET /repos/{owner}/{repo}/issues",
			params: Params{"owner": "octokit", "repo": "rest.js", "labels": []string{"bug", "help wanted"},
				"since": time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)},
			url:     "https://api.github.com/repos/octokit/rest.js/issues?labels=bug%2Chelp%20wanted&since=2024-01-02T03%3A04%3A05Z",
			headers: map[string]string{"Accept": "application/vnd.github.v3+json", "User-Agent": core.UserAgent, "Content-Type": ""},
			nobody:  true,
		},
		{
			name:  "PATCH with a struct's fields as the body",
			route: "PATCH /repos/{owner}/{repo}/issues/{issue_number}",
			params: struct {
				Owner  string `json:"owner"`
				Repo   string `json:"repo"`
				Number int    `json:"issue_number"`
				issue
			}{"octokit", "rest.js", 1, issue{Title: "Found a bug", Labels: []string{"bug"}}},
			url:     "https://api.github.com/repos/octokit/rest.js/issues/1",
			headers: map[string]string{"Content-Type": "application/json; charset=utf-8"},
			body:    `{"title":"Found a bug","labels":["bug"]}`,
			length:  40,
		},
		{
			name:    "POST with a struct as data",
			route:   "POST /repos/{owner}/{repo}/issues",
			params:  Params{"owner": "o", "repo": "r", "data": issue{Title: "t", Due: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}, "ignored": 1},
			url:     "https://api.github.com/repos/o/r/issues",
			headers: map[string]string{"Content-Type": "application/json; charset=utf-8"},
			body:    `{"title":"t","due":"2025-01-01T00:00:00Z"}`,
			length:  42,
		},
		{
			name:    "POST with bytes as data: no content-type of the engine's",
			route:   "POST {+origin}/repos/{owner}/{repo}/releases/{id}/assets{?name}",
			params:  Params{"origin": "https://uploads.github.com", "owner": "o", "repo": "r", "id": 1, "name": "a.zip", "data": []byte("PK\x03\x04")},
			url:     "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
			headers: map[string]string{"Content-Type": ""},
			body:    "PK\x03\x04",
			length:  4,
		},
		{
			name:    "POST with a string as data, sent as it is",
			route:   "POST /markdown/raw",
			params:  Params{"data": "# Title", "headers": Params{"content-type": "text/plain; charset=utf-8"}},
			url:     "https://api.github.com/markdown/raw",
			headers: map[string]string{"Content-Type": "text/plain; charset=utf-8"},
			body:    "# Title",
			length:  7,
		},
		{
			name:    "PUT without parameters: an empty body, content-length 0",
			route:   "PUT /user/starred/{owner}/{repo}",
			params:  Params{"owner": "o", "repo": "r"},
			url:     "https://api.github.com/user/starred/o/r",
			headers: map[string]string{"Content-Type": ""},
			nobody:  true,
		},
		{
			name:   "DELETE without parameters: no body",
			route:  "DELETE /repos/{owner}/{repo}",
			params: Params{"owner": "o", "repo": "r"},
			url:    "https://api.github.com/repos/o/r",
			nobody: true,
		},
		{
			name:    "a stream as data, its length from content-length",
			route:   "POST /x",
			params:  Params{"data": io.MultiReader(stream), "headers": Params{"content-type": "application/zip", "content-length": 10}},
			url:     "https://api.github.com/x",
			headers: map[string]string{"Content-Type": "application/zip", "Content-Length": ""},
			body:    "0123456789",
			length:  10,
		},
		{
			name:    "a host header becomes the request's Host",
			route:   "GET /x",
			params:  Params{"headers": Params{"host": "api.example"}},
			url:     "https://api.github.com/x",
			headers: map[string]string{"Host": ""},
			nobody:  true,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, err := NewRequest(ctx, c.route, c.params)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.ToUpper(strings.Fields(c.route)[0]); req.Method != want {
				t.Errorf("method %q, want %q", req.Method, want)
			}
			if req.URL.String() != c.url {
				t.Errorf("url %s\nwant %s", req.URL, c.url)
			}
			for k, v := range c.headers {
				if got := req.Header.Get(k); got != v {
					t.Errorf("header %s: %q, want %q", k, got, v)
				}
			}
			if req.Context().Value(key{}) != "mine" {
				t.Error("not the caller's context")
			}
			if c.nobody {
				if req.Body != nil && req.Body != http.NoBody || req.ContentLength != 0 {
					t.Errorf("a body: %v, length %d", req.Body, req.ContentLength)
				}
				return
			}
			if req.ContentLength != c.length {
				t.Errorf("ContentLength %d, want %d", req.ContentLength, c.length)
			}
			b, _ := io.ReadAll(req.Body)
			if string(b) != c.body {
				t.Errorf("body %s\nwant %s", b, c.body)
			}
			if req.GetBody != nil { // in memory: the same bytes again
				r, _ := req.GetBody()
				if again, _ := io.ReadAll(r); string(again) != c.body {
					t.Errorf("GetBody gave %s", again)
				}
			}
		})
	}
	if req, _ := NewRequest(ctx, "GET /x", Params{"headers": Params{"host": "api.example"}}); req.Host != "api.example" {
		t.Errorf("Host %q", req.Host)
	}
}

// Each way a request cannot be built is an error with its code.
func TestNewRequestRefusesEachWayARequestCannotBeBuilt(t *testing.T) {
	type filter struct{ State string }
	cases := []struct {
		name   string
		ctx    context.Context
		route  string
		params any
		is     error
		says   string
	}{
		{"a nil context", nil, "GET /x", nil, core.ErrInvalidArgument, "endpoint: ctx: nil"},
		{"a channel", context.Background(), "POST /x", Params{"notify": make(chan int)}, core.ErrInvalidParameter, "endpoint: notify: "},
		{"a struct in a query (D16)", context.Background(), "GET /issues", Params{"filter": filter{"open"}}, core.ErrInvalidParameter, "endpoint: filter: an object has no query-string encoding (filter is a rest.filter)"},
		{"data on a GET (D19)", context.Background(), "GET /x", Params{"data": "x"}, core.ErrBodyNotAllowed, "data"},
		{"params that are not an object", context.Background(), "GET /x", []string{"a"}, core.ErrInvalidArgument, "endpoint: options: must be a struct, a map with string keys or a *core.Obj, not a []string"},
		{"an unsupported method (D4)", context.Background(), "TRACE /x", nil, core.ErrUnsupportedMethod, "TRACE"},
		{"no url (D7)", context.Background(), "", nil, core.ErrMissingURL, "no url"},
		{"a content-length that is not a number, for a stream", context.Background(), "POST /x",
			Params{"data": io.MultiReader(), "headers": Params{"content-length": "ten"}}, core.ErrInvalidHeader, "endpoint: headers.content-length: must be a whole number of bytes"},
		{"a url net/http cannot parse", context.Background(), "GET /x", Params{"baseUrl": "http://[::1"}, core.ErrInvalidArgument, "endpoint: url: net/http cannot send to it: missing ']' in host"},
		{"a nil reader as data (D19)", context.Background(), "POST /x", core.O("data", (*bytes.Buffer)(nil)), core.ErrInvalidArgument, "endpoint: data: a nil *bytes.Buffer has nothing to read"},
		{"a nil reader as data among Params (D19)", context.Background(), "POST /x", Params{"data": (*bytes.Buffer)(nil)}, core.ErrInvalidArgument, "endpoint: data: a nil *bytes.Buffer has nothing to read"},
		{"a token in a url net/http cannot parse (D23)", context.Background(), "GET https://{+host}/x", Params{"host": "api.github.com:ghp_abcdefghijklmnopqrstuvwxyz0123456789"}, core.ErrInvalidArgument,
			`endpoint: url: net/http cannot send to it: invalid port ":ghp_[redacted]" after host`},
		{"a header value with a control character net/http refuses", context.Background(), "GET /x", Params{"headers": Params{"x-a": "a\x01b"}}, core.ErrInvalidHeader, "endpoint: headers.x-a: net/http cannot send this value"},
		{"a host header net/http would send empty", context.Background(), "GET /x", Params{"headers": Params{"host": "a b"}}, core.ErrInvalidHeader, "endpoint: headers.host: net/http cannot send this value"},
		{"a MarshalJSON that writes a bigint literal", context.Background(), "POST /x", Params{"n": bigintLiteral{}}, core.ErrInvalidParameter, "endpoint: n: "},
		{"a chain of a million pointers (D29)", context.Background(), "POST /x", Params{"a": pointerChain(1_000_000)}, core.ErrInvalidArgument, "endpoint: a: nested deeper than 256 levels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, err := NewRequest(c.ctx, c.route, c.params)
			if req != nil || !errors.Is(err, c.is) {
				t.Fatalf("got %v, %v; want %v", req, err, c.is)
			}
			if !strings.Contains(err.Error(), c.says) {
				t.Errorf("message %q does not say %q", err, c.says)
			}
		})
	}
	// A value encoding/json refuses is its error, wrapped: a MarshalJSON
	// that writes what is not JSON is a *json.MarshalerError.
	_, err := NewRequest(context.Background(), "POST /x", Params{"n": bigintLiteral{}})
	var m *json.MarshalerError
	if !errors.As(err, &m) {
		t.Errorf("%v wraps no *json.MarshalerError", err)
	}
}

// Defaults lay a token and a baseUrl under every request, in layers; the
// zero Builder is the global defaults.
func TestDefaultsLayUnderEveryRequestAndTheZeroBuilderHasTheGlobalOnes(t *testing.T) {
	ghe, err := Defaults(Params{
		"baseUrl": "https://github.acme-inc.com/api/v3",
		"headers": Params{"authorization": "token secret"},
	})
	if err != nil {
		t.Fatal(err)
	}
	paged, err := ghe.Defaults(struct {
		PerPage int `json:"per_page"`
	}{100})
	if err != nil {
		t.Fatal(err)
	}
	req, err := paged.NewRequest(context.Background(), "GET /orgs/{org}/repos", Params{"org": "acme"})
	if err != nil {
		t.Fatal(err)
	}
	if req.URL.String() != "https://github.acme-inc.com/api/v3/orgs/acme/repos?per_page=100" || req.Header.Get("Authorization") != "token secret" {
		t.Errorf("got %s with authorization %q", req.URL, req.Header.Get("Authorization"))
	}
	if base, _ := ghe.Core().DEFAULTS().Get("baseUrl"); base.Text() != "https://github.acme-inc.com/api/v3" {
		t.Errorf("DEFAULTS baseUrl %q", base.Text())
	}
	var zero Builder
	if req, err := zero.NewRequest(context.Background(), "GET /user", nil); err != nil || req.URL.String() != "https://api.github.com/user" {
		t.Errorf("the zero Builder: %v %v", req, err)
	}
	if _, err := Defaults(Params{"baseUrl": 42}); !errors.Is(err, core.ErrInvalidArgument) {
		t.Errorf("a baseUrl that is a number: %v", err)
	}
	if _, err := Defaults(Params{"headers": Params{"x": func() {}}}); !errors.Is(err, core.ErrInvalidArgument) {
		t.Errorf("a function in headers: %v", err)
	}
}

// Headers may be given as an http.Header: each name's values go as one
// line, joined with ", ".
func TestHeadersMayBeAnHTTPHeader(t *testing.T) {
	h := http.Header{}
	h.Set("Authorization", "token t")
	h.Add("X-Tags", "a")
	h.Add("X-Tags", "b")
	h["X-None"] = nil
	req, err := NewRequest(context.Background(), "GET /user", Params{"headers": h})
	if err != nil {
		t.Fatal(err)
	}
	if got := req.Header; got.Get("Authorization") != "token t" || got.Get("X-Tags") != "a, b" || len(got.Values("X-Tags")) != 1 || got["X-None"] != nil {
		t.Errorf("headers %v", got)
	}
}

// HTTPRequest sends what core built with core.O: a struct that From left
// opaque goes as JSON, and what JSON cannot hold is an error, not null.
func TestHTTPRequestSendsCoresOpaqueValuesAsJSONAndRefusesWhatJSONCannotHold(t *testing.T) {
	r, err := core.New().Endpoint("POST /repos/{owner}/{repo}/issues", core.O("owner", "o", "repo", "r", "data", issue{Title: "t"}))
	if err != nil {
		t.Fatal(err)
	}
	req, err := HTTPRequest(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(req.Body); string(b) != `{"title":"t"}` {
		t.Errorf("body %s", b)
	}
	r, _ = core.New().Endpoint("POST /x", core.O("hook", func() {}))
	var e *core.Error
	var unsupported *json.UnsupportedTypeError
	if _, err := HTTPRequest(context.Background(), r); !errors.Is(err, core.ErrInvalidParameter) || !errors.As(err, &e) || e.Field != "body.hook" || !errors.As(err, &unsupported) {
		t.Errorf("a function in a body: %v", err)
	}
	if _, err := HTTPRequest(nil, r); !errors.Is(err, core.ErrInvalidArgument) {
		t.Errorf("a nil context: %v", err)
	}
	if _, err := HTTPRequest(context.Background(), &core.Request{Method: "ge t", URL: "https://api.github.com/x", Headers: new(core.Obj)}); !errors.Is(err, core.ErrUnsupportedMethod) || !strings.Contains(err.Error(), "endpoint: method: net/http cannot send it") {
		t.Errorf("a method net/http refuses: %v", err)
	}
	if _, err := HTTPRequest(context.Background(), nil); !errors.Is(err, core.ErrInvalidArgument) {
		t.Errorf("no request options: %v", err)
	}
	if _, err := core.New().Parse(nil); !errors.Is(err, core.ErrMissingURL) {
		t.Errorf("parse of nil merged options: %v", err)
	}
}

// Options converts Go parameters with every digit of a Go integer.
func TestOptionsKeepsEveryDigitOfAGoInteger(t *testing.T) {
	o, err := Options(Params{"owner": "o", "ids": []int64{1 << 60}})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(jsonOf(o)); got != `{"ids":[1152921504606846976],"owner":"o"}` {
		t.Errorf("got %s", got)
	}
	// So does a number a MarshalJSON writes, as encoding/json sends it.
	big, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	o, err = Options(Params{"big": big, "raw": json.RawMessage(`{"id":9007199254740993,"s":"1e400","f":[1.5,-0]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(jsonOf(o)); got != `{"big":123456789012345678901234567890,"raw":{"id":9007199254740993,"s":"1e400","f":[1.5,-0]}}` {
		t.Errorf("got %s", got)
	}
}
