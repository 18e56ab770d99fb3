package bridge

import (
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// mergeAnswer decodes the merged options of a merge answer (JSON text, as
// run renders it).
func mergeAnswer(t *testing.T, merged string) core.Value {
	t.Helper()
	m, err := core.DecodeJSON([]byte(merged))
	if err != nil {
		t.Fatalf("merge answer %s: %v", merged, err)
	}
	return m
}

// changedAnswer is the merged options of a merge answer (JSON text, as
// run renders it) with the members of changes (JSON text) set on them.
func changedAnswer(t *testing.T, merged, changes string) string {
	t.Helper()
	m := mergeAnswer(t, merged)
	c, _ := core.DecodeJSON([]byte(changes))
	for i := 0; i < c.Obj().Len(); i++ {
		m.Obj().Set(c.Obj().Key(i), c.Obj().At(i))
	}
	return string(core.AppendJSON(nil, m))
}

func TestARemergeAnswersWhatAMergeOfTheChangedOptionsDoes(t *testing.T) { // spec rules 1, 3; D21, D22, D25
	for _, c := range []struct {
		name, route, options, changes string
		hold                          []string
	}{
		{"the auth hook's header", "GET /repos/{owner}/{repo}/issues", `{"owner":"octokit","repo":"rest.js","state":"open"}`,
			`{"headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token t"}}`, nil},
		{"a header in another case, a preview, a new page", "GET /repos/{owner}/{repo}/issues", `{"owner":"o","repo":"r"}`,
			`{"headers":{"Accept":"text/plain"},"mediaType":{"previews":["x-preview"]},"page":2}`, nil},
		{"a held value of the merge, read by the parse", "GET /repos/{owner}/{repo}/contents/{path}", `{"owner":"o","repo":"r","path":"docs/README.md"}`,
			`{"ref":"main"}`, []string{"path"}},
		{"a bad header: Merge's error", "GET /x", `{}`, `{"headers":{"x":"a\nb"}}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newShim()
			octokitLayers(s)
			status, merged := s.run(s.msg(opMerge, 2, route(c.route), c.options, c.hold...))
			if status != statusOK {
				t.Fatal(merged)
			}
			_, got := s.run(s.remerge(opRemergeParse, s.b.calls, c.changes))
			_, want := s.run(s.msg(opMergeParse, 2, nil, changedAnswer(t, merged, c.changes)))
			if got != want {
				t.Errorf("remerge:\n%s\nmerge of the changed options:\n%s", got, want)
			}
		})
	}
}

func TestARemergeKeepsTheHandlesOfTheMergeItChanges(t *testing.T) { // D27
	s := newShim()
	octokitLayers(s)
	s.run(s.msg(opMerge, 2, route("POST /x"), `{"labels":["a","b"],"n":1}`))
	base := len(s.layers[2])
	labels := base + 2 // the options, "labels", then its value
	s.run(s.remerge(opRemerge, s.b.calls, `{"n":2}`))
	r := answerReader{ops: s.b.w.ops, text: s.b.w.text, s: s}
	// method, baseUrl, headers, mediaType, request, url, then labels
	want := uint32(opRef) | uint32(labels)<<4
	found := false
	for _, w := range r.ops {
		found = found || w == want
	}
	if !found {
		t.Fatalf("the merge's labels are not named by their handle %d: %v", labels, r.ops)
	}
}

func TestARemergeOfAnyCallButTheLastMergeIsMalformed(t *testing.T) { // D29
	for _, c := range []struct {
		name string
		make func(s *shim) []byte
	}{
		{"a call came between", func(s *shim) []byte {
			s.run(s.msg(opMerge, 2, route("GET /x"), `{}`))
			n := s.b.calls
			s.run(s.msg(opEndpoint, 2, route("GET /y"), `{}`))
			return s.remerge(opRemerge, n, `{"a":1}`)
		}},
		{"another merge came between", func(s *shim) []byte {
			s.run(s.msg(opMerge, 2, route("GET /x"), `{}`))
			n := s.b.calls
			s.run(s.msg(opMerge, 2, route("GET /y"), `{}`))
			return s.remerge(opRemerge, n, `{"a":1}`)
		}},
		{"the last call was a remerge", func(s *shim) []byte {
			s.run(s.msg(opMerge, 2, route("GET /x"), `{}`))
			s.run(s.remerge(opRemerge, s.b.calls, `{"a":1}`))
			return s.remerge(opRemerge, s.b.calls, `{"a":2}`)
		}},
		{"the last call did not merge", func(s *shim) []byte {
			s.run(s.msg(opEndpoint, 2, route("GET /y"), `{}`))
			return s.remerge(opRemerge, s.b.calls, `{"a":1}`)
		}},
		{"the last merge failed", func(s *shim) []byte {
			s.run(s.msg(opMerge, 2, route("FETCH /x"), `{}`))
			return s.remerge(opRemerge, s.b.calls, `{"a":1}`)
		}},
		{"another layer", func(s *shim) []byte {
			s.run(s.msg(opMerge, 2, route("GET /x"), `{}`))
			s.layer = 1
			return s.remerge(opRemerge, s.b.calls, `{"a":1}`)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newShim()
			octokitLayers(s)
			status, got := s.run(c.make(s))
			if status != statusError || !strings.Contains(got, "malformed") {
				t.Errorf("status %d: %s", status, got)
			}
			if status, got := s.run(s.msg(opEndpoint, 0, route("GET /x"), "")); status != statusOK {
				t.Errorf("the next call: %s", got)
			}
		})
	}
}

func TestTheBridgeLetsGoOfALargeCallsMemoryAfterIdleCallsEvenWhenARemergeIsDue(t *testing.T) {
	s := newShim()
	octokitLayers(s)
	big := strings.Repeat("x", 2*bigCall)
	s.run(s.msg(opEndpoint, 2, route("GET /x/{p}"), `{"p":"`+big+`"}`, "p")) // loaded: a large arena
	for i := 1; i < idleCalls; i++ {
		s.run(s.msg(opEndpoint, 2, route("GET /x"), `{}`))
	}
	s.run(s.msg(opMerge, 2, route("GET /x"), `{}`)) // the idleCalls-th small call
	s.run(s.remerge(opRemerge, s.b.calls, `{"a":1}`))
	if n := cap(s.b.sides[0].load.arena); n <= bigCall {
		t.Fatal("a remerge trimmed the side holding the merge it reads")
	}
	s.run(s.msg(opEndpoint, 2, route("GET /x"), `{}`))
	for i := range s.b.sides {
		if n := cap(s.b.sides[i].load.arena); n > bigCall {
			t.Errorf("side %d keeps an arena of %d bytes", i, n)
		}
	}
}

func TestTheNextMessageNeverGoesIntoTheBufferAKeptMergeViews(t *testing.T) {
	s := newShim()
	octokitLayers(s)
	// send writes a message into the buffer the bridge gives, as the module does.
	send := func(msg []byte) []byte {
		in := s.b.Input(len(msg))
		copy(in, msg)
		s.b.Call(in[:len(msg)])
		return in
	}
	first := func(b []byte) *byte { return &b[0] }
	merged := send(s.msg(opMerge, 2, route("GET /repos/{owner}/{repo}"), `{"owner":"o"}`))
	if first(s.b.Input(0)) == first(merged) {
		t.Fatal("after a merge, the next message would overwrite the one its options view")
	}
	send(s.remerge(opRemergeParse, s.b.calls, `{"repo":"r"}`))
	if r := (answerReader{ops: s.b.w.ops, text: s.b.w.text, s: s}); r.value() != `{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"octokit-core.js/7.0.0","authorization":"token 0000"},"mediaType":{"format":"","previews":[]},"request":{"hook":1},"url":"/repos/{owner}/{repo}","owner":"o","repo":"r"}` {
		t.Errorf("the remerge read its merge's options wrong: %s", r.value())
	}
	if first(s.b.Input(0)) != first(merged) {
		t.Error("after a remerge, whose options are never remerged, the next message does not go into side 0's buffer")
	}
}
