//go:build !js

package bridge

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"
)

// js/wire.js, the JavaScript side's tables of the wire, is generated from
// protocol.go by this file: go test ./core/bridge -run TestWireJS -update.
// It is a native test only: in the browser there is no file to read.

var update = flag.Bool("update", false, "write js/wire.js from protocol.go")

const wireJS = "../../js/wire.js"

// wireGroup is a group of protocol.go's constants, in the order written.
type wireGroup struct {
	doc   string
	names []string
	vals  []int64
}

// wireConstants lists protocol.go's constants by group, as Go names and
// values; the JavaScript names are the Go names in JavaScript's style.
// TestWireJSNamesEveryProtocolName holds the list to protocol.go's.
func wireConstants() []wireGroup {
	g := func(doc string, kv ...any) wireGroup {
		w := wireGroup{doc: doc}
		for i := 0; i < len(kv); i += 2 {
			w.names = append(w.names, kv[i].(string))
			w.vals = append(w.vals, int64(reflectInt(kv[i+1])))
		}
		return w
	}
	return []wireGroup{
		g("Operations, the first byte of a message.", "OpEndpoint", OpEndpoint, "OpMerge", OpMerge, "OpParse", OpParse, "OpDefaults", OpDefaults),
		g("Record tags.", "recUndefined", recUndefined, "recNull", recNull, "recFalse", recFalse, "recTrue", recTrue,
			"recNumber", recNumber, "recBigInt", recBigInt, "recString", recString, "recArray", recArray, "recObject", recObject,
			"recHost", recHost, "recHeldString", recHeldString, "recHeldArray", recHeldArray, "recHeldObject", recHeldObject),
		g("The route length that means \"no route\"; what load returns when the shim could not read the value.",
			"noRoute", noRoute, "LoadFailed", LoadFailed),
		g("Answer tags, the low 4 bits of a word.", "opRef", opRef, "opText", opText, "opConst", opConst, "opObject", opObject,
			"opArray", opArray, "opNumber", opNumber, "opBigInt", opBigInt, "opBare", opBare, "opShaped", opShaped),
		g("The shapes, the low two bits of an opShaped word's argument.", "shapeOptions", shapeOptions, "shapeRequest", shapeRequest,
			"shapeHeaders", shapeHeaders, "shapeMediaType", shapeMediaType, "shapeBits", shapeBits),
		g("A text that may not be ASCII (decoded as UTF-8); the longest text Go looks at to tell.", "textWide", textWide, "textScanned", textScanned),
		g("The box's slots (wasm/exports.go).", "BoxInput", BoxInput, "BoxInputCap", BoxInputCap, "BoxOps", BoxOps, "BoxText", BoxText, "BoxLen", BoxLen),
		g("Statuses, the return value of ew_call.", "StatusOK", StatusOK, "StatusError", StatusError, "StatusHostError", StatusHostError),
		g("Indexes of constants.", "constUndefined", constUndefined, "constNull", constNull, "constFalse", constFalse, "constTrue", constTrue,
			"firstString", firstString, "constGet", constGet, "constRequest", constRequest, "constBody", constBody),
		g("The limits of every writer of messages (D29).", "MaxMessage", MaxMessage, "maxDepth", maxDepth, "ShortString", ShortString, "ShortArray", ShortArray),
		g("What a writer holds of a value, by the part of the message it is in.", "HoldLarge", HoldLarge, "HoldLong", HoldLong, "HoldNone", HoldNone),
		g("Classes of host values (D20).", "ClassOther", ClassOther, "ClassFormData", ClassFormData, "ClassBlob", ClassBlob,
			"ClassURLSearchParams", ClassURLSearchParams, "ClassBinary", ClassBinary, "ClassStream", ClassStream),
	}
}

// wireVars are protocol.go's variables the JavaScript side has, and the
// types that need no counterpart there.
var wireVars = []string{"constants", "shapes", "tooLargeText", "tooDeepText", "HostClasses"}
var goOnly = []string{"Class", "HostClass"}

func reflectInt(v any) int64 {
	switch x := v.(type) {
	case int:
		return int64(x)
	case rune:
		return int64(x)
	case Class:
		return int64(x)
	case engine.Class:
		return int64(x)
	}
	panic(fmt.Sprintf("wire: a constant of type %T", v))
}

// jsName is a Go name in JavaScript's style: opRef is OP_REF,
// ClassURLSearchParams CLASS_URL_SEARCH_PARAMS.
func jsName(goName string) string {
	r := []rune(goName)
	var b strings.Builder
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) && (unicode.IsLower(r[i-1]) || i+1 < len(r) && unicode.IsLower(r[i+1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(c))
	}
	return b.String()
}

// jsString is s as a JavaScript string literal (protocol.go's strings are ASCII).
func jsString(s string) string { return strconv.Quote(s) }

