// The Go oracle of test/go-oracle.test.ts: what Go's encoding/json does with numbers and strings.
// It reads one request per line on stdin and writes one answer per line on stdout, in order:
//
//	{"op":"unmarshal","kind":"int8","text":"127"}  -> {"ok":true,"value":"127"} or {"ok":false,"error":"UnmarshalTypeError: ..."}
//	{"op":"marshal","f32":"3dcccccd","f64":"3fb999999999999a"} -> {"ok":true,"value":"{\"f32\":0.1,\"f64\":0.1}"}
//	{"op":"marshal","f32":"","f64":"3fb999999999999a"} (f32 = float32(f64)) -> the same
//	{"op":"string","s":"a\u0000"} -> {"ok":true,"value":"{\"s\":\"a\\u0000\"}"}
//	{"op":"tag",...}: struct tags, in tags.go
//	{"op":"struct","type":{...},"writeAs":{...},"text":"{...}"}: a document decoded into a built type, in structure.go
//	{"op":"time","shape":"value","text":"\"2024-01-01T00:00:00Z\""}: a value in a time.Time field, in times.go
//	{"op":"pattern","pattern":"^a+$","inputs":["aa"]}: regexp.Compile and MatchString, in patterns.go
//	{"op":"remarshal","type":{...},"text":"{...}"}: json.Marshal of a document decoded into a built type, in marshal.go
//	{"op":"defaults","type":{...},"text":"{...}"}: the same after missing fields took their default= texts, in defaults.go
//	{"op":"httpbody","key":"details","errors":[{...}]}: the spec's 400 body of FieldErrors holding Go values, in errors.go
//	{"op":"directives","text":"required,min=1"}: a directive list as the Go library reads it, in directives.go
//
// unmarshal decodes {"f":<text>} into a struct whose one field f has the kind; the value is
// the field's value in decimal (FormatInt, FormatUint, or FormatFloat(float64(f), 'g', -1, 64):
// exact for both float sizes, -0 kept).
// marshal writes struct{f32 float32; f64 float64} holding the values of the IEEE bit patterns
// (hex; without f32 bits, f32 is float32(f64)); +-Inf there is Go's UnsupportedValueError.
// string writes struct{s string} with an Encoder that does not escape HTML.
// Standard library only: it is built (every .go file here) with `go build` in a temporary
// directory, without network.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
)

type request struct {
	Op      string          `json:"op"`
	Kind    string          `json:"kind"`
	Text    string          `json:"text"`
	F32     string          `json:"f32"`
	F64     string          `json:"f64"`
	S       string          `json:"s"`
	Tag     string          `json:"tag"`
	Keys    []string        `json:"keys"`
	Reads   []string        `json:"reads"`
	Type    json.RawMessage `json:"type"`
	WriteAs json.RawMessage `json:"writeAs"`
	Shape   string          `json:"shape"`
	Pattern string          `json:"pattern"`
	Inputs  []string        `json:"inputs"`
	Indent  *string         `json:"indent"`
	Key     string          `json:"key"`
	Errors  []errorDesc     `json:"errors"`
}

type answer struct {
	Ok      bool           `json:"ok"`
	Value   string         `json:"value,omitempty"`
	Error   string         `json:"error,omitempty"`
	Tag     *tagAnswer     `json:"tag,omitempty"`
	Time    *timeAnswer    `json:"time,omitempty"`
	Pattern *patternAnswer `json:"pattern,omitempty"`
	// (a nil list is left out; the "directives" op always gives one)
	Directives []directiveAnswer `json:"directives,omitempty"`
}

