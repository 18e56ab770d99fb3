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

// FuzzIs: Is agrees with the byte-at-a-time definition.
func FuzzIs(f *testing.F) {
	f.Add("https://api.github.com/repos/o/r")
	f.Add("Straße 日本語")
	f.Fuzz(func(t *testing.T, s string) {
		if Is(s) != byteAtATime(s) {
			t.Errorf("Is(%q) = %v", s, Is(s))
		}
	})
}

// BenchmarkIs: a url of 1,300 bytes, as a long search query makes.
func BenchmarkIs(b *testing.B) {
	s := strings.Repeat("https://api.github.com/search/issues?q=tetris%20language%3Aassembly", 20)[:1300]
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if !Is(s) {
			b.Fatal("not ASCII")
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

// FuzzPrintable: Printable agrees with the byte-at-a-time definition.
func FuzzPrintable(f *testing.F) {
	f.Add("octokit-core.js/7.0.8 Node.js/20.20.2 (linux; x64)")
	f.Add("token x\r\nx-injected: 1")
	f.Add("\x1f\x20\x7f\x80")
	f.Fuzz(func(t *testing.T, s string) {
		if Printable(s) != printableByteAtATime(s) {
			t.Errorf("Printable(%q) = %v", s, Printable(s))
		}
	})
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
