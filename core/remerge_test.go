package core

import (
	"strings"
	"testing"
)

// changedOn returns merged with the members of changed set on it, as a
// caller's assignments would leave it: Remerge's input, for Merge.
func changedOn(merged, changed *Obj) *Obj {
	o := merged.Clone()
	for i := 0; i < changed.Len(); i++ {
		o.Set(changed.Key(i), changed.At(i))
	}
	return o
}

// remergeAgreesWithMerge checks that Remerge of merged options and changes
// gives what Merge of the changed options does, the same result or an
// error of the same code, and that RemergeParse's parse is Parse's.
func remergeAgreesWithMerge(t *testing.T, b *Builder, route string, options, changed *Obj) {
	t.Helper()
	merged, err := b.Merge(route, options)
	if err != nil {
		return
	}
	checkMarks(t, merged)
	want, werr := b.Merge("", changedOn(merged, changed))
	var s Session
	got, gerr := s.Remerge(b, merged, changed)
	if gerr == nil {
		checkMarks(t, got)
	}
	if (werr == nil) != (gerr == nil) || werr != nil && codeOf(werr) != codeOf(gerr) {
		t.Fatalf("Remerge error %v, Merge error %v", gerr, werr)
	}
	if werr != nil {
		return
	}
	if w, g := string(AppendJSON(nil, ObjValue(want))), string(AppendJSON(nil, ObjValue(got))); g != w {
		t.Fatalf("Remerge gave\n%s\nMerge gives\n%s", g, w)
	}
	wantReq, werr := Parse(want)
	m, gotReq, gerr := s.RemergeParse(b, merged, changed)
	if m == nil || (werr == nil) != (gerr == nil) || werr != nil && codeOf(werr) != codeOf(gerr) {
		t.Fatalf("RemergeParse error %v, Parse error %v", gerr, werr)
	}
	if werr == nil && string(gotReq.AppendJSON(nil)) != string(wantReq.AppendJSON(nil)) {
		t.Fatalf("RemergeParse gave\n%s\nParse gives\n%s", gotReq.AppendJSON(nil), wantReq.AppendJSON(nil))
	}
	// ThenRemergeParse, in the session and the call of the Merge it
	// changes: the same, and that merge stays whole.
	var one Session
	m1, _ := one.Merge(b, route, options)
	before := string(AppendJSON(nil, ObjValue(m1)))
	m2, req2, err2 := one.ThenRemergeParse(b, m1, changed)
	if after := string(AppendJSON(nil, ObjValue(m1))); after != before {
		t.Fatalf("ThenRemergeParse changed the merge it read:\n%s\nwas\n%s", after, before)
	}
	if m2 == nil || (werr == nil) != (err2 == nil) || werr != nil && codeOf(werr) != codeOf(err2) {
		t.Fatalf("ThenRemergeParse error %v, Parse error %v", err2, werr)
	}
	if w, g := string(AppendJSON(nil, ObjValue(want))), string(AppendJSON(nil, ObjValue(m2))); g != w {
		t.Fatalf("ThenRemergeParse gave\n%s\nMerge gives\n%s", g, w)
	}
	if werr == nil && string(req2.AppendJSON(nil)) != string(wantReq.AppendJSON(nil)) {
		t.Fatalf("ThenRemergeParse gave\n%s\nParse gives\n%s", req2.AppendJSON(nil), wantReq.AppendJSON(nil))
	}
}

