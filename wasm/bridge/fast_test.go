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
	for i := 0; i < o.Len(); i++ {
		gh, gok := keyHandle(o, i)
		wh, wok := hc.KeyHandle(o, i)
		if gh != wh || gok != wok {
			t.Errorf("key %d: keyHandle = %d, %v; hc's %d, %v", i, gh, gok, wh, wok)
		}
	}
}
