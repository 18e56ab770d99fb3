// Package engine is the engine of endpoint-wasm: it combines a route such as
// "GET /repos/{owner}/{repo}/issues", default options and parameters into
// request options (method, url, headers, body) that any HTTP client can
// send, as the npm package @octokit/endpoint does. It sends nothing itself.
// Go programs use it through package core, its face; the JavaScript bridge
// (core/bridge) uses it directly, with what bridge.go adds.
//
// The specification's rules and the rules cited as D1..D37 are restated
// in docs/behaviour.md (the specification's as "spec rule N"). This file is the
// surface, a table of contents:
//
//   - Endpoint, Merge, Parse, Defaults, DEFAULTS: the operations, over the
//     global defaults (D1) or a Builder's.
//   - Builder: defaults of its own, layered with Defaults (spec rule 1).
//   - Value, Obj, O, From (value.go, object.go, from.go): the options model.
//   - Error and its codes (errors.go).
//   - Session, Loader, handles and unloaded values (bridge.go): the bridge's.
//
// One implementation serves every caller: merge.go layers defaults, route
// and options; parse.go turns merged options into a Request; template.go
// compiles urls (github.com/jtacoma/uritemplates parses them, decides
// whether they are valid and names their variables) and expands them (RFC
// 6570) with the engine's own expander, which FuzzTemplate holds to the
// library's where the library expands right; query.go, headers.go,
// mediatype.go and route.go hold the rules they apply.
package engine

// Request is the result of Endpoint and Parse: request options.
type Request struct {
	Method  string // lower case: "get", "post"... (D3)
	URL     string // absolute, placeholders expanded, query appended for GET/HEAD
	Headers *Obj   // lower-case names; values are String, Number, BigInt or Bool
	Body    Value  // Undefined when there is no body (always so for GET/HEAD)
	Request Value  // the caller's request option; Undefined when unset (D27)
}

// Builder builds request options over a set of defaults. The zero value,
// and a nil *Builder, build over the global defaults (D1), as New's does.
// A Builder is immutable and safe for concurrent use.
type Builder struct {
	defaults *Obj
}

// newBuilder returns the Builder of defaults.
func newBuilder(defaults *Obj) *Builder {
	b := new(Builder)
	b.set(defaults)
	return b
}

// set makes defaults b's.
func (b *Builder) set(defaults *Obj) {
	b.defaults = defaults
}

// defaultBaseURL is the global defaults' baseUrl (D1).
const defaultBaseURL = "https://api.github.com"

// base is the Builder with the global defaults (D1).
var base = newBuilder(globalDefaults())

// globalDefaults returns DEFAULTS of D1. It is built without O(...), so that
// a program that never calls O or From (the wasm module) does not link them,
// nor the sort From uses.
func globalDefaults() *Obj {
	headers := NewObj(2)
	headers.Append("accept", Str("application/vnd.github.v3+json"))
	headers.Append("user-agent", Str(UserAgent))
	mediaType := NewObj(2)
	mediaType.Append("format", Str(""))
	mediaType.Append("previews", List())
	d := NewObj(4)
	d.Append("method", Str("GET"))
	d.Append("baseUrl", Str(defaultBaseURL))
	d.Append("headers", ObjValue(headers))
	d.Append("mediaType", ObjValue(mediaType))
	return d
}

// UserAgent is the default user-agent header: "endpoint-wasm/<version>" (D1).
const UserAgent = "endpoint-wasm/" + Version

// New returns the Builder with the global defaults.
func New() *Builder { return base }

// Endpoint builds request options from a route ("METHOD url", "url", or ""
// when options holds the url) and options, over the global defaults. It is
// Parse(Merge(route, options)) (spec rule 6).
func Endpoint(route string, options *Obj) (*Request, error) { return base.Endpoint(route, options) }

// Merge layers route and options over the global defaults without parsing.
func Merge(route string, options *Obj) (*Obj, error) { return base.Merge(route, options) }

// Parse turns merged options (as Merge returns) into request options.
func Parse(merged *Obj) (*Request, error) { return new(session).Parse(merged) }

// Defaults returns a Builder whose defaults are the global ones with
// options layered over them.
func Defaults(options *Obj) (*Builder, error) { return base.Defaults(options) }

