//go:build !js

// The examples send to an httptest server. Under GOOS=js, net/http's client
// sends through the browser's fetch, which cannot reach a listener inside
// the Go program, so they run natively only.

package rest_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/core/rest"
)

// server answers each request with what it received: the method, path and
// query, the headers named, and the body.
func server(headers ...string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, r.Method, r.URL.RequestURI())
		for _, h := range headers {
			fmt.Fprintf(w, "%s: %s\n", h, r.Header.Get(h))
		}
		if r.ContentLength > 0 {
			fmt.Fprintln(w, "Content-Length:", r.ContentLength)
		}
		if b, _ := io.ReadAll(r.Body); len(b) > 0 {
			fmt.Fprintf(w, "%s\n", b)
		}
	}))
}

// send sends req and prints the server's answer.
func send(req *http.Request) {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	fmt.Print(string(b))
}

// A GET: the parameters the url does not use form the query string. A
// time.Time is sent as encoding/json writes it, RFC 3339.
func Example() {
	srv := server("Accept")
	defer srv.Close()

	req, err := rest.NewRequest(context.Background(), "GET /repos/{owner}/{repo}/issues", rest.Params{
		"baseUrl": srv.URL, // GitHub's API, https://api.github.com, unless given
		"owner":   "octokit",
		"repo":    "rest.js",
		"labels":  []string{"bug", "help wanted"},
		"since":   time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC),
	})
	if err != nil {
		panic(err)
	}
	send(req)
	// Output:
	// GET /repos/octokit/rest.js/issues?labels=bug%2Chelp%20wanted&since=2024-01-02T03%3A04%3A05Z
	// Accept: application/vnd.github.v3+json
}

// IssueUpdate is the body of a PATCH to an issue. Fields left out by
// omitempty are not sent.
type IssueUpdate struct {
	Title     string   `json:"title,omitempty"`
	State     string   `json:"state,omitempty"`
	Labels    []string `json:"labels,omitempty"`
	Milestone *int     `json:"milestone,omitempty"`
}

// A PATCH whose JSON body is a struct, given as data: the body as
// encoding/json writes it, with the JSON content-type.
func ExampleNewRequest_patch() {
	srv := server("Content-Type")
	defer srv.Close()

	req, err := rest.NewRequest(context.Background(), "PATCH /repos/{owner}/{repo}/issues/{issue_number}", rest.Params{
		"baseUrl":      srv.URL,
		"owner":        "octokit",
		"repo":         "rest.js",
		"issue_number": 1,
		"data":         IssueUpdate{State: "closed", Labels: []string{"fixed"}},
	})
	if err != nil {
		panic(err)
	}
	send(req)
	// Output:
	// PATCH /repos/octokit/rest.js/issues/1
	// Content-Type: application/json; charset=utf-8
	// Content-Length: 37
	// {"state":"closed","labels":["fixed"]}
}

// Parameters may be a struct: its fields, by their json tags, fill the url
// and form the JSON body.
func ExampleNewRequest_struct() {
	srv := server()
	defer srv.Close()

	type createIssue struct {
		BaseURL string   `json:"baseUrl"`
		Owner   string   `json:"owner"`
		Repo    string   `json:"repo"`
		Title   string   `json:"title"`
		Labels  []string `json:"labels,omitempty"`
	}
	req, err := rest.NewRequest(context.Background(), "POST /repos/{owner}/{repo}/issues", createIssue{
		BaseURL: srv.URL, Owner: "octokit", Repo: "rest.js", Title: "Found a bug",
	})
	if err != nil {
		panic(err)
	}
	send(req)
	// Output:
	// POST /repos/octokit/rest.js/issues
	// Content-Length: 23
	// {"title":"Found a bug"}
}

// An upload: the query declared in the url template, the bytes as data,
// sent as they are, with the content-type the caller gives.
func ExampleNewRequest_upload() {
	srv := server("Content-Type")
	defer srv.Close()

	req, err := rest.NewRequest(context.Background(), "POST {+origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", rest.Params{
		"origin":     srv.URL, // https://uploads.github.com for GitHub
		"owner":      "octokit",
		"repo":       "rest.js",
		"release_id": 1,
		"name":       "hello.txt",
		"label":      "A greeting",
		"headers":    rest.Params{"content-type": "text/plain"},
		"data":       []byte("Hello, world!\n"),
	})
	if err != nil {
		panic(err)
	}
	send(req)
	// Output:
	// POST /repos/octokit/rest.js/releases/1/assets?name=hello.txt&label=A%20greeting
	// Content-Type: text/plain
	// Content-Length: 14
	// Hello, world!
}

// Defaults for every request of a client: a GitHub Enterprise Server's
// baseUrl and a token.
func ExampleDefaults() {
	srv := server("Authorization")
	defer srv.Close()

	ghe, err := rest.Defaults(rest.Params{
		"baseUrl": srv.URL + "/api/v3", // https://HOST/api/v3 for a GitHub Enterprise Server
		"headers": rest.Params{"authorization": "token 0000000000000000000000000000000000000001"},
	})
	if err != nil {
		panic(err)
	}
	req, err := ghe.NewRequest(context.Background(), "GET /orgs/{org}/repos", rest.Params{"org": "acme", "type": "private"})
	if err != nil {
		panic(err)
	}
	send(req)
	// Output:
	// GET /api/v3/orgs/acme/repos?type=private
	// Authorization: token 0000000000000000000000000000000000000001
}

// Errors are *core.Error values: match their kind with errors.Is, or read
// the code and the field with errors.As. A value encoding/json cannot
// write is refused, never sent as null, and the error wraps encoding/json's.
func ExampleNewRequest_error() {
	_, err := rest.NewRequest(context.Background(), "POST /repos/{owner}/{repo}/hooks", rest.Params{
		"owner":  "octokit",
		"repo":   "rest.js",
		"events": []any{"push", func() {}},
	})
	fmt.Println(errors.Is(err, core.ErrInvalidParameter))
	var e *core.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Field)
	}
	var unsupported *json.UnsupportedTypeError
	if errors.As(err, &unsupported) {
		fmt.Println(unsupported.Type)
	}

	_, err = rest.NewRequest(context.Background(), "GET /repos/{owner}/{repo}/issues", rest.Params{
		"owner": "octokit", "repo": "rest.js",
		"filter": struct{ State string }{"open"},
	})
	fmt.Println(err)
	// Output:
	// true
	// ERR_INVALID_PARAMETER events
	// func()
	// endpoint: filter: an object has no query-string encoding (filter is a struct { State string })
}

// Request options that core built, as an *http.Request.
func ExampleHTTPRequest() {
	srv := server()
	defer srv.Close()

	r, err := core.New().Endpoint("DELETE /repos/{owner}/{repo}/labels/{name}", core.O(
		"baseUrl", srv.URL, "owner", "octokit", "repo", "rest.js", "name", "help wanted",
	))
	if err != nil {
		panic(err)
	}
	req, err := rest.HTTPRequest(context.Background(), r)
	if err != nil {
		panic(err)
	}
	fmt.Println(strings.ToLower(req.Method) == r.Method)
	send(req)
	// Output:
	// true
	// DELETE /repos/octokit/rest.js/labels/help%20wanted
}
