// Types of endpoint-wasm. Routes and their parameters come from
// @octokit/types' Endpoints (GitHub's REST API description), so that an
// editor offers every known route and checks its parameters; any other
// route string is accepted too. Results are this package's own: their
// method is lower case (D3), which @octokit/types does not describe.

import type { Endpoints } from "@octokit/types";

/** A supported method, in the lower case of a result (D3, D4). */
export type Method = "get" | "head" | "post" | "put" | "patch" | "delete";

/** A route GitHub's REST API describes, e.g. "GET /repos/{owner}/{repo}". */
export type KnownRoute = keyof Endpoints;

/** "METHOD url", or a url alone (GET): a known route or any other string (D6). */
export type Route = KnownRoute | (string & {});

/** The parameters GitHub documents for a known route: url, query and body. */
export type RouteParameters<R extends KnownRoute> = Endpoints[R]["parameters"];

/** The names of the {placeholders} of a route. */
type PlaceholderNames<S extends string> = S extends `${string}{${infer N}}${infer Rest}` ? N | PlaceholderNames<Rest> : never;

/**
 * The known routes with a body field named url (the webhook configuration
 * of an app, an organisation and a repository; an organisation's private
 * registries). A url parameter is the url option, which may not move the
 * request to another host (D31): such a body goes in data, whole.
 */
export type BodyURLRoute = { [R in KnownRoute]: "url" extends keyof RouteParameters<R> ? R : never }[KnownRoute];

/** data holding body B: required when a field of B is. */
type DataOf<B> = {} extends B ? { data?: B } : { data: B };

/**
 * The parameters of a call to a known route: GitHub's, except that the
 * body of a BodyURLRoute is data, and url no parameter (D31, D19).
 */
export type ParametersFor<R extends KnownRoute> = R extends BodyURLRoute
  ? Pick<RouteParameters<R>, PlaceholderNames<R> & keyof RouteParameters<R>> & DataOf<Omit<RouteParameters<R>, PlaceholderNames<R>>> & {
      /**
       * @deprecated Not a parameter: this route's body has a field named url,
       * which goes in data with the body's other fields. As an option, url
       * cannot leave the route's origin (D31).
       */
      url?: never;
    }
  : RouteParameters<R>;

/** A header value; null in options means "do not send this header" (D22). */
export type HeaderValue = string | number | bigint | boolean;

/** The options of a call or of .defaults(). Other keys are parameters. */
export interface EndpointOptions {
  method?: string;
  url?: string;
  baseUrl?: string;
  headers?: { [name: string]: HeaderValue | null | undefined };
  mediaType?: { format?: string; previews?: readonly string[] };
  /** The request body as given, by reference (D19). */
  data?: unknown;
  /** Caller meta information, returned with the result (D27). */
  request?: { [key: string]: unknown };
  [parameter: string]: unknown;
}

/**
 * The options of a call to route R on an endpoint whose defaults are D: for
 * a known route, its documented parameters, with the types GitHub gives
 * them, required where GitHub requires them unless D sets them; for any
 * other route, any options.
 */
export type OptionsFor<R extends string, D = {}> = R extends KnownRoute
  ? EndpointOptions & Omit<ParametersFor<R>, keyof D> & Partial<ParametersFor<R>>
  : EndpointOptions;

/** The options argument of a call: optional when nothing in it is required. */
export type OptionsArgument<R extends string, D = {}> = {} extends OptionsFor<R, D>
  ? [options?: OptionsFor<R, D>]
  : [options: OptionsFor<R, D>];

/** The parameters of known route R that a call must give: those of them D does not set. */
type RequiredParameters<R extends KnownRoute, D> = {
  [K in keyof ParametersFor<R>]-?: K extends keyof D ? never : {} extends Pick<ParametersFor<R>, K> ? never : K;
}[keyof ParametersFor<R>];

/**
 * What options given alone must hold: a url, where the defaults D have none.
 * A known route that needs options, called without them, is checked against
 * a type that names the parameters it needs, so that the error says them.
 */
type OptionsAlone<O, D> = O extends KnownRoute
  ? { "this route needs options, with": { [K in RequiredParameters<O, D>]: ParametersFor<O>[K] } }
  : "url" extends keyof D ? unknown : { url: string };

