package bridge

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/endpoint-wasm/endpoint-wasm/core"
)

const ua = `"user-agent":"endpoint-wasm/` + core.Version + `"`
const std = `{"accept":"application/vnd.github.v3+json",` + ua

func route(r string) *string { return &r }

var bridgeCases = []struct {
	name    string
	op      byte
	route   *string
	options string
	hold    []string
	want    string
}{
	{"endpoint expands a route over the global defaults", opEndpoint, route("GET /repos/{owner}/{repo}"), `{"owner":"o","repo":"r","page":2}`, nil,
		`{"method":"get","url":"https://api.github.com/repos/o/r?page=2","headers":` + std + `}}`},
	{"a held body value comes back by handle, never read (D15, D19)", opEndpoint, route("POST /x"), `{"big":"x","obj":{"a":1}}`, []string{"big", "obj"},
		`{"method":"post","url":"https://api.github.com/x","headers":` + std + `,"content-type":"application/json; charset=utf-8"},"body":{"big":"x","obj":{"a":1}}}`},
	{"a held value the url needs is loaded (core.Unloaded)", opEndpoint, route("GET /x/{path}"), `{"path":"docs/README.md","q":"a+b c"}`, []string{"path", "q"},
		`{"method":"get","url":"https://api.github.com/x/docs%2FREADME.md?q=a+b%20c","headers":` + std + `}}`},
	{"a held array in a query is loaded and joined (D16)", opEndpoint, route("GET /x"), `{"labels":["bug","help wanted"]}`, []string{"labels"},
		`{"method":"get","url":"https://api.github.com/x?labels=bug%2Chelp%20wanted","headers":` + std + `}}`},
	{"a held object in a query is refused by its kind alone (D16)", opEndpoint, route("GET /x"), `{"o":{"a":1}}`, []string{"o"},
		`"ERR_INVALID_PARAMETER" "o" "endpoint: o: an object has no query-string encoding"`},
	{"merge keeps the url unexpanded and the method as written (D3)", opMerge, route("post /x/{y}"), ``, nil,
		`{"method":"post","baseUrl":"https://api.github.com","headers":` + std + `},"mediaType":{"format":"","previews":[]},"url":"/x/{y}"}`},
	{"parse takes merged options", opParse, nil, `{"method":"DELETE","url":"https://h.example/a/{b}","b":"c d"}`, nil,
		`{"method":"delete","url":"https://h.example/a/c%20d","headers":{}}`},
	{"an error names its code, field and message (D28)", opEndpoint, route("FETCH /x"), ``, nil,
		`"ERR_UNSUPPORTED_METHOD" "route" "endpoint: route: unsupported method \"FETCH\" in \"FETCH /x\""`},
	{"numbers are taken as JavaScript wrote them (D12)", opEndpoint, route("GET /x"), `{"a":1e21,"b":0.1}`, nil,
		`{"method":"get","url":"https://api.github.com/x?a=1e%2B21&b=0.1","headers":` + std + `}}`},
	{"bigints cross as decimal text and come back by handle (D12)", opEndpoint, route("POST /x/{id}"), `{"id":12n,"n":-5n}`, nil,
		`{"method":"post","url":"https://api.github.com/x/12","headers":` + std + `,"content-type":"application/json; charset=utf-8"},"body":{"n":-5n}}`},
}

