// The conformance runner: every case of ../shared/conformance/cases.json, through the public API,
// as ../shared/conformance/README.md defines. One generic runner; cases are skipped only by op,
// scope or directive (never by id), and the skips are printed.

import { afterAll, describe, expect, it } from "vitest";
import {
  ConversionError, JsonSyntaxError, ModelError, StreamParser, UnionValidator, UnmarshalTypeError, ValidationError, Validator,
  getTagName, setTagName, type StreamError, type UnionValue, type ValidatorOptions,
} from "../bindings/index.js";
import { buildModels, fromDict, loadCases, usesDirective, type ConformanceCase } from "./support/cases.js";
import {
  checkMarshaled, checkSchema, fromDictForm, newModelInput, unionDefinition, variantModel, variantOfModel,
} from "./support/issue5-conformance.js";

/** Ops this build runs; the others belong to issues not done yet. */
const OPS = new Set([
  "new", "validate", "unmarshal", "errorString", "setTagName", "stream",
  "dict", "marshal", "unmarshalMarshal", "newModel", "schema", "schemaJSON", "schemaOpenAPI", "schemaJSONOpenAPI",
  "union", "unionNew", "unionValidate", "unionSchema",
]);
/** Directives not built yet (cases using them are skipped). */
const PENDING_DIRECTIVES: string[] = [];

function skipReason(c: ConformanceCase): string | undefined {
  if (c.scope !== "spec") return `scope ${c.scope} (directives beyond the spec)`;
  if (!OPS.has(c.op)) return `op ${c.op} (not built yet)`;
  if (PENDING_DIRECTIVES.length > 0 && usesDirective(c, PENDING_DIRECTIVES)) return `directive ${PENDING_DIRECTIVES.join("/")} (not built yet)`;
  return undefined;
}

function withGlobalTag<T>(c: ConformanceCase, fn: () => T): T {
  if (c.globalTagName === undefined) return fn();
  setTagName(c.globalTagName);
  try {
    return fn();
  } finally {
    setTagName("");
  }
}

type Expect = Record<string, unknown>;

/**
 * Check the outcome of `run` against a case's expect (ok / value / errors / error kinds); `more`
 * checks what else the op's result must show.
 */
function checkOutcome(run: () => unknown, exp: Expect, toDict: (v: unknown) => unknown, more?: (result: unknown) => void): void {
  let result: unknown;
  let thrown: unknown;
  try {
    result = run();
  } catch (e) {
    thrown = e;
  }
  if (exp.error === undefined) {
    if (thrown) throw thrown;
    if ("value" in exp) expect(toDict(result)).toEqual(exp.value);
    more?.(result);
    return;
  }
  expect(thrown, "expected an error").toBeDefined();
  switch (exp.error) {
    case "validation":
      expect(thrown).toBeInstanceOf(ValidationError);
      if (exp.errors) expect((thrown as ValidationError).errors).toEqual(exp.errors);
      break;
    case "syntax":
      expect(thrown).toBeInstanceOf(JsonSyntaxError);
      if (typeof exp.offset === "number") expect((thrown as JsonSyntaxError).offset).toBe(exp.offset);
      break;
    case "type":
      expect(thrown).toBeInstanceOf(UnmarshalTypeError);
      if (typeof exp.field === "string") expect((thrown as UnmarshalTypeError).field).toBe(exp.field);
      break;
    case "model":
      expect(thrown).toBeInstanceOf(ModelError);
      for (const s of (exp.messageContains as string[] | undefined) ?? []) expect((thrown as Error).message).toContain(s);
      break;
    case "conversion":
      expect(thrown).toBeInstanceOf(ConversionError);
      break;
    default:
      throw new Error(`unknown expected error ${String(exp.error)}`);
  }
  if (typeof exp.errorString === "string") expect((thrown as Error).message).toBe(exp.errorString);
}