var kinds = map[string]reflect.Type{
	"int": reflect.TypeOf(int(0)), "int8": reflect.TypeOf(int8(0)), "int16": reflect.TypeOf(int16(0)),
	"int32": reflect.TypeOf(int32(0)), "int64": reflect.TypeOf(int64(0)),
	"uint": reflect.TypeOf(uint(0)), "uint8": reflect.TypeOf(uint8(0)), "uint16": reflect.TypeOf(uint16(0)),
	"uint32": reflect.TypeOf(uint32(0)), "uint64": reflect.TypeOf(uint64(0)),
	"float32": reflect.TypeOf(float32(0)), "float64": reflect.TypeOf(float64(0)),
}

func unmarshal(kind, text string) answer {
	t, ok := kinds[kind]
	if !ok {
		return answer{Error: "oracle: unknown kind " + kind}
	}
	holder := reflect.StructOf([]reflect.StructField{{Name: "F", Type: t, Tag: `json:"f"`}})
	p := reflect.New(holder)
	err := json.Unmarshal([]byte(`{"f":`+text+`}`), p.Interface())
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return answer{Error: "UnmarshalTypeError: " + err.Error()}
	}
	if err != nil {
		return answer{Error: "oracle: " + err.Error()}
	}
	f := p.Elem().Field(0)
	switch {
	case f.CanInt():
		return answer{Ok: true, Value: strconv.FormatInt(f.Int(), 10)}
	case f.CanUint():
		return answer{Ok: true, Value: strconv.FormatUint(f.Uint(), 10)}
	default:
		return answer{Ok: true, Value: strconv.FormatFloat(f.Float(), 'g', -1, 64)}
	}
}

func marshal(f32hex, f64hex string) answer {
	b64, err64 := strconv.ParseUint(f64hex, 16, 64)
	b32, err32 := strconv.ParseUint(f32hex, 16, 32)
	if err64 != nil || (f32hex != "" && err32 != nil) {
		return answer{Error: fmt.Sprintf("oracle: bad bits %q %q", f32hex, f64hex)}
	}
	f64 := math.Float64frombits(b64)
	f32 := float32(f64) // without f32 bits: Go's conversion of the float64
	if f32hex != "" {
		f32 = math.Float32frombits(uint32(b32))
	}
	v := struct {
		F32 float32 `json:"f32"`
		F64 float64 `json:"f64"`
	}{f32, f64}
	out, err := json.Marshal(v)
	var unsupported *json.UnsupportedValueError
	if errors.As(err, &unsupported) {
		return answer{Error: "UnsupportedValueError: " + err.Error()}
	}
	if err != nil {
		return answer{Error: "oracle: " + err.Error()}
	}
	return answer{Ok: true, Value: string(out)}
}

func marshalString(s string) answer {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		S string `json:"s"`
	}{s}); err != nil {
		return answer{Error: "oracle: " + err.Error()}
	}
	return answer{Ok: true, Value: strings.TrimSuffix(buf.String(), "\n")}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	for in.Scan() {
		var r request
		var a answer
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			a = answer{Error: "oracle: bad request: " + err.Error()}
		} else {
			switch r.Op {
			case "unmarshal":
				a = unmarshal(r.Kind, r.Text)
			case "marshal":
				a = marshal(r.F32, r.F64)
			case "string":
				a = marshalString(r.S)
			case "tag":
				a = tag(r.Tag, r.Keys, r.Reads)
			case "struct":
				a = decodeStructure(r.Type, r.WriteAs, r.Text)
			case "time":
				a = decodeTime(r.Shape, r.Text)
			case "remarshal":
				a = remarshal(r.Type, r.Text, r.Indent)
			case "defaults":
				a = decodeWithDefaults(r.Type, r.Text)
			case "pattern":
				a = pattern(r.Pattern, r.Inputs)
			case "httpbody":
				a = httpBody(r.Key, r.Errors)
			case "directives":
				a = directives(r.Text)
			default:
				a = answer{Error: "oracle: unknown op " + r.Op}
			}
		}
		if err := enc.Encode(a); err != nil {
			fmt.Fprintln(os.Stderr, "oracle:", err)
			os.Exit(2)
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "oracle:", err)
		os.Exit(2)
	}
}
