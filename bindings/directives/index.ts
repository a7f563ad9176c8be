// The registry of directives by name (every spelling of every directive).
import { alpha } from "./alpha.js";
import { alphanum } from "./alphanum.js";
import { defaultValue } from "./default.js";
import type { DirectiveSpec } from "./directive.js";
import { email } from "./email.js";
import { extraFields } from "./extra_fields.js";
import { gt } from "./gt.js";
import { gte } from "./gte.js";
import { gtfield } from "./gtfield.js";
import { lt } from "./lt.js";
import { lte } from "./lte.js";
import { ltfield } from "./ltfield.js";
import { max } from "./max.js";
import { maxItems } from "./max_items.js";
import { min } from "./min.js";
import { minItems } from "./min_items.js";
import { oneof } from "./oneof.js";
import { regexp } from "./regexp.js";
import { required } from "./required.js";
import { requiredIf } from "./required_if.js";
import { requiredWith } from "./required_with.js";
import { unique } from "./unique.js";
import { url } from "./url.js";
import { uuid } from "./uuid.js";

const ALL: readonly DirectiveSpec[] = [
  required, requiredIf, requiredWith, email, url, uuid, min, max, gt, lt, gte, lte, alpha, alphanum,
  regexp, oneof, gtfield, ltfield, minItems, maxItems, unique, defaultValue, extraFields,
];

export const DIRECTIVES: ReadonlyMap<string, DirectiveSpec> = new Map(
  ALL.flatMap((d) => d.names.map((n) => [n, d] as const)),
);
