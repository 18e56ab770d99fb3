package engine

import (
	"math"
	"strings"
	"testing"
)

// Expected texts are what JavaScript's String(n) prints (node -p).
func TestNumbersAreFormattedAsJavaScriptsString(t *testing.T) { // D12
	cases := []struct {
		f    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-1, "-1"}, {1.5, "1.5"}, {0.1, "0.1"},
		{100, "100"}, {1e6, "1000000"}, {123.456, "123.456"}, {0.5, "0.5"},
		{1e20, "100000000000000000000"}, {1e21, "1e+21"}, {1.2345e21, "1.2345e+21"},
		{123456789012345680000, "123456789012345680000"}, {9007199254740992, "9007199254740992"},
		{1e-6, "0.000001"}, {0.000001234, "0.000001234"}, {1e-7, "1e-7"}, {1.5e-7, "1.5e-7"}, {-1e-7, "-1e-7"},
		{math.MaxFloat64, "1.7976931348623157e+308"}, {5e-324, "5e-324"},
		{math.NaN(), "NaN"}, {math.Inf(1), "Infinity"}, {math.Inf(-1), "-Infinity"},
	}
	for _, c := range cases {
		if got := string(appendJSNumber(nil, c.f)); got != c.want {
			t.Errorf("String(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestJSONNumbersKeepJavaScriptsText(t *testing.T) { // D12
	for in, want := range map[string]string{
		"30": "30", "-0": "0", "1.0": "1", "1.50": "1.5", "1e3": "1000", "1E21": "1e+21",
		"0.1": "0.1", "123456789012345678": "123456789012345680", "1e400": "Infinity", "-12n": "-12",
	} {
		v, err := DecodeJSON([]byte(in))
		if err != nil || v.Text() != want {
			t.Errorf("%s decoded to %q (%v), want %q", in, v.Text(), err, want)
		}
	}
}

// Expected texts are what encodeURIComponent returns in JavaScript.
func TestEncodeURIComponentMatchesJavaScript(t *testing.T) { // D16
	cases := map[string]string{
		"abc-_.!~*'()XYZ09": "abc-_.!~*'()XYZ09",
		"a b":               "a%20b",
		"#$&+,/:;=?@[]":     "%23%24%26%2B%2C%2F%3A%3B%3D%3F%40%5B%5D",
		"é€😀":               "%C3%A9%E2%82%AC%F0%9F%98%80",
		"%":                 "%25",
		"\x00\x7f":          "%00%7F",
	}
	for in, want := range cases {
		if got, ok := appendEncodeURIComponent(nil, in, false); !ok || string(got) != want {
			t.Errorf("encodeURIComponent(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRFC6570EscapingKeepsTripletsOnlyInReservedExpansion(t *testing.T) { // D11
	cases := []struct {
		in       string
		reserved bool
		want     string
	}{
		{"a/b c", false, "a%2Fb%20c"},
		{"a/b c", true, "a/b%20c"},
		{"%2F%zz%", true, "%2F%25zz%25"},
		{"%2F", false, "%252F"},
		{"!*'();:@&=+$,/?#[]", true, "!*'();:@&=+$,/?#[]"},
		{"~-._", false, "~-._"},
	}
	for _, c := range cases {
		if got := string(appendRFC6570(nil, c.in, c.reserved)); got != c.want {
			t.Errorf("escape(%q, reserved=%v) = %q, want %q", c.in, c.reserved, got, c.want)
		}
	}
}

func TestJSONRoundTripsKeyOrderEscapesAndLoneSurrogates(t *testing.T) { // D12, D30
	in := `{"z":1,"a":[true,false,null,"x\"\\\n\t\u0001"],"__proto__":{},"s":"\ud83d\ude00 \ud800"}`
	v, err := DecodeJSON([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":1,"a":[true,false,null,"x\"\\\n\t\u0001"],"__proto__":{},"s":"😀 \ud800"}`
	if got := string(AppendJSON(nil, v)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestInvalidJSONIsAnInvalidArgumentError(t *testing.T) { // D28
	for _, in := range []string{``, `{`, `{"a"}`, `{"a":1,}`, `[1 2]`, `"\x"`, `01`, `1.`, `-`, `tru`, `{"a":1} x`, "\"a\x01\""} {
		if _, err := DecodeJSON([]byte(in)); codeOf(err) != CodeInvalidArgument {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestLowerASCIIAndTokens(t *testing.T) { // D22
	if lowerASCII("Content-TYPE") != "content-type" || lowerASCII("x-ok") != "x-ok" {
		t.Error("lowerASCII")
	}
	for s, want := range map[string]bool{"x-a": true, "a!#$%&'*+-.^_`|~9": true, "": false, "a b": false, "a:b": false, "é": false} {
		if isToken(s) != want {
			t.Errorf("isToken(%q) != %v", s, want)
		}
	}
}

func TestSchemeLenRecognisesHTTPAndHTTPSInAnyCase(t *testing.T) { // D8
	for s, want := range map[string]int{
		"http://x": 7, "https://x": 8, "HTTPS://x": 8, "HtTp://": 7, "https:/x": 0, "http:": 0,
		"ftp://x": 0, "/repos": 0, "": 0, "httpx://x": 0, "hxxp://x": 0, "https//x": 0,
	} {
		if got := schemeLen(s); got != want {
			t.Errorf("schemeLen(%q) = %d, want %d", s, got, want)
		}
	}
}

// The shim writes numbers with JavaScript's own String(n), so the bridge
// takes their text as it is (NumText), and refuses anything else.
func TestNumTextTakesJavaScriptsTextAndRefusesAnythingElse(t *testing.T) { // D12
	for _, s := range []string{"30", "1.5", "1e+21", "1e-7", "-0", "NaN", "Infinity", "-Infinity", "123456789012345680"} {
		if v := NumText(s); v.Kind() != Number || v.Text() != s {
			t.Errorf("NumText(%q) = %v %q", s, v.Kind(), v.Text())
		}
	}
	for _, s := range []string{"", "-", "01", "1.", ".5", "1e", "12n", "nan", "1x"} {
		if v := NumText(s); v.Kind() != Undefined {
			t.Errorf("NumText(%q) took it", s)
		}
	}
}

// TestEncodeURIComponentRefusesALoneSurrogateAnywhere: the UTF-8 check that
// rides on the escaping (appendEncodeURIComponent) finds a lone surrogate,
// as the decoder keeps it (WTF-8, D12), at any place of the text: in the
// words escaped eight bytes at a time and in the tail; valid text around
// it, ASCII or not, is valid.
func TestEncodeURIComponentRefusesALoneSurrogateAnywhere(t *testing.T) { // D12
	for _, lone := range []string{"\xed\xa0\x80", "\xed\xbf\xbf", "\xff"} {
		for n := 0; n <= 20; n++ {
			for _, around := range []string{"a", "é"} {
				s := strings.Repeat(around, n) + lone + strings.Repeat("b", 20-n)
				if _, ok := appendEncodeURIComponent(nil, s, false); ok {
					t.Errorf("%q: taken as valid UTF-8", s)
				}
				if _, ok := appendEncodeURIComponent(nil, strings.Repeat(around, n)+"😀"+strings.Repeat("b", 20-n), true); !ok {
					t.Errorf("valid text with %q around refused", around)
				}
			}
		}
	}
}
