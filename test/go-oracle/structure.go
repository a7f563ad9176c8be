// The "struct" op of the Go oracle (test/go-oracle-structure.test.ts): what encoding/json makes
// of a JSON document decoded into a Go type built at run time from a description of it.
//
//	{"op":"struct","type":{"k":"struct","fields":[{"json":"n","omitempty":true,"type":{"k":"int8"}}]},"text":"{\"n\":1}"}
//	-> {"ok":true,"value":"{\"n\":1}"}
//
// A type is {"k":kind} for string, bool, the int and uint kinds, float32, float64, "time"
// (time.Time) and "any" (interface{}); {"k":"ptr"|"slice"|"map","elem":T} (map[string]T); {"k":"array","n":N,"elem":T};
// {"k":"struct","fields":[{"json":name,"omitempty":bool,"type":T}]}, its fields named F0, F1, ...
// with the tag json:"name[,omitempty]". The text is decoded with json.Unmarshal into a new zero
// value; the answer is json.Marshal of it (HTML-escaping off, as the "string" op), or the error
// ("UnmarshalTypeError: ..." or "SyntaxError: ..." or "oracle: ..."). With "writeAs" (another
// type), the value written is that of the text decoded into writeAs when the type took it (a
// []uint16 where the type has a []uint8, which Go writes in base64, to write numbers).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"
)

type typeDesc struct {
	K      string      `json:"k"`
	N      int         `json:"n"`
	Elem   *typeDesc   `json:"elem"`
	Fields []fieldDesc `json:"fields"`
}

type fieldDesc struct {
	JSON      string   `json:"json"`
	Omitempty bool     `json:"omitempty"`
	Type      typeDesc `json:"type"`
	// Default: the "defaults" op's default= text of the field (defaults.go); other ops ignore it.
	Default *string `json:"default"`
}

var anyType = reflect.TypeOf((*interface{})(nil)).Elem()

func buildType(d typeDesc) (reflect.Type, error) {
	if t, ok := kinds[d.K]; ok {
		return t, nil
	}
	switch d.K {
	case "string":
		return reflect.TypeOf(""), nil
	case "bool":
		return reflect.TypeOf(false), nil
	case "any":
		return anyType, nil
	case "time":
		return reflect.TypeOf(time.Time{}), nil
	case "ptr", "slice", "map", "array":
		if d.Elem == nil {
			return nil, fmt.Errorf("%s without elem", d.K)
		}
		elem, err := buildType(*d.Elem)
		if err != nil {
			return nil, err
		}
		switch d.K {
		case "ptr":
			return reflect.PtrTo(elem), nil
		case "slice":
			return reflect.SliceOf(elem), nil
		case "map":
			return reflect.MapOf(reflect.TypeOf(""), elem), nil
		default:
			return reflect.ArrayOf(d.N, elem), nil
		}
	case "struct":
		fields := make([]reflect.StructField, 0, len(d.Fields))
		for i, f := range d.Fields {
			ft, err := buildType(f.Type)
			if err != nil {
				return nil, err
			}
			opts := ""
			if f.Omitempty {
				opts = ",omitempty"
			}
			fields = append(fields, reflect.StructField{
				Name: fmt.Sprintf("F%d", i), Type: ft,
				Tag: reflect.StructTag(fmt.Sprintf(`json:"%s%s"`, f.JSON, opts)),
			})
		}
		return reflect.StructOf(fields), nil
	}
	return nil, fmt.Errorf("unknown kind %q", d.K)
}

func typeOf(desc json.RawMessage) (reflect.Type, error) {
	var d typeDesc
	if err := json.Unmarshal(desc, &d); err != nil {
		return nil, fmt.Errorf("bad type: %w", err)
	}
	return buildType(d)
}

// decodeInto decodes text into a new value of the described type: a pointer to it, or (nil and)
// the answer that says why not. A panic of reflect is an "oracle: panic: ..." answer.
func decodeInto(desc json.RawMessage, text string) (p reflect.Value, failed *answer) {
	defer func() {
		if r := recover(); r != nil {
			failed = &answer{Error: fmt.Sprintf("oracle: panic: %v", r)}
		}
	}()
	t, err := typeOf(desc)
	if err != nil {
		return p, &answer{Error: "oracle: " + err.Error()}
	}
	p = reflect.New(t)
	if err = json.Unmarshal([]byte(text), p.Interface()); err != nil {
		a := unmarshalFailure(err)
		return p, &a
	}
	return p, nil
}

func decodeStructure(desc, writeAs json.RawMessage, text string) answer {
	p, failed := decodeInto(desc, text)
	if failed != nil {
		return *failed
	}
	if len(writeAs) > 0 {
		t, err := typeOf(writeAs)
		if err != nil {
			return answer{Error: "oracle: " + err.Error()}
		}
		p = reflect.New(t)
		if err := json.Unmarshal([]byte(text), p.Interface()); err != nil {
			return answer{Error: "oracle: writeAs: " + err.Error()}
		}
	}
	return marshalAnswer(p.Interface())
}

// marshalAnswer is the answer holding json.Marshal of v with HTML escaping off.
func marshalAnswer(v interface{}) answer {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return answer{Error: "oracle: marshal: " + err.Error()}
	}
	return answer{Ok: true, Value: strings.TrimSuffix(buf.String(), "\n")}
}

// unmarshalFailure is the answer for json.Unmarshal's error: "UnmarshalTypeError: ...",
// "SyntaxError: ...", "ParseError: ..." (a *time.ParseError, from Time.UnmarshalJSON) or
// "oracle: ...".
func unmarshalFailure(err error) answer {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	var parseErr *time.ParseError
	switch {
	case errors.As(err, &typeErr):
		return answer{Error: "UnmarshalTypeError: " + err.Error()}
	case errors.As(err, &syntaxErr):
		return answer{Error: "SyntaxError: " + err.Error()}
	case errors.As(err, &parseErr):
		return answer{Error: "ParseError: " + err.Error()}
	}
	return answer{Error: "oracle: " + err.Error()}
}
