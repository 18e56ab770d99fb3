// Octokit's calls into the endpoint, mirrored call for call from the
// published packages (read in @octokit/core 7.0.8, @octokit/request 10.0.16,
// @octokit/auth-token 6.0.0 and @octokit/plugin-paginate-rest 16.0.0, over
// @octokit/endpoint 11.0.5). Only the endpoint calls are kept: no hook
// library, no fetch, no promises, so that the time measured is the
// endpoint's.

/** TOKEN is a made-up personal access token (never a real one). */
export const TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";

/**
 * octokit builds the endpoint an Octokit instance ends up with, and returns
 * it with request(route, parameters), which makes the endpoint calls one
 * octokit.request() makes with token authentication, and page(first),
 * which makes those of plugin-paginate-rest for the next page.
 */
export function octokit(ep, userAgent) {
  return octokitOver(requestEndpointOf(ep, userAgent), userAgent);
}

/**
 * requestEndpointOf is @octokit/request's endpoint, made once when the
 * package loads: `request = withDefaults(endpoint, { headers: { "user-agent":
 * `octokit-request.js/${VERSION} ${getUserAgent()}` } })`; withDefaults calls
 * `oldEndpoint.defaults(newDefaults)`.
 */
export function requestEndpointOf(ep, userAgent) {
  return ep.defaults({ headers: { "user-agent": `octokit-request.js/10.0.16 ${userAgent}` } });
}

/** octokitOver is a new Octokit instance over @octokit/request's endpoint (octokit). */
export function octokitOver(requestEndpoint, userAgent) {
  // @octokit/core constructor: requestDefaults, then `this.request =
  // request.defaults(requestDefaults)`. The hook is before-after-hook's
  // `hook.bind(null, "request")`; only its presence matters to the endpoint.
  // (The constructor's graphql client calls .defaults() once more; that is
  // construction, not a request, and is left out.)
  const hook = function request() {};
  const requestDefaults = {
    baseUrl: requestEndpoint.DEFAULTS.baseUrl,
    headers: {},
    request: Object.assign({}, undefined, { hook }),
    mediaType: { previews: [], format: "" },
  };
  requestDefaults.headers["user-agent"] = `octokit-core.js/7.0.8 ${userAgent}`;
  const endpoint = requestEndpoint.defaults(requestDefaults);

  /** request makes the endpoint calls of octokit.request(route, parameters) with `auth: token`. */
  function request(route, parameters) {
    // @octokit/request withDefaults' newApi: merge, then hand the result to the hook.
    const endpointOptions = endpoint.merge(route, parameters);
    if (!endpointOptions.request || !endpointOptions.request.hook) return endpoint.parse(endpointOptions);
    // @octokit/auth-token hook(token, request, route, parameters), called with
    // (request2, endpointOptions): `request.endpoint.merge(route, parameters)`,
    // then `endpoint.headers.authorization = withAuthorizationPrefix(token)`.
    const authed = endpoint.merge(endpointOptions, undefined);
    authed.headers.authorization = `token ${TOKEN}`;
    // @octokit/request request2(route2, parameters2): `endpoint2.parse(endpoint2.merge(route2, parameters2))`.
    return endpoint.parse(endpoint.merge(authed, undefined));
  }

  /**
   * pages returns plugin-paginate-rest's iterator state for route: `options =
   * octokit.request.endpoint(route, parameters)`, whose method and headers
   * every next page reuses with the url of the `link` header's rel="next".
   */
  function pages(route, parameters) {
    const { method, headers } = endpoint(route, parameters);
    return (url) => request({ method, url, headers });
  }

  return { endpoint, request, pages };
}
