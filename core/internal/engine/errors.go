package engine

import (
	"strconv"
	"strings"
)

// Code classifies an Error. The values are the ERR_* names of docs/behaviour.md
// (D28); the JavaScript EndpointError carries the same string in .code.
// They are written here alone: package core's sentinels are made from them,
// and index.d.ts's ErrorCode and the codes js/errors.js throws are held to them
// by TestJavaScriptCodesAreTheEngines.
type Code string

// The error codes. Each names one kind of bad input, but CodeInternal.
const (
	CodeInvalidArgument   Code = "ERR_INVALID_ARGUMENT"   // an option has the wrong type, input too deep or cyclic (D7, D8, D29)
	CodeInvalidRoute      Code = "ERR_INVALID_ROUTE"      // a route that is not "METHOD url" or "url" (D6)
	CodeUnsupportedMethod Code = "ERR_UNSUPPORTED_METHOD" // a method other than GET, HEAD, POST, PUT, PATCH, DELETE (D4)
	CodeMissingURL        Code = "ERR_MISSING_URL"        // endpoint() or parse() without a url (D7)
	CodeInvalidTemplate   Code = "ERR_INVALID_TEMPLATE"   // a url that is not a valid RFC 6570 template (D14)
	CodeInvalidParameter  Code = "ERR_INVALID_PARAMETER"  // a parameter value that cannot be encoded where it goes (D11, D12, D16)
	CodeBodyNotAllowed    Code = "ERR_BODY_NOT_ALLOWED"   // data on a GET or HEAD request (D19)
	CodeInvalidHeader     Code = "ERR_INVALID_HEADER"     // a header name that is not a token, or a value with CR, LF or NUL (D22)
	CodeMissingParameter  Code = "ERR_MISSING_PARAMETER"  // no value for a path segment in the middle of the url (D34)
	CodeInternal          Code = "ERR_INTERNAL"           // a bug of the engine, caught: the next call works (D29)
)

// codes lists every Code, in the order above.
var codes = [...]Code{
	CodeInvalidArgument, CodeInvalidRoute, CodeUnsupportedMethod, CodeMissingURL, CodeInvalidTemplate,
	CodeInvalidParameter, CodeBodyNotAllowed, CodeInvalidHeader, CodeMissingParameter, CodeInternal,
}

// Error is the one error type of the engine (D28); package core hands it
// out as its own Error, with the same fields. Its message starts with
// "endpoint: " and names the offending field; header values are never
// quoted, so a credential cannot leak into a log (D23).
//
// Rule is the id of the entry of docs/behaviour.md that the input broke,
// written as comments cite it: "D32" for the project's rules, "spec rule 4"
// for the specification's. An option of the wrong type, which no other
// entry covers, cites D28. Programs that react to an error read Code, Field
// and Rule, never the message, whose wording may change.
//
// Compare with errors.Is against the sentinels (ErrInvalidRoute, ...), which
// match on Code, or take the details with errors.As.
type Error struct {
	Code  Code   // what kind of error
	Field string // the option or parameter at fault, e.g. "headers.accept" or "route"
	Rule  string // the rule of docs/behaviour.md the input broke: "D32", "spec rule 4"
	msg   string // the message after the "endpoint: " prefix
	err   error  // the error of another package this one reports, such as encoding/json's; nil for the engine's own
}

// Unwrap returns the error of another package this one reports, or nil.
func (e *Error) Unwrap() error { return e.err }

// Error returns "endpoint: " followed by the message, or by the code for a
// sentinel.
func (e *Error) Error() string {
	if e.msg == "" { // a sentinel: its code
		return "endpoint: " + string(e.Code)
	}
	return "endpoint: " + e.msg
}

// Message returns the message after "endpoint: " ("" for a sentinel).
func (e *Error) Message() string { return e.msg }

// Is reports whether target is an *Error sentinel with the same Code, so that
// errors.Is(err, ErrInvalidRoute) works for every invalid route.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.msg == ""
}