function runCase(c: ConformanceCase): void {
  const exp = c.expect;
  if (c.op === "errorString") {
    const err = new ValidationError(c.input as ValidationError["errors"]);
    expect(err.message).toBe(exp.errorString);
    return;
  }
  if (c.op === "setTagName") {
    try {
      if (c.input !== null) setTagName(c.input as string);
      expect(getTagName()).toBe(exp.tagName);
    } finally {
      setTagName("");
    }
    return;
  }
  withGlobalTag(c, () => {
    const models = buildModels(c);
    const root = models[c.root!];
    const options = (c.options ?? {}) as ValidatorOptions;
    let validator: Validator | undefined;
    const make = () => (validator = new Validator(root, options));
    const toDict = (v: unknown) => validator!.dict(v as never);
    switch (c.op) {
      case "new":
        checkOutcome(make, exp, toDict);
        return;
      case "unmarshal":
        checkOutcome(() => make().unmarshal(new TextEncoder().encode(c.input as string)), exp, toDict);
        return;
      case "stream":
        runStream(c, new StreamParser(root, options), make());
        return;
      case "validate": {
        const value = fromDict({ model: c.root! }, c.input, c);
        checkOutcome(() => make().validate(value as never), exp, toDict);
        return;
      }
      case "dict":
        checkOutcome(() => make().dict(fromDictForm({ model: c.root! }, c.input, c) as never), exp, (v) => v);
        return;
      case "marshal": {
        const value = fromDictForm({ model: c.root! }, c.input, c) as never;
        const run = () => (c.marshalOptions ? make().marshalWithOptions(value, c.marshalOptions) : make().marshal(value));
        checkOutcome(run, exp, toDict, (bytes) => checkMarshaled(bytes, exp));
        return;
      }
      case "unmarshalMarshal":
        checkOutcome(() => make().marshal(validator!.unmarshal(new TextEncoder().encode(c.input as string))), exp, toDict, (bytes) => checkMarshaled(bytes, exp));
        return;
      case "newModel":
        checkOutcome(() => make().newModel(newModelInput(c) as never), exp, toDict);
        return;
      case "schema": case "schemaJSON": case "schemaOpenAPI": case "schemaJSONOpenAPI":
        checkOutcome(() => make()[c.op as "schema"](), exp, toDict, (s) => checkSchema(s, exp));
        return;
      case "union": case "unionNew": case "unionValidate": case "unionSchema":
        runUnion(c, new Map(Object.entries(models)), options);
        return;
    }
    throw new Error(`op ${c.op} has no runner`);
  });
}

/** The union ops: creation, unmarshal (variant, value, valueSubset), validate of a variant's value, schema. */
function runUnion(c: ConformanceCase, models: Map<string, Validator["model"]>, options: ValidatorOptions): void {
  const exp = c.expect;
  const make = () => new UnionValidator(unionDefinition(c, Object.fromEntries(models)), options);
  const variantDict = (r: unknown) => {
    const { variant, value } = r as UnionValue;
    return new Validator(models.get(variantModel(c, variant))!, options).dict(value as never);
  };
  switch (c.op) {
    case "unionNew":
      checkOutcome(make, exp, (v) => v);
      return;
    case "union":
      checkOutcome(() => make().unmarshal(new TextEncoder().encode(c.input as string)), exp, variantDict, (r) => {
        if ("variant" in exp) expect((r as UnionValue).variant).toBe(exp.variant);
        if ("valueSubset" in exp) expect(variantDict(r)).toMatchObject(exp.valueSubset as object);
      });
      return;
    case "unionValidate": {
      const input = c.input as { model: string; value: unknown };
      const item = { variant: variantOfModel(c, input.model), value: fromDictForm({ model: input.model }, input.value, c) };
      checkOutcome(() => make().validate(item), exp, (v) => v);
      return;
    }
    case "unionSchema":
      checkOutcome(() => make().schema(), exp, (v) => v, (s) => checkSchema(s, exp));
      return;
  }
}

/** A stream error as the cases write it: a FieldError's four keys, or { error: "syntax" | "type" }. */
function caseError(e: StreamError): unknown {
  if (e instanceof JsonSyntaxError) return { error: "syntax" };
  if (e instanceof UnmarshalTypeError) return { error: "type" };
  return { field: e.field, code: e.code, message: e.message, value: e.value };
}

function runStream(c: ConformanceCase, parser: StreamParser, v: Validator): void {
  const chunks = (c.input as { chunks: (string | { reset?: true; buffer?: true })[] }).chunks;
  const steps = c.expect.steps as Record<string, unknown>[];
  chunks.forEach((chunk, i) => {
    const step = steps[i];
    if (typeof chunk !== "string") {
      if (chunk.reset) parser.reset();
      if (chunk.buffer) expect(parser.buffer()).toBe(step.buffer);
      return;
    }
    const r = parser.feed(chunk);
    if ("done" in step) expect(r.done, `step ${i} done`).toBe(step.done);
    if ("errors" in step) expect(r.errors.map(caseError), `step ${i} errors`).toEqual(step.errors);
    if ("value" in step) expect(r.value === undefined ? undefined : v.dict(r.value as never), `step ${i} value`).toEqual(step.value);
    if ("buffer" in step) expect(parser.buffer()).toBe(step.buffer);
    for (const [k, want] of Object.entries((step.state as Record<string, unknown>) ?? {})) {
      expect((r.state as unknown as Record<string, unknown>)[k], `step ${i} state.${k}`).toEqual(want);
    }
    if ("partialSubset" in step) expect(r.partial).toMatchObject(step.partialSubset as object);
  });
}

const skipped = new Map<string, number>();

describe("conformance", () => {
  for (const c of loadCases()) {
    const why = skipReason(c);
    if (why) {
      skipped.set(why, (skipped.get(why) ?? 0) + 1);
      continue;
    }
    it(`${c.op} ${c.id}`, () => runCase(c));
  }
  afterAll(() => {
    const lines = [...skipped].map(([why, n]) => `  ${n} skipped: ${why}`);
    console.log(`conformance skips:\n${lines.join("\n") || "  none"}`);
  });
});
