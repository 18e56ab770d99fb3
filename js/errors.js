// EndpointError is the one error type of endpoint-wasm (D28).

/**
 * Thrown for bad input. `code` is one of the ERR_* names of the README;
 * `field` names the option at fault ("route", "headers.accept", ...). The
 * message starts with "endpoint: " and never quotes a header value (D23).
 */
export class EndpointError extends TypeError {
  constructor(code, message, field = "") {
    super(message);
    this.name = "EndpointError";
    this.code = code;
    this.field = field;
  }
}

export function invalidArgument(field, what) {
  return new EndpointError("ERR_INVALID_ARGUMENT", `endpoint: ${field}: ${what}`, field);
}
