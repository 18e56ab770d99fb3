package engine

import "strings"

// A url option never moves a request to another origin (D31). Five GitHub
// operations take a body field named url (the webhook configuration of an
// app, an organisation and a repository; an organisation's private
// registries): passed as a parameter, it is the url option and would
// replace the route's url, sending the request, with its authorization,
// to the webhook's host. So a url that replaces another (the route's, or
// one set by Defaults) must resolve, joined to the merged baseUrl (D8), to
// the same origin. Merge checks it, without expanding anything: where an
// expression may decide either origin, the two must be written alike.

// origin is where a url sends a request, as D31 compares urls.
type origin struct {
	// key is "scheme://host[:port]": lower case, without userinfo or a
	// default port, as URL parsers read it (a host holding "%", which they
	// read differently, is refused when the url is built, D37). For a
	// written origin it is the template's text up to where its origin
	// surely ends (writtenOrigin).
	key     string
	written bool // an expression may decide the origin
	known   bool // false for a path under a baseUrl that names no host
}

// same reports whether two urls with origins o and p go to the same place.
func (o origin) same(p origin) bool {
	return o.known && p.known && o.written == p.written && o.key == p.key
}

// describe names o for an error message.
func (o origin) describe() string {
	switch {
	case !o.known:
		return "no origin (the baseUrl names no host)"
	case o.written:
		return "an origin its expressions decide, " + quote(o.key)
	}
	// A port that is not digits may be the start of a password holding
	// a "/" ("https://user:pa/ss@host"): not quoted (D23).
	if a := readAuthority(o.key, schemeLen(o.key)); !a.portOK(o.key) {
		return quote(o.key[:a.port] + ":[redacted]")
	}
	return quote(o.key)
}

// urlOrigin returns the origin of the url template url joined to base
// (D8): its own when it is absolute, base's when it is a path.
func urlOrigin(url, base string) origin {
	var inserted []int
	// A ":name" placeholder (D9) right after the scheme's slashes is the
	// host: URL parsers skip extra slashes ("https:///:host/x").
	src := colonPlaceholders(url, &inserted)
	if n := schemeLen(src); n > 0 {
		// Read as the expanded url will hold it: literals are encoded (D11),
		// so that a "\" there is "%5C", no delimiter.
		k := strings.IndexByte(src, '{')
		if k < 0 {
			k = len(src)
		}
		lit := string(appendLiteral(nil, src[:k]))
		a := readAuthority(lit, n)
		if a.end == len(lit) && k < len(src) {
			return writtenOrigin(src) // an expression may write the host, or more of it
		}
		return origin{key: originKey(lit[:n-3], lit[a.host:a.port], lit[a.port:a.end]), known: true}
	}
	if mayBecomeAbsolute(src) {
		return writtenOrigin(src)
	}
	return baseOrigin(base)
}

// baseOrigin returns the origin of a path joined to base. base is not
// expanded (D8) and is sent as written.
func baseOrigin(base string) origin {
	n := schemeLen(base)
	if n == 0 {
		return origin{}
	}
	a := readAuthority(base, n)
	if a.host == a.port {
		// "https://" + "/" + path: the path's first segment would be the host.
		return origin{}
	}
	return origin{key: originKey(base[:n-3], base[a.host:a.port], base[a.port:a.end]), known: true}
}

// mayBecomeAbsolute reports whether a url without a scheme may expand to
// one: its text before the first expression could start "http://" or
// "https://" ("{origin}/repos/...", "http{s}://..."), so that D8 would use
// it as it is.
func mayBecomeAbsolute(src string) bool {
	k := strings.IndexByte(src, '{')
	if k < 0 || k > len("https://") {
		return false
	}
	p := lowerASCII(src[:k])
	return strings.HasPrefix("https://", p) || strings.HasPrefix("http://", p)
}

