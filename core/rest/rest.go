// Package rest builds net/http requests for GitHub's REST API from a route
// and parameters:
//
//	req, err := rest.NewRequest(ctx, "PATCH /repos/{owner}/{repo}/issues/{issue_number}", rest.Params{
//		"owner": "octokit", "repo": "rest.js", "issue_number": 1,
//		"title": "Found a bug", "labels": []string{"bug"},
//	})
//	if err != nil {
//		return err // a *core.Error: match it with errors.Is(err, core.ErrInvalidParameter)...
//	}
//	resp, err := http.DefaultClient.Do(req)
//
// The request has the method in upper case, the url with the route's
// placeholders filled, the headers (accept, user-agent, content-type and
// the caller's), the body, and the context. The engine, through package core, does
// the work, with the rules of docs/behaviour.md; this package converts Go
// values for it and its result into an *http.Request, and decides nothing
// else. It sends nothing: the caller's http.Client does.
//
// # Parameters
//
// params holds the options of Endpoint (core.Builder's): the parameters, and the
// options method, url, baseUrl, headers, mediaType, data and request. It is
// a Params (or any map with string keys), a struct whose fields, by their
// json tags, are the options, a *core.Obj, or nil. A parameter named in the
// url fills its placeholder; on GET and HEAD the others form the query
// string; on POST, PUT, PATCH and DELETE they form a JSON body.
//
// Any value encoding/json can write is a parameter value: encoding/json
// writes it, and the engine reads what it wrote. Structs go by their json
// tags (omitempty and "-" included), and so do the fields of a struct
// given as params, which are the options; pointers, maps, slices,
// json.Marshaler and encoding.TextMarshaler values (a time.Time is its
// RFC 3339 text, as GitHub's "since" parameters want), []byte as base64
// (as GitHub's file contents want). A value is then placed as its JSON
// would be: a struct is an object, so it is an error in a query string
// and an object in a body. A nil pointer is null, which a query writes as
// "null": tag optional fields omitempty.
//
// data is the body, instead of the parameters: sent as it is when it is a
// string, a []byte or an io.Reader (a *bytes.Buffer, say), and as JSON
// when it is anything else. The content-type is JSON unless headers set
// one; for a []byte or an io.Reader it is left to the caller, as for an
// upload. headers may be an http.Header. request, the caller's options for
// its HTTP client in JavaScript, has no place in an *http.Request: the
// context and the http.Client do its work, and it is not used.
//
// # Errors
//
// Every error is a *core.Error, with a Code that errors.Is matches against
// core's sentinels (core.ErrInvalidParameter, core.ErrMissingURL...), and a
// message that names the option at fault:
//
//	endpoint: labels: json: unsupported type: func()
//
// What encoding/json cannot write (channels, functions, complex numbers,
// NaN, maps with other keys, a failing MarshalJSON) is an error, never
// dropped or sent as null, that wraps encoding/json's own error
// (errors.As finds a *json.UnsupportedTypeError, a *json.MarshalerError...);
// its message is encoding/json's, with any credential in it redacted. A
// value nested deeper than 256 levels, or holding itself, is refused
// before encoding/json sees it.
package rest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/endpoint-wasm/endpoint-wasm/core"
	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// Params is the options of a request as a map, for a literal at the call
// site. A map has no order, so a query string and a JSON body have its keys
// sorted (integer-like keys first, as in every object of the engine); a
// struct keeps its fields' order.
type Params map[string]any

// NewRequest returns the request for route and params, over the global
// defaults (api.github.com, and the accept and user-agent headers).
//
// route is "METHOD url", such as "GET /repos/{owner}/{repo}/issues", or a
// url alone for a GET; or "" when params holds the url. ctx is the
// request's context, which cancels it; it must not be nil.
func NewRequest(ctx context.Context, route string, params any) (*http.Request, error) {
	var b Builder
	return b.NewRequest(ctx, route, params)
}

// Defaults returns a Builder whose requests have params laid over the
// global defaults: a baseUrl (GitHub Enterprise Server's is
// "https://HOST/api/v3"), headers such as authorization, or any parameter.
func Defaults(params any) (*Builder, error) {
	var b Builder
	return b.Defaults(params)
}

// Options converts params as NewRequest does, into the options that
// core's Endpoint, Merge and Defaults take, for a caller that uses core
// directly.
func Options(params any) (*core.Obj, error) {
	o, err := options(params)
	return (*core.Obj)(o), err
}

// Builder builds requests over a set of defaults: the token and baseUrl of
// a client, for example. The zero Builder has the global defaults. A
// Builder is immutable and safe for concurrent use.
type Builder struct {
	b *core.Builder // nil: the global defaults
}

// core returns b's core.Builder.
func (b *Builder) core() *core.Builder {
	if b == nil || b.b == nil {
		return core.New()
	}
	return b.b
}

// Core returns the core.Builder b is made of, for its DEFAULTS, Merge or
// Parse.
func (b *Builder) Core() *core.Builder { return b.core() }

// Defaults returns a new Builder with params laid over b's defaults; b is
// not changed. Headers and objects merge key by key; anything else is
// replaced.
func (b *Builder) Defaults(params any) (*Builder, error) {
	options, err := options(params)
	if err != nil {
		return nil, err
	}
	nb, err := b.core().Defaults((*core.Obj)(options))
	if err != nil {
		return nil, err
	}
	return &Builder{nb}, nil
}

