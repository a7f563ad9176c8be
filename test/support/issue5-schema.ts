// Checking produced schemas: ajv in strict mode (2020-12, ajv-formats) and the OpenAPI 3.1 rules.
//
// OpenAPI validator: @hyperjump/json-schema. It ships the OpenAPI 3.1 dialect and meta-schemas
// (https://spec.openapis.org/oas/3.1/dialect/base: JSON Schema 2020-12 plus the OAS base
// vocabulary, which checks `discriminator`, `xml`, `externalDocs`, `example`) and the document
// schema with Schema Objects checked (schema-base), so a component schema is checked both alone
// and inside an OpenAPI document. It is a complete 2020-12 implementation by one of the JSON Schema
// specification's authors, passes the official JSON Schema test suite, is actively maintained and
// has no native parts. (Whole-document validators such as @seriousme/openapi-schema-validator use
// the 3.1 schema whose Schema Object is `{ type: ["object", "boolean"] }`, so they never look
// inside a schema.)

import Ajv2020 from "ajv/dist/2020.js";
import AjvDraft07 from "ajv";
import addFormats from "ajv-formats";
import { registerSchema, validate, type OutputUnit } from "@hyperjump/json-schema/openapi-3-1";
import type { JsonSchema } from "../../bindings/index.js";

/**
 * ajv 2020-12 in strict mode with formats. Two allowances, both documented in bindings/schema.ts:
 * union types (`type: ["string", "null"]` is how 2020-12 says nullable) and the annotation
 * keywords `x-checker` and `discriminator` (OpenAPI's; ajv's own discriminator rejects `mapping`).
 */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: "x-checker", schemaType: "array" });
  ajv.addKeyword({ keyword: "discriminator", schemaType: "object" });
  return ajv;
}

const shared = strictAjv();

/** The same for draft-07 (ajv's default dialect): the schemas of Standard JSON Schema's "draft-07" target. */
const draft07 = new AjvDraft07({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(draft07);
draft07.addKeyword({ keyword: "x-checker", schemaType: "array" });
draft07.addKeyword({ keyword: "discriminator", schemaType: "object" });

/** Compile a draft-07 schema with strict ajv (its meta-schema checked too; throws on any complaint); the compiled check. */
export function compileDraft07Strict(schema: Record<string, unknown>): (instance: unknown) => boolean {
  const check = draft07.compile(structuredClone(schema));
  return (instance) => check(instance) as boolean;
}

/** Compile with strict ajv (throws on any strict-mode complaint); the compiled check. */
export function compileStrict(schema: JsonSchema): (instance: unknown) => boolean {
  const check = shared.compile(structuredClone(schema) as object);
  return (instance) => check(instance) as boolean;
}

const OAS_DIALECT = "https://spec.openapis.org/oas/3.1/dialect/base";
const OAS_DOCUMENT = "https://spec.openapis.org/oas/3.1/schema-base";

function errorsOf(out: OutputUnit): string[] {
  const here = out.valid ? [] : [`${out.instanceLocation} ${out.absoluteKeywordLocation}`];
  return [...here, ...(out.errors ?? []).flatMap(errorsOf)];
}

/**
 * Problems of an OpenAPI 3.1 component schema: against the OAS dialect meta-schema, and as
 * `components.schemas.<name>` of a minimal OpenAPI 3.1 document ([] when it conforms).
 */
export async function openApiProblems(schema: JsonSchema, name = "Model"): Promise<string[]> {
  const alone = await validate(OAS_DIALECT, structuredClone(schema) as never, "BASIC");
  const doc = { openapi: "3.1.0", info: { title: "checker", version: "1.0.0" }, components: { schemas: { [name]: structuredClone(schema) } } };
  const inDoc = await validate(OAS_DOCUMENT, doc as never, "BASIC");
  return [...errorsOf(alone), ...errorsOf(inDoc)];
}

let registered = 0;

/** Evaluate instances against an OpenAPI component schema with the OAS 3.1 dialect. */
export async function openApiValidator(schema: JsonSchema): Promise<(instance: unknown) => Promise<boolean>> {
  const uri = `https://checker.test/openapi/${++registered}`;
  registerSchema({ $schema: OAS_DIALECT, ...structuredClone(schema) } as never, uri);
  return async (instance) => (await validate(uri, instance as never)).valid;
}
