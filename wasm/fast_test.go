package main

import (
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// canonical re-encodes the JSON part of a bridge output, so that a raw copy
// (the fast path copies body values as the input wrote them) and a
// re-encoding compare equal exactly when JSON.parse would give the same
// value.
func canonical(t *testing.T, out []byte) string {
	t.Helper()
	if len(out) == 0 {
		return ""
	}
	json, patches, _ := strings.Cut(string(out[1:]), "\n")
	v, err := core.DecodeJSON([]byte(json))
	if err != nil {
		t.Fatalf("output is not JSON: %q: %v", out, err)
	}
	return string(out[0]) + string(core.AppendJSON(nil, v)) + "\n" + patches
}

// FuzzFastPath: wherever the fast path answers, it answers as the general
// path does.
func FuzzFastPath(f *testing.F) {
	for _, c := range bridgeCases {
		f.Add([]byte(c.in))
	}
	for _, s := range []string{
		`E[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}]`,
		`E[{"method":"GET","baseUrl":"https://ghe.example.com/api/v3/","headers":{"accept":"application/vnd.github.v3+json","authorization":"token x"},"mediaType":{"format":"","previews":[]},"per_page":100},"GET /orgs/{org}/repos/",{"org":"o","type":"public"}]`,
		`E[0,"POST /repos/{owner}/{repo}/issues",{"owner":"o","repo":"r","title":"a\nb","labels":["bug"],"n":1.50,"m":{"a":[1,{"b":null}]}}]`,
		`E[0,"PUT /user/starred/{owner}/{repo}",{"owner":"o","repo":"r"}]`,
		`E[0,"PATCH /x",{"headers":{"Content-Type":"text/plain","X-A":"1","x-a":"2","content-length":5},"data":#01,"request":#12}]`,
		`E[0,"GET /repos/{owner}/{repo}/pulls/{n}",{"owner":"o","repo":"r","n":1,"mediaType":{"format":"diff"}}]`,
		`E[0,"POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",{"owner":"o","repo":"r","id":1,"name":"a b.zip","label":"A","data":#40,"headers":{"content-type":"application/zip"}}]`,
		`E[0,"GET /search/issues",{"q":"repo:a/b+is:open","x":null,"y":true,"z":-3}]`,
		`E[0,null,{"method":"DELETE","url":"/x/:id","id":"7","a":"b"}]`,
		`E[0,"GET /",{"baseUrl":"https://h/"}]`,
		`E[0,"GET {+u}",{"u":"https://x.example/a"}]`,
		`E[0,"GET /x",{"baseUrl":""}]`,
		`E[{"baseUrl":"https://a.example"},"GET /x",null]`,
		`E[{"baseUrl":"0000"},"GET /x",null]`,
		`M[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","state":"open"}]`,
		`M[{"method":"GET","baseUrl":"https://h","headers":{"a":"1"},"mediaType":{"format":"","previews":[]},"x":{"y":1}},"post /x",{"headers":{"B":null},"data":#01,"request":#22,"x":2}]`,
		`P[0,null,{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA"},"mediaType":{"format":"","previews":[]},"url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open"}]`,
		`P[0,null,{"url":"/x","baseUrl":"https://h","data":#30,"method":"PUT"}]`,
	} {
		f.Add([]byte(s))
	}
	var fp core.FastPath
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 || in[0] != opEndpoint && in[0] != opMerge && in[0] != opParse {
			return
		}
		fastOut, ok := fp.Run(in[0], []byte{statusOK}, in[1:])
		if !ok {
			return
		}
		generalOut := general(in[0], in[1:], nil)
		if a, b := canonical(t, fastOut), canonical(t, generalOut); a != b {
			t.Fatalf("input %s\nfast    %s\ngeneral %s", in, a, b)
		}
		if in[0] == opEndpoint || in[0] == opParse || in[0] == opMerge {
			checkElided(t, &fp, in, fastOut)
		}
		if in[0] == opMerge {
			checkMergeParse(t, &fp, in[1:])
		}
	})
}

// checkMergeParse: op "b" answers what "m" answers, then, unless that
// holds host values, "\r", a status and what "e" answers for the same input.
func checkMergeParse(t *testing.T, fp *core.FastPath, args []byte) {
	t.Helper()
	both, ok := fp.Run(core.FastMergeParse, []byte{statusOK}, args)
	merged, mok := fp.Run(core.FastMergeElide, []byte{statusOK}, args)
	result, eok := fp.Run(core.FastEndpointElide, []byte{statusOK}, args)
	var want string
	switch {
	case mok && strings.Contains(string(merged), "\n"):
		want = string(merged)
	case mok && eok:
		want = string(merged) + "\r" + string(result)
	}
	if got := string(both); ok != (want != "") || ok && got != want {
		t.Fatalf("input %s\nb: %v %s\nm then e: %s", args, ok, got, want)
	}
}

