package engine

import "testing"

// BenchmarkEncodeURIComponent: a search q of 1,000 characters, with the
// spaces and colons of a real query, as the engine encodes it (D16, D17).
func BenchmarkEncodeURIComponent(b *testing.B) {
	q := ""
	for len(q) < 1000 {
		q += "tetris language:assembly "
	}
	q = q[:1000]
	dst := make([]byte, 0, 4096)
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		dst, _ = appendEncodeURIComponent(dst[:0], q, true)
	}
}

// BenchmarkTemplateCacheHit: finding a route's compiled template, as every
// call with a url that has expressions does (core/internal/engine/cache.go).
func BenchmarkTemplateCacheHit(b *testing.B) {
	urls := []string{"/repos/{owner}/{repo}/issues/{issue_number}/comments", "/orgs/{org}/actions/runners/{runner_id}/labels", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}"}
	for _, u := range urls {
		if _, err := compileTemplate(u); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		compileTemplate(urls[i%len(urls)])
		i++
	}
}
