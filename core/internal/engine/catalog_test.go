package engine_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// catalogOp is one operation of catalog/github-rest.json (format in
// catalog/README.md): method, url template, operationId, headers, and
// parameters as [name, where, type, required, example].
type catalogOp struct {
	M  string              `json:"m"`
	U  string              `json:"u"`
	ID string              `json:"id"`
	H  map[string]string   `json:"h"`
	P  [][]json.RawMessage `json:"p"`
}

// optionKeys are the keys that are options rather than parameters (D15): a
// body parameter of that name cannot be passed (url would set the option,
// which may not move the request, D31), so the example call puts its
// operation's body in data, every body field in it (data excepted: the
// catalog uses it for a raw body, D19).
var optionKeys = map[string]bool{"method": true, "url": true, "baseUrl": true, "headers": true, "mediaType": true, "request": true}

// loadCatalog reads the committed catalog of every GitHub REST operation.
func loadCatalog(t testing.TB) []catalogOp {
	t.Helper()
	data, err := os.ReadFile("../../../catalog/github-rest.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct{ Ops []catalogOp }
	if err := json.Unmarshal(data, &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat.Ops) < 1000 {
		t.Fatalf("catalog holds %d operations; GitHub's REST API has over 1,000", len(cat.Ops))
	}
	return cat.Ops
}

// exampleOptions builds an operation's options from its example values
// through engine.DecodeJSON, keeping the catalog's key order.
func exampleOptions(t testing.TB, op catalogOp) *engine.Obj {
	t.Helper()
	o := engine.NewObj(len(op.P) + 1)
	names, wheres := make([]string, len(op.P)), make([]string, len(op.P))
	inData := false
	for i, p := range op.P {
		if json.Unmarshal(p[0], &names[i]) != nil || json.Unmarshal(p[1], &wheres[i]) != nil {
			t.Fatalf("%s: malformed parameter %s", op.ID, p[0])
		}
		inData = inData || wheres[i] == "body" && optionKeys[names[i]]
	}
	var data *engine.Obj
	for i, p := range op.P {
		v, err := engine.DecodeJSON(p[4])
		if err != nil {
			t.Fatalf("%s: example of %s: %v", op.ID, names[i], err)
		}
		if inData && wheres[i] == "body" {
			if data == nil {
				data = engine.NewObj(len(op.P))
			}
			data.Set(names[i], v)
			continue
		}
		o.Set(names[i], v)
	}
	if data != nil {
		o.Set("data", engine.ObjValue(data))
	}
	if len(op.H) > 0 {
		h := engine.NewObj(len(op.H))
		for k, v := range op.H {
			h.Set(k, engine.Str(v))
		}
		o.Set("headers", engine.ObjValue(h))
	}
	return o
}

// Every GitHub REST operation of the catalog builds with its example values:
// no error, every placeholder expanded (D11, D13), the method in lower case
// (D3), no body on GET/HEAD (D18), and the url on api.github.com (D8) unless
// the operation names its own host (uploads.github.com).
func TestEveryCatalogOperationBuildsWithItsExampleValues(t *testing.T) {
	for _, op := range loadCatalog(t) {
		r, err := engine.Endpoint(op.M+" "+op.U, exampleOptions(t, op))
		if err != nil {
			t.Errorf("%s %s (%s): %v", op.M, op.U, op.ID, err)
			continue
		}
		host := "https://api.github.com/"
		if strings.HasPrefix(op.U, "https://") {
			host = op.U[:strings.Index(op.U[len("https://"):], "/")+len("https://")+1]
		}
		switch {
		case strings.ContainsAny(r.URL, "{}"):
			t.Errorf("%s: url %q keeps a brace", op.ID, r.URL)
		case r.Method != strings.ToLower(op.M):
			t.Errorf("%s: method %q, want %q", op.ID, r.Method, strings.ToLower(op.M))
		case (op.M == "GET" || op.M == "HEAD") && r.Body.IsDefined():
			t.Errorf("%s: %s has a body", op.ID, op.M)
		case !strings.HasPrefix(r.URL, host):
			t.Errorf("%s: url %q does not start with %s", op.ID, r.URL, host)
		}
	}
}

// BenchmarkCatalog is the Go API over real traffic: each iteration builds the
// next operation of the catalog with its example values (options decoded
// once, outside the timing), so ns/op is the mean over all operations.
func BenchmarkCatalog(b *testing.B) {
	ops := loadCatalog(b)
	routes := make([]string, len(ops))
	opts := make([]*engine.Obj, len(ops))
	for i, op := range ops {
		routes[i], opts[i] = op.M+" "+op.U, exampleOptions(b, op)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(ops)
		if _, err := engine.Endpoint(routes[k], opts[k]); err != nil {
			b.Fatal(err)
		}
	}
}
