package bridge

import "github.com/endpoint-wasm/endpoint-wasm/core"

// The low-level API of the module's global object (wasm/main.go), in plain
// Go so that it is tested natively: JSON text in, JSON text out, no state.
// Each takes [defaults, route, options] as strings, defaults and options as
// JSON text ("" for none).

// JSONEndpoint is endpoint(defaults, route, options).
func JSONEndpoint(args []string) string {
	b, route, options, err := jsonArgs(args)
	if err != nil {
		return jsonError(err)
	}
	r, err := b.Endpoint(route, options)
	if err != nil {
		return jsonError(err)
	}
	return string(r.AppendJSON(nil))
}

// JSONMerge is merge(defaults, route, options).
func JSONMerge(args []string) string {
	b, route, options, err := jsonArgs(args)
	if err != nil {
		return jsonError(err)
	}
	m, err := b.Merge(route, options)
	if err != nil {
		return jsonError(err)
	}
	return string(core.AppendJSON(nil, core.ObjValue(m)))
}

// JSONParse is parse(options).
func JSONParse(args []string) string {
	_, _, options, err := jsonArgs(append([]string{"", ""}, args...))
	if err != nil {
		return jsonError(err)
	}
	r, err := core.Parse(options)
	if err != nil {
		return jsonError(err)
	}
	return string(r.AppendJSON(nil))
}

// JSONDefaults is defaults(defaults, options).
func JSONDefaults(args []string) string {
	if len(args) > 0 {
		args = append([]string{args[0], ""}, args[1:]...)
	}
	b, _, options, err := jsonArgs(args)
	if err != nil {
		return jsonError(err)
	}
	nb, err := b.Defaults(options)
	if err != nil {
		return jsonError(err)
	}
	return string(core.AppendJSON(nil, core.ObjValue(nb.DEFAULTS())))
}

// jsonArgs decodes [defaults, route, options]: defaults and options as JSON
// text ("" for none), the route as it is.
func jsonArgs(args []string) (*core.Builder, string, *core.Obj, error) {
	for len(args) < 3 {
		args = append(args, "")
	}
	b := core.New()
	if args[0] != "" {
		d, err := jsonObject(args[0], "defaults")
		if err != nil {
			return nil, "", nil, err
		}
		if b, err = b.Defaults(d); err != nil {
			return nil, "", nil, err
		}
	}
	options, err := jsonObject(args[2], "options")
	return b, args[1], options, err
}

func jsonObject(text, field string) (*core.Obj, error) {
	if text == "" {
		return nil, nil
	}
	v, err := core.DecodeJSON([]byte(text))
	if err != nil {
		return nil, err
	}
	if v.Kind() == core.Null {
		return nil, nil
	}
	if v.Kind() != core.Object {
		return nil, core.NewError(core.CodeInvalidArgument, field, field+": must be a JSON object")
	}
	return v.Obj(), nil
}

func jsonError(err error) string {
	e, ok := err.(*core.Error)
	if !ok {
		e = core.NewError(codeInternal, "", err.Error())
	}
	out := []byte(`{"error":{"code":`)
	out = core.AppendJSON(out, core.Str(string(e.Code)))
	out = append(out, `,"field":`...)
	out = core.AppendJSON(out, core.Str(e.Field))
	out = append(out, `,"message":`...)
	out = core.AppendJSON(out, core.Str(e.Error()))
	return string(append(out, "}}"...))
}