// NewRequest returns the request for route and params over b's defaults,
// as the package-level NewRequest does over the global ones.
func (b *Builder) NewRequest(ctx context.Context, route string, params any) (*http.Request, error) {
	if ctx == nil {
		return nil, nilContext()
	}
	options, err := options(params)
	if err != nil {
		return nil, err
	}
	r, err := b.core().Endpoint(route, (*core.Obj)(options))
	if err != nil {
		return nil, describe(err, params)
	}
	return HTTPRequest(ctx, r)
}

// HTTPRequest returns request options that core built (core.Builder's Endpoint,
// or Parse) as an *http.Request with context ctx: the method upper-cased,
// every header set, and the body as net/http takes it. For a body in
// memory (a string, bytes, or JSON) net/http sets ContentLength and
// GetBody, so that a redirect or a retry can send it again. For an
// io.Reader given as data, a content-length header sets ContentLength:
// without one net/http sends the stream chunked, which upload servers
// refuse. A host header sets the request's Host, which net/http sends in
// its place.
//
// A Go value core.From left opaque in the body is written as encoding/json
// writes it, in every build (core.Request.BodyBytes refuses it in a
// WebAssembly build), or is an error naming it.
func HTTPRequest(ctx context.Context, r *core.Request) (*http.Request, error) {
	if ctx == nil {
		return nil, nilContext()
	}
	if r == nil {
		return nil, newError(engine.CodeInvalidArgument, "D28", "r", "r: nil: pass the request options a core.Builder's Endpoint or Parse returned")
	}
	body, err := httpBody(r)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, strings.ToUpper(r.Method), r.URL, body)
	if err != nil {
		// The reason alone is given, and redacted: the url may hold a
		// credential, which the reason may quote (D23).
		var ue *url.Error
		if errors.As(err, &ue) {
			return nil, newError(engine.CodeInvalidArgument, "D28", "url", "url: net/http cannot send to it: "+engine.Redact(ue.Err.Error()))
		}
		return nil, newError(engine.CodeUnsupportedMethod, "D4", "method", "method: net/http cannot send it: "+engine.Redact(err.Error()))
	}
	for name, v := range r.Headers.All() {
		value := v.Text()
		if !sendable(value) || strings.EqualFold(name, "host") && !validHost(value) {
			return nil, newError(engine.CodeInvalidHeader, "D22", "headers."+name, "headers."+name+": net/http cannot send this value")
		}
		req.Header.Set(name, value)
	}
	// net/http takes these two from fields of the request, not from its
	// headers, which it would leave unsent.
	if host := req.Header.Get("Host"); host != "" {
		req.Host = host
		req.Header.Del("Host")
	}
	if cl := req.Header.Get("Content-Length"); cl != "" {
		req.Header.Del("Content-Length")
		if stream(req) {
			n, err := strconv.ParseInt(cl, 10, 64)
			if err != nil || n < 0 {
				return nil, newError(engine.CodeInvalidHeader, "D22", "headers.content-length", "headers.content-length: must be a whole number of bytes, for a stream")
			}
			req.ContentLength = n
		}
	}
	return req, nil
}

// sendable reports whether net/http sends a header value: one without
// control characters but the tab. The engine has refused CR, LF and NUL
// already (D22); net/http refuses the others when the request is sent.
func sendable(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < ' ' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// validHost reports whether net/http sends h as a Host header: it sends an
// empty one in place of a host that holds other characters than these.
func validHost(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!$%&'()*+,-.:;=[]_~", c) >= 0) {
			return false
		}
	}
	return true
}

// stream reports whether req's body is one whose length net/http cannot
// know: an io.Reader other than those in memory it recognises.
func stream(req *http.Request) bool {
	return req.ContentLength == 0 && req.Body != nil && req.Body != http.NoBody
}

// httpBody returns the body of r as net/http takes it: nil when there is
// none; the io.Reader given as data; otherwise a *bytes.Reader, for which
// http.NewRequest sets ContentLength and GetBody, over a string or []byte
// as it is, or anything else as JSON (D18, D19). A Go value core.From left
// opaque in the body is converted here, as options are, so that a
// WebAssembly build, whose core does not link encoding/json, sends it too.
func httpBody(r *core.Request) (io.Reader, error) {
	ref, class := engine.Value(r.Body).Ref()
	switch {
	case r.Body.Kind() == core.Undefined:
		return nil, nil
	case class == engine.ClassStream:
		if v := reflect.ValueOf(ref); v.Kind() == reflect.Pointer && v.IsNil() {
			return nil, nilReader(v.Type()) // net/http would read it and panic
		}
		if s, ok := ref.(io.Reader); ok {
			return s, nil
		}
	}
	body := *r
	if r.Body.Kind() != core.String && class != engine.ClassBinary {
		w := walker{code: engine.CodeInvalidParameter, field: "body"}
		v, err := w.value(engine.Value(r.Body), 1)
		if err != nil {
			return nil, err
		}
		body.Body = core.Value(v)
	}
	b, err := body.BodyBytes()
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(b), nil
}

// nilContext is the error for a nil context, which net/http refuses.
func nilContext() error {
	return newError(engine.CodeInvalidArgument, "D28", "ctx", "ctx: nil: pass context.Background() or the context of the work the request is for")
}

// newError returns the *core.Error of code, rule (docs/behaviour.md's id),
// field and message (the text after "endpoint: "): this package's errors
// are core's, as the engine's are.
func newError(code engine.Code, rule, field, message string) error {
	return &core.Error{Code: string(code), Field: field, Rule: rule, Message: message}
}

// engineError returns an error of the engine's as core's.
func engineError(err error) error {
	if e, ok := err.(*engine.Error); ok {
		return &core.Error{Code: string(e.Code), Field: e.Field, Rule: e.Rule, Message: e.Message(), Err: e.Unwrap()}
	}
	return err
}
