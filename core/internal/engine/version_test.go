package engine

import (
	"os"
	"testing"
)

func TestVersionMatchesPackageJSON(t *testing.T) { // D1: one version source
	data, err := os.ReadFile("../../../package.json")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := DecodeJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := pkg.Obj().Get("version")
	if v.Text() != Version {
		t.Fatalf("package.json has version %q but the engine's Version is %q: run make version", v.Text(), Version)
	}
}
