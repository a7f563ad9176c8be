// What the benchmarks time: checker as its users run it, the compiled JavaScript in dist/ (the bench
// scripts build it first when it is missing or older than its sources: scripts/ensure-built.mjs).
// Not the TypeScript sources through tsx, whose transform wraps every function it creates in a
// naming helper (measured: ~15% more time for unmarshal, ~4% for ~standard.validate).
export * from "../dist/index.js";