// Sentinels for errors.Is, one per Code.
var (
	ErrInvalidArgument   = &Error{Code: CodeInvalidArgument}
	ErrInvalidRoute      = &Error{Code: CodeInvalidRoute}
	ErrUnsupportedMethod = &Error{Code: CodeUnsupportedMethod}
	ErrMissingURL        = &Error{Code: CodeMissingURL}
	ErrInvalidTemplate   = &Error{Code: CodeInvalidTemplate}
	ErrInvalidParameter  = &Error{Code: CodeInvalidParameter}
	ErrBodyNotAllowed    = &Error{Code: CodeBodyNotAllowed}
	ErrInvalidHeader     = &Error{Code: CodeInvalidHeader}
	ErrMissingParameter  = &Error{Code: CodeMissingParameter}
)

// NewError returns an *Error with code, field and message (the text after
// "endpoint: "), for code that reports errors of its own in the engine's
// terms, as the JavaScript bridge does. Its Rule is D28, the rule of an
// option the engine cannot read; set Rule where another rule is broken.
func NewError(code Code, field, message string) *Error {
	return &Error{Code: code, Field: field, Rule: "D28", msg: message}
}

// WrapError is NewError for an error that reports err, another package's
// (encoding/json's), which errors.As and errors.Is then find. message
// words it, redacted (D23); err stays as it was.
func WrapError(code Code, rule, field, message string, err error) *Error {
	return &Error{Code: code, Field: field, Rule: rule, msg: message, err: err}
}

// errorf builds an *Error breaking rule whose message is "<field>:
// <formatted text>". Errors are off the hot path, and errorf is called from
// some forty places: it is not inlined, so that the module carries it once.
//
//go:noinline
func errorf(code Code, rule, field, format string, args ...any) *Error {
	field = redact(field) // a parameter's name is the caller's text: bounded, no credential (D23)
	return &Error{Code: code, Field: field, Rule: rule, msg: field + ": " + sprintf(format, args)}
}

// The failures met in several places, each written once.

// notAString is the error for an option that must be a string.
func notAString(field string, v Value) *Error {
	return errorf(CodeInvalidArgument, "D28", field, "must be a string, not %s", kindName(v.kind()))
}

// notAnObject is the error for an option that must be a plain object.
func notAnObject(field string, v Value) *Error {
	return errorf(CodeInvalidArgument, "D28", field, "must be an object, not %s", kindName(v.kind()))
}

// tooDeep is the error for input nested past MaxDepth, or cyclic (D29).
func tooDeep(field string) *Error {
	return errorf(CodeInvalidArgument, "D29", field, "%s", tooDeepText)
}

// tooDeepText is what tooDeep says, also where a body's member is at fault.
var tooDeepText = "nested deeper than " + strconv.Itoa(MaxDepth) + " levels, or cyclic"

// loneSurrogate is the error for a string holding half of a UTF-16
// surrogate pair, which no url can encode (D12); where says what it is,
// "a value bound for the url", "a query parameter name"...
func loneSurrogate(field, where string) *Error {
	return errorf(CodeInvalidParameter, "D12", field, "lone surrogate in %s", where)
}

// loneSurrogateInURL is the error for a lone surrogate in a value the url
// template expands.
func loneSurrogateInURL(field string) *Error {
	return loneSurrogate(field, "a value bound for the url")
}

// loneSurrogateInQuery is the error for a lone surrogate in a value of the
// query string.
func loneSurrogateInQuery(field string) *Error {
	return loneSurrogate(field, "a query parameter value")
}

// notUnicode is the error for a template holding a lone surrogate (D14).
func notUnicode(url string) *Error {
	return errorf(CodeInvalidTemplate, "D14", "url", "not valid Unicode (a lone surrogate?) in %s", quote(url))
}

// notExpandable is the error for a value that has no form in a url (D12).
func notExpandable(field string, v Value) *Error {
	return errorf(CodeInvalidParameter, "D12", field, "%s cannot be expanded in the url", kindName(v.kind()))
}

// memberNotGiven is the error for a query array with a member the loader
// did not give (D29: the shim and the engine disagree).
func memberNotGiven(field string) *Error {
	return errorf(CodeInvalidParameter, "D29", field, "an array member was not given")
}