func TestRemergeGivesWhatMergeGivesForTheChangedOptions(t *testing.T) { // spec rules 1, 3; D15, D21, D22, D25
	octokit, err := Defaults(O(
		"headers", O("user-agent", "octokit-core.js/7.0.8"),
		"request", O("hook", From(func() {})),
		"mediaType", O("previews", List(), "format", ""),
	))
	if err != nil {
		t.Fatal(err)
	}
	params := O("owner", "octokit", "repo", "rest.js", "per_page", 100)
	for _, c := range []struct {
		name    string
		b       *Builder
		route   string
		options *Obj
		changed *Obj
	}{
		{"an authorization header set by a hook", octokit, "GET /repos/{owner}/{repo}/issues", params,
			O("headers", O("accept", "application/vnd.github.v3+json", "user-agent", "octokit-core.js/7.0.8", "authorization", "token x"))},
		{"a header in another case replaces the default's (D22)", octokit, "GET /x", nil,
			O("headers", O("Accept", "text/plain"))},
		{"a header left out comes back from the defaults", octokit, "GET /x", O("headers", O("accept", "a/b")),
			O("headers", O("x-y", "1"))},
		{"a new parameter goes last", New(), "GET /repos/{owner}/{repo}", params, O("page", 2)},
		{"a changed url and method", New(), "GET /x", nil, O("url", "/y/{id}", "method", "POST", "id", 7)},
		{"previews joined once, without -preview (D25)", octokit, "GET /x", O("mediaType", O("previews", List(Str("a-preview")))),
			O("mediaType", O("previews", List(Str("a"), Str("b-preview"))))},
		{"a plain object merges with the defaults' (D21)", octokit, "GET /x", nil, O("request", O("timeout", 5))},
		{"a member changed to undefined takes the default's (D15)", octokit, "GET /x", O("baseUrl", "https://h.example"),
			O("baseUrl", Value{})},
		{"a member changed to undefined with no default goes", New(), "GET /x", params, O("owner", Value{})},
		{"the url changed to undefined goes: no route in a merge of merged options", New(), "GET /x", nil, O("url", Value{})},
		{"nothing changed", octokit, "GET /x", params, NewObj(0)},
		{"a bad header is the error Merge gives (D23)", octokit, "GET /x", nil, O("headers", O("x", "a\nb"))},
		{"a bad method is the error Merge gives (D4)", New(), "GET /x", nil, O("method", "TRACE")},
	} {
		t.Run(c.name, func(t *testing.T) { remergeAgreesWithMerge(t, c.b, c.route, c.options, c.changed) })
	}
}

func TestRemergeLeavesTheMergedOptionsAsTheyWere(t *testing.T) { // D2
	merged, err := Merge("GET /x", O("headers", O("a", "1")))
	if err != nil {
		t.Fatal(err)
	}
	before := string(AppendJSON(nil, ObjValue(merged)))
	var s Session
	if _, err := s.Remerge(New(), merged, O("headers", O("b", "2"), "mediaType", O("format", "raw"))); err != nil {
		t.Fatal(err)
	}
	if after := string(AppendJSON(nil, ObjValue(merged))); after != before {
		t.Fatalf("merged options changed: %s, were %s", after, before)
	}
}

// FuzzRemerge: Remerge of merged options and changes is Merge of the
// changed options, for any defaults, route, options and changes.
func FuzzRemerge(f *testing.F) {
	f.Add(`{"headers":{"user-agent":"u"},"request":{"hook":1}}`, "GET /repos/{owner}/{repo}", `{"owner":"o","repo":"r"}`, `{"headers":{"authorization":"token t","Accept":"x"}}`)
	f.Add("", "POST /x{?a}", `{"a":[1,2],"mediaType":{"previews":["p"]}}`, `{"mediaType":{"previews":["q-preview","p"],"format":"diff"},"b":{"c":null}}`)
	f.Add(`{"baseUrl":"https://h/","x":{"y":1}}`, "", `{"url":"/z"}`, `{"x":{"z":2},"url":"{+u}","u":"a/b"}`)
	f.Fuzz(func(t *testing.T, defaults, route, options, changed string) {
		b, opts, ok := fuzzInput(defaults, options)
		if !ok {
			return
		}
		c, err := DecodeJSON([]byte(changed))
		if err != nil || c.Kind() != Object || strings.Contains(changed, `"__proto__"`) {
			return
		}
		remergeAgreesWithMerge(t, b, route, opts, c.Obj())
	})
}
