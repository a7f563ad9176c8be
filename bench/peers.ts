/**
 * The peers checker is measured against, each enforcing the same user-record rules
 * (see bench/corpus.ts), so that on the corpus they all accept and reject the same records:
 *
 *   id      integer >= 1
 *   name    string of 2..50 Unicode code points (not UTF-16 units, not graphemes)
 *   email   string matching EMAIL_PATTERN (anchored, ASCII)
 *   age     integer 0..150
 *   tags    array of strings, at most 5 items, all distinct
 *   active  boolean
 *   all six keys required; other keys allowed (and ignored)
 *
 * `validate(text)` is the whole job a caller pays for: JSON.parse, then the validator, returning
 * true iff the record is accepted. Malformed JSON is rejected (false), never thrown.
 *
 * Special handling, per library:
 *  - ajv: none. minLength/maxLength already count code points (option `unicode`, on by default)
 *    and `pattern` is compiled with the `u` flag.
 *  - zod 4: `.min()/.max()` on strings count UTF-16 units, so the name length is a `.refine`
 *    counting code points; uniqueness is a `.refine` too (zod has no unique-items check).
 *  - valibot 1: `minLength/maxLength` count UTF-16 units and `min/maxGraphemes` count grapheme
 *    clusters, so the name length is a `check` counting code points; uniqueness is a `check`.
 *  - TypeBox (TypeCompiler): `minLength/maxLength` compile to `.length` (UTF-16 units), so the
 *    name is a string with a custom format registered in `FormatRegistry`. Its `uniqueItems`
 *    hashes every item (a BigInt FNV-1a over the value), which is most of its time here.
 *  - zod and valibot run `safeParse` (they build the output value, as checker's unmarshal does);
 *    ajv and TypeBox check the parsed value in place and stop at the first failure.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { FormatRegistry, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import * as v from "valibot";
import { z } from "zod";
import {
  AGE_MAX,
  AGE_MIN,
  EMAIL_PATTERN,
  NAME_MAX,
  NAME_MIN,
  TAGS_MAX,
  codePointLength,
} from "./corpus.js";

export interface Peer {
  name: string;
  /** Parses and validates one JSON text; true iff the record is accepted. */
  validate(text: string): boolean;
  /** False for the `JSON.parse` baseline, which accepts every well-formed document. */
  validates: boolean;
}

const EMAIL_RE = new RegExp(EMAIL_PATTERN);

function nameLengthOk(s: string): boolean {
  const n = codePointLength(s);
  return n >= NAME_MIN && n <= NAME_MAX;
}

function allDistinct(items: readonly unknown[]): boolean {
  return new Set(items).size === items.length;
}

function parseThen(check: (value: unknown) => boolean): (text: string) => boolean {
  return (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return false;
    }
    return check(value);
  };
}

// --- ajv (JSON Schema draft 2020-12) ---------------------------------------------------------
export const userJsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    id: { type: "integer", minimum: 1 },
    name: { type: "string", minLength: NAME_MIN, maxLength: NAME_MAX },
    email: { type: "string", pattern: EMAIL_PATTERN },
    age: { type: "integer", minimum: AGE_MIN, maximum: AGE_MAX },
    tags: { type: "array", items: { type: "string" }, maxItems: TAGS_MAX, uniqueItems: true },
    active: { type: "boolean" },
  },
  required: ["id", "name", "email", "age", "tags", "active"],
} as const;
export const ajvValidate = new Ajv2020().compile(userJsonSchema);

// --- zod 4 -----------------------------------------------------------------------------------
export const ZodUser = z.object({
  id: z.int().min(1),
  name: z.string().refine(nameLengthOk, { message: `must be ${NAME_MIN}..${NAME_MAX} characters` }),
  email: z.string().regex(EMAIL_RE),
  age: z.int().min(AGE_MIN).max(AGE_MAX),
  tags: z.array(z.string()).max(TAGS_MAX).refine(allDistinct, { message: "items must be unique" }),
  active: z.boolean(),
});

// --- valibot 1 -------------------------------------------------------------------------------
export const ValibotUser = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.pipe(v.string(), v.check(nameLengthOk, `must be ${NAME_MIN}..${NAME_MAX} characters`)),
  email: v.pipe(v.string(), v.regex(EMAIL_RE)),
  age: v.pipe(v.number(), v.integer(), v.minValue(AGE_MIN), v.maxValue(AGE_MAX)),
  tags: v.pipe(
    v.array(v.string()),
    v.maxLength(TAGS_MAX),
    v.check((tags: string[]) => allDistinct(tags), "items must be unique"),
  ),
  active: v.boolean(),
});

// --- TypeBox (TypeCompiler) ------------------------------------------------------------------
const NAME_FORMAT = "checker-bench-name";
if (!FormatRegistry.Has(NAME_FORMAT)) FormatRegistry.Set(NAME_FORMAT, nameLengthOk);
export const TypeBoxUser = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ format: NAME_FORMAT }),
  email: Type.String({ pattern: EMAIL_PATTERN }),
  age: Type.Integer({ minimum: AGE_MIN, maximum: AGE_MAX }),
  tags: Type.Array(Type.String(), { maxItems: TAGS_MAX, uniqueItems: true }),
  active: Type.Boolean(),
});
const typeBoxCheck = TypeCompiler.Compile(TypeBoxUser);

export const peers: Peer[] = [
  {
    name: "JSON.parse",
    validates: false,
    validate: parseThen(() => true),
  },
  {
    name: "JSON.parse + ajv",
    validates: true,
    validate: parseThen((value) => ajvValidate(value)),
  },
  {
    name: "JSON.parse + zod",
    validates: true,
    validate: parseThen((value) => ZodUser.safeParse(value).success),
  },
  {
    name: "JSON.parse + valibot",
    validates: true,
    validate: parseThen((value) => v.safeParse(ValibotUser, value).success),
  },
  {
    name: "JSON.parse + typebox",
    validates: true,
    validate: parseThen((value) => typeBoxCheck.Check(value)),
  },
];

/** The peers that apply the rules (all but the `JSON.parse` baseline). */
export const validatingPeers: Peer[] = peers.filter((p) => p.validates);
