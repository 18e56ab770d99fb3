package engine

import "github.com/endpoint-wasm/endpoint-wasm/internal/host"

// What the JavaScript bridge needs beyond this package's API (handles,
// values loaded on demand, Builders over defaults kept as data), given to
// it through internal/host, so that it stays out of the API Go programs use.
func init() {
	host.Set(&host.API[Value, Obj, Request, Builder, Kind]{
		Handle:      func(v Value) (int, bool) { return int(v.handle()) - 1, v.unloaded() },
		WithHandle:  func(v Value, h int) Value { return v.withHandle(int32(h + 1)) },
		Unloaded:    unloadedValue,
		List:        Value.list,
		KeyHandle:   func(o *Obj, i int) (int, bool) { return int(o.ents[i].h) - 1, o.ents[i].h != 0 },
		Append:      (*Obj).appendEntry,
		NewSession:  newSession,
		SetDefaults: (*Builder).set,
	})
}

// newSession is host.API.NewSession.
func newSession(l host.Loader[Value]) host.Session[Obj, Request, Builder] {
	return &session{loader: l}
}

// unloadedValue is a value of kind k with handle h whose content is to be
// loaded where the engine reads it (host.API.Unloaded).
func unloadedValue(k Kind, h int) Value {
	return Value{m: uint64(k) | metaUnloaded}.withHandle(int32(h + 1))
}
