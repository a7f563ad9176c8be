// Public methods as own properties bound to their object, so a method can be passed on by itself:
// `docs.map(validator.safeUnmarshal)`, `const { unmarshal } = validator`, `source.on("data", parser.feed)`.
// zod's schemas and valibot's functions work that way, and users coming from them expect it.
// (The methods stay on the prototype too, so types, docs and `instanceof` are unchanged.)

/** Names of the methods of T (what bindMethods may bind). */
type MethodName<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string;

/** Define each named method of `target` on it as an own property, bound to `target`. */
export function bindMethods<T extends object>(target: T, names: readonly MethodName<T>[]): void {
  for (const name of names) {
    const method = target[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(target, name, { value: method.bind(target), writable: true, configurable: true, enumerable: false });
  }
}
