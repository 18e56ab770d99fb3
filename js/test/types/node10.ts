// moduleResolution node10 ignores "exports": the subpaths resolve through
// typesVersions (tsconfig.node10.json).
import { endpoint, toFetch } from "endpoint-wasm";
import { init, endpoint as lazy } from "endpoint-wasm/init";
import "endpoint-wasm/global";

init().then((ep) => ep("GET /user"));
lazy("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
toFetch(endpoint("GET /user"))[1].headers["accept"].toLowerCase();
endpointWasm.ready.then((ep) => ep.DEFAULTS.baseUrl);

// @ts-expect-error: parameters are checked under node10 as well
endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: 2 });