// sprintf formats the messages of errorf: %s takes a string and %d an int,
// the only verbs they use (TestErrorfFormatsItsVerbs). It is not fmt's:
// fmt, with the reflection it brings, would be linked into the
// WebAssembly module for these few messages alone.
func sprintf(format string, args []any) string {
	b := make([]byte, 0, len(format)+32)
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			b = append(b, format[i])
			continue
		}
		i++
		if format[i] == '%' {
			b = append(b, '%')
			continue
		}
		var arg any = "%!" + string(format[i]) + "(MISSING)"
		if len(args) > 0 {
			arg, args = args[0], args[1:]
		}
		switch v := arg.(type) {
		case string:
			b = append(b, v...)
		case int:
			b = strconv.AppendInt(b, int64(v), 10)
		default:
			b = append(b, "%!(BADARG)"...)
		}
	}
	return string(b)
}

// MaxURLLength bounds the url the engine builds, query included: 1 MiB,
// far above what any server accepts (GitHub's about 8 KiB), and low enough
// that a hostile template or value (a thousand expressions of a megabyte
// each) is an error early instead of gigabytes of memory (D29).
const MaxURLLength = 1 << 20

// urlTooLong is the error for a url past MaxURLLength.
func urlTooLong() error {
	return errorf(CodeInvalidParameter, "D29", "url", "the url would be longer than %d bytes", MaxURLLength)
}

// maxQuoted bounds how much of an input is quoted in a message, so that a
// megabyte-long url does not become a megabyte-long error.
const maxQuoted = 200

// quote returns s quoted for an error message, shortened (redact) and with
// anything that looks like a credential redacted: a token pasted into a
// route, a method or a baseUrl by mistake must not reach a log (D23). A run
// of 16 or more letters, digits, "_" or "-" holding both letters and digits
// (GitHub's tokens are such runs) keeps its first 4 characters only, and
// the userinfo and query values of a url are left out (hideURLSecrets).
func quote(s string) string {
	r := redact(hideURLSecrets(s))
	q := strconv.Quote(r)
	// Escapes can make the quoted text four times the bytes quoted:
	// control characters are cut further until it fits.
	for len(q) > maxQuotedText && r != "" {
		r = r[:len(r)/2]
		q = strconv.Quote(r + "...")
	}
	return q
}

// maxQuotedText bounds the quoted text of one input in a message.
const maxQuotedText = 240

// redact returns s shortened to maxQuoted bytes, with every run that looks
// like a credential cut to its first 4 characters (quote). A run that the
// shortening would cut is judged whole first: cut short, a token would no
// longer look like one, and its head would be shown.
func redact(s string) string {
	clipped := len(s) > maxQuoted
	if clipped {
		end := maxQuoted
		for end < len(s) && (isNameChar(s[end]) || s[end] == '-') {
			end++
		}
		s = s[:end]
	}
	var b []byte
	last := 0
	for i := 0; i < len(s); {
		j := i
		letters, digits := false, false
		for j < len(s) && (isNameChar(s[j]) || s[j] == '-') {
			letters = letters || s[j] > '9'
			digits = digits || s[j] >= '0' && s[j] <= '9'
			j++
		}
		if j-i >= 16 && letters && digits {
			b = append(append(b, s[last:i+4]...), "[redacted]"...)
			last = j
		}
		if j == i {
			j++
		}
		i = j
	}
	if b != nil {
		s = string(append(b, s[last:]...))
	}
	if clipped {
		s = s[:min(len(s), maxQuoted)] + "..."
	}
	return s
}

