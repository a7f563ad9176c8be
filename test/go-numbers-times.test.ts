// Numbers and times against the letter of Go: each row is (input, what Go does, what checker does),
// with the Go rule it follows. Where checker differs on purpose (README, Semantics where the spec
// leaves a choice), the row says so and pins checker's choice.
//
// Go sources cited: src/encoding/json/encode.go (floatEncoder), src/encoding/json/decode.go
// (literalStore: ParseInt / ParseUint / ParseFloat(s, bits), then Overflow*), src/strconv/ftoa.go
// (roundShortest, fmtE, fmtF), src/time/format_rfc3339.go (parseStrictRFC3339: strict checks
// disabled, so time.Parse(time.RFC3339) decides), src/time/format.go (Parse: getnum, stdHour,
// commaOrPeriod, the offset range test `hr > 24`, `mm > 60`; Time.MarshalJSON: RFC3339Nano).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { model, t, Validator } from "../bindings/index.js";
import { formatGoFloat, goFloat32Text } from "../bindings/go-float.js";
import { goTimeMillis } from "../bindings/go-time.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe("marshal writes floats as Go's floatEncoder", () => {
  const Floats = model("Floats", { f32: t.float32(), f64: t.float64() });
  const v = new Validator(Floats);
  const written = (f32: number, f64: number) => text(v.marshal({ f32, f64 }));

  // [value, Go's text for a float32 field, Go's text for a float64 field, the rule]
  const rows: [number, string, string, string][] = [
    [Math.fround(0.1), "0.1", "0.10000000149011612", "float32: shortest digits that read back as the float32 (FormatFloat(f, 'f', -1, 32))"],
    [0.1, "0.1", "0.1", "a float32 field holding a float64 is rounded to float32 first (genericFtoa: float32(val))"],
    [1 / 3, "0.33333334", "0.3333333333333333", "shortest digits of each size"],
    [16777217, "16777216", "16777217", "2^24+1 is no float32"],
    [123456789, "123456790", "123456789", "'f' notation below 1e21: digits then zeros"],
    [3.4028234663852886e38, "3.4028235e+38", "3.4028234663852886e+38", "'e' notation at abs >= 1e21"],
    [Math.fround(1e-6), "0.000001", "9.999999974752427e-7", "float32: float32(abs) < 1e-6 compares as float32 ('f'); float64: below 1e-6 ('e')"],
    [Math.fround(1e-7), "1e-7", "1.0000000116860974e-7", "'e' below 1e-6, e-07 cleaned to e-7"],
    [2 ** -20, "9.536743e-7", "9.5367431640625e-7", "'e' below 1e-6"],
    [1.401298464324817e-45, "1e-45", "1.401298464324817e-45", "the smallest float32 denormal"],
    [1.1754943508222875e-38, "1.1754944e-38", "1.1754943508222875e-38", "the smallest float32 normal"],
    [Math.fround(1e20), "100000000000000000000", "100000002004087730000", "'f' below 1e21"],
    [Math.fround(1e21), "1e+21", "1.0000000200408773e+21", "'e' from 1e21, exponent sign written"],
    [Math.fround(1e23), "1e+23", "9.999999778196308e+22", "shortest float32 digits"],
    [1e-46, "0", "1e-46", "float32: below half the smallest denormal is 0"],
    [-0, "-0", "-0", "AppendFloat writes the sign of -0"],
    [-Math.fround(2.5e-7), "-2.5e-7", "-2.499999993688107e-7", "sign, 'e', e-07 cleaned"],
    [1e10, "10000000000", "10000000000", "an integer float32"],
    [1e21, "1e+21", "1e+21", "'e' from 1e21 (Number#toString agrees)"],
    [1e-7, "1e-7", "1e-7", "'e' below 1e-6 (Number#toString agrees)"],
    [1e23, "1e+23", "1e+23", "strconv ftoa_test: {1e23, 'e', -1, \"1e+23\"}"],
    [1e-6, "0.000001", "0.000001", "'f' at 1e-6"],
  ];
  it.each(rows)("%s: float32 %s, float64 %s (%s)", (x, go32, go64) => {
    expect(written(x, x)).toBe(`{"f32":${go32},"f64":${go64}}`);
    expect(goFloat32Text(x)).toBe(go32);
    expect(formatGoFloat(x, 64)).toBe(go64); // the strconv port at 64 bits gives what String(x) gives
  });

  // strconv's own rows (src/strconv/ftoa_test.go, shortest mode), through encoding/json's choice of notation
  const strconvRows: [number, string][] = [
    [99999999999999974834176, "9.999999999999997e+22"], // below1e23, 'e', -1
    [100000000000000008388608, "1.0000000000000001e+23"], // above1e23, 'e', -1
    [498484681984085570, "498484681984085570"], // issue 29491, 'f', -1
    [5e-324, "5e-324"],
    [2.2250738585072012e-308, "2.2250738585072014e-308"],
    [2.2250738585072011e-308, "2.225073858507201e-308"],
    [-5.8339553793802237e23, "-5.8339553793802237e+23"],
    [1234567.8, "1234567.8"],
  ];
  it.each(strconvRows)("float64 %s is written %s", (x, go) => {
    expect(text(v.marshal({ f32: 0, f64: x }))).toBe(`{"f32":0,"f64":${go}}`);
    expect(formatGoFloat(x, 64)).toBe(go);
  });

  it("the strconv port at 64 bits equals Number#toString on any double (so one algorithm serves both sizes)", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -12, max: 12 }), (x, k) => {
      for (const y of [x, Math.round(x * 1e6) / 10 ** (k + 6)]) {
        if (Object.is(y, -0) || !Number.isFinite(y)) continue;
        expect(formatGoFloat(y, 64)).toBe(String(y));
      }
    }), { numRuns: 5000, seed: 20261124 });
  });

  it("float32 text reads back as the same float32, and no fewer digits do (the shortest, as Go)", () => {
    fc.assert(fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const f = Math.fround(x);
      if (f === 0) return;
      const s = goFloat32Text(f);
      expect(Math.fround(Number(s))).toBe(f);
      const digits = Math.abs(f).toExponential(8).replace(/e.*$/, "").replace(".", "");
      const nd = s.replace(/^-/, "").replace(/e.*$/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length;
      if (nd <= 1) return;
      // the two decimals of nd-1 significant digits either side of f: neither reads back as f
      const exp = Number(Math.abs(f).toExponential(8).replace(/^.*e/, ""));
      const below = BigInt(digits.slice(0, nd - 1));
      for (const d of [below, below + 1n]) {
        const candidate = Math.sign(f) * Number(`${d}e${exp - (nd - 2)}`);
        expect(Math.fround(candidate), `${s}: ${d}e${exp - (nd - 2)} is shorter`).not.toBe(f);
      }
    }), { numRuns: 5000, seed: 20261124 });
  });

  it("dict keeps a float32 as the value holds it (checker keeps the JSON value: README), marshal writes Go's text", () => {
    expect(v.dict({ f32: 0.1234567891, f64: 0.1234567891 })).toStrictEqual({ f32: 0.1234567891, f64: 0.1234567891 });
    expect(text(v.marshal({ f32: 0.1234567891, f64: 0.1234567891 }))).toBe('{"f32":0.12345679,"f64":0.1234567891}');
  });

  it("a float32 more precise than float32 holds, within that precision of a bound, is written as the bound (as Go's float32 holds it)", () => {
    const Bounded = new Validator(model("Bounded", { f: t.float32("gt=0.5") }));
    const value = { f: 0.50000001 }; // Go's float32(0.50000001) is 0.5, which gt=0.5 refuses
    expect(Bounded.safeValidate(value).ok).toBe(true); // checker checks the value it holds
    expect(text(Bounded.marshal(value))).toBe('{"f":0.5}');
    expect(Bounded.safeUnmarshal(Bounded.marshal(value))).toMatchObject({ ok: false, error: { errors: [{ field: "f", code: "EXCLUSIVE_MIN", message: "must be greater than 0.5", value: 0.5 }] } });
  });

  it("-0 in float fields, items and map values is written -0 and read back as -0 (AppendFloat keeps the sign; ParseFloat too)", () => {
    const Z = new Validator(model("Z", { m: t.map(t.float64()), l: t.slice(t.float32()), f: t.float32() }));
    const r = Z.unmarshal('{"m":{"a":-0},"l":[-0,-0.0],"f":-0}');
    expect([r.m?.a, r.l?.[0], r.l?.[1], r.f].map((x) => Object.is(x, -0))).toEqual([true, true, true, true]);
    expect(text(Z.marshal(r))).toBe('{"m":{"a":-0},"l":[-0,-0],"f":-0}');
  });

  it("omitempty leaves out a float32 whose float32 value is 0 (Go's isEmptyValue on the float32 the struct holds)", () => {
    const O = new Validator(model("O", { f: t.float32('json:"f,omitempty"'), g: t.float64('json:"g,omitempty"') }));
    expect(text(O.marshal({ f: 1e-46, g: 1e-46 }))).toBe('{"g":1e-46}');
    expect(text(O.marshal({ f: 1e-45, g: 0 }))).toBe('{"f":1e-45}');
  });

  it("checker keeps the JSON value in a float32 field (README); marshal writes Go's float32 text of it", () => {
    const r = v.unmarshal('{"f32":0.1234567891,"f64":0.1234567891}');
    expect(r).toEqual({ f32: 0.1234567891, f64: 0.1234567891 }); // Go holds float32(0.1234567891)
    expect(text(v.marshal(r))).toBe('{"f32":0.12345679,"f64":0.1234567891}'); // as Go writes it
    expect(v.unmarshal(v.marshal(r))).toEqual({ f32: 0.12345679, f64: 0.1234567891 });
  });
});

