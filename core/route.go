package core

import "strings"

// parseRoute splits a route "METHOD url" or "url" (D6). An empty route
// gives neither. The method comes back as written; merge keeps it so (D3).
func parseRoute(route string) (method, url string, err error) {
	fields := strings.Fields(route)
	switch len(fields) {
	case 0:
		return "", "", nil
	case 1:
		return "", fields[0], nil
	case 2:
		method, url = fields[0], fields[1]
		if !isLetters(method) {
			return "", "", errorf(CodeInvalidRoute, "route", "%q is not \"METHOD url\": the method must be letters only", clip(route))
		}
		if !supportedMethod(method) {
			return "", "", errorf(CodeUnsupportedMethod, "route", "unsupported method %q in %q", clip(method), clip(route))
		}
		return method, url, nil
	}
	return "", "", errorf(CodeInvalidRoute, "route", "%q is not \"METHOD url\": it has %d words", clip(route), len(fields))
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

// methods are the supported HTTP methods in upper case (D4).
var methods = [...]string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"}

// supportedMethod reports whether m is one of methods, in any case (D4).
func supportedMethod(m string) bool {
	for _, s := range methods {
		if strings.EqualFold(m, s) {
			return true
		}
	}
	return false
}

// checkMethod returns the error for an options.method that is not a
// supported method's name (D4, D28).
func checkMethod(v Value, field string) error {
	if v.kind != String {
		return errorf(CodeInvalidArgument, field, "must be a string, not %s", kindName(v.kind))
	}
	if !supportedMethod(v.s) {
		return errorf(CodeUnsupportedMethod, field, "unsupported method %q", clip(v.s))
	}
	return nil
}
