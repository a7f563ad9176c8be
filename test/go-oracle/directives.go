// The "directives" op of the Go oracle (test/go-oracle-directives.test.ts): how the original Go
// library reads a directive list, from the standard library functions it reads it with:
// strings.Split on ",", strings.TrimSpace of each part (an empty part is skipped), the name
// before the first "=" and the value after it, both trimmed; a oneof value split by
// strings.Fields; a number read by strconv.ParseFloat (gt, gte, lt, lte) or strconv.Atoi (min, max).
//
//	{"op":"directives","text":"required, min = 1"}
//	-> {"ok":true,"directives":[{"name":"required","hasValue":false,"value":"","fields":[],
//	    "float":{"ok":false,"value":""},"atoi":{"ok":false,"value":""}},{"name":"min",...}]}
//
// float.value is FormatFloat(f, 'g', -1, 64) ("+Inf", "NaN", "-0" as Go writes them); atoi.value
// is the int in decimal.
package main

import (
	"strconv"
	"strings"
)

type parsedNumber struct {
	Ok    bool   `json:"ok"`
	Value string `json:"value"`
}

type directiveAnswer struct {
	Name     string       `json:"name"`
	HasValue bool         `json:"hasValue"`
	Value    string       `json:"value"`
	Fields   []string     `json:"fields"`
	Float    parsedNumber `json:"float"`
	Atoi     parsedNumber `json:"atoi"`
}

func directives(text string) answer {
	out := []directiveAnswer{}
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		d := directiveAnswer{Name: part, Fields: []string{}}
		if i := strings.IndexByte(part, '='); i >= 0 {
			d.Name, d.HasValue, d.Value = strings.TrimSpace(part[:i]), true, strings.TrimSpace(part[i+1:])
			d.Fields = append(d.Fields, strings.Fields(d.Value)...)
			if f, err := strconv.ParseFloat(d.Value, 64); err == nil {
				d.Float = parsedNumber{true, strconv.FormatFloat(f, 'g', -1, 64)}
			}
			if n, err := strconv.Atoi(d.Value); err == nil {
				d.Atoi = parsedNumber{true, strconv.Itoa(n)}
			}
		}
		out = append(out, d)
	}
	return answer{Ok: true, Directives: out}
}