// writtenOrigin returns the origin of a url whose expressions may decide
// it: its text up to a delimiter that ends the origin whatever the
// expressions give. That is the first "?" or "#" outside an expression, or
// the first "/" outside one that follows literal text other than "/" and
// ":", or a simple expression, which cannot write "/", "?" or "#" (D36):
// expanded, that "/" comes after the scheme's slashes, so the host ends
// there at the latest. Two urls written alike up to it expand alike up to
// it, with the same parameters, and so go to the same origin. Without
// such a delimiter the whole url must be written alike.
func writtenOrigin(src string) origin {
	open := -1      // where the expression under way opened, or -1
	simple := false // the last expression closed was a simple one
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case open >= 0:
			if c == '}' {
				simple = operatorFor(src[open+1]) == nil
				open = -1
			}
		case c == '{':
			open = i
		case c == '?' || c == '#',
			c == '/' && i > 0 && src[i-1] != '/' && src[i-1] != ':' && (src[i-1] != '}' || simple):
			return origin{key: src[:i+1], written: true, known: true}
		}
	}
	return origin{key: src, written: true, known: true}
}

// originKey returns "scheme://host[:port]" for a host and port (with its
// ":", or "") as URL parsers read them: the host in lower case, the port
// without leading zeros and left out when it is the scheme's default. Two
// urls whose keys are equal go to the same host; the reverse need not hold
// (IDNA maps more), which only makes D31 stricter.
func originKey(scheme, host, port string) string {
	scheme = lowerASCII(scheme)
	if len(port) > 0 && allDigits(port[1:]) {
		p := port[1:]
		for len(p) > 0 && p[0] == '0' { // not strings.TrimLeft, which links a Unicode path of its own
			p = p[1:]
		}
		if p == "" && len(port) > 1 {
			p = "0"
		}
		port = ":" + p
		if p == "" || scheme == "https" && p == "443" || scheme == "http" && p == "80" {
			port = ""
		}
	}
	b := make([]byte, 0, len(scheme)+3+len(host)+len(port))
	b = append(append(b, scheme...), "://"...)
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(append(b, port...))
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// checkOrigins holds merged options m to D31. def is the url the defaults
// held (Undefined when none) and route the route's ("" when none); m's url
// replaced them when it differs from them.
func (s *session) checkOrigins(m *Obj, def Value, route string) error {
	fv, _ := m.Get("url")
	if fv == def || fv.kind() != String {
		return nil // nothing replaced the defaults' url (a url of another kind failed in mergeMembers)
	}
	fv, err := s.load(fv, "url")
	if err != nil {
		return err
	}
	url := fv.text()
	byRoute := route != "" && url == route
	if byRoute && def.kind() != String {
		return nil // the route's url, over no other: the usual call
	}
	if def, err = s.load(def, "url"); err != nil {
		return err
	}
	var base string
	if bv, _ := m.Get("baseUrl"); bv.kind() == String {
		if bv, err = s.load(bv, "baseUrl"); err != nil {
			return err
		}
		base = bv.text()
	}
	by := "the url option"
	if byRoute {
		by = "the route's url"
	}
	if route != "" && !byRoute {
		if err := replaceWithin(url, route, base, by, "the route's url"); err != nil {
			return err
		}
	}
	if def.kind() == String && url != def.text() {
		return replaceWithin(url, def.text(), base, by, "the url set by defaults()")
	}
	return nil
}

// replaceWithin returns the error of D31 when url, which replaced old
// (both joined to base), goes to another origin. by and replaced say what
// each url is, for the message.
func replaceWithin(url, old, base, by, replaced string) error {
	to, from := urlOrigin(url, base), urlOrigin(old, base)
	if to.same(from) {
		return nil
	}
	return errorf(CodeInvalidArgument, "D31", "url", "%s %s would move the request from %s (%s %s) to %s: a url replaces another only within its origin. A body field named url goes in data, with the body's other fields: { data: { url, ... } }",
		by, quote(url), from.describe(), replaced, quote(old), to.describe())
}