/** What merge() returns and parse() takes. */
export interface MergedOptions extends EndpointOptions {
  method: string;
  baseUrl: string;
  headers: { [name: string]: HeaderValue | null };
  mediaType: { format: string; previews: string[] };
}

/** The result of endpoint() and parse(): request options for any HTTP client. */
export interface RequestOptions {
  method: Method;
  url: string;
  headers: { [name: string]: HeaderValue };
  body?: unknown;
  request?: { [key: string]: unknown };
}

/**
 * The callable endpoint with its helpers. D is the type of the options given
 * to .defaults() along the way: the parameters they set are no longer
 * required in a call.
 */
export interface Endpoint<D extends object = {}> {
  <R extends string>(route: KnownRoute | R, ...options: OptionsArgument<R, D>): RequestOptions;
  /**
   * With options alone, or nothing where the defaults hold a url (D7). A
   * known route that needs options, given without them, is refused here,
   * the error naming the parameters it needs.
   */
  <O extends EndpointOptions | string>(...options: "url" extends keyof D ? [options?: O & OptionsAlone<O, D>] : [options: O & OptionsAlone<O, D>]): RequestOptions;
  /** A copy of the defaults in force (D2). */
  readonly DEFAULTS: MergedOptions;
  /** A new endpoint with options layered over these defaults (spec rule 1). */
  defaults<O extends EndpointOptions>(options: O): Endpoint<D & O>;
  /** The merged options, not parsed: nothing is required yet (D7). */
  merge<R extends string>(route: KnownRoute | R, options?: EndpointOptions & (R extends KnownRoute ? Partial<ParametersFor<R>> : {})): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  /** The defaults, merged (D7). */
  merge(): MergedOptions;
  /** Request options from merged options: endpoint(x) is parse(merge(x)) (spec rule 6). */
  parse(options: MergedOptions): RequestOptions;
}

/** The codes of EndpointError (D28). */
export type ErrorCode =
  | "ERR_INVALID_ARGUMENT" | "ERR_INVALID_ROUTE" | "ERR_UNSUPPORTED_METHOD" | "ERR_MISSING_URL"
  | "ERR_INVALID_TEMPLATE" | "ERR_INVALID_PARAMETER" | "ERR_MISSING_PARAMETER" | "ERR_BODY_NOT_ALLOWED" | "ERR_INVALID_HEADER"
  | "ERR_NOT_INITIALIZED" | "ERR_WASM_LOAD" | "ERR_INTERNAL";

/**
 * Thrown for bad input; the message starts with "endpoint: ". Read `code`,
 * `field` and `rule` to tell errors apart, not the message's wording.
 */
export declare class EndpointError extends TypeError {
  constructor(code: ErrorCode, message: string, field?: string, rule?: string);
  readonly code: ErrorCode;
  /** The option at fault, e.g. "route" or "headers.accept". */
  readonly field: string;
  /**
   * The id of the rule of docs/behaviour.md the input broke: "D32" (a
   * parameter made a dot segment), "D34" (a path segment without its
   * parameter), "D28" (an option of the wrong type)... "" for ERR_WASM_LOAD
   * and ERR_NOT_INITIALIZED, which no input causes.
   */
  readonly rule: string;
  /** What the caller's own code threw while its input was read, or what stopped the engine. */
  readonly cause?: unknown;
}

/**
 * The second argument of fetch(), assignable to RequestInit both in the DOM
 * library and in @types/node (undici): header values are strings.
 */
export interface FetchInit {
  /** Upper case, as fetch, undici, got and ky take it. */
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers: { [name: string]: string };
  /** A JSON text the engine built, or the caller's data as given (D19): whatever the caller's fetch accepts. */
  body?: any;
  /** request.signal as given. */
  signal?: any;
  /** With a stream body (a ReadableStream or an async iterable): fetch requires it then. */
  duplex?: "half";
}

/** Request options as fetch(url, init) arguments, the method upper-cased (D5); what it cannot serialise throws an EndpointError. */
export declare function toFetch(options: RequestOptions): [url: string, init: FetchInit];

/** endpoint with the global defaults. In browsers it throws ERR_NOT_INITIALIZED until `ready` resolves. */
export declare const endpoint: Endpoint;

/** Resolves to `endpoint` once endpoint.wasm runs; rejects with an EndpointError (ERR_WASM_LOAD) saying why it could not load. */
export declare const ready: Promise<Endpoint>;
