// `required`: the key must be present and not null ("", 0 and false pass). REQUIRED `field is required`.
// Checked when the enclosing object closes (a flag on the field, not an op).
import { forbidValue, type DirectiveSpec } from "./directive.js";

export const REQUIRED_CODE = "REQUIRED";
export const REQUIRED_MESSAGE = "field is required";

export const required: DirectiveSpec = {
  names: ["required"],
  build(name, value) {
    forbidValue(name, value);
    return { phase: "flag", flag: "required" };
  },
};
