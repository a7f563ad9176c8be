// The "tag" op of the Go oracle (test/go-oracle-tags.test.ts): what reflect.StructTag and
// encoding/json make of a struct tag on a string field named Field.
//
//	{"op":"tag","tag":"json:\"n,omitempty\" checker:\"min=1\"","keys":["checker"],"reads":["n"]}
//	-> {"ok":true,"tag":{"lookups":[{"found":true,"value":"min=1"}],"vet":"",
//	    "marshalZero":"{}","marshalSet":"{\"n\":\"v\"}","reads":[true]}}
//
// lookups: reflect.StructTag.Lookup of each key. vet: go vet's structtag syntax verdict ("" when
// well formed). marshalZero / marshalSet: json.Marshal of the struct holding "" / "v".
// reads: for each key k, whether json.Unmarshal of {k:"x"} sets the field without an error
// (",string" refuses "x").
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
)

type lookup struct {
	Found bool   `json:"found"`
	Value string `json:"value"`
}

type tagAnswer struct {
	Lookups     []lookup `json:"lookups"`
	Vet         string   `json:"vet"`
	MarshalZero string   `json:"marshalZero"`
	MarshalSet  string   `json:"marshalSet"`
	Reads       []bool   `json:"reads"`
}

func tag(text string, keys, reads []string) (a answer) {
	defer func() {
		if p := recover(); p != nil {
			a = answer{Error: fmt.Sprintf("oracle: panic: %v", p)}
		}
	}()
	st := reflect.StructTag(text)
	out := tagAnswer{Lookups: []lookup{}, Reads: []bool{}}
	for _, k := range keys {
		v, ok := st.Lookup(k)
		out.Lookups = append(out.Lookups, lookup{ok, v})
	}
	if err := vetStructTag(text); err != nil {
		out.Vet = err.Error()
	}
	holder := reflect.StructOf([]reflect.StructField{{Name: "Field", Type: reflect.TypeOf(""), Tag: st}})
	v := reflect.New(holder)
	zero, err := json.Marshal(v.Interface())
	if err != nil {
		return answer{Error: "oracle: " + err.Error()}
	}
	v.Elem().Field(0).SetString("v")
	set, err := json.Marshal(v.Interface())
	if err != nil {
		return answer{Error: "oracle: " + err.Error()}
	}
	out.MarshalZero, out.MarshalSet = string(zero), string(set)
	for _, k := range reads {
		key, _ := json.Marshal(k)
		p := reflect.New(holder)
		err := json.Unmarshal([]byte(`{`+string(key)+`:"x"}`), p.Interface())
		out.Reads = append(out.Reads, err == nil && p.Elem().Field(0).String() == "x")
	}
	return answer{Ok: true, Tag: &out}
}

// vetStructTag is the syntax part of go vet's structtag check (validateStructTag in
// golang.org/x/tools/go/analysis/passes/structtag, which reflect.StructTag.Lookup is laxer
// than): key:"value" pairs, separated by spaces, each value a Go string literal.
func vetStructTag(tag string) error {
	for n := 0; tag != ""; n++ {
		if n > 0 && tag[0] != ' ' {
			return errors.New("key:\"value\" pairs not separated by spaces")
		}
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag = tag[i:]
		if tag == "" {
			break
		}
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 {
			return errors.New("bad syntax for struct tag key")
		}
		if i+1 >= len(tag) || tag[i] != ':' {
			return errors.New("bad syntax for struct tag pair")
		}
		if tag[i+1] != '"' {
			return errors.New("bad syntax for struct tag value")
		}
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return errors.New("bad syntax for struct tag value")
		}
		if _, err := strconv.Unquote(tag[:i+1]); err != nil {
			return errors.New("bad syntax for struct tag value")
		}
		tag = tag[i+1:]
	}
	return nil
}
