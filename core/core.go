// Package core combines a route such as "GET /repos/{owner}/{repo}/issues",
// default options and parameters into request options (method, url,
// headers, body) that any HTTP client can send, as the npm package
// @octokit/endpoint does. It sends nothing itself; package core/rest makes
// an *http.Request.
//
// Every operation is a method of Builder, which holds a set of defaults:
// New returns the Builder of the global defaults (D1), as the zero Builder
// is, and Defaults layers options over a Builder's (spec rule 1). Options
// are an *Obj of Values, built with O and From. Every error is an *Error.
// What a method returns never changes after it is returned.
//
// The rules cited as D1..D37 and "spec rule N" are in docs/behaviour.md.
package core

import "github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"

// Version is the released version of endpoint-wasm, whose one source is
// package.json (D1): the module's global object gives it as version.
const Version = engine.Version

// UserAgent is the default user-agent header: "endpoint-wasm/<version>" (D1).
const UserAgent = engine.UserAgent

// Request is request options, the result of Endpoint and Parse.
type Request struct {
	Method  string // lower case: "get", "post"... (D3)
	URL     string // absolute, placeholders expanded, query appended for GET/HEAD
	Headers *Obj   // lower-case names; values are String, Number, BigInt or Bool
	Body    Value  // Undefined when there is no body (always so for GET/HEAD)
	Request Value  // the caller's request option; Undefined when unset (D27)
}

// BodyBytes returns the body as bytes to send: JSON text for a body the
// engine built (or a value passed as data), the bytes themselves for a
// string or []byte, and nil when there is no body or it is an io.Reader. A
// Go value that From leaves opaque (a struct, a time.Time, a []byte inside
// the body) is written as encoding/json writes it. What JSON cannot hold
// (a channel, a function, NaN, a stream inside the body, a cycle, a value
// nested past MaxDepth) is an *Error naming the member of the body it is
// in ("body.issue"), which wraps encoding/json's error when encoding/json
// refused it: nothing is sent as null in its place (D28, D29). A WebAssembly build does not link encoding/json, whose size the
// module would carry, and refuses a Go value From left opaque; package
// core/rest converts it in every build.
func (r *Request) BodyBytes() ([]byte, error) {
	b, err := r.engine().BodyBytes()
	return b, errorOf(err)
}

// MarshalJSON writes r as the JSON object {method, url, headers, body?,
// request?}, keys in that order, as @octokit/endpoint returns it. Unlike
// BodyBytes it never fails: an opaque value (an io.Reader body, a
// context in request) is written as null, as JSON.stringify writes a
// function.
func (r *Request) MarshalJSON() ([]byte, error) { return r.engine().AppendJSON(nil), nil }

// engine returns r as the engine's Request.
func (r *Request) engine() *engine.Request {
	return &engine.Request{Method: r.Method, URL: r.URL, Headers: r.Headers.engine(), Body: engine.Value(r.Body), Request: engine.Value(r.Request)}
}

// requestOf returns the engine's result r as a Request, and its error as
// an *Error.
func requestOf(r *engine.Request, err error) (*Request, error) {
	if err != nil {
		return nil, errorOf(err)
	}
	return &Request{Method: r.Method, URL: r.URL, Headers: (*Obj)(r.Headers), Body: Value(r.Body), Request: Value(r.Request)}, nil
}

// Builder builds request options over a set of defaults. The zero value,
// and a nil *Builder, build over the global defaults (D1), as New's does.
// A Builder is immutable and safe for concurrent use.
type Builder engine.Builder

// New returns the Builder of the global defaults (D1).
func New() *Builder { return (*Builder)(engine.New()) }

// Endpoint builds request options from a route ("METHOD url", "url", or ""
// when options holds the url) and options over b's defaults. It is
// b.Parse(b.Merge(route, options)) (spec rule 6).
func (b *Builder) Endpoint(route string, options *Obj) (*Request, error) {
	return requestOf(b.engine().Endpoint(route, options.engine()))
}

// Merge layers route and options over b's defaults without parsing: it
// needs no url (D7) and keeps the method as written (D3). Changing the
// result changes nothing of b's (D2), while the values of options stay
// the caller's own (D21, D27).
func (b *Builder) Merge(route string, options *Obj) (*Obj, error) {
	m, err := b.engine().Merge(route, options.engine())
	return (*Obj)(m), errorOf(err)
}

// Parse turns merged options, as Merge returns them, into request options.
// It reads merged alone: they carry b's defaults already.
func (b *Builder) Parse(merged *Obj) (*Request, error) {
	return requestOf(engine.Parse(merged.engine()))
}

// Defaults returns a new Builder with options layered over b's defaults
// (spec rule 1). b is not changed (D2).
func (b *Builder) Defaults(options *Obj) (*Builder, error) {
	d, err := b.engine().Defaults(options.engine())
	return (*Builder)(d), errorOf(err)
}

// DEFAULTS returns a deep copy of b's defaults: changing it changes nothing
// (D2, spec rule 2).
func (b *Builder) DEFAULTS() *Obj { return (*Obj)(b.engine().DEFAULTS()) }

// engine returns b as the engine's Builder (nil for nil: the global defaults).
func (b *Builder) engine() *engine.Builder { return (*engine.Builder)(b) }
