// The "pattern" op of the Go oracle (test/go-oracle-patterns.test.ts): what Go's regexp makes
// of a pattern and of some inputs.
//
//	{"op":"pattern","pattern":"^a+$","inputs":["aa","b"]}
//	-> {"ok":true,"pattern":{"error":"","matches":[true,false]}}
//	{"op":"pattern","pattern":"a**","inputs":["a"]}
//	-> {"ok":true,"pattern":{"error":"invalid nested repetition operator: `**`","matches":[]}}
//
// error: "" when regexp.Compile accepts the pattern, else its error without Go's
// "error parsing regexp: " prefix (the syntax.Error's code and expression).
// matches: regexp.MatchString of each input, when the pattern compiled.
package main

import (
	"errors"
	"regexp"
	"regexp/syntax"
)

type patternAnswer struct {
	Error   string `json:"error"`
	Matches []bool `json:"matches"`
}

func pattern(source string, inputs []string) answer {
	out := patternAnswer{Matches: []bool{}}
	re, err := regexp.Compile(source)
	var syntaxErr *syntax.Error
	switch {
	case errors.As(err, &syntaxErr):
		out.Error = syntaxErr.Code.String() + ": `" + syntaxErr.Expr + "`"
	case err != nil:
		out.Error = err.Error()
	default:
		for _, s := range inputs {
			out.Matches = append(out.Matches, re.MatchString(s))
		}
	}
	return answer{Ok: true, Pattern: &out}
}
