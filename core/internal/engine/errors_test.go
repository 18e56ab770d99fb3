package engine

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// ruleEntry returns the heading of docs/behaviour.md's entry for a rule as
// an Error carries it: "D32" is "D32", "spec rule 4" is "Spec rule 4".
func ruleEntry(rule string) string {
	if n, ok := strings.CutPrefix(rule, "spec rule "); ok {
		return "Spec rule " + n
	}
	return rule
}

// failure is one way a call fails: the route and options of an endpoint()
// call (JSON, or an *Obj JSON cannot write), and the error's code, field
// and the rule it carries.
type failure struct {
	name    string
	route   string
	options any
	code    Code
	field   string
	rule    string
}

// deepList returns a list nested n levels deep.
func deepList(n int) Value {
	v := List()
	for range n - 1 {
		v = List(v)
	}
	return v
}

// failures holds one input for each failure mode a caller can reach
// through endpoint(). The modes no options can reach (a loader that gives
// nothing, a Go value in a body) are held to their rules by
// TestEveryErrorfCallGivesItsVerbsTheirTypes.
var failures = []failure{
	{"a route method that is not letters", "G3T /x", ``, CodeInvalidRoute, "route", "D6"},
	{"a route of three words", "GET /x y", ``, CodeInvalidRoute, "route", "D6"},
	{"an unsupported method in the route", "TRACE /x", ``, CodeUnsupportedMethod, "route", "D4"},
	{"an unsupported options.method", "", `{"method":"CONNECT","url":"/x"}`, CodeUnsupportedMethod, "method", "D4"},
	{"a method that is not a string", "", `{"method":1,"url":"/x"}`, CodeUnsupportedMethod, "method", "D4"},
	{"no url", "", `{"method":"GET"}`, CodeMissingURL, "url", "D7"},
	{"a url that is not a string", "", `{"url":["/x"]}`, CodeInvalidArgument, "url", "D28"},
	{"a baseUrl that is not a string", "GET /x", `{"baseUrl":1}`, CodeInvalidArgument, "baseUrl", "D28"},
	{"a baseUrl that is not an absolute url", "GET /x", `{"baseUrl":"not a url"}`, CodeInvalidArgument, "baseUrl", "D8"},
	{"a null baseUrl", "GET /x", `{"baseUrl":null}`, CodeInvalidArgument, "baseUrl", "D28"},
	{"an absolute url naming no host", "GET https:///x", ``, CodeInvalidArgument, "url", "D37"},
	{"a host holding %", "GET https://api.github.co%6d/x", ``, CodeInvalidArgument, "url", "D37"},
	{"an unclosed brace", "GET /x/{y", ``, CodeInvalidTemplate, "url", "D14"},
	{"a template that is not UTF-8", "GET /x/\xff", ``, CodeInvalidTemplate, "url", "D14"},
	{"a lone surrogate bound for the url", "GET /x/{a}", `{"a":"\udc00"}`, CodeInvalidParameter, "a", "D12"},
	{"a list member that is an object, in the url", "GET /x/{a}", `{"a":[{"b":1}]}`, CodeInvalidParameter, "a", "D12"},
	{"an object member that is an object, in the url", "GET /x{?a*}", `{"a":{"b":{"c":1}}}`, CodeInvalidParameter, "a.b", "D12"},
	{"a prefix on a list", "GET /x/{l:1}", `{"l":["a"]}`, CodeInvalidParameter, "l", "D11"},
	{"a lone surrogate in a query value", "GET /x", `{"a":"\ud800"}`, CodeInvalidParameter, "a", "D12"},
	{"a lone surrogate in a query name", "GET /x", `{"\ud800":"1"}`, CodeInvalidParameter, "parameter name", "D12"},
	{"an object in the query", "GET /x", `{"a":{"b":1}}`, CodeInvalidParameter, "a", "D16"},
	{"an array holding an object in the query", "GET /x", `{"a":[{"b":1}]}`, CodeInvalidParameter, "a", "D16"},
	{"a key[] list holding a list", "GET /x", `{"fields[]":[[1]]}`, CodeInvalidParameter, "fields[]", "D33"},
	{"data on a GET", "GET /x", `{"data":"x"}`, CodeBodyNotAllowed, "data", "D19"},
	{"a parameter making a .. segment", "DELETE /repos/{owner}/{repo}", `{"owner":"o","repo":".."}`, CodeInvalidParameter, "repo", "D32"},
	{"a path segment in the middle without its parameter", "GET /repos/{owner}/{repo}/issues", `{"owner":"o"}`, CodeMissingParameter, "repo", "D34"},
	{"a url option moving the request to another origin", "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
		`{"owner":"o","repo":"r","hook_id":1,"url":"https://hooks.example.com/x"}`, CodeInvalidArgument, "url", "D31"},
	{"a header name that is not a token", "GET /x", `{"headers":{"bad name":"1"}}`, CodeInvalidHeader, "headers", "D22"},
	{"a header value with CR or LF", "GET /x", `{"headers":{"x":"a\r\nInjected: 1"}}`, CodeInvalidHeader, "headers.x", "D22"},
	{"a header value that is an object", "GET /x", `{"headers":{"x":{}}}`, CodeInvalidHeader, "headers.x", "D22"},
	{"headers that are not an object", "GET /x", `{"headers":"accept: x"}`, CodeInvalidArgument, "headers", "D28"},
	{"a mediaType that is not an object", "GET /x", `{"mediaType":1}`, CodeInvalidArgument, "mediaType", "D28"},
	{"a mediaType.format that is not a string", "GET /x", `{"mediaType":{"format":1}}`, CodeInvalidArgument, "mediaType.format", "D28"},
	{"a mediaType.format with CR or LF", "GET /x", `{"mediaType":{"format":"raw\r\nx: 1"}}`, CodeInvalidHeader, "mediaType.format", "D22"},
	{"mediaType.previews that is not an array", "GET /x", `{"mediaType":{"previews":"a"}}`, CodeInvalidArgument, "mediaType.previews", "D28"},
	{"mediaType.previews holding an object", "GET /x", `{"mediaType":{"previews":[{}]}}`, CodeInvalidArgument, "mediaType.previews", "D28"},
	{"a preview with CR or LF", "GET /x", `{"mediaType":{"previews":["a\nb"]}}`, CodeInvalidHeader, "mediaType.previews", "D22"},
	{"a query value nested too deep", "GET /x", O("a", deepList(MaxDepth+1)), CodeInvalidArgument, "a", "D29"},
	{"expressions reading too many members", "GET /x/" + strings.Repeat("{a}", 2000), O("a", make([]any, 2000)), CodeInvalidParameter, "url", "D29"},
	{"a url longer than MaxURLLength", "GET /x/{a}", `{"a":"` + strings.Repeat("a", MaxURLLength) + `"}`, CodeInvalidParameter, "url", "D29"},
}

