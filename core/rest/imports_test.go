//go:build !js

// The go command runs natively only: in the browser (wasmbrowsertest) there
// is none.

package rest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTheWebAssemblyModuleCompilesCoreAndNoneOfNetHTTP: endpoint.wasm,
// built from ./wasm, compiles package core, its engine (core/internal/engine)
// and the bridge (core/bridge), never this package, core/internal/govalue
// nor encoding/json, which the engine links in native builds only
// (core/internal/engine/gojson.go): they would only make the module larger
// (docs/go.md, "Why the Go API is apart from the engine").
func TestTheWebAssemblyModuleCompilesCoreAndNoneOfNetHTTP(t *testing.T) {
	const module = "github.com/endpoint-wasm/endpoint-wasm/"
	cmd := exec.Command("go", "list", "-deps", "./wasm")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, p := range []string{module + "core", module + "core/internal/engine", module + "core/bridge"} {
		if !slices.Contains(deps, p) {
			t.Errorf("the module does not compile %s: %v", p, deps)
		}
	}
	for _, p := range []string{module + "core/rest", module + "core/internal/govalue", "encoding/json", "math/big"} {
		if slices.Contains(deps, p) {
			t.Errorf("endpoint.wasm links %s", p)
		}
	}
}
