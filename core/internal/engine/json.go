package engine

import (
	"io"
	"strconv"
	"unicode/utf8"
)

// MaxDepth is how deeply input may nest, the options object being level 1
// (D29). Deeper input is an ERR_INVALID_ARGUMENT error, never a stack
// overflow of the WebAssembly runtime.
const MaxDepth = 256

// DecodeJSON decodes one JSON text into a Value, keeping object key order,
// the JavaScript text of numbers (D12) and lone UTF-16 surrogates (as WTF-8,
// so that they can be refused where they would reach a url, D12, and
// written back unchanged elsewhere). Besides JSON it accepts a bigint
// literal, digits followed by "n" (123n), as JavaScript writes a bigint,
// for which JSON has no form. encoding/json is not used: it loses key order.
func DecodeJSON(data []byte) (Value, error) {
	return decode(decoder{data: data})
}

// DecodeGoJSON is DecodeJSON for JSON a Go program wrote, such as a
// MarshalJSON's: each number keeps the text it has there, as encoding/json
// sends it (an id of 2⁶⁴-1, a big.Int), where DecodeJSON reads it as
// JavaScript would, rounding past 2⁵³ (D12). It takes JSON only: a bigint
// literal is an error, as encoding/json makes it.
func DecodeGoJSON(data []byte) (Value, error) {
	return decode(decoder{data: data, asWritten: true})
}

func decode(d decoder) (Value, error) {
	d.skipSpace()
	v, err := d.value(1)
	if err != nil {
		return Value{}, err
	}
	d.skipSpace()
	if d.pos != len(d.data) {
		return Value{}, d.fail("unexpected text after the value")
	}
	return v, nil
}

type decoder struct {
	data      []byte
	pos       int
	asWritten bool // numbers keep their text (DecodeGoJSON)
}

// fail reports a syntax error. It is cold and called from sixteen places, so
// it is kept out of line.
//
//go:noinline
func (d *decoder) fail(what string) error {
	return errorf(CodeInvalidArgument, "D29", "input", "invalid JSON at offset %d: %s", d.pos, what)
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *decoder) value(depth int) (Value, error) {
	if d.pos >= len(d.data) {
		return Value{}, d.fail("unexpected end")
	}
	c := d.data[d.pos]
	if (c == '{' || c == '[') && depth > MaxDepth {
		return Value{}, errorf(CodeInvalidArgument, "D29", "input", "nested deeper than %d levels", MaxDepth)
	}
	switch {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, err := d.str()
		return Str(s), err
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case d.literal("true"):
		return BoolValue(true), nil
	case d.literal("false"):
		return BoolValue(false), nil
	case d.literal("null"):
		return NullValue(), nil
	}
	return Value{}, d.fail("unexpected character")
}

// numberScan is what scanNumber found.
type numberScan struct {
	end    int    // past the number (past the "n" of a bigint), or where it goes wrong
	simple bool   // an integer of at most 15 characters, not -0: already JavaScript's String(n)
	bigint bool   // digits followed by "n", as the bridge writes a bigint
	why    string // not empty when it is not a JSON number
}