describe("reading numbers into each kind (encoding/json literalStore)", () => {
  const OK = Symbol("ok");
  // [kind, JSON text, Go's value (or "error": UnmarshalTypeError "number <text>"), the rule]
  const rows: [string, string, number | "error", string][] = [
    ["int8", "-128", -128, "ParseInt then OverflowInt(int8)"],
    ["int8", "127", 127, "OverflowInt(int8)"],
    ["int8", "128", "error", "OverflowInt(int8)"],
    ["int8", "-129", "error", "OverflowInt(int8)"],
    ["int8", "-0", 0, "ParseInt(\"-0\") is 0"],
    ["int8", "1.0", "error", "ParseInt takes no fraction"],
    ["int8", "1e2", "error", "ParseInt takes no exponent"],
    ["int8", "0e0", "error", "ParseInt takes no exponent"],
    ["int16", "32767", 32767, "OverflowInt(int16)"],
    ["int16", "-32769", "error", "OverflowInt(int16)"],
    ["int32", "-2147483648", -2147483648, "OverflowInt(int32)"],
    ["int32", "2147483648", "error", "OverflowInt(int32)"],
    ["int64", "9007199254740991", 9007199254740991, "README: int64 bounded to safe integers"],
    ["int64", "-9007199254740992", "error", "README: int64 bounded to safe integers (Go reads it)"],
    ["int", "9007199254740992", "error", "README: int bounded to safe integers (Go reads it)"],
    ["int", "1e400", "error", "ParseInt takes no exponent"],
    ["int", `0.${"0".repeat(70)}1`, "error", "ParseInt takes no fraction; the message names the whole number, as Go's (it was cut at 64 bytes)"],
    ["int64", `${"1".repeat(80)}.5`, "error", "ParseInt takes no fraction; the message names all 80 digits, as Go's"],
    ["uint8", "255", 255, "ParseUint then OverflowUint(uint8)"],
    ["uint8", "256", "error", "OverflowUint(uint8)"],
    ["uint8", "-1", "error", "ParseUint takes no sign"],
    ["uint8", "-0", "error", "ParseUint takes no sign, not even for zero"],
    ["uint16", "65536", "error", "OverflowUint(uint16)"],
    ["uint32", "4294967295", 4294967295, "OverflowUint(uint32)"],
    ["uint32", "4294967296", "error", "OverflowUint(uint32)"],
    ["uint64", "9007199254740991", 9007199254740991, "README: uint64 bounded to safe integers"],
    ["uint", "9007199254740992", "error", "README: uint bounded to safe integers (Go reads it)"],
    ["float32", "3.4028235e38", 3.4028235e38, "ParseFloat(s, 32): Go's text for the largest float32"],
    ["float32", "3.5e38", "error", "ParseFloat(s, 32) is ±Inf, ErrRange"],
    ["float32", "-3.5e38", "error", "ParseFloat(s, 32) is ±Inf, ErrRange"],
    ["float32", "1e-46", 1e-46, "ParseFloat(s, 32) underflows to 0 without an error; checker keeps the JSON value (README)"],
    ["float32", "-0", -0, "ParseFloat keeps the sign of zero"],
    ["float32", "1.0", 1, "a float takes a fraction"],
    ["float32", "1.00000005960464477539062500001", 1.0000000596046448, "checker keeps the float64, which is halfway between the float32s 1 and 1.0000001: Math.fround of it is 1, where Go's ParseFloat(s, 32) gives 1.0000001 (README)"],
    ["float64", "1e400", "error", "ParseFloat(s, 64) is +Inf, ErrRange: \"number 1e400\""],
    ["float64", "-1e400", "error", "ParseFloat(s, 64) is -Inf, ErrRange"],
    ["float64", "1.7976931348623158e308", 1.7976931348623157e308, "rounds to the largest float64"],
    ["float64", "1.7976931348623159e308", "error", "past half an ulp above the largest float64: +Inf, ErrRange"],
    ["float64", "1e-400", 0, "underflow to 0 is no error"],
    ["float64", "2e-324", 0, "below half the smallest denormal"],
    ["float64", "3e-324", 5e-324, "rounds to the smallest denormal"],
    ["float64", "-0", -0, "ParseFloat keeps the sign of zero"],
    ["float64", "-0.0", -0, "ParseFloat keeps the sign of zero"],
  ];
  it.each(rows)("%s %s: Go %s (%s)", (kind, json, go) => {
    const v = new Validator(model(`N_${kind}`, { f: t[kind as "int8"]() }));
    const r = v.safeUnmarshal(`{"f":${json}}`);
    if (go === "error") {
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatchObject({ name: "UnmarshalTypeError", field: "f", message: `cannot unmarshal number ${json} into field f of type ${kind}` });
    } else {
      expect(r.ok && r.value.f).toBe(go); // (toBe tells -0 from 0)
    }
    // validate and newModel agree with unmarshal on the same number, where the JSON text is the
    // number's own text (a JS number has no "1.0" or "1e2"). -0 in a typed value is a number equal
    // to 0, which Go's uint holds: validate takes it and newModel gives 0 (README, Numbers).
    if (/[.eE]/.test(json)) return;
    const x = Number(json);
    const typed = v.safeValidate({ f: x });
    const fromMap = v.safeNewModel({ f: x });
    const typedGo = kind.startsWith("uint") && Object.is(x, -0) ? 0 : go;
    expect(typed.ok ? OK : typed.error.errors[0]).toEqual(typedGo === "error" ? { field: "f", code: "INVALID_TYPE", message: `must be of type ${kind}`, value: x } : OK);
    expect(fromMap.ok ? fromMap.value.f : fromMap.error.message).toBe(typedGo === "error" ? `cannot convert number ${json} to ${kind} at f` : Object.is(x, -0) && kind !== "float64" && kind !== "float32" ? 0 : go);
  });
});

