package bridge

import (
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// headersChanged is the change a program makes to a merge answer (JSON
// text, as run renders it) when it sets the members of added (JSON text)
// on its headers: {"headers": those headers}, as the shim sends it in a
// remerge.
func headersChanged(t *testing.T, merged, added string) string {
	t.Helper()
	h, _ := mergeAnswer(t, merged).Obj().Get("headers")
	a, _ := core.DecodeJSON([]byte(added))
	for i := 0; i < a.Obj().Len(); i++ {
		h.Obj().Set(a.Obj().Key(i), a.Obj().At(i))
	}
	return string(core.AppendJSON(nil, core.ObjValue(core.O("headers", h))))
}

func TestAMergeAheadAnswersTheMergeThenTheRemergeOfItsHeadersAndItsParse(t *testing.T) { // spec rules 1, 3, 6; D22
	for _, c := range []struct{ name, route, options, added string }{
		{"the auth hook's header", "GET /repos/{owner}/{repo}/issues", `{"owner":"octokit","repo":"rest.js","state":"open"}`,
			`{"authorization":"token ghp_16C7e42F292c6912E7710c838347Ae178B4a"}`},
		{"a header of the layer given another value", "GET /repos/{owner}/{repo}", `{"owner":"o","repo":"r"}`,
			`{"accept":"application/vnd.github.raw+json"}`},
		{"a body that the parse builds", "POST /repos/{owner}/{repo}/issues", `{"owner":"o","repo":"r","title":"t","labels":["bug"]}`,
			`{"authorization":"bearer x"}`},
		{"a parse that fails", "GET /repos/{owner}/{repo}", `{"owner":"o"}`, `{"authorization":"token t"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newShim()
			octokitLayers(s)
			status, got := s.run(s.ahead(2, route(c.route), c.options, c.added))
			if status != statusOK {
				t.Fatal(got)
			}
			// What the shim asks otherwise: the merge, then the remerge of
			// the changed headers, parsed at once.
			w := newShim()
			octokitLayers(w)
			_, merged := w.run(w.msg(opMerge, 2, route(c.route), c.options))
			_, remerged := w.run(w.remerge(opRemergeParse, w.b.calls, headersChanged(t, merged, c.added)))
			if want := merged + " ahead: " + remerged; got != want {
				t.Errorf("merge ahead:\n%s\nmerge, then remerge:\n%s", got, want)
			}
		})
	}
}

func TestAMergeAheadOfHeldMembersAnswersAsIfTheyWereWrittenAgain(t *testing.T) {
	const added = `{"authorization":"token ghp_16C7e42F292c6912E7710c838347Ae178B4a"}`
	s := newShim()
	octokitLayers(s)
	s.run(s.ahead(2, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"o","repo":"r","page":1}`, added))
	held := s.ahead(2, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"o","repo":"r","page":2}`, "")
	if strings.Contains(string(held), "ghp_") {
		t.Fatal("the held members were written")
	}
	_, got := s.run(held)
	w := newShim()
	octokitLayers(w)
	_, want := w.run(w.ahead(2, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"o","repo":"r","page":2}`, added))
	if got != want {
		t.Errorf("held:\n%s\nwritten:\n%s", got, want)
	}
}

func TestAMergeAheadWhoseRemergeFailsAnswersTheMergeAloneAndKeepsItForTheRemerge(t *testing.T) { // D22, D28
	s := newShim()
	octokitLayers(s)
	status, got := s.run(s.ahead(2, route("GET /x"), `{}`, `{"authorization":"token a\nb"}`))
	if status != statusOK || !strings.HasSuffix(got, " ahead: none") {
		t.Fatalf("status %d: %s", status, got)
	}
	merged := strings.TrimSuffix(got, " ahead: none")
	status, got = s.run(s.remerge(opRemergeParse, s.b.calls, headersChanged(t, merged, `{"authorization":"token a\nb"}`)))
	if status != statusError || !strings.HasPrefix(got, `"ERR_INVALID_HEADER" "headers.authorization"`) {
		t.Errorf("the program's remerge: status %d: %s", status, got)
	}
}

