// fetch(...toFetch(r)) type-checks against the fetch of whichever library
// the project uses: the DOM library (tsconfig.json) or @types/node
// (tsconfig.node.json); both take only strings as header values (D5).
import { endpoint, toFetch, type FetchInit } from "endpoint-wasm";

const r = endpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n", headers: { "x-count": 2 } });
const pending: Promise<Response> = fetch(...toFetch(r));
const init: RequestInit = toFetch(r)[1];
const request = new Request(...toFetch(r));

// @ts-expect-error: header values of fetch arguments are strings
const numeric: FetchInit = { method: "GET", headers: { "x-count": 2 } };

// A stream body's init carries duplex, which fetch requires then.
const streamed = toFetch(endpoint("POST /x", { data: new ReadableStream() }))[1];
const duplex: "half" | undefined = streamed.duplex;
const streaming: Promise<Response> = fetch("https://example.com", streamed);
// @ts-expect-error: duplex is "half", the one value fetch takes
const full: FetchInit = { method: "POST", headers: {}, duplex: "full" };

export { pending, init, request, numeric, duplex, streaming, full };