// TestEachFailureCarriesItsRule holds each way a call fails to its code,
// field and rule (D28), and each rule to an entry of docs/behaviour.md.
func TestEachFailureCarriesItsRule(t *testing.T) {
	entries := behaviourEntries(t)
	for _, f := range failures {
		t.Run(f.name, func(t *testing.T) {
			options, ok := f.options.(*Obj)
			if !ok {
				options = obj(t, f.options.(string))
			}
			_, err := Endpoint(f.route, options)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Code != f.code || e.Field != f.field || e.Rule != f.rule {
				t.Errorf("got %s naming %q under %q (%v), want %s naming %q under %q", e.Code, e.Field, e.Rule, e, f.code, f.field, f.rule)
			}
			if _, ok := entries[ruleEntry(e.Rule)]; !ok {
				t.Errorf("rule %q has no entry in %s", e.Rule, behaviourDoc)
			}
		})
	}
}

func TestARelativeURLWithoutBaseURLCarriesD8(t *testing.T) {
	_, err := Parse(obj(t, `{"method":"GET","url":"/x"}`))
	if e, ok := err.(*Error); !ok || e.Code != CodeInvalidArgument || e.Field != "baseUrl" || e.Rule != "D8" {
		t.Errorf("got %#v, want ERR_INVALID_ARGUMENT naming baseUrl under D8", err)
	}
}

