package bridge

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// octokitUA is a user-agent as long as Octokit's, so that the shim names it
// by its handle in the layer (recLayerString) when a call gives it back.
const octokitUA = "octokit-core.js/7.0.8 Node.js/20.20.2 (linux; x64)"

// layerWithUA makes layer 1 with octokitUA (and a number) and returns the shim.
func layerWithUA(t *testing.T) *shim {
	t.Helper()
	s := newShim()
	if status, got := s.run(s.msg(opDefaults, 0, nil, `{"headers":{"user-agent":"`+octokitUA+`"},"per_page":100}`)); status != statusOK {
		t.Fatalf("defaults: %s", got)
	}
	return s
}

// TestAHeaderTheLayerHoldsCrossesAsItsHandleWithTheSameResult: a header
// value given back that is one of the layer's strings is sent as its handle
// there, and the result is the one its text gives, under any header name.
func TestAHeaderTheLayerHoldsCrossesAsItsHandleWithTheSameResult(t *testing.T) {
	s := layerWithUA(t)
	options := `{"url":"/x","headers":{"user-agent":"` + octokitUA + `","x-b":"` + octokitUA + `"}}`
	named := s.msg(opEndpoint, 1, route("GET /x"), options)
	if bytes.Contains(named, []byte(octokitUA)) || bytes.Count(named, []byte{recLayerString}) != 2 {
		t.Fatalf("the message writes the layer's string: %q", named)
	}
	_, got := s.run(named)
	s.written = true
	written := s.msg(opEndpoint, 1, route("GET /x"), options)
	if !bytes.Contains(written, []byte(octokitUA)) {
		t.Fatalf("the message does not write the string: %q", written)
	}
	_, want := s.run(written)
	if got != want || !bytes.Contains([]byte(got), []byte(`"x-b":"`+octokitUA+`"`)) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestALayerStringNamingNoStringIsMalformed: a handle past the layer's
// table, or of a value that is not a string, makes the message malformed
// (D29), and the next call works.
func TestALayerStringNamingNoStringIsMalformed(t *testing.T) {
	s := layerWithUA(t)
	good := s.msg(opEndpoint, 1, route("GET /x"), `{"headers":{"user-agent":"`+octokitUA+`"}}`)
	at := bytes.IndexByte(good, recLayerString)
	if at < 0 {
		t.Fatalf("no layer string in %q", good)
	}
	notString := -1 // a handle of the layer's table that is not a string
	for h, v := range s.layers[1] {
		if v.Kind() == core.Number {
			notString = h
			break
		}
	}
	if notString < 0 {
		t.Fatal("the layer holds no number")
	}
	for _, h := range []int{len(s.layers[1]), 1 << 30, notString} {
		bad := bytes.Clone(good)
		binary.LittleEndian.PutUint32(bad[at+1:], uint32(h))
		if status, got := s.run(bad); status != statusError || !bytes.Contains([]byte(got), []byte("malformed")) {
			t.Errorf("handle %d: %d %s", h, status, got)
		}
	}
	if status, got := s.run(good); status != statusOK || !bytes.Contains([]byte(got), []byte(octokitUA)) {
		t.Errorf("then: %d %s", status, got)
	}
}

// TestALayerStringIsTheLayersOwnValue: a layer string read by its handle
// is the layer's own value, a view of its copy with the marks the engine
// gave it (a header value it checked for CR, LF and NUL is not looked at
// again, core's checkHeader), under the handle it takes in the message.
func TestALayerStringIsTheLayersOwnValue(t *testing.T) {
	s := layerWithUA(t)
	l, ok := s.b.layer(1)
	if !ok {
		t.Fatal("no layer 1")
	}
	h := -1
	for i, v := range l.strs {
		if v.Kind() == core.String && v.Text() == octokitUA {
			h = i
		}
	}
	if h < 0 {
		t.Fatal("the layer holds no user-agent")
	}
	in := binary.LittleEndian.AppendUint32([]byte{recLayerString}, uint32(h))
	r := reader{in: in, slab: new(slab), layer: l.strs}
	got := r.value(2, 7)
	if r.bad || got != l.strs[h].WithHandle(7) {
		t.Errorf("read %#v, want the layer's own value %#v", got, l.strs[h].WithHandle(7))
	}
}
