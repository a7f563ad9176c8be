// The part of vitest a test file like test/conformance.test.ts uses (describe, it, beforeAll,
// afterAll, expect), for running that file unchanged outside vitest: in a browser page, bundled by
// esbuild with `vitest` aliased to this module (test/support/browser-bundle.ts). `expect` is
// vitest's own (@vitest/expect on chai), so assertions mean exactly what they mean in Node.

import { chai, GLOBAL_EXPECT, JestAsymmetricMatchers, JestChaiExpect, JestExtend, setState } from "@vitest/expect";

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

type Expect = (value: unknown, message?: string) => Chai.Assertion & Record<string, (...args: unknown[]) => void> & {
  not: Record<string, (...args: unknown[]) => void>;
};

export const expect = ((value: unknown, message?: string) => chai.expect(value, message)) as unknown as Expect;
Object.assign(expect, chai.expect);
setState({ assertionCalls: 0, isExpectingAssertions: false, isExpectingAssertionsError: null, expectedAssertionsNumber: null, expectedAssertionsNumberErrorGen: null }, expect);
(globalThis as Record<symbol, unknown>)[GLOBAL_EXPECT] = expect;

type Fn = () => unknown;

export interface Registered {
  name: string;
  fn: Fn;
}

const tests: Registered[] = [];
const before: Fn[] = [];
const after: Fn[] = [];
const path: string[] = [];

export function describe(name: string, fn: () => void): void {
  path.push(name);
  try {
    fn();
  } finally {
    path.pop();
  }
}

export function it(name: string, fn: Fn): void {
  tests.push({ name: [...path, name].join(" > "), fn });
}
export const test = it;

export function beforeAll(fn: Fn): void {
  before.push(fn);
}

export function afterAll(fn: Fn): void {
  after.push(fn);
}

export interface Outcome {
  name: string;
  ok: boolean;
  error?: string;
}

/** Run every registered test in order (after the beforeAll hooks, then the afterAll hooks). */
export async function runRegistered(filter: (name: string) => boolean = () => true): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const fn of before) await fn();
  for (const t of tests) {
    if (!filter(t.name)) continue;
    try {
      await t.fn();
      out.push({ name: t.name, ok: true });
    } catch (e) {
      out.push({ name: t.name, ok: false, error: e instanceof Error ? e.message : String(e) });
    }
  }
  for (const fn of after) await fn();
  return out;
}
