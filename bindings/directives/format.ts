// Shared shape of the string format directives (email, url, uuid, alpha, alphanum): string fields
// only, no value, the empty string passes.
import { forbidValue, kindError, type DirectiveSpec } from "./directive.js";

export interface FormatSpec {
  readonly name: string;
  readonly op: number;
  readonly code: string;
  readonly message: string;
  readonly schema: Record<string, unknown>;
  /** TypeScript reference of the byte-level check in assembly/formats.ts (called with a non-empty string). */
  readonly test: (s: string) => boolean;
}

export function formatDirective(spec: FormatSpec): DirectiveSpec {
  return {
    names: [spec.name],
    build(written, value, raw, field) {
      forbidValue(written, value);
      if (field.kind !== "string") throw kindError(written, field, "string");
      return {
        phase: "value", directive: raw, code: spec.code, message: spec.message, schema: spec.schema,
        wasm: () => [spec.op, 0, 0, 0],
        test: (v) => (v as string) === "" || spec.test(v as string),
      };
    },
  };
}

export const isAsciiLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
export const isHex = (c: number): boolean => isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

export function every(s: string, from: number, to: number, pred: (c: number) => boolean): boolean {
  for (let i = from; i < to; i++) if (!pred(s.charCodeAt(i))) return false;
  return true;
}