// scanNumber reads the JSON number at b[i:] (RFC 8259:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?), or a bigint literal
// (digits and "n"). The decoder and NumText (JavaScript's text of a
// number, which is JSON's) share it.
func scanNumber[T ~string | ~[]byte](b T, i int) numberScan {
	start := i
	if i < len(b) && b[i] == '-' {
		i++
	}
	intStart := i
	i = skipDigits(b, i)
	if i == intStart {
		return numberScan{end: i, why: "expected a digit"}
	}
	if i-intStart > 1 && b[intStart] == '0' {
		return numberScan{end: i, why: "leading zero"}
	}
	if i < len(b) && b[i] == 'n' {
		return numberScan{end: i + 1, bigint: true}
	}
	simple := true
	if i < len(b) && b[i] == '.' {
		simple = false
		fs := i + 1
		if i = skipDigits(b, fs); i == fs {
			return numberScan{end: i, why: "expected a digit after '.'"}
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		simple = false
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		es := i
		if i = skipDigits(b, es); i == es {
			return numberScan{end: i, why: "expected a digit in the exponent"}
		}
	}
	text := b[start:i]
	return numberScan{end: i, simple: simple && len(text) <= 15 && string(text) != "-0"}
}

// skipDigits returns the position of the first byte at b[i:] that is not
// an ASCII digit.
func skipDigits[T ~string | ~[]byte](b T, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// wordAt reports whether b[i:] starts with w: a literal such as true or
// null.
func wordAt(b []byte, i int, w string) bool {
	return len(b)-i >= len(w) && string(b[i:i+len(w)]) == w
}

func (d *decoder) literal(word string) bool {
	if wordAt(d.data, d.pos, word) {
		d.pos += len(word)
		return true
	}
	return false
}

func (d *decoder) object(depth int) (Value, error) {
	d.pos++ // {
	o := NewObj(4)
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		return ObjValue(o), nil
	}
	for {
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return Value{}, d.fail("expected a string key")
		}
		k, err := d.str()
		if err != nil {
			return Value{}, err
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return Value{}, d.fail("expected ':'")
		}
		d.pos++
		d.skipSpace()
		v, err := d.value(depth + 1)
		if err != nil {
			return Value{}, err
		}
		// A repeated key keeps its first position and takes the last value,
		// as JSON.parse does. "__proto__" is an ordinary key (D30).
		o.put(k, -1, v, len(o.ents)) // settled at the end
		d.skipSpace()
		if d.pos >= len(d.data) {
			return Value{}, d.fail("unexpected end in object")
		}
		if d.data[d.pos] == ',' {
			d.pos++
			continue
		}
		if d.data[d.pos] == '}' {
			d.pos++
			o.settle()
			return ObjValue(o), nil
		}
		return Value{}, d.fail("expected ',' or '}'")
	}
}

func (d *decoder) array(depth int) (Value, error) {
	d.pos++ // [
	var l []Value
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		return List(), nil
	}
	for {
		d.skipSpace()
		v, err := d.value(depth + 1)
		if err != nil {
			return Value{}, err
		}
		l = append(l, v)
		d.skipSpace()
		if d.pos >= len(d.data) {
			return Value{}, d.fail("unexpected end in array")
		}
		if d.data[d.pos] == ',' {
			d.pos++
			continue
		}
		if d.data[d.pos] == ']' {
			d.pos++
			return List(l...), nil
		}
		return Value{}, d.fail("expected ',' or ']'")
	}
}

// number reads a JSON number (or a bigint literal) and keeps JavaScript's
// text for it, or the text as written (asWritten). Short integers are in
// JavaScript's form already and are not parsed.
func (d *decoder) number() (Value, error) {
	start := d.pos
	n := scanNumber(d.data, start)
	d.pos = n.end
	switch {
	case n.why != "":
		return Value{}, d.fail(n.why)
	case n.bigint && d.asWritten:
		return Value{}, d.fail("a bigint literal is not JSON")
	case n.bigint: // as String(bigint) writes it
		text := string(d.data[start : n.end-1])
		if text == "-0" {
			text = "0"
		}
		return textValue(BigInt, text), nil
	case n.simple || d.asWritten:
		return textValue(Number, string(d.data[start:n.end])), nil
	}
	v, ok := canonicalNumber(string(d.data[start:n.end]))
	if !ok {
		return Value{}, d.fail("invalid number")
	}
	return v, nil
}

// canonicalNumber is DecodeJSON's number rule (D12): the value JSON.parse
// gives the text, written as JavaScript writes it ("1.50" is 1.5, "1e3" is
// 1000, "1e400" is Infinity).
func canonicalNumber(text string) (Value, bool) {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && f == 0 { // ParseFloat returns ±Inf with an error on overflow, as JSON.parse does
		return Value{}, false
	}
	return Num(f), true
}

