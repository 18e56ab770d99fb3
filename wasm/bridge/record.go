package bridge

import (
	"encoding/binary"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// heldAbove is the byte length past which a layer record holds a string
// rather than write it: the engine loads it on the calls that read it, so
// that a long default body value costs those calls nothing.
const heldAbove = 256

// appendRecord appends v as a record (protocol.go), the form in which the
// shim keeps a new layer's defaults and writes them with every call on it.
// Its records number, in order, as the values of the options the answer
// gives, which the shim lists in the same order (js/protocol.js, layerOf).
func appendRecord(dst []byte, v core.Value) []byte {
	switch v.Kind() {
	case core.Undefined:
		return append(dst, recUndefined)
	case core.Null:
		return append(dst, recNull)
	case core.Bool:
		if v.Text() == "true" {
			return append(dst, recTrue)
		}
		return append(dst, recFalse)
	case core.Number:
		return appendText(append(dst, recNumber), v.Text())
	case core.BigInt:
		return appendText(append(dst, recBigInt), v.Text())
	case core.String:
		if hc.IsUnloaded(v) || len(v.Text()) > heldAbove {
			return append(dst, recHeldString)
		}
		return appendText(append(dst, recString), v.Text())
	case core.Array:
		if hc.IsUnloaded(v) {
			return append(dst, recHeldArray)
		}
		l := v.List()
		dst = binary.LittleEndian.AppendUint32(append(dst, recArray), uint32(len(l)))
		for _, e := range l {
			dst = appendRecord(dst, e)
		}
		return dst
	case core.Object:
		if hc.IsUnloaded(v) {
			return append(dst, recHeldObject)
		}
		o := v.Obj()
		dst = append(dst, recObject)
		at := len(dst)
		dst = binary.LittleEndian.AppendUint32(dst, 0)
		n := 0
		for i := 0; i < o.Len(); i++ {
			if o.At(i).Kind() == core.Undefined { // D15
				continue
			}
			n++
			dst = appendRecord(appendText(dst, o.Key(i)), o.At(i))
		}
		binary.LittleEndian.PutUint32(dst[at:], uint32(n))
		return dst
	}
	_, class := v.Ref()
	return append(dst, recHost, byte(class))
}

// appendText appends a str: a u32 byte length and the bytes.
func appendText(dst []byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint32(dst, uint32(len(s))), s...)
}
