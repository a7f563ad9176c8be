// The "remarshal" op of the Go oracle (test/marshal-review.test.ts): json.Marshal (HTML escaping
// on, Go's default) of a JSON document decoded into a Go type built from a description (the
// "struct" op's types, structure.go, plus {"k":"time"} for time.Time); with "indent",
// json.MarshalIndent(v, "", indent).
//
//	{"op":"remarshal","type":{"k":"struct","fields":[{"json":"n","omitempty":true,"type":{"k":"time"}}]},"text":"{\"n\":\"2024-01-01T00:00:00Z\"}"}
//	-> {"ok":true,"value":"{\"n\":\"2024-01-01T00:00:00Z\"}"}
package main

import "encoding/json"

func remarshal(desc json.RawMessage, text string, indent *string) answer {
	p, failed := decodeInto(desc, text)
	if failed != nil {
		return *failed
	}
	var out []byte
	var err error
	if indent != nil {
		out, err = json.MarshalIndent(p.Interface(), "", *indent)
	} else {
		out, err = json.Marshal(p.Interface())
	}
	if err != nil {
		return answer{Error: "oracle: marshal: " + err.Error()}
	}
	return answer{Ok: true, Value: string(out)}
}
