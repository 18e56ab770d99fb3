package bridge

import "github.com/endpoint-wasm/endpoint-wasm/core/internal/engine"

// The engine's names the global object's members (wasm/main.go,
// wasm/values.go) read JavaScript values into. Interim: the members are to
// go through the wire's decoder, as the shim's calls do.
type (
	Builder = engine.Builder
	Obj     = engine.Obj
	Value   = engine.Value
	Request = engine.Request
	Class   = engine.Class
	Error   = engine.Error
)

const (
	Undefined = engine.Undefined
	Null      = engine.Null
	Bool      = engine.Bool
	Number    = engine.Number
	BigInt    = engine.BigInt
	String    = engine.String
	Array     = engine.Array
	Object    = engine.Object
	Opaque    = engine.Opaque

	ClassBinary          = engine.ClassBinary
	ClassBlob            = engine.ClassBlob
	ClassFormData        = engine.ClassFormData
	ClassOther           = engine.ClassOther
	ClassStream          = engine.ClassStream
	ClassURLSearchParams = engine.ClassURLSearchParams

	CodeInvalidArgument = engine.CodeInvalidArgument
	MaxDepth            = engine.MaxDepth
	Version             = engine.Version
)

var (
	Big         = engine.Big
	BoolValue   = engine.BoolValue
	List        = engine.List
	NewBuilder  = engine.New
	NewError    = engine.NewError
	NewObj      = engine.NewObj
	NewSession  = engine.NewSession
	NullValue   = engine.NullValue
	NumText     = engine.NumText
	ObjValue    = engine.ObjValue
	OpaqueValue = engine.OpaqueValue
	Str         = engine.Str
)
