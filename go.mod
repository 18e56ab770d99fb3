module github.com/endpoint-wasm/endpoint-wasm

go 1.26

require github.com/jtacoma/uritemplates v1.0.0 // indirect
