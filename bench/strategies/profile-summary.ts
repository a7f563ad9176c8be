// Where checker's time goes: summarise a CPU profile of a bench run by self time per function.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/unmarshal.ts --only "checker safeUnmarshal (string)"
//   npx tsx bench/strategies/profile-summary.ts /tmp/prof [top=25]
//
// Picks the busiest .cpuprofile in the directory (tsx's loader thread writes an idle one), keeps
// the samples between the first and the last one taken inside a benchmark's round() (so setup,
// corpus generation and the agreement check are left out, while GC during the rounds stays in;
// run without --expose-gc, or the harness's forced GCs between rounds count too), and names the
// WASM functions from build/checker.wat (a release build has no name section; its functions are
// listed there in index order). Self time: time in the function itself, not in its callees.
import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

function wasmNames(watPath: string): string[] {
  return [...readFileSync(watPath, "utf8").matchAll(/^ \(func \$(\S+)/gm)].map((m) => `wasm ${(m[1] ?? "").replace(/^assembly\//, "")}`);
}

function busiest(dir: string): Profile {
  let best: { p: Profile; busy: number } | undefined;
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".cpuprofile"))) {
    const p = JSON.parse(readFileSync(`${dir}/${f}`, "utf8")) as Profile;
    const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
    const busy = p.samples.filter((s) => !idle.has(s)).length;
    if (!best || busy > best.busy) best = { p, busy };
  }
  if (!best) throw new Error(`no .cpuprofile in ${dir}`);
  return best.p;
}

export function summarize(dir: string, watPath: string): { windowMs: number; rows: SelfTime[] } {
  const p = busiest(dir);
  const names = wasmNames(watPath);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inRound = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)?.callFrame.functionName === "round") return true;
    }
    return false;
  };
  let first = -1;
  let last = -1;
  p.samples.forEach((s, i) => {
    if (inRound(s)) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) throw new Error("no sample inside a benchmark round()");
  const self = new Map<string, number>();
  let total = 0;
  for (let i = first; i <= last; i++) {
    const frame = byId.get(p.samples[i] as number)?.callFrame;
    if (!frame) continue;
    let name = frame.functionName || "(anonymous)";
    const wasm = /^wasm-function\[(\d+)\]$/.exec(name);
    if (wasm) name = names[Number(wasm[1])] ?? name;
    else if (frame.url) name += `  ${frame.url.replace(/^.*\/work\/[^/]+\//, "").replace(/^file:\/\//, "")}`;
    const dt = p.timeDeltas[i] ?? 0;
    self.set(name, (self.get(name) ?? 0) + dt);
    total += dt;
  }
  const rows = [...self]
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }))
    .sort((a, b) => b.ms - a.ms);
  return { windowMs: total / 1000, rows };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, top = "25"] = process.argv.slice(2);
  if (dir === undefined) {
    console.error("usage: npx tsx bench/strategies/profile-summary.ts <dir with .cpuprofile> [top=25]");
    process.exit(2);
  }
  const { windowMs, rows } = summarize(dir, new URL("../../build/checker.wat", import.meta.url).pathname);
  console.log(`self time over ${(windowMs / 1000).toFixed(2)} s of benchmark rounds:`);
  for (const r of rows.slice(0, Number(top))) console.log(`${(r.share * 100).toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}`);
}
