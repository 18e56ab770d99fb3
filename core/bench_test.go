package core

import "testing"

// Representative calls (the JS benchmark set's among them). Run with
// go test -run XXX -bench . -benchmem ./core/
func BenchmarkEndpoint(b *testing.B) {
	twoLevels, _ := New().Defaults(O("baseUrl", "https://ghe.example/api/v3", "headers", O("authorization", "token x")))
	twoLevels, _ = twoLevels.Defaults(O("per_page", 100, "headers", O("x-github-api-version", "2022-11-28")))
	params20 := O("owner", "octokit", "repo", "rest.js")
	for _, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r"} {
		params20.Set(k, From("value "+k))
	}
	cases := []struct {
		name  string
		b     *Builder
		route string
		opts  *Obj
	}{
		{"GET path and query", New(), "GET /repos/{owner}/{repo}/issues", O("owner", "octokit", "repo", "rest.js", "state", "open", "per_page", 100)},
		{"GET two-level defaults", twoLevels, "GET /orgs/{org}/repos", O("org", "octokit", "type", "public")},
		{"POST JSON body", New(), "POST /repos/{owner}/{repo}/issues", O("owner", "octokit", "repo", "rest.js", "title", "Found a bug", "labels", []string{"bug"})},
		{"PUT no body", New(), "PUT /user/starred/{owner}/{repo}", O("owner", "octokit", "repo", "rest.js")},
		{"GET mediaType format", New(), "GET /repos/{owner}/{repo}/pulls/{pull_number}", O("owner", "octokit", "repo", "rest.js", "pull_number", 1, "mediaType", O("format", "diff"))},
		{"POST upload with data", New(), "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
			O("owner", "octokit", "repo", "rest.js", "release_id", 1, "name", "a.zip", "label", "A", "data", []byte("x"), "headers", O("content-type", "application/zip"))},
		{"GET twenty parameters", New(), "GET /repos/{owner}/{repo}/issues", params20},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.b.Endpoint(c.route, c.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("merge then parse", func(b *testing.B) {
		b.ReportAllocs()
		opts := O("owner", "octokit", "repo", "rest.js", "state", "open")
		for b.Loop() {
			m, err := New().Merge("GET /repos/{owner}/{repo}/issues", opts)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := New().Parse(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}
