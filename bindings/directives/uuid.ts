// `uuid`: INVALID_UUID `must be a valid UUID`: 8-4-4-4-12 hex digits, any case, any version.
import { OP_UUID } from "../layout.js";
import { formatDirective, isHex } from "./format.js";

export function isUuid(s: string): boolean {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 0x2d : !isHex(c)) return false;
  }
  return true;
}

export const uuid = formatDirective({
  name: "uuid", op: OP_UUID, code: "INVALID_UUID", message: "must be a valid UUID",
  schema: { format: "uuid" }, test: isUuid,
});
