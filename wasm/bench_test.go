package main

import "testing"

// BenchmarkBridge measures one call as the shim makes it: decode the input
// bytes, run the engine, encode the output.
func BenchmarkBridge(b *testing.B) {
	in := []byte(`E[0,"GET /repos/{owner}/{repo}/issues",{"owner":"octokit","repo":"rest.js","state":"open","per_page":100}]`)
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		out = bridge(in, out)
	}
}