func TestBridge(t *testing.T) {
	s := newShim()
	for _, c := range bridgeCases {
		t.Run(c.name, func(t *testing.T) {
			_, got := s.run(s.msg(c.op, 0, c.route, c.options, c.hold...))
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestALayerIsKeptAndItsValuesComeBackByHandle(t *testing.T) { // spec rule 1, D21, D27
	s := newShim()
	status, got := s.run(s.msg(opDefaults, 0, nil, `{"baseUrl":"https://h.example","headers":{"X-A":"1"},"request":{"n":1,"deep":{"a":1}},"per_page":100}`))
	want := `layer 1: {"method":"GET","baseUrl":"https://h.example","headers":` + std + `,"x-a":"1"},"mediaType":{"format":"","previews":[]},"request":{"n":1,"deep":{"a":1}},"per_page":100}`
	if status != statusOK || got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	_, got = s.run(s.msg(opEndpoint, 1, route("POST /y"), `{"request":{"deep":{"b":2}},"t":"x"}`))
	want = `{"method":"post","url":"https://h.example/y","headers":` + std + `,"x-a":"1","content-type":"application/json; charset=utf-8"},"body":{"per_page":100,"t":"x"},"request":{"n":1,"deep":{"a":1,"b":2}}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	s.b.Free(1)
	if status, _ := s.run(s.msg(opEndpoint, 1, route("GET /y"), ``)); status != statusError {
		t.Errorf("a freed layer still answers")
	}
}

func TestAMalformedMessageIsAnErrorAndTheNextCallWorks(t *testing.T) { // D29
	s := newShim()
	good := s.msg(opEndpoint, 0, route("GET /x"), `{"a":1}`)
	for n := 0; n < len(good); n++ {
		if status, _ := s.run(good[:n]); status != statusError {
			t.Fatalf("%d bytes of a message: status %d", n, status)
		}
	}
	for _, bad := range [][]byte{append(good, 0), {'X', 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, recNull}} {
		if status, _ := s.run(bad); status != statusError {
			t.Errorf("%q: status %d", bad, status)
		}
	}
	if status, got := s.run(good); status != statusOK || !strings.Contains(got, "https://api.github.com/x?a=1") {
		t.Errorf("then: %d %s", status, got)
	}
}

// TestConstantsMatchTheShims: js/protocol.js names the same values, in the
// same order, as constants here, and the same numbers for each tag.
func TestConstantsMatchTheShims(t *testing.T) {
	src, err := os.ReadFile("../../js/protocol.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)export const CONSTANTS = \[(.*?)\];`).FindSubmatch(src)
	if m == nil {
		t.Fatal("no CONSTANTS in js/protocol.js")
	}
	var js []string
	for _, item := range regexp.MustCompile(`"[^"]*"|undefined|null|false|true`).FindAll(m[1], -1) {
		js = append(js, strings.Trim(string(item), `"`))
	}
	if strings.Join(js, "|") != strings.Join(constants[:], "|") {
		t.Errorf("js/protocol.js CONSTANTS:\n%v\nwasm/protocol.go constants:\n%v", js, constants)
	}
	m = regexp.MustCompile(`(?s)export const SHAPES = \[(.*?)\n\];`).FindSubmatch(src)
	if m == nil {
		t.Fatal("no SHAPES in js/protocol.js")
	}
	var jsShapes, goShapes []string
	for _, row := range regexp.MustCompile(`\[[^\]]*\]`).FindAll(m[1], -1) {
		jsShapes = append(jsShapes, string(row))
	}
	for _, keys := range shapes {
		goShapes = append(goShapes, `["`+strings.Join(keys, `", "`)+`"]`)
	}
	if strings.Join(jsShapes, "|") != strings.Join(goShapes, "|") {
		t.Errorf("js/protocol.js SHAPES:\n%v\nwasm/protocol.go shapes:\n%v", jsShapes, goShapes)
	}
	for i, want := range map[int]string{constGet: "get", constRequest: "request", constBody: "body"} {
		if constants[i] != want {
			t.Errorf("constants[%d] is %q, want %q", i, constants[i], want)
		}
	}
	for name, want := range map[string]int{
		"REC_UNDEFINED": recUndefined, "REC_NULL": recNull, "REC_FALSE": recFalse, "REC_TRUE": recTrue, "REC_NUMBER": recNumber,
		"REC_BIGINT": recBigInt, "REC_STRING": recString, "REC_ARRAY": recArray, "REC_OBJECT": recObject, "REC_HOST": recHost,
		"REC_HELD_STRING": recHeldString, "REC_HELD_ARRAY": recHeldArray, "REC_HELD_OBJECT": recHeldObject,
		"OP_REF": opRef, "OP_COPY": opCopy, "OP_TEXT": opText, "OP_CONST": opConst, "OP_OBJECT": opObject, "OP_ARRAY": opArray,
		"OP_NUMBER": opNumber, "OP_BIGINT": opBigInt, "OP_BARE": opBare, "OP_SHAPED": opShaped, "OP_AGAIN": opAgain,
		"SHAPE_OPTIONS": shapeOptions, "SHAPE_REQUEST": shapeRequest, "SHAPE_HEADERS": shapeHeaders, "SHAPE_BITS": shapeBits, "STATUS_OK": statusOK, "STATUS_ERROR": statusError, "STATUS_HOST_ERROR": statusHostError,
		"OP_ENDPOINT": opEndpoint, "OP_MERGE": opMerge, "OP_PARSE": opParse, "OP_DEFAULTS": opDefaults, "OP_MERGE_PARSE": opMergeParse, "OP_REMERGE": opRemerge, "OP_REMERGE_PARSE": opRemergeParse,
		"OP_MERGE_AHEAD": opMergeAhead,
		"BOX_INPUT":      0, "BOX_INPUT_CAP": 1, "BOX_OPS": 2, "BOX_OPS_LEN": 3, "BOX_TEXT": 4, "BOX_TEXT_LEN": 5,
	} {
		m := regexp.MustCompile(`\b` + name + ` = (\d+)`).FindSubmatch(src)
		if m == nil || string(m[1]) != strconvItoa(want) {
			t.Errorf("js/protocol.js %s: %s, want %d", name, m, want)
		}
	}
}

// TestTheShimDecodesByHandOnlyTextTheWriterLookedAt: the shim decodes text
// without textWide byte for character up to DECODE_BY_HAND bytes, which
// stays within textScanned, past which the writer flags text textWide
// without looking: what the writer looks for is used wherever it looks,
// and it looks nowhere its finding would go unused. (Either way non-ASCII
// text is always flagged, so decoding stays right.)
func TestTheShimDecodesByHandOnlyTextTheWriterLookedAt(t *testing.T) {
	src, err := os.ReadFile("../../js/protocol.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`DECODE_BY_HAND = NATIVE_TEXT \? (\d+) : (\d+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("no DECODE_BY_HAND in js/protocol.js")
	}
	for _, n := range m[1:] {
		if v, _ := strconv.Atoi(string(n)); v > textScanned {
			t.Errorf("DECODE_BY_HAND %d > textScanned %d", v, textScanned)
		}
	}
}

// TestTheShimReadsThroughTheBuiltinsOnlyTextThatFits: in a browser with
// JS String Builtins the shim reads every text not flagged textWide through
// js/text.js, whose scratch array holds SCRATCH characters and traps past
// them: textScanned, the longest text the writer leaves unflagged, must
// fit.
func TestTheShimReadsThroughTheBuiltinsOnlyTextThatFits(t *testing.T) {
	src, err := os.ReadFile("../../js/text.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const SCRATCH = (\d+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("no SCRATCH in js/text.js")
	}
	if v, _ := strconv.Atoi(string(m[1])); v < textScanned {
		t.Errorf("SCRATCH %d < textScanned %d", v, textScanned)
	}
}

// TestTextPastTextScannedIsFlaggedWide: short text is flagged by what it
// holds; longer text is flagged textWide whatever it holds.
func TestTextPastTextScannedIsFlaggedWide(t *testing.T) {
	for _, c := range []struct {
		s    string
		wide bool
	}{
		{strings.Repeat("a", textScanned), false},
		{strings.Repeat("a", textScanned-2) + "é", true}, // 128 bytes: looked at
		{strings.Repeat("a", textScanned+1), true},
	} {
		var w writer
		w.textOp(opText, c.s)
		if got := w.ops[1]&textWide != 0; got != c.wide || int(w.ops[1]&^textWide) != len(c.s) {
			t.Errorf("textOp(%d bytes): word %#x, want wide %v", len(c.s), w.ops[1], c.wide)
		}
	}
}

// TestConstantIndexFindsEveryConstantAndNothingElse: the writer names each
// string constant by its index, and writes any other string as text.
func TestConstantIndexFindsEveryConstantAndNothingElse(t *testing.T) {
	for i := firstString; i < len(constants); i++ {
		if k, ok := constantIndex(constants[i]); !ok || k != i {
			t.Errorf("constantIndex(%q) = %d, %v; want %d", constants[i], k, ok, i)
		}
	}
	for _, s := range []string{"undefined", "null", "true", "Get", "gets", "x", "application/json; charset=utf-8 ", "/repos/{owner}/{repo}"} {
		if k, ok := constantIndex(s); ok {
			t.Errorf("constantIndex(%q) = %d; want none", s, k)
		}
	}
}

// TestAUrlParsedUnchangedIsNamedByItsHandle: a url that parse() leaves as
// it is (a next page's, from a link header) is answered as the caller's
// string, by handle; one the engine changes is written as text.
func TestAUrlParsedUnchangedIsNamedByItsHandle(t *testing.T) {
	s := newShim()
	for _, c := range []struct {
		url, more string
		byRef     bool
		result    string
	}{
		{"https://api.github.com/repositories/1/issues?per_page=100&page=2", "", true, "https://api.github.com/repositories/1/issues?per_page=100&page=2"},
		{"https://api.github.com/repositories/1/issues?per_page=100", `,"page":2`, false, "https://api.github.com/repositories/1/issues?per_page=100&page=2"},
		{"https://api.github.com/x/{y}", `,"y":"z"`, false, "https://api.github.com/x/z"},
		{"/x", "", false, "https://api.github.com/x"},
		{"https://h.example/a b", "", false, "https://h.example/a%20b"},
	} {
		in := s.msg(opParse, 0, nil, `{"method":"GET","baseUrl":"https://api.github.com","url":"`+c.url+`"`+c.more+`}`)
		status, got := s.run(in)
		if status != statusOK || !strings.Contains(got, `"url":"`+c.result+`"`) {
			t.Fatalf("%s: %d %s", c.url, status, got)
		}
		// The words: opShaped (method, url, headers), method's value, then the url.
		if w := s.b.w.ops[2]; (w&15 == opRef) != c.byRef {
			t.Errorf("%s: url word %#x, by handle %v", c.url, w, c.byRef)
		}
	}
}

// TestShapeOfFindsEachShape: an object whose defined members begin with a
// shape's keys is answered as that shape, with undefined members between
// them left out (D15); an object that stops short of a shape's keys, or
// has them in another order, is not.
func TestShapeOfFindsEachShape(t *testing.T) {
	obj := func(keys ...string) *core.Obj {
		var o core.Obj
		for _, k := range keys {
			v := core.Str("x")
			if strings.HasPrefix(k, "~") { // an undefined member
				k, v = k[1:], core.Value{}
			}
			o.Set(k, v)
		}
		return &o
	}
	for s, keys := range shapes {
		if got := shapeOf(obj(keys...)); got != s {
			t.Errorf("%v: shape %d, want %d", keys, got, s)
		}
		if got := shapeOf(obj(append(append([]string{}, keys...), "more")...)); got != s {
			t.Errorf("%v and more: shape %d, want %d", keys, got, s)
		}
		spaced := []string{"~" + keys[0] + "x"}
		for _, k := range keys {
			spaced = append(spaced, k, "~undefined"+k)
		}
		if got := shapeOf(obj(spaced...)); got != s {
			t.Errorf("%v: shape %d, want %d", spaced, got, s)
		}
		if got := shapeOf(obj(keys[:len(keys)-1]...)); got != -1 {
			t.Errorf("%v: shape %d, want none", keys[:len(keys)-1], got)
		}
		if got := shapeOf(obj(keys[1:]...)); got != -1 {
			t.Errorf("%v: shape %d, want none", keys[1:], got)
		}
	}
	for _, keys := range [][]string{{}, {"~method", "baseUrl"}, {"method", "url", "baseUrl"}, {"accept", "~user-agent"}, {"user-agent", "accept"}, {"previews", "format"}, {"owner"}} {
		if got := shapeOf(obj(keys...)); got != -1 {
			t.Errorf("%v: shape %d, want none", keys, got)
		}
	}
}
