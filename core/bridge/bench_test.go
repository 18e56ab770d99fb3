package bridge

import (
	"strconv"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// realCalls are messages as the shim writes them for calls of real
// traffic: GitHub routes with values that need encoding or not, a body with
// a held string, a layer with a token, merge and parse.
func realCalls(s *shim) []realCall {
	l, _ := s.defaults(nil, `{"headers":{"authorization":"token 0000000000000000000000000000000000000000"},"per_page":100}`)
	var calls []realCall
	// add takes a message with the values msg left for it (its loads need them).
	add := func(name string, in []byte) {
		calls = append(calls, realCall{name: name, in: in, vals: s.vals})
	}
	add("GET path and query", s.msg(OpEndpoint, l, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open"}`))
	add("GET path and query, global defaults", s.msg(OpEndpoint, nil, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}`))
	add("GET a path that needs encoding", s.msg(OpEndpoint, l, route("GET /repos/{owner}/{repo}/contents/{path}"), `{"owner":"octokit","repo":"rest.js","path":"docs/README.md","ref":"feature/x"}`))
	add("POST with a held body", s.msg(OpEndpoint, l, route("POST /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","title":"Found a bug","body":"x","labels":["bug"]}`, "body"))
	add("PUT no body", s.msg(OpEndpoint, l, route("PUT /user/starred/{owner}/{repo}"), `{"owner":"octokit","repo":"rest.js"}`))
	add("GET mediaType format", s.msg(OpEndpoint, l, route("GET /repos/{owner}/{repo}/pulls/{pull_number}"), `{"owner":"octokit","repo":"rest.js","pull_number":1,"mediaType":{"format":"diff"}}`))
	add("merge on a layer", s.msg(OpMerge, l, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open"}`))
	add("parse of merged options", s.msg(OpParse, nil, nil, `{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"endpoint-wasm/0.1.0","authorization":"token 0000"},"mediaType":{"format":"","previews":[]},"url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open"}`))
	add("next page", s.msg(OpEndpoint, l, nil, `{"method":"GET","url":"https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=7"}`))
	add("upload with data and headers", s.msg(OpEndpoint, l, route("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"), `{"owner":"octokit","repo":"rest.js","release_id":1,"name":"endpoint-wasm-0.1.0.tgz","label":"npm package","headers":{"content-type":"application/gzip"},"data":"x"}`, "data"))
	add("a held string in a url and a held array in the query", s.msg(OpEndpoint, l, route("GET /x/{path}"), `{"path":"docs/README.md","labels":["a","b"]}`, "path", "labels"))
	add("a new layer with a token", s.msg(OpDefaults, nil, nil, `{"headers":{"authorization":"token 1111111111111111111111111111111111111111"}}`))
	return calls
}

// realCall is a message with the table of values its handles name, and
// the layer it is made on, for loads (harness_test.go).
type realCall struct {
	name string
	in   []byte
	vals []engine.Value
}

// use makes c the call under way of s, for its loads.
func (c realCall) use(s *shim) { s.vals = c.vals }

// call runs c's message.
func (c realCall) call(b *Bridge) int { return b.Call(c.in) }

// BenchmarkBridge is one call from message to answer, for each call of
// realCalls: the engine's whole work in a call, without the crossing. One
// of them run twice with -test.benchtime=Nx for two counts N under an
// instruction counter (valgrind --tool=callgrind) gives the instructions of
// one call.
func BenchmarkBridge(b *testing.B) {
	s := newShim()
	for _, c := range realCalls(s) {
		b.Run(c.name, func(b *testing.B) {
			c.use(s)
			b.ReportAllocs()
			for b.Loop() {
				c.call(s.b)
			}
		})
	}
}

// TestRealCallsAllocateNothing: after a warm-up, a call allocates nothing
// on the engine's path (bodies stay the caller's).
func TestRealCallsAllocateNothing(t *testing.T) {
	s := newShim()
	for _, c := range realCalls(s) {
		c.use(s)
		if status := c.call(s.b); status != StatusOK {
			t.Fatalf("%s: status %d", c.name, status)
		}
		if n := testing.AllocsPerRun(100, func() { c.call(s.b) }); n != 0 {
			t.Errorf("%s: %.1f allocations per call", c.name, n)
		}
	}
}

// BenchmarkNewLayer is a call on one layer then another, as the calls of a
// program that makes a client for each request are.
func BenchmarkNewLayer(b *testing.B) {
	s := newShim()
	var ins [2][]byte
	for i := range ins {
		l, _ := s.defaults(nil, `{"headers":{"authorization":"token `+strconv.Itoa(i)+`000000000000000000000000000000000000000"}}`)
		ins[i] = s.msg(OpEndpoint, l, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open"}`)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s.b.Call(ins[i&1])
		i++
	}
}
