package main

import (
	"bytes"
	"testing"
)

// benchInputs are the bridge inputs the shim writes for the calls of
// `make bench` (js/bench/calls.js), in that order.
var benchInputs = []struct{ name, in string }{
	{"GET path and query", `e[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}]`},
	{"GET two-level defaults", `e[{"method":"GET","baseUrl":"https://ghe.example.com/api/v3","headers":{"accept":"application/vnd.github.v3+json","user-agent":"endpoint-wasm/0.1.0","authorization":"token 0000000000","x-github-api-version":"2022-11-28"},"mediaType":{"format":"","previews":[]},"per_page":100},"GET /orgs/{org}/repos",{"org":"octokit","type":"public"}]`},
	{"POST JSON body", `e[0,"POST /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","title":"Found a bug","body":"Details","labels":["bug"]}]`},
	{"PUT no body", `e[0,"PUT /user/starred/{owner}/{repo}",{"owner":"octokit","repo":"rest.js"}]`},
	{"GET mediaType format", `e[0,"GET /repos/{owner}/{repo}/pulls/{pull_number}",{"owner":"octokit","repo":"rest.js","pull_number":1,"mediaType":{"format":"diff"}}]`},
	{"POST upload {?name,label}", `e[0,"POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",{"owner":"octokit","repo":"rest.js","release_id":1,"name":"example.zip","label":"Example","data":#40,"headers":{"content-type":"application/zip"}}]`},
	{"twenty parameters", `e[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","param0":"value 0","param1":"value 1","param2":"value 2","param3":"value 3","param4":"value 4","param5":"value 5","param6":"value 6","param7":"value 7","param8":"value 8","param9":"value 9","param10":"value 10","param11":"value 11","param12":"value 12","param13":"value 13","param14":"value 14","param15":"value 15","param16":"value 16","param17":"value 17"}]`},
	{"merge", `m[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","state":"open"}]`},
	{"parse", `p[0,null,{"method":"GET","baseUrl":"https://api.github.com","headers":{"accept":"application/vnd.github.v3+json","user-agent":"endpoint-wasm/0.1.0"},"mediaType":{"format":"","previews":[]},"url":"/repos/{owner}/{repo}/issues","owner":"octokit","repo":"rest.js","state":"open"}]`},
}

// BenchmarkBridge measures one call as the shim makes it, for each call of
// the JS benchmark set: decode the input bytes, run the engine, encode the
// output. All of them take the allocation-free fast path.
func BenchmarkBridge(b *testing.B) {
	for _, c := range benchInputs {
		b.Run(c.name, func(b *testing.B) {
			in := []byte(c.in)
			var out []byte
			b.ReportAllocs()
			for b.Loop() {
				out = bridge(in, out)
			}
			if out[0] != statusOK {
				b.Fatalf("%s: %s", c.name, out)
			}
		})
	}
}

// BenchmarkMergeParse measures op "b": merge() and parse() of its result in
// one call, as the shim makes it for parse(merge(...)).
func BenchmarkMergeParse(b *testing.B) {
	in := []byte(`b[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","state":"open"}]`)
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		out = bridge(in, out)
	}
	if out[0] != statusOK || !bytes.Contains(out, []byte("\r")) {
		b.Fatalf("%s", out)
	}
}
