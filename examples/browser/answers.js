// The model an LLM is asked to answer with, and two canned answers streamed by the demo page: the
// first is valid; the second rambles past the summary's max=160 and then would go on (its tags and
// citations never arrive: the page stops the stream at the error).
import { model, t } from "../../dist/index.js";

export const Citation = model("Citation", {
  url: t.string("required,url"),
  quote: t.string("required,max=120"),
});

export const Answer = model("Answer", {
  title: t.string("required,min=3,max=60"),
  sentiment: t.string("required,oneof=positive neutral negative"),
  confidence: t.float64("required,gte=0,lte=1"),
  summary: t.string("required,max=160"),
  tags: t.slice(t.string(), "max=4,unique"),
  citations: t.slice(Citation, "max=3"),
});

/** Validator options of the demo: unknown keys are errors too (the model is a contract). */
export const options = { extraFields: "forbid" };

const good = {
  title: "Trail shoes, six months in",
  sentiment: "positive",
  confidence: 0.87,
  summary: "Grippy on wet rock and light; the toe cap wore through after about 600 km.",
  tags: ["running", "trail", "durability"],
  citations: [
    { url: "https://example.com/reviews/4411", quote: "best grip I have had on wet granite" },
    { url: "https://example.com/reviews/4502", quote: "toe cap gave out around 600 km" },
  ],
};

const rambling = {
  title: "Noise-cancelling headphones",
  sentiment: "neutral",
  confidence: 0.64,
  summary: "Reviewers like the comfort and the battery, which lasts well over a day of use, but many " +
    "say the noise cancelling is weaker than on the previous model, the app keeps asking for an account, " +
    "and the case is bulky; on balance it is a fair buy at the sale price and not at the full one.",
  tags: ["audio", "travel"],
  citations: [{ url: "https://example.com/reviews/77", quote: "comfortable for a whole flight" }],
};

/** The answers as the model writes them (pretty-printed, as LLMs tend to). */
export const answers = {
  good: JSON.stringify(good, null, 2),
  bad: JSON.stringify(rambling, null, 2),
};

/** Split a text into chunks of uneven sizes, like an LLM's token stream (deterministic). */
export function chunksOf(text) {
  const sizes = [5, 9, 3, 12, 7, 4, 10, 6];
  const out = [];
  for (let i = 0, k = 0; i < text.length; k++) {
    const n = sizes[k % sizes.length];
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}
