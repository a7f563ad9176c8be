import { model, t, type Infer, type Model, type Type } from "checker";
import type { Equal, Expect } from "./util.js";

// 1. the tests' workaround: annotate as Model
const Tree: Model = model("Tree", { value: t.int(), children: t.slice(t.lazy((): Model => Tree)) });
type TreeV = Infer<typeof Tree>;
type _t1 = Expect<Equal<TreeV, { [k: string]: unknown }>>;

// 2. a typed workaround
interface NodeV { value: number; children: NodeV[] | null; parent: NodeV | null }
type NodeShape = { value: Type<number>; children: Type<NodeV[] | null>; parent: Type<NodeV | null> };
const Node: Model<NodeShape> = model("Node", {
  value: t.int(),
  children: t.slice(t.lazy((): Model<NodeShape> => Node)),
  parent: t.ptr(t.lazy((): Model<NodeShape> => Node)),
});
type _t2 = Expect<Equal<Infer<typeof Node>, { value: number; children: NodeV[] | null; parent: NodeV | null }>>;
