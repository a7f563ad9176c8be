// The test-time tools the project installs itself (scripts/ensure-*.sh: Chromium, Go): run the
// script; when it cannot install, the test fails with the script's reason, never skips.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Run scripts/<script>; resolve when it exits 0, else reject naming the tool, the test and the script's last lines. */
export function runEnsureScript(script: string, required: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", [join(root, "scripts", script)], { stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr.on("data", (d: Buffer) => (log += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve();
      const tail = log.trim().split("\n").slice(-15).join("\n");
      reject(new Error(`${required} and could not be installed (scripts/${script} exited ${code}):\n${tail}`));
    });
  });
}
