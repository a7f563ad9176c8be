// Type-level assertions for the consumer files beside it (compiled by test/types.test.ts).
export type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
export type Expect<T extends true> = T;
export function show<T>(_x: T): T { return _x; }
