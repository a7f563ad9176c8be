/**
 * The checker model of the bench user record (bench/corpus.ts), with the same rules every peer in
 * bench/peers.ts enforces:
 *
 *   id      int, required, >= 1            (a fraction or a string is an UnmarshalTypeError)
 *   name    string, required, 2..50 code points (checker's min/max count code points)
 *   email   string, required, email        (checker's byte-level email check; it accepts exactly
 *                                            what EMAIL_PATTERN does, except "", which format
 *                                            checks pass and which the corpus never contains)
 *   age     int, required, 0..150
 *   tags    []string, required, at most 5 items, unique (an item of another type is a type error)
 *   active  bool, required
 *
 * `required` means present and not null ("" / 0 / false / [] pass), so a missing key or a `null`
 * is rejected by checker as by every peer. Unknown keys are ignored (the default), as the peers
 * allow them. Shared by bench/unmarshal.ts, bench/strategies/ and the sample data script.
 */
import { model, t, type Infer } from "./checker.js";

export const User = model("User", {
  id: t.int("required,gte=1"),
  name: t.string("required,min=2,max=50"),
  email: t.string("required,email"),
  age: t.int("required,gte=0,lte=150"),
  tags: t.slice(t.string(), "required,max=5,unique"),
  active: t.bool("required"),
});

export type User = Infer<typeof User>;
