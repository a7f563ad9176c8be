// `checker schema`: print the JSON Schema 2020-12 (or, with --openapi, the OpenAPI 3.1 component
// schema) of a model, Validator or UnionValidator exported by the --model module.

import { ModelError } from "../errors.js";
import { Validator } from "../validator.js";
import { CliError } from "./errors.js";
import { loadModel } from "./load.js";

export async function schemaCommand(o: { model: string; export?: string; openapi?: boolean }): Promise<void> {
  const loaded = await loadModel(o.model, o.export);
  let bytes: Uint8Array;
  try {
    const target = loaded.kind === "model" ? new Validator(loaded.model) : loaded.kind === "validator" ? loaded.validator : loaded.union;
    bytes = o.openapi ? target.schemaJSONOpenAPI() : target.schemaJSON();
  } catch (e) {
    if (e instanceof ModelError) throw new CliError(`model ${e.model}: ${e.message}`);
    throw e;
  }
  process.stdout.write(bytes);
  process.stdout.write("\n");
}
