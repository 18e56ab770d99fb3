package bridge

import (
	"testing"
	"unsafe"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// TestFastHandlesAreCoresOwn: withHandle, handleOf and keyHandle, which
// read core's layout, answer as hc's functions do for every kind of value,
// loaded or not, with a handle or without, and for every key of objects
// with and without handles.
func TestFastHandlesAreCoresOwn(t *testing.T) {
	if unsafe.Sizeof(core.Value{}) != unsafe.Sizeof(valueRep{}) {
		t.Fatalf("core.Value is %d bytes, valueRep %d", unsafe.Sizeof(core.Value{}), unsafe.Sizeof(valueRep{}))
	}
	o := core.NewObj(4)
	hc.Append(o, "a", 7, core.Str("x"))
	hc.Append(o, "b", -1, core.NullValue())
	hc.Append(o, "0", 1<<31-2, core.BoolValue(true))
	vals := []core.Value{
		{}, core.NullValue(), core.BoolValue(true), core.BoolValue(false), core.NumText("1.5"), core.Big("12"),
		core.Str(""), core.Str("text"), core.List(core.Str("a")), core.ObjValue(o), core.OpaqueValue(nil, core.ClassBlob),
		hc.Unloaded(core.String, 3), hc.Unloaded(core.Array, 0), hc.Unloaded(core.Object, 1<<31-2),
	}
	for i, v := range vals {
		for _, h := range []int{0, 1, 5, 1 << 20, 1<<31 - 2} {
			for _, w := range []core.Value{v, hc.WithHandle(v, 9)} {
				if got, want := withHandle(w, h), hc.WithHandle(w, h); got != want {
					t.Errorf("value %d: withHandle(%d) = %v, hc's %v", i, h, got, want)
				}
				gh, gu := handleOf(withHandle(w, h))
				wh, wu := hc.Handle(hc.WithHandle(w, h))
				if gh != wh || gu != wu {
					t.Errorf("value %d, handle %d: handleOf = %d, %v; hc's %d, %v", i, h, gh, gu, wh, wu)
				}
			}
		}
		gh, gu := handleOf(v)
		wh, wu := hc.Handle(v)
		if gh != wh || gu != wu {
			t.Errorf("value %d: handleOf = %d, %v; hc's %d, %v", i, gh, gu, wh, wu)
		}
	}
	// appendKeyed builds the object hc.Append does, past the size from
	// which an object keeps an index too.
	mine, theirs := core.NewObj(0), core.NewObj(0)
	for i := 0; i < 40; i++ {
		k, kh := string(rune('a'+i%26))+string(rune('a'+i/26)), i*3-1
		appendKeyed(mine, k, kh, core.Str(k))
		hc.Append(theirs, k, kh, core.Str(k))
	}
	for i := 0; i < theirs.Len(); i++ {
		gh, gok := hc.KeyHandle(mine, i)
		wh, wok := hc.KeyHandle(theirs, i)
		if mine.Key(i) != theirs.Key(i) || mine.At(i) != theirs.At(i) || gh != wh || gok != wok {
			t.Errorf("member %d: appendKeyed gave %q %d %v, hc.Append %q %d %v", i, mine.Key(i), gh, gok, theirs.Key(i), wh, wok)
		}
		if v, ok := mine.Get(theirs.Key(i)); !ok || v != theirs.At(i) {
			t.Errorf("member %d: %q not found by Get after appendKeyed", i, theirs.Key(i))
		}
	}
	for i := 0; i < o.Len(); i++ {
		gh, gok := keyHandle(o, i)
		wh, wok := hc.KeyHandle(o, i)
		if gh != wh || gok != wok {
			t.Errorf("key %d: keyHandle = %d, %v; hc's %d, %v", i, gh, gok, wh, wok)
		}
	}
}
