package bridge

// Maker makes the values of an answer for AnswerReader: JavaScript values
// for the global object's members (wasm/values.go), engine values for the
// tests. A value named by handle is the caller's own, from its table.
type Maker[V any] interface {
	Ref(h int) V // the value of handle h
	Undefined() V
	Null() V
	Bool(b bool) V
	String(s string) V
	Number(text string) V // JavaScript's text of the number (D12)
	BigInt(text string) V
	Array(n int) V
	SetIndex(a V, i int, e V)
	Object(bare bool) V // bare: with no prototype, the JSON body the engine built (D18)
	Set(o V, k, v V)    // o[k] = v, "__proto__" as an ordinary key (D30)
}

// AnswerReader reads an answer (protocol.go) into values made by a Maker:
// the twin of js/protocol.js's AnswerReader, for readers in Go.
type AnswerReader[V any] struct {
	ops  []uint32
	text []byte
	p    int
	m    Maker[V]
}

// NewAnswerReader reads an answer: a bridge's Ops and Text after a call.
func NewAnswerReader[V any](ops []uint32, text []byte, m Maker[V]) *AnswerReader[V] {
	return &AnswerReader[V]{ops: ops, text: text, m: m}
}

// next returns the tag and argument of the next word; a word past the end
// reads as undefined, which a well-formed answer never has.
func (r *AnswerReader[V]) next() (tag, arg int) {
	if r.p >= len(r.ops) {
		return opConst, constUndefined
	}
	w := r.ops[r.p]
	r.p++
	return int(w & 15), int(w >> 4)
}

// textAt returns the text at off of the answer's text, its length the next word.
func (r *AnswerReader[V]) textAt(off int) string {
	n := 0
	if r.p < len(r.ops) {
		n = int(r.ops[r.p] &^ textWide)
		r.p++
	}
	if off < 0 || n > len(r.text)-off {
		return ""
	}
	return string(r.text[off : off+n])
}

// Value reads the value of the next word and what follows it.
func (r *AnswerReader[V]) Value() V {
	m := r.m
	tag, arg := r.next()
	switch tag {
	case opRef:
		return m.Ref(arg)
	case opText:
		return m.String(r.textAt(arg))
	case opNumber:
		return m.Number(r.textAt(arg))
	case opBigInt:
		return m.BigInt(r.textAt(arg))
	case opConst:
		switch arg {
		case constUndefined:
			return m.Undefined()
		case constNull:
			return m.Null()
		case constFalse, constTrue:
			return m.Bool(arg == constTrue)
		}
		if arg < len(constants) {
			return m.String(constants[arg])
		}
	case opObject, opBare:
		return r.members(m.Object(tag == opBare), nil, arg)
	case opShaped:
		// The shape's keys are not written: their values come first.
		return r.members(m.Object(false), shapes[arg&(1<<shapeBits-1)], arg>>shapeBits)
	case opArray:
		a := m.Array(arg)
		for i := 0; i < arg; i++ {
			m.SetIndex(a, i, r.Value())
		}
		return a
	}
	return m.Undefined()
}

// members reads n members into o, the first len(keys) of them without
// their keys.
func (r *AnswerReader[V]) members(o V, keys []string, n int) V {
	for i := 0; i < n; i++ {
		var k V
		if i < len(keys) {
			k = r.m.String(keys[i])
		} else {
			k = r.Value()
		}
		r.m.Set(o, k, r.Value())
	}
	return o
}

// str reads a string word as Go text.
func (r *AnswerReader[V]) str() string {
	tag, arg := r.next()
	switch {
	case tag == opText:
		return r.textAt(arg)
	case tag == opConst && arg >= firstString && arg < len(constants):
		return constants[arg]
	}
	return ""
}

// ErrorText reads an error answer (StatusError): code, field, message,
// rule (D28).
func (r *AnswerReader[V]) ErrorText() (code, field, message, rule string) {
	return r.str(), r.str(), r.str(), r.str()
}