// str reads a JSON string. Escaped surrogate pairs become UTF-8; a lone
// surrogate becomes its 3-byte WTF-8 form (invalid UTF-8 that Go keeps).
func (d *decoder) str() (string, error) {
	d.pos++ // opening quote
	start := d.pos
	// Fast path: no escapes.
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		if c == '"' {
			s := string(d.data[start:d.pos])
			d.pos++
			return s, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		d.pos++
	}
	buf := append([]byte(nil), d.data[start:d.pos]...)
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			return string(buf), nil
		case c < 0x20:
			return "", d.fail("control character in string")
		case c != '\\':
			buf = append(buf, c)
			d.pos++
			continue
		}
		d.pos++
		if d.pos >= len(d.data) {
			break
		}
		e := d.data[d.pos]
		d.pos++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := d.hex4()
			if !ok {
				return "", d.fail("invalid \\u escape")
			}
			if r >= 0xD800 && r < 0xDC00 && d.pos+6 <= len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
				save := d.pos
				d.pos += 2
				if r2, ok := d.hex4(); ok && r2 >= 0xDC00 && r2 < 0xE000 {
					buf = utf8.AppendRune(buf, 0x10000+(r-0xD800)<<10+(r2-0xDC00))
					continue
				}
				d.pos = save
			}
			buf = appendWTF8(buf, r)
		default:
			return "", d.fail("invalid escape")
		}
	}
	return "", d.fail("unterminated string")
}

