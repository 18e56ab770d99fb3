package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// jsonOf is the JSON text of x (a *Request, *Obj or Value), or the error.
func jsonOf(x any) string {
	b, err := json.Marshal(x)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

func TestErrorsAreTypedAndMatchWithErrorsIs(t *testing.T) { // D28
	_, err := New().Endpoint("TRACE /x", nil)
	if !errors.Is(err, ErrUnsupportedMethod) || errors.Is(err, ErrInvalidRoute) {
		t.Fatalf("errors.Is does not match on the code: %v", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Code != "ERR_UNSUPPORTED_METHOD" || e.Field != "route" || e.Rule != "D4" {
		t.Fatalf("errors.As: %#v", e)
	}
	if got, want := err.Error(), `endpoint: route: unsupported method "TRACE" in "TRACE /x"`; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if got := ErrUnsupportedMethod.Error(); got != "endpoint: ERR_UNSUPPORTED_METHOD" {
		t.Errorf("a sentinel's message %q", got)
	}
}

// Each error carries the rule of docs/behaviour.md its input broke, which
// a program reads instead of the message (D28).
func TestErrorsCarryTheRuleTheInputBroke(t *testing.T) {
	b := New()
	for _, c := range []struct {
		route string
		opts  *Obj
		rule  string
	}{
		{"DELETE /repos/{owner}/{repo}", O("owner", "o", "repo", ".."), "D32"},
		{"GET /repos/{owner}/{repo}/issues", O("owner", "o", "reop", "r"), "D34"},
		{"GET /x", O("headers", "accept: x"), "D28"},
	} {
		_, err := b.Endpoint(c.route, c.opts)
		var e *Error
		if !errors.As(err, &e) || e.Rule != c.rule {
			t.Errorf("%s: %#v, want rule %s", c.route, err, c.rule)
		}
	}
}

// Each sentinel matches the errors of its code, as the engine and the
// JavaScript EndpointError name them (D28).
func TestEachSentinelMatchesTheErrorsOfItsCode(t *testing.T) {
	for _, c := range []struct {
		sentinel *Error
		code     engine.Code
	}{
		{ErrInvalidArgument, engine.CodeInvalidArgument},
		{ErrInvalidRoute, engine.CodeInvalidRoute},
		{ErrUnsupportedMethod, engine.CodeUnsupportedMethod},
		{ErrMissingURL, engine.CodeMissingURL},
		{ErrInvalidTemplate, engine.CodeInvalidTemplate},
		{ErrInvalidParameter, engine.CodeInvalidParameter},
		{ErrBodyNotAllowed, engine.CodeBodyNotAllowed},
		{ErrInvalidHeader, engine.CodeInvalidHeader},
		{ErrMissingParameter, engine.CodeMissingParameter},
	} {
		err := errorOf(engine.NewError(c.code, "f", "f: m"))
		var e *Error
		if !errors.Is(err, c.sentinel) || err.Error() != "endpoint: f: m" || !errors.As(err, &e) || e.Code != string(c.code) || e.Field != "f" || e.Rule != "D28" || e.Message != "f: m" {
			t.Errorf("%s: %v does not match %v", c.code, err, c.sentinel)
		}
	}
}

// TestResultsNeverChangeAfterTheyAreReturned: what each operation returns,
// kept while thousands of other calls are made (other routes, other
// layers, errors), reads as it did when it was returned.
func TestResultsNeverChangeAfterTheyAreReturned(t *testing.T) {
	b, err := New().Defaults(O("baseUrl", "https://ghe.example/api/v3", "headers", O("authorization", "token abc"), "per_page", 2))
	if err != nil {
		t.Fatal(err)
	}
	type kept struct {
		what string
		json func() string
		was  string
	}
	var all []kept
	keep := func(what string, json func() string) { all = append(all, kept{what, json, json()}) }
	r, _ := New().Endpoint("GET /repos/{owner}/{repo}/issues", O("owner", "octokit", "repo", "rest.js", "state", "open"))
	keep("Endpoint", func() string { return jsonOf(r) + r.URL + r.Method })
	lr, _ := b.Endpoint("POST /repos/{owner}/{repo}/issues", O("owner", "o", "repo", "r", "title", "t"))
	keep("a layer's Endpoint", func() string { body, _ := lr.BodyBytes(); return jsonOf(lr) + string(body) })
	m, _ := b.Merge("GET /users/{user}", O("user", "octocat"))
	keep("Merge", func() string { return jsonOf(m) })
	p, _ := b.Parse(m)
	keep("Parse", func() string { return jsonOf(p) })
	d := b.DEFAULTS()
	keep("DEFAULTS", func() string { return jsonOf(d) })
	v, _ := DecodeJSON([]byte(`{"a":[1,"x"]}`))
	keep("DecodeJSON", func() string { return jsonOf(v) })
	for i := 0; i < 3000; i++ {
		New().Endpoint(fmt.Sprintf("GET /users/zz%d/{x}", i), O("x", strings.Repeat("y", i%50), "q", i))
		b.Endpoint("PATCH /repos/{owner}/{repo}", O("owner", "zz", "repo", i))
		b.Merge("GET /x/{a}", O("a", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"))
		b.Parse(O("url", "/{bad", "method", "GET"))
		DecodeJSON([]byte(`{"a":[2,"zz"]}`))
	}
	for _, k := range all {
		if now := k.json(); now != k.was {
			t.Errorf("%s changed:\nwas %s\nnow %s", k.what, k.was, now)
		}
	}
}

func TestChangingTheElementsListReturnedChangesNoValue(t *testing.T) { // D22
	m, err := New().Merge("GET /x", O("mediaType", O("previews", []string{"a"})))
	if err != nil {
		t.Fatal(err)
	}
	mt, _ := m.Get("mediaType")
	p, _ := mt.Obj().Get("previews")
	p.List()[0] = From("a\r\nx-injected: 1")
	r, err := New().Parse(m)
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := r.Headers.Get("accept"); a.Text() != "application/vnd.github.a-preview+json" {
		t.Errorf("accept %q", a.Text())
	}
}

func TestTheZeroAndTheNilBuilderBuildOverTheGlobalDefaults(t *testing.T) { // D1
	want := `{"method":"get","url":"https://api.github.com/x?per_page=1","headers":{"accept":"application/vnd.github.v3+json","user-agent":"` + UserAgent + `"}}`
	var zero Builder
	var null *Builder
	layered, err := zero.Defaults(O("per_page", 1))
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() (*Request, error){
		"New().Endpoint": func() (*Request, error) { return New().Endpoint("GET /x", O("per_page", 1)) },
		"zero.Endpoint":  func() (*Request, error) { return zero.Endpoint("GET /x", O("per_page", 1)) },
		"nil.Endpoint":   func() (*Request, error) { return null.Endpoint("GET /x", O("per_page", 1)) },
		"zero.Defaults":  func() (*Request, error) { return layered.Endpoint("GET /x", nil) },
		"nil.Parse(nil.Merge)": func() (*Request, error) {
			m, err := null.Merge("GET /x", O("per_page", 1))
			if err != nil {
				return nil, err
			}
			return null.Parse(m)
		},
	}
	for name, call := range calls {
		r, err := call()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := jsonOf(r); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", name, got, want)
		}
	}
	if got, want := jsonOf(null.DEFAULTS()), jsonOf(New().DEFAULTS()); got != want {
		t.Errorf("nil.DEFAULTS() %s", got)
	}
}

// A Value or *Obj of this package inside a []any or map[string]any is
// itself, as it is given directly, wherever From or O finds it.
func TestFromTakesCoreValuesInsideGoListsAndMaps(t *testing.T) {
	label := From("bug")
	nested := O("b", 1)
	for _, c := range []struct {
		x    any
		want string
	}{
		{[]any{label, nested}, `["bug",{"b":1}]`},
		{map[string]any{"v": label, "o": nested}, `{"o":{"b":1},"v":"bug"}`},
		{[]any{[]any{map[string]any{"deep": []any{label}}}}, `[[{"deep":["bug"]}]]`},
	} {
		if got := jsonOf(From(c.x)); got != c.want {
			t.Errorf("From(%#v) = %s, want %s", c.x, got, c.want)
		}
	}
	r, err := New().Endpoint("GET /repos/{owner}/{repo}/issues{?labels}", O("owner", "o", "repo", "r", "labels", []any{label, From("help")}))
	if err != nil || r.URL != "https://api.github.com/repos/o/r/issues?labels=bug,help" {
		t.Errorf("got %v, %v", r, err)
	}
}

// All yields each key and value in the object's order, and stops when
// asked to.
func TestAllYieldsTheKeysInOrderAndStopsWhenAsked(t *testing.T) {
	o := O("b", 1, "a", 2)
	o.Set("7", From(3)) // an integer-like key goes first, as in JavaScript
	var got []string
	for k, v := range o.All() {
		got = append(got, k+"="+v.Text())
	}
	if strings.Join(got, " ") != "7=3 b=1 a=2" {
		t.Errorf("got %v", got)
	}
	n := 0
	for range o.All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("%d keys after a break", n)
	}
	var empty Obj
	for k := range empty.All() {
		t.Errorf("the zero Obj has key %q", k)
	}
}

// The zero Obj is an empty object: keys can be set and read at once.
func TestTheZeroObjIsAnEmptyObjectReadyToUse(t *testing.T) {
	var o Obj
	o.Set("b", From(1))
	o.Set("a", From("x"))
	o.Delete("b")
	if v, ok := o.Get("a"); !ok || v.Text() != "x" || o.Len() != 1 || jsonOf(&o) != `{"a":"x"}` {
		t.Errorf("got %s", jsonOf(&o))
	}
}
