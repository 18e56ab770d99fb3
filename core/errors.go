package core

import "github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"

// Error is the one error type of the package (D28). Its message starts
// with "endpoint: " and names the offending field; header values are never
// quoted, so a credential cannot leak into a log (D23).
//
// Rule is the id of the entry of docs/behaviour.md that the input broke,
// "D32" (or "spec rule 4" for one of the specification's): a program that
// reacts to an error reads Code, Field and Rule, never the message, whose
// wording may change.
//
// Match its kind with errors.Is against the sentinels (ErrInvalidRoute...),
// which compare the Code, or take the details with errors.As.
type Error struct {
	Code    string // the kind of error: ERR_INVALID_ROUTE..., as the JavaScript EndpointError's code
	Field   string // the option or parameter at fault, e.g. "headers.accept" or "route"
	Rule    string // the rule of docs/behaviour.md the input broke, e.g. "D32", as the JavaScript EndpointError's rule
	Message string // the message after "endpoint: ", which names the field; empty for a sentinel
	Err     error  // the error of another package this one reports, such as encoding/json's, as it was (it may quote a credential the Message redacts); nil for the engine's own
}

// Unwrap returns Err, so that errors.As and errors.Is see the error of
// encoding/json (a *json.UnsupportedTypeError, a *json.MarshalerError...)
// behind an Error.
func (e *Error) Unwrap() error { return e.Err }

// Error returns "endpoint: " followed by the message, or by the code for a
// sentinel.
func (e *Error) Error() string {
	if e.Message == "" {
		return "endpoint: " + e.Code
	}
	return "endpoint: " + e.Message
}

// Is reports whether target is a sentinel (an *Error without a Message)
// with e's Code, so that errors.Is(err, core.ErrInvalidRoute) holds for
// every invalid route.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.Message == ""
}

// Sentinels for errors.Is, one for each kind of bad input; their codes are
// the engine's.
var (
	ErrInvalidArgument   = sentinel(engine.CodeInvalidArgument)   // an option of the wrong type, input too deep or cyclic (D7, D8, D29)
	ErrInvalidRoute      = sentinel(engine.CodeInvalidRoute)      // a route that is not "METHOD url" or "url" (D6)
	ErrUnsupportedMethod = sentinel(engine.CodeUnsupportedMethod) // a method other than GET, HEAD, POST, PUT, PATCH, DELETE (D4)
	ErrMissingURL        = sentinel(engine.CodeMissingURL)        // Endpoint or Parse without a url (D7)
	ErrInvalidTemplate   = sentinel(engine.CodeInvalidTemplate)   // a url that is not a valid RFC 6570 template (D14)
	ErrInvalidParameter  = sentinel(engine.CodeInvalidParameter)  // a value that cannot be encoded where it goes (D11, D12, D16)
	ErrBodyNotAllowed    = sentinel(engine.CodeBodyNotAllowed)    // data on a GET or HEAD request (D19)
	ErrInvalidHeader     = sentinel(engine.CodeInvalidHeader)     // a header name that is not a token, or a value with CR, LF or NUL (D22)
	ErrMissingParameter  = sentinel(engine.CodeMissingParameter)  // no value for a path segment in the middle of the url (D34)
)

// sentinel returns the sentinel of code: an *Error with no Message.
func sentinel(code engine.Code) *Error { return &Error{Code: string(code)} }

// errorOf returns an error of the engine's as an *Error (nil for nil); the
// engine returns no other error.
func errorOf(err error) error {
	if e, ok := err.(*engine.Error); ok {
		return &Error{Code: string(e.Code), Field: e.Field, Rule: e.Rule, Message: e.Message(), Err: e.Unwrap()}
	}
	return err
}