func (d *decoder) hex4() (rune, bool) {
	if d.pos+4 > len(d.data) {
		return 0, false
	}
	var r rune
	for _, c := range d.data[d.pos : d.pos+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	d.pos += 4
	return r, true
}

// appendWTF8 appends r as UTF-8, or, for a surrogate code point, as the
// 3-byte sequence UTF-8 would use if it allowed surrogates (WTF-8).
func appendWTF8(dst []byte, r rune) []byte {
	if r >= 0xD800 && r < 0xE000 {
		return append(dst, byte(0xE0|r>>12), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
	}
	return utf8.AppendRune(dst, r)
}

// AppendJSON appends v as JSON text. Object keys keep their order; numbers
// are written as JavaScript writes them (non-finite ones as null, as
// JSON.stringify does); bigints as their digits; lone surrogates as \u
// escapes; undefined members are left out; opaque values are written as
// null.
func AppendJSON(dst []byte, v Value) []byte {
	var e encoder
	return e.value(dst, v)
}

// encoder writes JSON text.
type encoder struct {
	depth int
	// strict refuses what JSON cannot hold, naming where it is in the body,
	// for Request.BodyBytes: AppendJSON writes it as null.
	strict bool
	// inGo is set when the value is inside a Go value, written by
	// MarshalJSON: a Go value in it is refused, as writing it would call
	// encoding/json again, without end for a value that holds itself.
	inGo  bool
	where []step // the keys and indexes from the body to the value being written
	err   error
}

// MarshalJSON writes v as BodyBytes writes a body, for encoding/json when
// v is inside a Go value, such as a []core.Value parameter: what JSON
// cannot hold is an error, never null in its place.
func (v Value) MarshalJSON() ([]byte, error) {
	e := encoder{strict: true, inGo: true}
	b := e.value(nil, v)
	if e.err != nil {
		return nil, e.err
	}
	return b, nil
}

// MarshalJSON writes o as Value.MarshalJSON does.
func (o *Obj) MarshalJSON() ([]byte, error) { return ObjValue(o).MarshalJSON() }

func (e *encoder) value(dst []byte, v Value) []byte {
	switch v.kind() {
	case Opaque:
		if e.strict {
			return e.opaque(dst, v.refOf())
		}
		return append(dst, "null"...)
	case Undefined, Null:
		return append(dst, "null"...)
	case BigInt, Bool:
		return append(dst, v.text()...)
	case Number:
		if v.text() == "NaN" || v.text() == "Infinity" || v.text() == "-Infinity" {
			if e.strict { // JSON has no such number, and a Go caller gets an error, not null in its place
				e.fail(CodeInvalidParameter, "D18", "JSON has no number "+v.text(), nil)
			}
			return append(dst, "null"...)
		}
		return append(dst, v.text()...)
	case String:
		return appendJSONString(dst, v.text())
	}
	if v.unloaded() || e.depth >= MaxDepth { // cyclic input is refused before it gets here (D29)
		if e.strict {
			e.fail(CodeInvalidArgument, "D29", tooDeepText, nil)
		}
		return append(dst, "null"...)
	}
	e.depth++
	defer func() { e.depth-- }()
	if v.kind() == Object {
		return e.object(dst, v.obj())
	}
	dst = append(dst, '[')
	for i, el := range v.list() {
		if i > 0 {
			dst = append(dst, ',')
		}
		if e.strict {
			e.where = append(e.where, step{index: i})
		}
		dst = e.value(dst, el) // undefined members are written as null, as JSON.stringify does
		if e.strict {
			e.where = e.where[:len(e.where)-1]
		}
	}
	return append(dst, ']')
}

func (e *encoder) object(dst []byte, o *Obj) []byte {
	dst = append(dst, '{')
	first := true
	for i := 0; i < o.Len(); i++ {
		if o.ents[i].v.kind() == Undefined {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = appendJSONString(dst, o.ents[i].k)
		dst = append(dst, ':')
		if e.strict {
			e.where = append(e.where, step{key: o.ents[i].k, index: -1})
		}
		dst = e.value(dst, o.ents[i].v)
		if e.strict {
			e.where = e.where[:len(e.where)-1]
		}
	}
	return append(dst, '}')
}

// step is a member's key (index -1) or an element's index in a body.
type step struct {
	key   string
	index int
}

// fail keeps the first error of a body, breaking rule, naming where in it
// the value is: the member being written. cause is the error of
// encoding/json that message words, if any, which the error wraps.
func (e *encoder) fail(code Code, rule, message string, cause error) {
	if e.err != nil {
		return
	}
	field := "body"
	if e.inGo {
		field = "value"
	}
	for _, w := range e.where {
		if w.index < 0 {
			field += "." + w.key
		} else {
			field += "[" + strconv.Itoa(w.index) + "]"
		}
	}
	err := errorf(code, rule, field, "%s", message)
	err.err = cause
	e.err = err
}

// opaque writes a Go value that From left opaque, as encoding/json writes
// it where this build links it (goValue), or refuses it: a stream, which
// only data can be (D19), and an opaque value that holds no Go value.
func (e *encoder) opaque(dst []byte, ref any) []byte {
	switch ref.(type) {
	case nil:
		e.fail(CodeInvalidParameter, "D18", "an opaque value that holds no Go value has no JSON encoding", nil)
		return dst
	case io.Reader:
		e.fail(CodeInvalidParameter, "D19", "a stream can only be the whole body, data", nil)
		return dst
	}
	if e.inGo {
		e.fail(CodeInvalidParameter, "D18", "a Go value core.From left opaque cannot be written inside a core.Value that a Go value holds: convert it first", nil)
		return dst
	}
	return e.goValue(dst, ref)
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaping as JSON.stringify
// does: quote, backslash and control characters, and lone surrogates
// (well-formed JSON.stringify) as \uXXXX. Bytes that are not UTF-8 at all
// (only Go callers can make them) become U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x80 {
			i++
			continue
		}
		if c >= 0x80 {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size > 1 {
				i += size
				continue
			}
			dst = append(dst, s[start:i]...)
			if sur, ok := wtf8Surrogate(s[i:]); ok {
				// A high surrogate followed by a low one is one character, as
				// in a JavaScript string: write it as such, not as two escapes.
				if low, ok := wtf8Surrogate(s[i+3:]); ok && sur < 0xDC00 && low >= 0xDC00 {
					dst = utf8.AppendRune(dst, 0x10000+(sur-0xD800)<<10+(low-0xDC00))
					i += 6
					start = i
					continue
				}
				dst = append(dst, '\\', 'u', hexDigits[sur>>12], hexDigits[(sur>>8)&0xF], hexDigits[(sur>>4)&0xF], hexDigits[sur&0xF])
				i += 3
			} else {
				dst = append(dst, "\uFFFD"...)
				i++
			}
			start = i
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// wtf8Surrogate reports whether s starts with the WTF-8 encoding of a
// surrogate code point, and which.
func wtf8Surrogate(s string) (rune, bool) {
	if len(s) < 3 || s[0] != 0xED || s[1] < 0xA0 || s[1] > 0xBF || s[2] < 0x80 || s[2] > 0xBF {
		return 0, false
	}
	return rune(s[0]&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F), true
}