// hideURLSecrets returns s with the userinfo of each url in it
// ("https://admin:password@host") and the values of its query string and
// fragment ("?client_secret=...") replaced by "[redacted]": places where a
// url carries credentials that are no token-like run (D23). It runs before
// redact shortens the text, so that a password cut in two there is still
// found. An authority is read as URL parsers read it (readAuthority), after
// "http:" or "https:" with or without slashes; a password holding "/",
// "?", "#" or white space ends the authority early, so the userinfo runs
// to the last "@" up to maxUserinfo bytes past it, as a browser reads
// "https://admin:P@ss w0rd@host". A query value runs to "&" or "#", as
// URLSearchParams reads it, ";" and white space included; white space
// outside a value ends the url. "user:pass@host" without a
// scheme is taken for one too. The expressions of a template ("{owner}",
// "{?page}") are names, not values, and stay; one that starts a query
// ("{?a}", "{&a}") or a fragment starts its values; a "{" whose
// expression is malformed (unclosed) protects nothing past the first
// character no expression holds. It reads each byte of s a bounded number
// of times.
func hideURLSecrets(s string) string {
	if strings.IndexByte(s, '@') < 0 && strings.IndexByte(s, '=') < 0 {
		return s
	}
	h := hider{s: s}
	expr := -1     // where the expression under way opened, or -1
	query := false // in a query string or fragment, up to white space outside a value
	value := -1    // where the literal text of a query value started, or -1
	// The word before i, for "user:pass@" without a scheme: where it
	// starts and the last ":" before i, read up to read.
	word, colon, read := 0, -1, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if expr >= 0 {
			if c == '}' {
				if op := s[expr+1]; op == '?' || op == '&' || op == '#' {
					query = true
				}
				expr = -1
				if query && i+1 < len(s) && !endsQueryValue(s[i+1]) && !isSpace(s[i+1]) {
					value = i + 1 // literal text after an expression in a value
				}
				continue
			}
			if i == expr+1 && strings.IndexByte("+#./;?&", c) >= 0 || isNameChar(c) || strings.IndexByte(".%,*:-", c) >= 0 {
				continue
			}
			expr = -1 // no expression holds c: it was malformed
		}
		switch {
		case c == '{', isSpace(c) && value < 0, c == '#' || c == '?' && !query, query && c == '&':
			// A value runs to "&" or "#", as URLSearchParams reads it: ";"
			// and white space are part of it. White space outside a value
			// ends the url.
			h.cut(value, i)
			value = -1
			if c == '{' {
				expr = i
			} else if c != '&' {
				query = !isSpace(c)
			}
		case query && c == '=' && value < 0:
			value = i + 1
		case !query && c == '@' && value < 0:
			for ; read < i; read++ {
				switch s[read] {
				case '/', '"':
					word = read + 1
				case ':':
					colon = read
				default:
					if isSpace(s[read]) {
						word = read + 1
					}
				}
			}
			if start := max(word, h.last); colon >= start {
				h.cut(start, i)
			}
		case !query && c == ':' && (strings.HasPrefix(s[i:], "://") || httpSchemeBefore(s, i)):
			a := readAuthority(s, i+1)
			at := a.host - 1 // the authority's last "@", or before it
			if a.end < len(s) && (at >= a.start || strings.IndexByte(s[a.start:a.end], ':') >= 0) {
				rest := s[a.end:min(len(s), a.end+maxUserinfo)]
				if k := strings.Index(rest, "://"); k >= 0 {
					rest = rest[:k] // another url
				}
				if k := strings.LastIndexByte(rest, '@'); k >= 0 {
					at = a.end + k // the last "@", as browsers read a userinfo
				}
			}
			i = a.end - 1
			if at >= a.start {
				h.cut(a.start, at)
				i = max(i, at)
			}
		}
	}
	h.cut(value, len(s))
	if h.b == nil {
		return s
	}
	return string(append(h.b, s[h.last:]...))
}

// maxUserinfo is how far past an authority that ends early hideURLSecrets
// looks for the "@" that ends a password: further than a message quotes.
const maxUserinfo = 1024

// httpSchemeBefore reports whether s[:i] ends with the word http or https,
// in any case: the ":" at i then starts what URL parsers read as an
// authority, with or without slashes.
func httpSchemeBefore(s string, i int) bool {
	for _, scheme := range [...]string{"https", "http"} {
		j := i - len(scheme)
		if j >= 0 && (j == 0 || !isNameChar(s[j-1])) && lowerASCII(s[j:i]) == scheme {
			return true
		}
	}
	return false
}

// hider builds what hideURLSecrets returns: s with cuts made.
type hider struct {
	s    string
	b    []byte // s up to last, with its cuts; nil before the first
	last int
}

// cut replaces s[from:to] by "[redacted]", when from is set and before to.
//
//go:noinline
func (h *hider) cut(from, to int) {
	if from >= 0 && from < to {
		h.b = append(append(h.b, h.s[h.last:from]...), "[redacted]"...)
		h.last = to
	}
}

// endsQueryValue reports whether c ends the value of a query parameter.
func endsQueryValue(c byte) bool { return c == '&' || c == '#' || c == '{' }

// Redact returns the caller's text s as the engine's own messages quote it:
// shortened, without the userinfo and query values of a url in it, and
// with every run that looks like a credential cut to its first 4
// characters (D23). Code that builds an *Error with NewError from the
// caller's keys or text passes them through Redact first.
func Redact(s string) string { return redact(hideURLSecrets(s)) }
