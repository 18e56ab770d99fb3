package engine

import "testing"

// TestReadingAValueThatWasNotLoadedIsLoud: the text, object or list of a
// value whose content the bridge has not loaded yet is never read as empty
// (which would build a request from nothing, a header left unchecked
// among it): reading it panics, which the bridge answers as ERR_INTERNAL.
// Loaded, it reads as given.
func TestReadingAValueThatWasNotLoadedIsLoud(t *testing.T) {
	for _, c := range []struct {
		name string
		read func(v Value)
		kind Kind
	}{
		{"text", func(v Value) { _ = v.text() }, String},
		{"object", func(v Value) { _ = v.obj() }, Object},
		{"list", func(v Value) { _ = v.list() }, Array},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: reading an unloaded value gave no panic", c.name)
				}
			}()
			c.read(Unloaded(c.kind, 1))
		}()
	}
	s := &session{loader: loaderFunc(func(v Value) (Value, error) { return Str("x").withHandle(v.handle()), nil })}
	v, err := s.load(Unloaded(String, 1), "a")
	if err != nil || v.text() != "x" {
		t.Fatalf("loaded: %q, %v", v.text(), err)
	}
}

type loaderFunc func(Value) (Value, error)

func (f loaderFunc) Load(v Value) (Value, error) { return f(v) }

// An opaque value that holds no Go value (the bridge's, whose content
// stays in JavaScript) has no JSON of its own: BodyBytes refuses it,
// naming it, and never writes null in its place (D28).
func TestBodyBytesRefusesAnOpaqueValueThatHoldsNoGoValue(t *testing.T) {
	r, err := Endpoint("POST /x", O("blob", OpaqueValue(nil, ClassBlob)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.BodyBytes()
	if codeOf(err) != CodeInvalidParameter || b != nil || err.Error() != "endpoint: body.blob: an opaque value that holds no Go value has no JSON encoding" {
		t.Errorf("%q, %v", b, err)
	}
}
