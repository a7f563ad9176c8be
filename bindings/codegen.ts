// Code generated from strings (`new Function`), where the platform allows it.
//
// A Content-Security-Policy without 'unsafe-eval', node --disallow-code-generation-from-strings
// and Cloudflare Workers refuse it. The first refusal is remembered: every later caller gets
// undefined at once and takes its plain (slower, same result) path.

let allowed = true;

/** make()'s result, or undefined where code generation is not allowed (make throws the platform's EvalError). */
export function generated<T>(make: () => T): T | undefined {
  if (!allowed) return undefined;
  try {
    return make();
  } catch (e) {
    if (e instanceof EvalError || (e instanceof Error && /code generation|unsafe-eval|Content Security/i.test(e.message))) {
      allowed = false;
      return undefined;
    }
    throw e;
  }
}
