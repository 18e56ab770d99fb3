// Injected into the Node and init.js builds (js/build.mjs) in place of the
// global TextEncoder and TextDecoder: Node defines those as getters that
// replace themselves on first read, which throws where the global object
// is frozen (Object.freeze(globalThis)); node:util holds the same classes.
const from = (name) => {
  try {
    return globalThis[name];
  } catch {
    return globalThis.process.getBuiltinModule("node:util")[name];
  }
};
export const TextEncoder = from("TextEncoder");
export const TextDecoder = from("TextDecoder");
