package engine

import "strings"

// authority is where the authority of an http(s) url lies, and its host
// and port in it: u[start:end] is the authority, u[host:port] the host,
// u[port:end] the port with its ":" (or nothing). Every rule that needs an
// authority reads it with readAuthority, the one reader (D37): the origin
// of D31, the join of D8, the path of D32, the credentials of D23 and the
// hosts of D34 and D37 all see the same host.
type authority struct {
	start, host, port, end int
}

// readAuthority reads the authority of u after its scheme's ":" at from, as
// WHATWG URL parsers read an http(s) url's: after any "/" and "\" that
// follow, up to the first "/", "\", "?", "#", white space or control
// character. Its host follows the last "@" in it and ends at a ":" outside
// brackets (an IPv6 address), which starts the port.
func readAuthority(u string, from int) authority {
	a := authority{start: from}
	for a.start < len(u) && (u[a.start] == '/' || u[a.start] == '\\') {
		a.start++
	}
	a.host = a.start
	for a.end = a.start; a.end < len(u); a.end++ {
		if c := u[a.end]; charClass[c]&classAuthority != 0 { // one test for the bytes most hosts hold none of
			if c != '@' {
				break
			}
			a.host = a.end + 1
		}
	}
	a.port = a.end
	bracket := false
	for i := a.host; i < a.end && a.port == a.end; i++ {
		switch u[i] {
		case '[':
			bracket = true
		case ']':
			bracket = false
		case ':':
			if !bracket {
				a.port = i
			}
		}
	}
	return a
}

// hostProblem returns why the host of u's authority a cannot be sent, or
// "": it is empty (https://user@/x: the path's first segment would become
// the host), or it holds a "%", which URL parsers disagree on (D37).
func (a authority) hostProblem(u string) string {
	switch host := u[a.host:a.port]; {
	case host == "":
		return "names no host"
	case strings.IndexByte(host, '%') >= 0:
		return "has a \"%\" in its host, which URL parsers read differently"
	}
	return ""
}

// portOK reports whether the port of u's authority a is digits, or none.
func (a authority) portOK(u string) bool {
	return a.port == a.end || allDigits(u[a.port+1:a.end])
}