// generateWireJS returns js/wire.js as protocol.go's tables make it.
func generateWireJS() []byte {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("// Code generated from core/bridge/protocol.go by core/bridge/wire_test.go; DO NOT EDIT.\n")
	p("// go test ./core/bridge -run TestWireJS -update writes it again.\n\n")
	p("// The wire's tables, as the bridge has them: protocol.go describes each.\n\n")
	p("import { version } from \"./version.js\";\n")
	for _, g := range wireConstants() {
		p("\n// %s\n", g.doc)
		for i, name := range g.names {
			v := g.vals[i]
			switch {
			case strings.HasPrefix(name, "Op") && v >= 'A' && v <= 'Z':
				p("export const %s = %d; // %q\n", jsName(name), v, rune(v))
			case v >= 1<<16 || v <= -1<<16:
				sign := ""
				if v < 0 {
					sign, v = "-", -v
				}
				p("export const %s = %s0x%x;\n", jsName(name), sign, v)
			default:
				p("export const %s = %d;\n", jsName(name), v)
			}
		}
	}
	p("\n/** The values answers name by index (OP_CONST). */\nexport const CONSTANTS = [")
	for i, c := range constants {
		if i%6 == 0 {
			p("\n ")
		}
		switch {
		case i < firstString:
			p(" %s,", c) // undefined, null, false, true
		case c == engine.UserAgent:
			p(" %s + version,", jsString(strings.TrimSuffix(c, engine.Version)))
		default:
			p(" %s,", jsString(c))
		}
	}
	p("\n];\n")
	// The keys themselves are in shaped() below: the reader needs only how many.
	p("\n/** How many keys each OP_SHAPED object begins with, by shape. */\nexport const SHAPE_SIZES = [")
	for s, keys := range shapes {
		if s > 0 {
			p(", ")
		}
		p("%d", len(keys))
	}
	p("];\n")
	p("\n/**\n * shaped makes the first members of an OP_SHAPED object of shape s, their\n")
	p(" * values read by r.value() in order, as a literal of the shape's keys:\n")
	p(" * V8 gives a literal its hidden class at once, where keys set one by one\n")
	p(" * cost a lookup each.\n */\nexport function shaped(r, s) {\n  switch (s) {\n")
	for s, keys := range shapes {
		m := make([]string, len(keys))
		for i, k := range keys {
			m[i] = jsString(k) + ": r.value()"
		}
		p("    case %d: return { %s };\n", s, strings.Join(m, ", "))
	}
	p("  }\n}\n")
	p("\n/** The host classes a writer tells by constructor or tag, in order: [name, class]. */\nexport const HOST_CLASSES = [\n")
	classNames := map[int64]string{}
	for _, g := range wireConstants() {
		for i, name := range g.names {
			if strings.HasPrefix(name, "Class") {
				classNames[g.vals[i]] = jsName(name)
			}
		}
	}
	for _, c := range HostClasses {
		p("  [%s, %s],\n", jsString(c.Name), classNames[int64(c.Class)])
	}
	p("];\n")
	p("\n/** The messages of a writer's refusals, after \"endpoint: options: \" (D29). */\n")
	p("export const TOO_LARGE_TEXT = %s;\n", jsString(tooLargeText))
	p("export const TOO_DEEP_TEXT = %s;\n", jsString(tooDeepText))
	return b.Bytes()
}

// TestWireJS: js/wire.js is what protocol.go's tables generate; with
// -update it is written.
func TestWireJS(t *testing.T) {
	want := generateWireJS()
	if *update {
		if err := os.WriteFile(wireJS, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(wireJS)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			g, w := "", ""
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("js/wire.js differs from protocol.go's tables at line %d:\n got  %s\n want %s\n(go test ./core/bridge -run TestWireJS -update)", i+1, g, w)
			}
		}
	}
}

// TestWireJSNamesEveryProtocolName: every constant, variable and type
// protocol.go declares is in js/wire.js (or needs no counterpart there), so
// that a name added to the wire cannot be left out of the generated tables.
func TestWireJSNamesEveryProtocolName(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "protocol.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, g := range wireConstants() {
		listed = append(listed, g.names...)
	}
	listed = append(append(listed, wireVars...), goOnly...)
	var declared []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, s := range gd.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				for _, n := range s.Names {
					declared = append(declared, n.Name)
				}
			case *ast.TypeSpec:
				declared = append(declared, s.Name.Name)
			}
		}
	}
	slices.Sort(listed)
	slices.Sort(declared)
	if !slices.Equal(listed, declared) {
		t.Errorf("protocol.go declares %v\nthe generator lists %v", declared, listed)
	}
}

func TestJSName(t *testing.T) {
	for goName, want := range map[string]string{
		"opRef": "OP_REF", "OpEndpoint": "OP_ENDPOINT", "recHeldString": "REC_HELD_STRING", "LoadFailed": "LOAD_FAILED",
		"StatusOK": "STATUS_OK", "ClassURLSearchParams": "CLASS_URL_SEARCH_PARAMS", "BoxInputCap": "BOX_INPUT_CAP", "maxDepth": "MAX_DEPTH",
	} {
		if got := jsName(goName); got != want {
			t.Errorf("jsName(%q) = %q, want %q", goName, got, want)
		}
	}
}
