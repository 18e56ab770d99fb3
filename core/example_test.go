package core_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// Build request options for a route and send them with net/http.
func Example() {
	r, err := core.New().Endpoint("GET /repos/{owner}/{repo}/issues", core.O(
		"owner", "octokit",
		"repo", "rest.js",
		"state", "open",
		"labels", []string{"bug", "help wanted"},
	))
	if err != nil {
		panic(err)
	}
	req, _ := http.NewRequest(strings.ToUpper(r.Method), r.URL, nil)
	for name, value := range r.Headers.All() {
		req.Header.Set(name, value.Text())
	}
	fmt.Println(req.Method, req.URL)
	fmt.Println(req.Header.Get("Accept"))
	// Output:
	// GET https://api.github.com/repos/octokit/rest.js/issues?state=open&labels=bug%2Chelp%20wanted
	// application/vnd.github.v3+json
}

// A POST gets the parameters the url does not use as a JSON body.
func ExampleBuilder_Endpoint_post() {
	r, _ := core.New().Endpoint("POST /repos/{owner}/{repo}/issues", core.O(
		"owner", "octokit",
		"repo", "rest.js",
		"title", "Found a bug",
		"labels", []string{"bug"},
	))
	body, _ := r.BodyBytes()
	req, _ := http.NewRequest(strings.ToUpper(r.Method), r.URL, bytes.NewReader(body))
	ct, _ := r.Headers.Get("content-type")
	fmt.Println(req.Method, req.URL)
	fmt.Println(ct.Text())
	fmt.Println(string(body))
	// Output:
	// POST https://api.github.com/repos/octokit/rest.js/issues
	// application/json; charset=utf-8
	// {"title":"Found a bug","labels":["bug"]}
}

// A body field named url (a webhook's configuration) goes in data with the
// body's other fields: as a parameter it is the url option, which may not
// move the request to another origin (D31).
func ExampleBuilder_Endpoint_bodyFieldNamedURL() {
	route := "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config"
	_, err := core.New().Endpoint(route, core.O("owner", "o", "repo", "r", "hook_id", 1, "url", "https://hooks.example.com/receive"))
	fmt.Println(errors.Is(err, core.ErrInvalidArgument))
	r, _ := core.New().Endpoint(route, core.O("owner", "o", "repo", "r", "hook_id", 1,
		"data", core.O("url", "https://hooks.example.com/receive", "content_type", "json")))
	fmt.Println(r.Method, r.URL)
	body, _ := r.BodyBytes()
	fmt.Println(string(body))
	// Output:
	// true
	// patch https://api.github.com/repos/o/r/hooks/1/config
	// {"url":"https://hooks.example.com/receive","content_type":"json"}
}

// A path segment in the middle of the url needs its parameter (D34): the
// error lists the parameters given, so a misspelt key shows.
func ExampleBuilder_Endpoint_missingParameter() {
	_, err := core.New().Endpoint("GET /repos/{owner}/{repo}/issues", core.O("owner", "o", "reop", "r"))
	fmt.Println(errors.Is(err, core.ErrMissingParameter))
	fmt.Println(err)
	// Output:
	// true
	// endpoint: repo: no value for {repo}, a whole segment in the middle of the url "/repos/{owner}/{repo}/issues"; the parameters given are owner, reop
}

// Defaults layer: a GitHub Enterprise server with a token and a page size.
func ExampleBuilder_Defaults() {
	ghe, _ := core.New().Defaults(core.O(
		"baseUrl", "https://github.acme-inc.com/api/v3",
		"headers", core.O("authorization", "token 0000000000000000000000000000000000000001"),
		"per_page", 100,
	))
	r, _ := ghe.Endpoint("GET /orgs/{org}/repos", core.O("org", "acme", "type", "private"))
	fmt.Println(r.URL)
	auth, _ := r.Headers.Get("authorization")
	fmt.Println(auth.Text())
	// Output:
	// https://github.acme-inc.com/api/v3/orgs/acme/repos?per_page=100&type=private
	// token 0000000000000000000000000000000000000001
}

// Upload a release asset: query parameters from the url template, the body
// from data.
func ExampleBuilder_Endpoint_upload() {
	r, _ := core.New().Endpoint("POST {+origin}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", core.O(
		"origin", "https://uploads.github.com",
		"owner", "octokit", "repo", "rest.js", "id", 1,
		"name", "example.zip", "label", "An example",
		"headers", core.O("content-type", "application/zip", "content-length", 14),
		"data", []byte("Hello, world!\n"),
	))
	fmt.Println(r.Method, r.URL)
	// Output:
	// post https://uploads.github.com/repos/octokit/rest.js/releases/1/assets?name=example.zip&label=An%20example
}

// Errors are typed: match them with errors.Is, or read the code, the field
// and the rule of docs/behaviour.md the input broke.
func ExampleError() {
	_, err := core.New().Endpoint("TRACE /user", nil)
	var e *core.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Field, e.Rule)
	}
	fmt.Println(err)
	// Output:
	// ERR_UNSUPPORTED_METHOD route D4
	// endpoint: route: unsupported method "TRACE" in "TRACE /user"
}
