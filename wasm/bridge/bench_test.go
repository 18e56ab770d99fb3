package bridge

import (
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// realCalls are messages as the shim writes them for calls of real
// traffic: GitHub routes with values that need encoding or not, a body with
// a held string, a layer of Octokit-style defaults, merge and parse.
func realCalls(s *shim) []realCall {
	octokitLayers(s)
	var calls []realCall
	// add takes a message with the values msg left for it (its loads need them).
	add := func(name string, in []byte) {
		calls = append(calls, realCall{name: name, in: in, vals: s.vals, layer: s.layer})
	}
	add("GET path and query", s.msg(opEndpoint, 1, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}`))
	add("GET a path that needs encoding", s.msg(opEndpoint, 1, route("GET /repos/{owner}/{repo}/contents/{path}"), `{"owner":"octokit","repo":"rest.js","path":"docs/README.md","ref":"feature/x"}`))
	add("POST with a held body", s.msg(opEndpoint, 1, route("POST /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","title":"Found a bug","body":"x","labels":["bug"]}`, "body"))
	add("PUT no body", s.msg(opEndpoint, 1, route("PUT /user/starred/{owner}/{repo}"), `{"owner":"octokit","repo":"rest.js"}`))
	add("GET mediaType format", s.msg(opEndpoint, 1, route("GET /repos/{owner}/{repo}/pulls/{pull_number}"), `{"owner":"octokit","repo":"rest.js","pull_number":1,"mediaType":{"format":"diff"}}`))
	add("merge on a layer", s.msg(opMerge, 2, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open"}`))
	add("merge of merged options (Octokit's auth hook)", s.msg(opMerge, 2, nil, `{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"},"mediaType":{"format":"","previews":[]},"request":{"hook":1},"url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open"}`))
	add("merge and parse of merged options (op B)", s.msg(opMergeParse, 2, nil, `{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"},"mediaType":{"format":"","previews":[]},"request":{"hook":1},"url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open"}`))
	add("next page: merge of method, url and headers", s.msg(opMergeParse, 2, nil, `{"method":"GET","url":"https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=7","headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"}}`))
	add("upload with data and headers", s.msg(opEndpoint, 1, route("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"), `{"owner":"octokit","repo":"rest.js","release_id":1,"name":"endpoint-wasm-0.1.0.tgz","label":"npm package","headers":{"content-type":"application/gzip"},"data":"x"}`, "data"))
	add("a held string in a url and a held array in the query", s.msg(opEndpoint, 1, route("GET /x/{path}"), `{"path":"docs/README.md","labels":["a","b"]}`, "path", "labels"))
	add("parse of merged options", s.msg(opParse, 0, nil, `{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"},"mediaType":{"format":"","previews":[]},"request":{"hook":1},"url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open"}`))
	// Octokit's request as the shim makes it: a merge, then its result with
	// the auth hook's header merged again and parsed, sending the headers only.
	in := s.msg(opMerge, 2, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}`)
	then := s.remerge(opRemergeParse, 0, `{"headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"}}`)
	calls = append(calls, realCall{"Octokit's request: a merge, then a remerge and parse of its header", in, s.vals, s.layer, then})
	// The next page as the shim makes it: a merge of method, url and headers,
	// then the same with the auth hook's header.
	in = s.msg(opMerge, 2, nil, `{"method":"GET","url":"https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=7","headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0"}}`)
	then = s.remerge(opRemergeParse, 0, `{"headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"}}`)
	calls = append(calls, realCall{"next page: a merge, then a remerge and parse of its header", in, s.vals, s.layer, then})
	// The same two, as the shim makes them from the third request on: the
	// merge, with the remerge of the auth hook's header and its parse
	// asked ahead, in one call (the header written out, as the first such
	// call writes it).
	add("Octokit's request: a merge asked ahead (op A)", s.ahead(2, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}`, `{"authorization":"token 1111"}`))
	add("next page: a merge asked ahead (op A)", s.ahead(2, nil, `{"method":"GET","url":"https://api.github.com/repositories/1296269/issues?state=open&per_page=100&page=7","headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0"}}`, `{"authorization":"token 1111"}`))
	return calls
}

// octokitLayers makes layer 1, as the shim's root: the global defaults
// given back with handles; and layer 2 over it, Octokit's.
func octokitLayers(s *shim) {
	s.run(s.msg(opDefaults, 0, nil, `{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"endpoint-wasm/0.1.0"},"mediaType":{"format":"","previews":[]}}`))
	s.run(s.msg(opDefaults, 1, nil, `{"headers":{"user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"},"request":{"hook":1},"baseUrl":"https://api.github.com"}`))
}

// realCall is a message with the table of values its handles name, and
// the layer it is made on, for loads (harness_test.go).
type realCall struct {
	name  string
	in    []byte
	vals  []core.Value
	layer uint32
	then  []byte // a remerge of in's answer, made right after it, or nil
}

// use makes c the call under way of s, for its loads.
func (c realCall) use(s *shim) { s.vals, s.layer = c.vals, c.layer }

// call runs c's messages, the remerge naming the call before it.
func (c realCall) call(b *Bridge) int {
	status := b.Call(c.in)
	if c.then != nil {
		binary.LittleEndian.PutUint32(c.then[9:], b.calls) // the word after op, layer and base: the merge it changes
		status = b.Call(c.then)
	}
	return status
}

// BenchmarkBridge is one call from message to answer, for each call of
// realCalls: the engine's whole work in a call, without the crossing.
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

// BenchmarkDefaults is a new layer over Octokit's, as a program that makes
// a client for each request (a .defaults() with its token) makes one, and
// the shim's forgetting it. Unlike calls, it allocates: Go keeps the layer.
func BenchmarkDefaults(b *testing.B) {
	s := newShim()
	octokitLayers(s)
	c := realCall{name: "defaults", in: s.msg(opDefaults, 2, nil, `{"headers":{"authorization":"token 0000"}}`), vals: s.vals, layer: s.layer}
	b.ReportAllocs()
	for b.Loop() {
		c.call(s.b)
		s.b.Free(s.b.nextLayer - 1)
	}
}

// TestRealCallsAllocateNothing: after a warm-up, a call allocates nothing
// on the engine's path (bodies stay the caller's).
func TestRealCallsAllocateNothing(t *testing.T) {
	s := newShim()
	for _, c := range realCalls(s) {
		c.use(s)
		if status := c.call(s.b); status != statusOK {
			t.Fatalf("%s: status %d", c.name, status)
		}
		if n := testing.AllocsPerRun(100, func() { c.call(s.b) }); n != 0 {
			t.Errorf("%s: %.1f allocations per call", c.name, n)
		}
	}
}

// TestCallsForCounting makes BRIDGE_CALLS calls of the realCalls entry
// named BRIDGE_CALL and nothing else, so that an instruction counter
// (valgrind --tool=callgrind) run twice with different counts gives the
// instructions of one call. It does nothing unless BRIDGE_CALL is set.
func TestCallsForCounting(t *testing.T) {
	name := os.Getenv("BRIDGE_CALL")
	if name == "" {
		t.Skip("set BRIDGE_CALL (and BRIDGE_CALLS) to count instructions")
	}
	n, _ := strconv.Atoi(os.Getenv("BRIDGE_CALLS"))
	s := newShim()
	for _, c := range realCalls(s) {
		if strings.Contains(c.name, name) {
			c.use(s)
			for i := 0; i < n; i++ {
				c.call(s.b)
			}
		}
	}
}
