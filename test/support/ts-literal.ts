// A runtime value written as TypeScript source (an expression), so that a generated .ts file can
// assert with tsc that what the library returned is assignable to its static type
// (test/types-runtime.test.ts). Every detail a type could disagree with is kept: own properties
// holding `undefined` (which exactOptionalPropertyTypes refuses for `?:` members), holes in arrays,
// -0, NaN and the infinities, bigints, Dates, byte arrays. Anything else (a Map, a class
// instance, a function) has no literal: it is reported as a problem at its path.

export interface Literal {
  text: string;
  /** Values that no literal stands for, each with its path. */
  problems: string[];
}

export function tsLiteral(value: unknown): Literal {
  const problems: string[] = [];
  const text = write(value, "", problems);
  return { text, problems };
}

function write(v: unknown, path: string, problems: string[]): string {
  switch (typeof v) {
    case "undefined": return "undefined";
    case "boolean": return String(v);
    case "bigint": return `${v}n`;
    case "number": return Object.is(v, -0) ? "-0" : String(v); // NaN, Infinity, -Infinity, 1e+21 are TS too
    case "string": return quote(v);
    case "object": break;
    default:
      problems.push(`${path || "(root)"}: a ${typeof v}`);
      return "undefined";
  }
  if (v === null) return "null";
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof Uint8Array && Object.getPrototypeOf(v) === Uint8Array.prototype) return `new Uint8Array([${v.join(", ")}])`;
  if (Array.isArray(v)) {
    // a hole is written as one (`[1, , 3]`), whose type includes undefined
    const items: string[] = [];
    for (let i = 0; i < v.length; i++) items.push(i in v ? write(v[i], `${path}[${i}]`, problems) : "");
    return `[${items.join(", ")}${v.length > 0 && !(v.length - 1 in v) ? "," : ""}]`;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) {
    problems.push(`${path || "(root)"}: an instance of ${(v as object).constructor?.name ?? "an unknown class"}`);
    return "undefined";
  }
  if (Object.getOwnPropertySymbols(v).length > 0) problems.push(`${path || "(root)"}: symbol keys`);
  const members = Object.keys(v).map((k) => {
    // "__proto__": in a literal it would set the prototype; a computed key is an own property
    const key = k === "__proto__" ? `["__proto__"]` : quote(k);
    return `${key}: ${write((v as Record<string, unknown>)[k], `${path}.${k}`, problems)}`;
  });
  return `{ ${members.join(", ")} }`;
}

/** A string literal (JSON's, with U+2028 / U+2029 escaped as well: they end a line in a source file). */
export function quote(s: string): string {
  return JSON.stringify(s).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