describe("what an UnmarshalTypeError names, and the float32 a halfway float64 stands for", () => {
  it("a number of more than 1,000 bytes is named by its first 1,000 and …, where Go names it whole (README)", () => {
    const v = new Validator(model("LongNumber", { f: t.int() }));
    for (const [digits, named] of [[1000, "9".repeat(1000)], [1001, `${"9".repeat(1000)}…`]] as const) {
      const r = v.safeUnmarshal(`{"f":${"9".repeat(digits)}}`);
      expect(!r.ok && r.error).toMatchObject({ name: "UnmarshalTypeError", field: "f", got: `number ${named}`, offset: 5,
        message: `cannot unmarshal number ${named} into field f of type int` });
    }
  });

  it("a ptr field or item names the type it points to, as Go (its decoder indirects the pointer before it reports)", () => {
    const v = new Validator(model("Pointers", { p: t.ptr(t.uint64()), q: t.ptr(t.ptr(t.slice(t.int()))), r: t.slice(t.ptr(t.int8())), s: t.slice(t.ptr(t.ptr(t.int()))) }));
    // [document, path, what was read, Go's type name (decode.go: UnmarshalTypeError{Type: v.Type()} after indirect)]
    const rows: [string, string, string, string][] = [
      ['{"p":-0}', "p", "number -0", "uint64"],
      ['{"p":"7"}', "p", "string", "uint64"],
      ['{"q":"x"}', "q", "string", "[]int"],
      ['{"r":[1,true]}', "r[1]", "bool", "int8"],
      ['{"s":7}', "s", "number", "[]*int"], // README (TypeScript types): ptr(ptr(T)) is ptr(T); Go says []**int
    ];
    for (const [doc, field, got, type] of rows) {
      const r = v.safeUnmarshal(doc);
      expect(!r.ok && r.error).toMatchObject({ name: "UnmarshalTypeError", field, got, expected: type, message: `cannot unmarshal ${got} into field ${field} of type ${type}` });
    }
  });

  it("a float32 read from a decimal that rounds to a float64 halfway between two float32s is written as the even one; Go writes the nearer (README)", () => {
    const v = new Validator(model("Halfway", { f: t.float32() }));
    // 1 + 2^-24 + 10^-29: Go's ParseFloat(s, 32) rounds it up to 1.0000001; as a float64 it is 1 + 2^-24, which Math.fround takes to 1
    const r = v.unmarshal('{"f":1.00000005960464477539062500001}');
    expect(r.f).toBe(1 + 2 ** -24);
    expect(text(v.marshal(r))).toBe('{"f":1}');
  });
});

