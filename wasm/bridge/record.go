package bridge

import (
	"encoding/binary"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

// record writes a new layer's defaults as a record (protocol.go), the form
// in which the shim keeps them and writes them with every call on the
// layer. Its records take handles in order, as a message's do; refs lists,
// for each record whose value the shim has (a host value, a string), its
// handle in the record and the handle the value had in the message that
// made it, so that the shim can make the layer's table.
type record struct {
	dst  []byte
	refs []uint32
	next int // the handle of the next record
}

// value appends v.
func (r *record) value(v core.Value) {
	h := r.next
	r.next++
	// A value the shim has is listed, so that it keeps the very value: a
	// host value or a string it held, which it must, and a string, which
	// it need not decode again.
	src, held := hc.Handle(v)
	if src >= 0 && (held || v.Kind() == core.Opaque || v.Kind() == core.String) {
		r.refs = append(r.refs, uint32(h), uint32(src))
	}
	switch v.Kind() {
	case core.Undefined:
		r.dst = append(r.dst, recUndefined)
	case core.Null:
		r.dst = append(r.dst, recNull)
	case core.Bool:
		if v.Text() == "true" {
			r.dst = append(r.dst, recTrue)
		} else {
			r.dst = append(r.dst, recFalse)
		}
	case core.Number:
		r.dst = appendText(append(r.dst, recNumber), v.Text())
	case core.BigInt:
		r.dst = appendText(append(r.dst, recBigInt), v.Text())
	case core.String:
		if held {
			r.dst = append(r.dst, recHeldString)
		} else {
			r.dst = appendText(append(r.dst, recString), v.Text())
		}
	case core.Array:
		if held {
			r.dst = append(r.dst, recHeldArray)
			return
		}
		l := hc.List(v)
		r.dst = binary.LittleEndian.AppendUint32(append(r.dst, recArray), uint32(len(l)))
		for _, e := range l {
			r.value(e)
		}
	case core.Object:
		if held {
			r.dst = append(r.dst, recHeldObject)
			return
		}
		o := v.Obj()
		r.dst = append(r.dst, recObject)
		at := len(r.dst)
		r.dst = binary.LittleEndian.AppendUint32(r.dst, 0)
		n := 0
		for i := 0; i < o.Len(); i++ {
			if o.At(i).Kind() == core.Undefined { // D15
				continue
			}
			n++
			r.dst = appendText(r.dst, o.Key(i))
			r.next++ // the key's handle
			r.value(o.At(i))
		}
		binary.LittleEndian.PutUint32(r.dst[at:], uint32(n))
	default:
		_, class := v.Ref()
		r.dst = append(r.dst, recHost, byte(class))
	}
}

// appendText appends a str: a u32 byte length and the bytes.
func appendText(dst []byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint32(dst, uint32(len(s))), s...)
}