func TestDecodeJSONErrorsCarryD29(t *testing.T) {
	for _, text := range []string{`{`, `{"a":1} x`, strings.Repeat("[", MaxDepth+2) + strings.Repeat("]", MaxDepth+2)} {
		_, err := DecodeJSON([]byte(text))
		if e, ok := err.(*Error); !ok || e.Code != CodeInvalidArgument || e.Field != "input" || e.Rule != "D29" {
			t.Errorf("DecodeJSON(%.20q): %#v, want ERR_INVALID_ARGUMENT naming input under D29", text, err)
		}
	}
}

func TestNewErrorCitesD28(t *testing.T) {
	if e := NewError(CodeInvalidArgument, "route", "route: must be a string"); e.Rule != "D28" || e.Field != "route" || e.Error() != "endpoint: route: must be a string" {
		t.Errorf("got %#v", e)
	}
}

// jsCodes are the codes of EndpointError that only JavaScript has: those
// of loading the module.
var jsCodes = []string{"ERR_NOT_INITIALIZED", "ERR_WASM_LOAD"}

var codeLiteral = regexp.MustCompile(`"(ERR_[A-Z_]+)"`)

// TestJavaScriptCodesAreTheEngines holds index.d.ts's ErrorCode to the
// engine's codes and the two of loading, and the codes js/errors.js throws
// to that list.
func TestJavaScriptCodesAreTheEngines(t *testing.T) {
	var want []string
	for _, c := range codes {
		want = append(want, string(c))
	}
	want = append(want, jsCodes...)
	slices.Sort(want)
	read := func(file string) string {
		data, err := os.ReadFile(filepath.Join(repoRoot, file))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	literals := func(text string) (got []string) {
		for _, m := range codeLiteral.FindAllStringSubmatch(text, -1) {
			got = append(got, m[1])
		}
		slices.Sort(got)
		return slices.Compact(got)
	}
	_, table, ok := strings.Cut(read("js/index.d.ts"), "export type ErrorCode =")
	table, _, ok2 := strings.Cut(table, ";")
	if !ok || !ok2 {
		t.Fatal("js/index.d.ts: no ErrorCode type")
	}
	if got := literals(table); !slices.Equal(got, want) {
		t.Errorf("js/index.d.ts's ErrorCode lists %v, want %v", got, want)
	}
	thrown := literals(read("js/errors.js"))
	if len(thrown) == 0 {
		t.Error("js/errors.js throws no code")
	}
	for _, c := range thrown {
		if !slices.Contains(want, c) {
			t.Errorf("js/errors.js throws %s, which is not a code", c)
		}
	}
}

// TestCodesAreWrittenOncePerLanguage fails when a source file other than
// this package's errors.go (Go) or js/errors.js and the types (JavaScript)
// writes a code as a string: the others name the table's constants.
func TestCodesAreWrittenOncePerLanguage(t *testing.T) {
	owners := map[string]bool{
		filepath.FromSlash("core/internal/engine/errors.go"): true,
		filepath.FromSlash("js/errors.js"):                   true,
	}
	checked := 0
	for _, f := range citingFiles(t) {
		ext := filepath.Ext(f)
		if ext != ".go" && ext != ".js" && ext != ".mjs" || strings.HasSuffix(f, "_test.go") || owners[f] ||
			strings.HasPrefix(f, filepath.FromSlash("js/test/")) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(repoRoot, f))
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, m := range codeLiteral.FindAllStringSubmatch(string(data), -1) {
			// Another library's code (Node's ERR_MODULE_NOT_FOUND) is not ours to name.
			if !slices.Contains(codes[:], Code(m[1])) && !slices.Contains(jsCodes, m[1]) {
				continue
			}
			t.Errorf("%s writes the code %s: name the constant of %s instead", f, m[0], map[bool]string{true: "engine.Code", false: "js/errors.js's functions"}[ext == ".go"])
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d files", checked)
	}
}