describe("time.Time fields (Go's Time.UnmarshalJSON = time.Parse(time.RFC3339); MarshalJSON = RFC3339Nano)", () => {
  const v = new Validator(model("When", { at: t.time() }));
  // [JSON string contents, Go's instant in UTC (or "error"), the rule]
  const rows: [string, string, string][] = [
    ["2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z", "Parse validates the day against the month: a leap year"],
    ["2023-02-29T00:00:00Z", "error", "day out of range"],
    ["1900-02-29T00:00:00Z", "error", "1900 is no leap year"],
    ["2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2000 is a leap year"],
    ["2024-04-31T00:00:00Z", "error", "day out of range"],
    ["2024-01-01T24:00:00Z", "error", "stdHour: 24 <= hour is out of range"],
    ["2024-01-01T23:59:60Z", "error", "stdZeroSecond: 60 <= sec is out of range (no leap second)"],
    ["2024-01-01t00:00:00Z", "error", "the layout's T is matched exactly"],
    ["2024-01-01T00:00:00z", "error", "stdISO8601ColonTZ takes 'Z' only"],
    ["2024-01-01T3:04:05Z", "2024-01-01T03:04:05Z", "stdHour is getnum(value, false): one or two digits"],
    ["2024-01-01T3:4:05Z", "error", "stdZeroMinute is two digits"],
    ["2024-01-01T00:00:00,5Z", "2024-01-01T00:00:00.5Z", "commaOrPeriod: ',' before a fraction"],
    ["2024-01-01T00:00:00.Z", "error", "a fraction needs a digit after its separator"],
    ["2024-01-01T00:00:00+24:00", "2023-12-31T00:00:00Z", "the offset range test is hr > 24"],
    ["2024-01-01T00:00:00-00:60", "2024-01-01T01:00:00Z", "the offset range test is mm > 60"],
    ["2024-01-01T00:00:00+25:00", "error", "time zone offset hour out of range"],
    ["2024-01-01T00:00:00+00:61", "error", "time zone offset minute out of range"],
    ["2024-01-01T00:00:00+0100", "error", "Z07:00 needs the colon"],
    ["2024-05-06T07:08:09.120+02:00", "2024-05-06T05:08:09.12Z", "the offset gives the instant"],
    ["0000-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "year 0000 is read"],
    ["9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999Z", "nanoseconds are read; checker's Date keeps milliseconds (README)"],
    ["10000-01-01T00:00:00Z", "error", "stdLongYear is four digits"],
    [`2024-01-01T00:00:00.${"1".repeat(60)}Q`, "error", "Z07:00 takes no Q; the message names the whole string, closing quote included (it was cut at 64 bytes)"],
    ["2024-01-01T00:00:00.123456789123Z", "2024-01-01T00:00:00.123Z", "parseNanoseconds reads at most 9 digits; a Date keeps 3 (README)"],
  ];
  it.each(rows)("%s: Go %s (%s)", (time, go) => {
    const r = v.safeUnmarshal(JSON.stringify({ at: time }));
    if (go === "error") {
      expect(!r.ok && r.error).toMatchObject({ name: "UnmarshalTypeError", field: "at", message: `cannot unmarshal string ${JSON.stringify(time)} into field at of type time.Time` });
      return;
    }
    expect(r.ok && r.value.at.getTime()).toBe(Date.parse(go));
    // marshal writes the instant in UTC, trailing zeros of the fraction dropped (RFC3339Nano)
    expect(r.ok && text(v.marshal(r.value))).toBe(`{"at":"${go}"}`);
  });

  it.each(rows)("%s: the TypeScript twin of the core's parser (go-time.ts) reads it alike: %s", (time, go) => {
    expect(goTimeMillis(time)).toBe(go === "error" ? NaN : Date.parse(go));
  });

  it("the TypeScript twin (go-time.ts) and the core accept the same texts, at the same instants: near-valid generated texts", () => {
    const d2 = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
    const piece = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: 9999 }).map((y) => String(y).padStart(4, "0")), d2, d2).map(([y, m, d]) => `${y}-${m}-${d}`),
      fc.constantFrom("2000-02-29", "1900-02-29", "0000-02-29", "0000-01-01", "9999-12-31", "2024-13-01", "2024-00-10", "2024-1-01"),
    );
    const clock = fc.tuple(fc.oneof(d2, fc.integer({ min: 0, max: 9 }).map(String)), d2, d2).map(([h, m, x]) => `${h}:${m}:${x}`);
    const fraction = fc.oneof(fc.constant(""), fc.tuple(fc.constantFrom(".", ","), fc.stringMatching(/^[0-9]{0,12}$/)).map(([a, b]) => a + b));
    const zone = fc.oneof(fc.constantFrom("Z", "z", "", "+00:00", "-00:60", "+24:00", "+25:00", "+0100"), fc.tuple(fc.constantFrom("+", "-"), d2, d2).map(([a, h, m]) => `${a}${h}:${m}`));
    const noise = fc.oneof(fc.constant(""), fc.constantFrom(" ", "é", "T", "1", "\u0000"));
    fc.assert(
      fc.property(piece, fc.constantFrom("T", "t", " "), clock, fraction, zone, noise, fc.nat(), (date, sep, hms, frac, z, extra, at) => {
        const whole = date + sep + hms + frac + z;
        const text = whole.slice(0, at % (whole.length + 1)) + extra + whole.slice(at % (whole.length + 1));
        for (const time of [whole, text]) {
          const r = v.safeUnmarshal(JSON.stringify({ at: time }));
          const ms = goTimeMillis(time);
          if (r.ok !== !Number.isNaN(ms) || (r.ok && r.value.at.getTime() !== ms)) {
            throw new Error(`${JSON.stringify(time)}: core ${r.ok ? r.value.at.toISOString() : "refuses"}, go-time.ts ${Number.isNaN(ms) ? "refuses" : new Date(ms).toISOString()}`);
          }
        }
      }),
      { numRuns: 3000, seed: 20261124 },
    );
  });

  it("checker writes an offset time back in UTC, where Go writes the offset it read (a Date has no zone: README)", () => {
    const r = v.unmarshal('{"at":"2024-05-06T07:08:09+02:00"}');
    expect(text(v.marshal(r))).toBe('{"at":"2024-05-06T05:08:09Z"}'); // Go: "2024-05-06T07:08:09+02:00", the same instant
  });

  it("checker reads the decoded JSON string, where Go's UnmarshalJSON parses the raw bytes (go.dev/issue/47353)", () => {
    // Go refuses "2024-01-01T00:00:00\u005a" (its parser sees a backslash); the string is "...Z"
    expect(v.unmarshal('{"at":"2024-01-01T00:00:00\\u005a"}').at.toISOString()).toBe("2024-01-01T00:00:00.000Z");
  });

  it("newModel reads a time string as unmarshal does (Go's forms included)", () => {
    expect(v.newModel({ at: "2024-01-01T3:04:05,25+24:00" }).at.toISOString()).toBe("2023-12-31T03:04:05.250Z");
  });
});
