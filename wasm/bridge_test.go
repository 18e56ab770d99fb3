package main

import (
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

const ua = `"user-agent":"endpoint-wasm/` + core.Version + `"`

var bridgeCases = []struct {
	name, in, want string
}{
	{"endpoint expands a route over the global defaults",
		`E[0,"GET /repos/{owner}/{repo}",{"owner":"o","repo":"r","page":2}]`,
		`o{"method":"get","url":"https://api.github.com/repos/o/r?page=2","headers":{"accept":"application/vnd.github.v3+json",` + ua + `}}`},
	{"data is a handle: written as null and patched back by reference, and a Blob gets no content-type (D19, D20)",
		`E[0,"POST /x",{"data":#23}]`,
		`o{"method":"post","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.v3+json",` + ua + `},"body":null}` + "\n" + `[[3,"body"]]`},
	{"a string data handle gets the JSON content-type (D20)",
		`E[0,"POST /x",{"data":#00}]`,
		`o{"method":"post","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.v3+json",` + ua + `,"content-type":"application/json; charset=utf-8"},"body":null}` + "\n" + `[[0,"body"]]`},
	{"handles inside request keep their place when request merges with the defaults' (D27)",
		`E[{"method":"GET","baseUrl":"https://h.example","headers":{},"mediaType":{"format":"","previews":[]},"request":{"fetch":#01,"n":1}},"GET /x",{"request":{"signal":#02}}]`,
		`o{"method":"get","url":"https://h.example/x","headers":{},"request":{"fetch":null,"n":1,"signal":null}}` + "\n" + `[[1,"request","fetch"],[2,"request","signal"]]`},
	{"merge keeps the url unexpanded and the method as written (D3)",
		`M[0,"post /x/{y}",null]`,
		`o{"method":"post","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json",` + ua + `},"mediaType":{"format":"","previews":[]},"url":"/x/{y}"}`},
	{"defaults returns the merged defaults",
		`D[0,null,{"per_page":100,"headers":{"X-A":"1"}}]`,
		`o{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json",` + ua + `,"x-a":"1"},"mediaType":{"format":"","previews":[]},"per_page":100}`},
	{"parse takes merged options",
		`P[0,null,{"method":"DELETE","url":"https://h.example/a/{b}","b":"c d"}]`,
		`o{"method":"delete","url":"https://h.example/a/c%20d","headers":{}}`},
	{"an error names its code, field and message (D28)",
		`E[0,"FETCH /x",null]`,
		`e{"code":"ERR_UNSUPPORTED_METHOD","field":"route","message":"endpoint: route: unsupported method \"FETCH\" in \"FETCH /x\""}`},
	{"invalid input is ERR_INVALID_ARGUMENT",
		`E[0,"GET /x",{"a":]`,
		`e{"code":"ERR_INVALID_ARGUMENT","field":"input","message":"endpoint: input: invalid JSON at offset 17: unexpected character"}`},
	{"input that is not [defaults, route, options] is ERR_INVALID_ARGUMENT",
		`E{"a":1}`,
		`e{"code":"ERR_INVALID_ARGUMENT","field":"input","message":"endpoint: input: not [defaults, route, options]"}`},
	{"an unknown operation is ERR_INVALID_ARGUMENT",
		`X[0,null,null]`,
		`e{"code":"ERR_INVALID_ARGUMENT","field":"input","message":"endpoint: input: unknown operation \"X\""}`},
	{"empty input is ERR_INVALID_ARGUMENT",
		``,
		`e{"code":"ERR_INVALID_ARGUMENT","field":"input","message":"endpoint: input: empty"}`},
	{"NaN and Infinity tokens are numbers written as JavaScript writes them (D12)",
		`E[0,"GET /x",{"a":NaN,"b":-Infinity}]`,
		`o{"method":"get","url":"https://api.github.com/x?a=NaN&b=-Infinity","headers":{"accept":"application/vnd.github.v3+json",` + ua + `}}`},
}

func TestBridge(t *testing.T) {
	var out []byte
	for _, c := range bridgeCases {
		t.Run(c.name, func(t *testing.T) {
			out = bridge([]byte(c.in), out)
			if string(out) != c.want {
				t.Errorf("got  %s\nwant %s", out, c.want)
			}
		})
	}
}

// After many calls mixing valid and invalid input, the bridge still answers
// correctly and its output buffer has stopped growing (D2, D29).
func TestBridgeStaysHealthyAndFlatOverManyCalls(t *testing.T) {
	var out []byte
	valid, invalid := []byte(bridgeCases[0].in), []byte(`E[0,"GET /x/{",null]`)
	out = bridge(valid, out)
	capAfterWarmUp := 0
	for i := 0; i < 100_000; i++ {
		if i%3 == 0 {
			out = bridge(invalid, out)
			if out[0] != statusError {
				t.Fatalf("call %d: %s", i, out)
			}
			continue
		}
		out = bridge(valid, out)
		if string(out) != bridgeCases[0].want {
			t.Fatalf("call %d: %s", i, out)
		}
		if i == 1000 {
			capAfterWarmUp = cap(out)
		}
	}
	if cap(out) != capAfterWarmUp {
		t.Errorf("output buffer grew from %d to %d", capAfterWarmUp, cap(out))
	}
}

func FuzzBridge(f *testing.F) {
	for _, c := range bridgeCases {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out := bridge(in, nil)
		// Each part (two for op "b", split by "\r") is a status byte, JSON,
		// and maybe a newline and the patches, JSON too.
		parts := strings.Split(string(out), "\r")
		if len(parts) > 2 || len(parts) == 2 && in[0] != core.FastMergeParse {
			t.Fatalf("%d parts for %q: %q", len(parts), in, out)
		}
		for _, part := range parts {
			if len(part) == 0 || (part[0] != statusOK && part[0] != statusError) {
				t.Fatalf("bad output %q", out)
			}
			if part[0] == statusError && strings.Contains(part, codeInternal) {
				t.Fatalf("internal error for %q: %s", in, out)
			}
			json, patches, hasPatches := strings.Cut(part[1:], "\n")
			if _, err := core.DecodeJSON([]byte(json)); err != nil {
				t.Fatalf("output is not JSON: %q", out)
			}
			if _, err := core.DecodeJSON([]byte(patches)); hasPatches && err != nil {
				t.Fatalf("patches are not JSON: %q", out)
			}
		}
	})
}

func TestBigintsAreListedForTheShim(t *testing.T) { // D12
	out := bridge([]byte(`M[0,"POST /x",{"id":12345678901234567890n,"l":[1n]}]`), nil)
	want := `o{"method":"POST","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json",` + ua + `},"mediaType":{"format":"","previews":[]},"url":"/x","id":"12345678901234567890","l":["1"]}` + "\n" + `[[-1,"id"],[-1,"l","0"]]`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}

func TestABigintHeaderIsPatchedInsideHeaders(t *testing.T) { // D12, D22
	out := bridge([]byte(`E[0,"GET /x",{"headers":{"x-n":5n}}]`), nil)
	want := `o{"method":"get","url":"https://api.github.com/x","headers":{"accept":"application/vnd.github.v3+json",` + ua + `,"x-n":"5"}}` + "\n" + `[[-1,"headers","x-n"]]`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}
