package bridge

import (
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// FuzzBridge sends options through the wire and checks the answer against
// the engine called directly: the bridge must not change a result, only
// carry it (one engine). Options are JSON (engine.DecodeJSON); values are
// written as the shim writes them, some held, so that loads are exercised.
// Whatever the input, the bridge answers, and the next call works (D29).
func FuzzBridge(f *testing.F) {
	for _, c := range []struct{ route, options string }{
		{"GET /repos/{owner}/{repo}/issues", `{"owner":"o","repo":"r","state":"open","labels":["a","b c"]}`},
		{"POST /x/{y}", `{"y":"a/b","body":{"n":[1,2]},"headers":{"X-A":"1","accept":"text/plain"}}`},
		{"GET /x{?a,b*}", `{"a":"1","b":{"k":"v"},"mediaType":{"format":"raw","previews":["p-preview"]}}`},
		{"PUT https://h.example/{+path}", `{"path":"a%2Fb","data":"x","request":{"t":1}}`},
		{"GET /x/" + strings.Repeat("{a}", 40), `{"a":"` + strings.Repeat("é", 300) + `"}`},
		{"G3T /x", `{"headers":{"a b":1}}`},
		{"", `{"url":"/x","method":"patch","baseUrl":"https://h.example/v3/"}`},
	} {
		f.Add(c.route, c.options, uint8(0))
		f.Add(c.route, c.options, uint8(0xff))
	}
	s := newShim()
	good := s.msg(OpEndpoint, nil, route("GET /x"), `{"a":1}`)
	_, want := s.run(good)
	f.Fuzz(func(t *testing.T, rt, options string, hold uint8) {
		v, err := engine.DecodeJSON([]byte(options))
		if err != nil || v.Kind() != engine.Object || strings.Contains(options, "n") && hasBigInt(v) {
			// Not options, or a bigint (which comes back by handle, rendered
			// differently): send the raw text as a message instead.
			s.b.Call([]byte(rt + options))
			if _, got := s.run(good); got != want {
				t.Fatalf("after %q the next call gives %s", rt+options, got)
			}
			return
		}
		var held []string
		for i := 0; i < v.Obj().Len(); i++ {
			if hold&(1<<(i%8)) != 0 {
				held = append(held, v.Obj().Key(i))
			}
		}
		status, got := s.run(s.msg(OpEndpoint, nil, &rt, options, held...))
		r, err := engine.Endpoint(rt, v.Obj())
		switch {
		case err != nil:
			e := err.(*engine.Error)
			if status != StatusError || !strings.HasPrefix(got, `"`+string(e.Code)+`"`) || !strings.HasSuffix(got, ` "`+e.Rule+`"`) {
				t.Fatalf("core: %v; bridge: %d %s", err, status, got)
			}
		case status != StatusOK || got != string(r.AppendJSON(nil)):
			t.Fatalf("core:   %s\nbridge: %d %s", r.AppendJSON(nil), status, got)
		}
		if _, got := s.run(good); got != want {
			t.Fatalf("the next call gives %s", got)
		}
	})
}

func hasBigInt(v engine.Value) bool {
	switch v.Kind() {
	case engine.BigInt:
		return true
	case engine.Array:
		for _, e := range v.Elems() {
			if hasBigInt(e) {
				return true
			}
		}
	case engine.Object:
		for i := 0; i < v.Obj().Len(); i++ {
			if hasBigInt(v.Obj().At(i)) {
				return true
			}
		}
	}
	return false
}
