// The two requests every client recipe sends (clients.test.js), for Node and
// for a page alike: a PATCH with a JSON body, and an upload of bytes that are
// a view into a larger buffer, as a chunk of a file read into one would be.

export const TOKEN = "token ghp_0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * calls builds both requests with endpoint against baseUrl and returns, for
 * each, the request and what the server must receive: method, path and
 * query, the three headers and the body's bytes (as numbers, so that a page
 * can hand them over as JSON).
 */
export function calls(endpoint, baseUrl) {
  const ua = endpoint.DEFAULTS.headers["user-agent"];
  const fields = { description: "Ünïcödé ✓, \"quotes\" and a\nnewline", has_wiki: false };
  const file = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff);
  const bytes = file.subarray(17, 273); // every byte value, 0x00 and 0xff among them, not valid UTF-8
  return [
    {
      name: "a PATCH with a JSON body",
      request: endpoint("PATCH /repos/{owner}/{repo}", { baseUrl, owner: "octokit", repo: "rest.js", ...fields, headers: { authorization: TOKEN } }),
      want: {
        method: "PATCH",
        path: "/repos/octokit/rest.js",
        headers: { authorization: TOKEN, "content-type": "application/json; charset=utf-8", "user-agent": ua },
        body: [...new TextEncoder().encode(JSON.stringify(fields))],
      },
    },
    {
      name: "an upload of bytes",
      request: endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
        baseUrl, owner: "octokit", repo: "rest.js", release_id: 1, name: "notes v1.bin", label: "Notes & more",
        data: bytes, headers: { authorization: TOKEN, "content-type": "application/octet-stream" },
      }),
      want: {
        method: "POST",
        path: "/repos/octokit/rest.js/releases/1/assets?name=notes%20v1.bin&label=Notes%20%26%20more",
        headers: { authorization: TOKEN, "content-type": "application/octet-stream", "user-agent": ua },
        body: [...bytes],
      },
    },
  ];
}

/**
 * streamCall is an upload whose body is a ReadableStream of three chunks, as
 * a file read piece by piece is: fetch sends it only with duplex "half".
 */
export function streamCall(endpoint, baseUrl) {
  const ua = endpoint.DEFAULTS.headers["user-agent"];
  const chunks = [new TextEncoder().encode("first chunk, "), Uint8Array.from([0, 255, 1]), new TextEncoder().encode(", last")];
  const data = new ReadableStream({
    pull(c) {
      if (chunks.length) c.enqueue(chunks.shift());
      else c.close();
    },
  });
  const body = [...new TextEncoder().encode("first chunk, "), 0, 255, 1, ...new TextEncoder().encode(", last")];
  return {
    name: "an upload of a stream",
    request: endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}", {
      baseUrl, owner: "octokit", repo: "rest.js", release_id: 2, name: "stream.bin",
      data, headers: { authorization: TOKEN, "content-type": "application/octet-stream" },
    }),
    want: {
      method: "POST",
      path: "/repos/octokit/rest.js/releases/2/assets?name=stream.bin",
      headers: { authorization: TOKEN, "content-type": "application/octet-stream", "user-agent": ua },
      body,
    },
  };
}
