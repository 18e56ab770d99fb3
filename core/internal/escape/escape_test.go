package escape

import (
	"bytes"
	"strings"
	"testing"
)

// unreserved is RFC 3986's unreserved set, a table to test with.
var unreserved = NewTable(func(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~", c) >= 0
})

// byteAtATime is the definition Append must agree with: each byte kept, or
// written as "%" and two upper-case hex digits.
func byteAtATime(dst []byte, s string, keep func(c byte) bool) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; keep(c) {
			dst = append(dst, c)
		} else {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&0xF])
		}
	}
	return dst
}

func keptBy(t *Table) func(c byte) bool { return func(c byte) bool { return t.Len(c) == 1 } }

func TestNewTableWritesKeptBytesAndTriplets(t *testing.T) {
	cases := map[string]string{
		"abc-._~XYZ09": "abc-._~XYZ09",
		"a b/c":        "a%20b%2Fc",
		"%":            "%25",
		"\x00\x7f\xff": "%00%7F%FF",
		"é":            "%C3%A9",
		"":             "",
	}
	for in, want := range cases {
		if got := string(Append(nil, in, unreserved)); got != want {
			t.Errorf("Append(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAppendWritesEveryByteAtEveryPosition: whatever its place in the
// eight-byte steps or the tail, every byte is written as the table says,
// and what dst held is kept.
func TestAppendWritesEveryByteAtEveryPosition(t *testing.T) {
	keep := keptBy(unreserved)
	for n := 1; n <= 20; n++ {
		for i := 0; i < n; i++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				b[i] = byte(c)
				s := string(b)
				want := byteAtATime([]byte("head/"), s, keep)
				if got := Append([]byte("head/"), s, unreserved); !bytes.Equal(got, want) {
					t.Fatalf("Append(%q) = %q, want %q", s, got, want)
				}
				// AppendWide: the same, and whether a byte is 0x80 or more,
				// in the words and in the tail alike.
				if got, wide := AppendWide([]byte("head/"), s, unreserved); !bytes.Equal(got, want) || wide != (c >= 0x80) {
					t.Fatalf("AppendWide(%q) = %q, %v; want %q, %v", s, got, wide, want, c >= 0x80)
				}
			}
		}
	}
}

// TestAppendWritesWithinTheRoomItHas: given exactly the room it needs, or
// one byte less, Append stays within dst's capacity, or makes more room,
// and never touches what lies past it.
func TestAppendWritesWithinTheRoomItHas(t *testing.T) {
	for _, s := range []string{"", "a", "é", "a b c d e f g h i", strings.Repeat("/", 17)} {
		for _, spare := range []int{-1, 0, 1} {
			room := 3*len(s) + 1 + spare
			if room < 0 {
				room = 0
			}
			backing := bytes.Repeat([]byte{'#'}, 2+room+8)
			dst := backing[: 2 : 2+room]
			got := Append(dst, s, unreserved)
			if want := byteAtATime(backing[:2:2], s, keptBy(unreserved)); string(got) != string(want) {
				t.Errorf("Append(%q) with %d spare = %q, want %q", s, spare, got, want)
			}
			if tail := backing[2+room:]; !bytes.Equal(tail, bytes.Repeat([]byte{'#'}, 8)) {
				t.Errorf("Append(%q) with %d spare wrote past dst's capacity: %q", s, spare, tail)
			}
		}
	}
}

// FuzzAppend: Append agrees with the byte-at-a-time definition.
func FuzzAppend(f *testing.F) {
	f.Add("tetris language:assembly", "x")
	f.Add("src/components/forms/inputs/", "")
	f.Add("Straße 日本語 😀", "https://api.github.com/search/issues?q=")
	f.Fuzz(func(t *testing.T, s, head string) {
		want := byteAtATime([]byte(head), s, keptBy(unreserved))
		if got := Append([]byte(head), s, unreserved); !bytes.Equal(got, want) {
			t.Errorf("Append(%q, %q) = %q, want %q", head, s, got, want)
		}
	})
}

// BenchmarkAppend: a search q of 1,000 characters, with the spaces and
// colons of a real query, and a deep contents path.
func BenchmarkAppend(b *testing.B) {
	for _, unit := range []string{"tetris language:assembly ", "src/components/forms/inputs/"} {
		s := strings.Repeat(unit, 1000/len(unit)+1)[:1000]
		dst := make([]byte, 0, 4096)
		b.Run(strings.Fields(unit)[0], func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				dst = Append(dst[:0], s, unreserved)
			}
		})
	}
}
