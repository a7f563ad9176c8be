// The sample model: the rules of data/sample-users.ndjson (see data/README.md), written with
// checker's model DSL. `npm start` validates the sample data with it.
import { model, t } from "../dist/index.js";

export const User = model("User", {
  id: t.int("required,gte=1"),
  name: t.string("required,min=2,max=50"),
  email: t.string("required,email"),
  age: t.int("required,gte=0,lte=150"),
  tags: t.slice(t.string(), "required,max=5,unique"),
  active: t.bool("required"),
});
