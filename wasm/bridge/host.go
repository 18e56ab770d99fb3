package bridge

import (
	core "github.com/endpoint-wasm/endpoint-wasm/internal/engine"
	"github.com/endpoint-wasm/endpoint-wasm/internal/host"
)

// hc is what core gives the bridge beyond its API (internal/host): handles,
// values loaded on demand, Builders over defaults kept as data.
var hc = host.Of[core.Value, core.Obj, core.Request, core.Builder, core.Kind]()
