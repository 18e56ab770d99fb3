package ascii

import (
	"strings"
	"testing"
)

// byteAtATime is the definition Is must agree with.
func byteAtATime(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestIsFindsANonASCIIByteAtEveryPosition: whatever its place in the
// eight-byte words or the tail, one byte >= 0x80 makes the text not ASCII.
func TestIsFindsANonASCIIByteAtEveryPosition(t *testing.T) {
	for n := 0; n <= 72; n++ {
		s := strings.Repeat("a", n)
		if !Is(s) {
			t.Errorf("Is(%d × a) = false", n)
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b := []byte(s)
				b[i] = c
				if Is(string(b)) {
					t.Errorf("Is: byte %#x at %d of %d not found", c, i, n)
				}
			}
		}
	}
}

func printableByteAtATime(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestPrintableFindsEveryOtherByteAtEveryPosition: each byte outside
// 0x20-0x7F is found wherever it stands, beside the bytes at the edges of
// the range, which must not borrow into it.
func TestPrintableFindsEveryOtherByteAtEveryPosition(t *testing.T) {
	for n := 0; n <= 72; n++ {
		for _, fill := range []byte{' ', '!', 'a', '~', 0x7f} {
			s := strings.Repeat(string(fill), n)
			if !Printable(s) {
				t.Errorf("Printable(%d × %#x) = false", n, fill)
			}
			for i := 0; i < n; i++ {
				for c := 0; c < 256; c++ {
					b := []byte(s)
					b[i] = byte(c)
					if got, want := Printable(string(b)), c >= 0x20 && c < 0x80; got != want {
						t.Errorf("Printable: byte %#x at %d of %d in %#x: %v", c, i, n, fill, got)
					}
				}
			}
		}
	}
}

// TestEqualFindsADifferenceAtEveryPosition: whatever its place in the
// eight-byte words or the tail, one differing byte makes two texts unequal,
// and texts of different lengths are never equal.
func TestEqualFindsADifferenceAtEveryPosition(t *testing.T) {
	for n := 0; n <= 72; n++ {
		s := strings.Repeat("a", n)
		if !Equal(s, strings.Clone(s)) {
			t.Errorf("Equal(%d × a, itself) = false", n)
		}
		if Equal(s, s+"a") || Equal(s+"a", s) {
			t.Errorf("Equal: %d and %d bytes found equal", n, n+1)
		}
		for i := 0; i < n; i++ {
			// 'b' and '`' differ from 'a' in bits it has clear and set: a
			// difference must not be lost among the other words' bits.
			for _, c := range []byte{'b', '`'} {
				b := []byte(s)
				b[i] = c
				if Equal(s, string(b)) {
					t.Errorf("Equal: a difference at %d of %d not found", i, n)
				}
			}
		}
	}
}

// indexDotByteAtATime is the definition IndexDot must agree with.
func indexDotByteAtATime(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || strings.HasPrefix(s[i:], "%2E") || strings.HasPrefix(s[i:], "%2e") {
			return i
		}
	}
	return -1
}

// TestIndexDotFindsADotAtEveryPosition: a "." and a "%2E" or "%2e" are found
// wherever they start, across the eight-byte words and in the tail, and the
// near misses ("%2F", "%3E", "%2", a "%" at the end, bytes one off a dot
// or an "e") are not dots.
func TestIndexDotFindsADotAtEveryPosition(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for _, fill := range []byte{'a', '%', '2', 'e', 'E', '-', '/', 0xae, 0xe5} {
			s := strings.Repeat(string(fill), n)
			if got, want := IndexDot(s), indexDotByteAtATime(s); got != want {
				t.Errorf("IndexDot(%d × %#x) = %d, want %d", n, fill, got, want)
			}
			for i := 0; i <= n; i++ {
				for _, ins := range []string{".", "%2E", "%2e", "%2F", "%3E", "%2", "%", "\x2e", "\xae", "%2\xc5", "%\x322e", "%%2e"} {
					b := s[:i] + ins + s[i:]
					if got, want := IndexDot(b), indexDotByteAtATime(b); got != want {
						t.Errorf("IndexDot(%q) = %d, want %d", b, got, want)
					}
				}
			}
		}
	}
}

// FuzzTestsAgreeWithTheirDefinitions: Is, Printable and IndexDot, which
// test eight bytes at once, agree with their byte-at-a-time definitions.
func FuzzTestsAgreeWithTheirDefinitions(f *testing.F) {
	for _, seed := range []string{
		"https://api.github.com/repos/o/r", "Straße 日本語",
		"octokit-core.js/7.0.8 Node.js/20.20.2 (linux; x64)", "token x\r\nx-injected: 1", "\x1f\x20\x7f\x80",
		"src%2Fcomponents%2Fforms%2Finputs%2F", "a%2ea", "..",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if Is(s) != byteAtATime(s) {
			t.Errorf("Is(%q) = %v", s, Is(s))
		}
		if Printable(s) != printableByteAtATime(s) {
			t.Errorf("Printable(%q) = %v", s, Printable(s))
		}
		if IndexDot(s) != indexDotByteAtATime(s) {
			t.Errorf("IndexDot(%q) = %d", s, IndexDot(s))
		}
	})
}

// BenchmarkLongText: Is on a url of 1,300 bytes, as a long search query
// makes, and IndexDot on the 1,072 bytes, none a dot, of a contents path of
// 1,000 characters escaped.
func BenchmarkLongText(b *testing.B) {
	url := strings.Repeat("https://api.github.com/search/issues?q=tetris%20language%3Aassembly", 20)[:1300]
	path := strings.Repeat("src%2Fcomponents%2Fforms%2Finputs%2F", 30)[:1072]
	for _, c := range []struct {
		name string
		s    string
		test func(string) bool
		want bool
	}{{"Is", url, Is, true}, {"IndexDot", path, func(s string) bool { return IndexDot(s) >= 0 }, false}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.s)))
			for b.Loop() {
				if c.test(c.s) != c.want {
					b.Fatalf("%s = %v", c.name, !c.want)
				}
			}
		})
	}
}