// DEFAULTS returns a copy of the global defaults (D1, D2).
func DEFAULTS() *Obj { return base.DEFAULTS() }

// orBase returns b, or the Builder of the global defaults for the zero or
// nil Builder.
func (b *Builder) orBase() *Builder {
	if b == nil || b.defaults == nil {
		return base
	}
	return b
}

// Endpoint builds request options from route and options over b's defaults.
func (b *Builder) Endpoint(route string, options *Obj) (*Request, error) {
	b = b.orBase()
	for _, e := range b.defaults.ents {
		if k := e.v.kind(); (k == Object || k == Array) && !isReservedKey(e.k) {
			// A JSON body would hand this parameter out (D18).
			return new(session).Endpoint(b.detached(), route, options)
		}
	}
	return new(session).Endpoint(b, route, options)
}

// detached returns a Builder over a copy of b's defaults, for a result the
// caller may change without changing b's (D2).
func (b *Builder) detached() *Builder {
	return &Builder{defaults: b.defaults.deepClone(1)}
}

// Merge layers route and options over b's defaults. It does not need a url
// (D7) and keeps the method as written (D3). It merges over a copy of b's
// defaults, so that changing the result changes nothing of b's (D2), while
// the values of options stay the caller's own (D21, D27).
func (b *Builder) Merge(route string, options *Obj) (*Obj, error) {
	return new(session).Merge(b.orBase().detached(), route, options)
}

// Parse turns merged options into request options; it ignores b's defaults,
// as merged options carry them already.
func (b *Builder) Parse(merged *Obj) (*Request, error) { return Parse(merged) }

// Defaults returns a new Builder with options layered over b's defaults
// (spec rule 1). b is not changed (D2).
func (b *Builder) Defaults(options *Obj) (*Builder, error) {
	return new(session).Defaults(b, options)
}

// DEFAULTS returns a deep copy of b's defaults: changing it changes nothing
// (D2, spec rule 2).
func (b *Builder) DEFAULTS() *Obj { return b.orBase().defaults.deepClone(1) }

// BodyBytes returns the body as bytes to send: JSON text for a body the
// engine built (or a value passed as data), the bytes themselves for a
// string or []byte, and nil when there is no body or it is a stream. A Go
// value that From leaves opaque (a struct, a time.Time, a []byte inside
// the body) is written as encoding/json writes it. What JSON cannot hold
// (a channel, a function, NaN, a stream inside the body, a cycle, a value
// nested past MaxDepth) is an *Error naming the member of the body it is
// in ("body.issue"), which wraps encoding/json's error when encoding/json
// refused it: nothing is sent as null in its place (D28, D29). A WebAssembly build does not link encoding/json, whose size the
// module would carry, and refuses a Go value From left opaque; package
// core/rest converts it in every build.
func (r *Request) BodyBytes() ([]byte, error) {
	switch r.Body.kind() {
	case Undefined:
		return nil, nil
	case String:
		return []byte(r.Body.text()), nil
	case Opaque:
		if b, ok := r.Body.refOf().([]byte); ok {
			return b, nil
		}
		if r.Body.class() == ClassStream {
			return nil, nil
		}
	}
	e := encoder{strict: true}
	b := e.value(nil, r.Body)
	if e.err != nil {
		return nil, e.err
	}
	return b, nil
}

// AppendJSON appends r as the JSON object {method, url, headers, body?,
// request?}, keys in that order, as the reference returns them. Opaque
// values (a Blob body, functions in request) are written as null.
func (r *Request) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"method":`...)
	dst = appendJSONString(dst, r.Method)
	dst = append(dst, `,"url":`...)
	dst = appendJSONString(dst, r.URL)
	dst = append(dst, `,"headers":`...)
	dst = AppendJSON(dst, ObjValue(r.Headers))
	if r.Body.kind() != Undefined {
		dst = append(dst, `,"body":`...)
		dst = AppendJSON(dst, r.Body)
	}
	if r.Request.kind() != Undefined {
		dst = append(dst, `,"request":`...)
		dst = AppendJSON(dst, r.Request)
	}
	return append(dst, '}')
}