func TestAMalformedMergeAheadIsRefusedAndTheNextCallWorks(t *testing.T) { // D29
	for _, c := range []struct {
		name  string
		added string
		held  bool // recNull, with no members written out before
	}{
		{"held members when none were written", "", true},
		{"members that are not an object", `"token t"`, false},
		{"a member that is not a string", `{"authorization":1}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newShim()
			octokitLayers(s)
			status, got := s.run(s.ahead(2, route("GET /x"), `{}`, c.added))
			if status != statusError || !strings.Contains(got, "malformed") {
				t.Errorf("status %d: %s", status, got)
			}
			if status, got := s.run(s.msg(opEndpoint, 0, route("GET /x"), "")); status != statusOK {
				t.Errorf("the next call: %s", got)
			}
		})
	}
}

func TestARemergeOfAMergeAheadChangesItsMergedOptions(t *testing.T) { // spec rules 1, 3
	// The program did not set what the shim expected: the shim remerges the
	// merge, which the bridge keeps.
	s := newShim()
	octokitLayers(s)
	_, got := s.run(s.ahead(2, route("GET /x"), `{"a":1}`, `{"authorization":"token t"}`))
	merged, _, _ := strings.Cut(got, " ahead: ")
	status, got := s.run(s.remerge(opRemergeParse, s.b.calls, headersChanged(t, merged, `{"authorization":"token u"}`)))
	if status != statusOK || !strings.Contains(got, `"authorization":"token u"`) || strings.Contains(got, "token t") {
		t.Errorf("status %d: %s", status, got)
	}
}

func TestMergesAheadWhoseHeaderMembersTakeTurnsAllocateNothing(t *testing.T) {
	// Two clients' tokens in turn: each message writes its members out, and
	// the bridge keeps a copy of the last in memory it uses again.
	s := newShim()
	octokitLayers(s)
	a := s.ahead(2, route("GET /repos/{owner}/{repo}"), `{"owner":"o","repo":"r"}`, `{"authorization":"token aaaa"}`)
	b := s.ahead(2, route("GET /repos/{owner}/{repo}"), `{"owner":"o","repo":"r"}`, `{"authorization":"token bbbbbbbb"}`)
	for i := 0; i < 10; i++ { // warm
		s.b.Call(a)
		s.b.Call(b)
	}
	if n := testing.AllocsPerRun(100, func() {
		s.b.Call(a)
		s.b.Call(b)
	}); n != 0 {
		t.Errorf("%v allocations for two merges ahead", n)
	}
	if _, got := s.run(s.ahead(2, route("GET /x"), `{}`, "")); !strings.Contains(got, `"authorization":"token bbbbbbbb"`) {
		t.Errorf("the kept members: %s", got)
	}
}

// TestTheRemergeAheadNamesWhatItSharesWithTheMerge: the remerge answered
// ahead writes its headers, and names the members it shares with the merge
// before it that take more than a word (url, mediaType, request) where the
// merge wrote them (opAgain), each pointing back at a value of the merge's
// written out; one word (the caller's list parameter, by handle) is not
// named again; the answer reads as the merge and the remerge written whole
// (TestAMergeAheadAnswersTheMergeThenTheRemergeOfItsHeadersAndItsParse).
func TestTheRemergeAheadNamesWhatItSharesWithTheMerge(t *testing.T) {
	s := newShim()
	octokitLayers(s)
	if status, got := s.run(s.ahead(2, route("GET /repos/{owner}/{repo}/issues"), `{"owner":"o","repo":"r","labels":["bug","ui"]}`, `{"authorization":"token t"}`)); status != statusOK {
		t.Fatal(got)
	}
	again := 0
	for i, w := range s.b.w.ops {
		if w&15 == opAgain && (i == 0 || s.b.w.ops[i-1]&15 != opText && s.b.w.ops[i-1]&15 != opNumber && s.b.w.ops[i-1]&15 != opBigInt) {
			if int(w>>4) >= i {
				t.Errorf("word %d names word %d, not before it", i, w>>4)
			} else if tag := s.b.w.ops[w>>4] & 15; tag == opRef || tag == opConst || tag == opCopy {
				t.Errorf("word %d names word %d, a single word (tag %d)", i, w>>4, tag)
			}
			again++
		}
	}
	if again != 3 { // url, mediaType, request
		t.Errorf("%d members named again, want 3", again)
	}
}
