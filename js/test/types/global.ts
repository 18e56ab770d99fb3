// endpoint-wasm/global: the classic-script build sets globalThis.endpointWasm.
import "endpoint-wasm/global";
import type { Endpoint } from "endpoint-wasm";

const ready: Promise<Endpoint> = endpointWasm.ready;
ready.then((endpoint) => endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url);
const direct: Endpoint = globalThis.endpointWasm.endpoint; // it throws ERR_NOT_INITIALIZED until ready resolves
endpointWasm.toFetch;
const isOurs = (e: unknown) => e instanceof endpointWasm.EndpointError && e.code === "ERR_INVALID_ROUTE";

endpointWasm.endpoint("GET /user");
// @ts-expect-error: parameters are checked through the global too
endpointWasm.ready.then((endpoint) => endpoint("GET /repos/{owner}/{repo}", { owner: 1, repo: "r" }));

export { direct, isOurs };