// checkElided: with op "e", the output is the same but for "headers":0 in
// place of headers that are exactly the defaults' less the null ones.
func checkElided(t *testing.T, fp *core.FastPath, in, full []byte) {
	t.Helper()
	elided, ok := fp.Run(in[0]+'a'-'A', []byte{statusOK}, in[1:]) // e or p
	if !ok {
		t.Fatalf("e refused what E took: %s", in)
	}
	if string(elided) == string(full) {
		return
	}
	json, _, _ := strings.Cut(string(full[1:]), "\n")
	v, _ := core.DecodeJSON([]byte(json))
	headers, _ := v.Obj().Get("headers")
	v.Obj().Set("headers", core.Int(0))
	want := "o" + string(core.AppendJSON(nil, v))
	if got, _, _ := strings.Cut(string(elided), "\n"); canonical(t, []byte(got)) != canonical(t, []byte(want)) {
		t.Fatalf("input %s\nelided %s\nfull   %s", in, elided, full)
	}
	// The defaults' headers, as the shim keeps them: without the null ones.
	args, _ := core.DecodeBridge(in[1:])
	defaults := core.DEFAULTS()
	if d := args.List()[0]; d.Kind() == core.Object {
		defaults = d.Obj()
	}
	if in[0] == opParse { // the merged options passed are the "defaults"
		defaults = args.List()[2].Obj()
	}
	dh, _ := defaults.Get("headers")
	kept := core.NewObj(0)
	for i := 0; i < dh.Obj().Len(); i++ {
		if in[0] == opMerge || dh.Obj().At(i).Kind() != core.Null { // merge() keeps null headers
			kept.Set(dh.Obj().Key(i), dh.Obj().At(i))
		}
	}
	if a, b := string(core.AppendJSON(nil, headers)), string(core.AppendJSON(nil, core.ObjValue(kept))); a != b {
		t.Fatalf("input %s: elided headers %s are not the defaults' %s", in, a, b)
	}
}

// The calls of the benchmark set take the fast path, and allocate nothing.
func TestTheBenchmarkCallsTakeTheFastPath(t *testing.T) {
	var fp core.FastPath
	out := make([]byte, 0, 4096)
	for _, c := range benchInputs {
		in := []byte(c.in)
		if _, ok := fp.Run(in[0], out[:0], in[1:]); !ok {
			t.Errorf("%s: general path for %s", c.name, in)
			continue
		}
		if n := testing.AllocsPerRun(100, func() { fp.Run(in[0], out[:0], in[1:]) }); n != 0 {
			t.Errorf("%s: %v allocations a call, want 0", c.name, n)
		}
	}
}

// Op "b" is merge() and, after "\r", parse() of its result, in one call:
// for the calls of the benchmark set.
func TestMergeParseIsMergeThenParse(t *testing.T) {
	var fp core.FastPath
	n := 0
	for _, c := range benchInputs {
		if c.in[0] != 'e' && c.in[0] != 'm' {
			continue
		}
		args := []byte(c.in[1:])
		checkMergeParse(t, &fp, args)
		if both, ok := fp.Run(core.FastMergeParse, nil, args); ok && strings.Contains(string(both), "\r") {
			n++
		}
	}
	if n < 6 { // mediaType goes to the general path; data has host values
		t.Fatalf("only %d inputs have both parts", n)
	}
}

// The fast path's one-entry memos (the defaults' text, the template, the
// baseUrl, the accept header composed with a format) follow their inputs:
// calls that alternate between them answer as the general path does.
func TestFastPathMemosFollowTheirInputs(t *testing.T) {
	inputs := []string{
		`E[0,"GET /repos/{owner}/{repo}/pulls/{n}",{"owner":"o","repo":"r","n":1,"mediaType":{"format":"diff"}}]`,
		`E[0,"GET /repos/{owner}/{repo}/pulls/{n}",{"owner":"o","repo":"r","n":1,"mediaType":{"format":"patch"}}]`,
		`E[0,"GET /repos/{owner}/{repo}/pulls/{n}",{"owner":"o","repo":"r","n":1,"headers":{"accept":"application/vnd.github.v3.raw+json"},"mediaType":{"format":"patch"}}]`,
		`E[{"method":"GET","baseUrl":"https://a.example","headers":{"accept":"application/vnd.github.v3+json","user-agent":"UA"},"mediaType":{"format":"","previews":[]}},"GET /repos/{owner}",{"owner":"o","mediaType":{"format":"diff"}}]`,
		`E[{"method":"GET","baseUrl":"https://b.example/api","headers":{"accept":"application/json","user-agent":"UA"},"mediaType":{"format":"","previews":[]}},"GET /repos/{owner}",{"owner":"o"}]`,
		`E[0,"GET /orgs/{org}",{"org":"x","baseUrl":"https://c.example"}]`,
		`E[0,"GET /orgs/{org}/repos",{"org":"x"}]`,
		`M[0,"GET /orgs/{org}/repos",{"org":"y"}]`,
	}
	var fp core.FastPath
	for round := 0; round < 3; round++ {
		for i := range inputs {
			in := []byte(inputs[i])
			if round == 1 {
				in = []byte(inputs[len(inputs)-1-i])
			}
			fast, ok := fp.Run(in[0], []byte{statusOK}, in[1:])
			if !ok {
				t.Fatalf("general path for %s", in)
			}
			if a, b := canonical(t, fast), canonical(t, general(in[0], in[1:], nil)); a != b {
				t.Fatalf("round %d, input %s\nfast    %s\ngeneral %s", round, in, a, b)
			}
		}
	}
}
