// The "defaults" op of the Go oracle (test/defaults-review.test.ts): a JSON document decoded into
// a Go type built from a description (the "struct" op's types, structure.go), then, in every
// struct the document wrote as an object, each field whose key the object does not hold and that
// has a "default" text takes that text as Go's strconv reads it for the field's kind (a pointer
// field gets a new pointer to it): ParseBool, ParseInt(s, 10, bits), ParseUint(s, 10, bits),
// ParseFloat(s, bits); a string as written. The answer is json.Marshal of the result (HTML
// escaping off), or the error: "default: F<i>: <strconv's error>" for a text strconv refuses,
// else json.Unmarshal's (unmarshalFailure).
//
//	{"op":"defaults","type":{"k":"struct","fields":[{"json":"n","type":{"k":"int8"},"default":"-128"}]},"text":"{}"}
//	-> {"ok":true,"value":"{\"n\":-128}"}
//
// This is SPEC's rule ("A default=<value> directive supplies a value for a missing field") with
// Go's own parsers and encoder; the original library's SetDefaultValue parses with strconv too.
// A struct written as null, a struct the document leaves out, and the items a [N]T array pads
// with are not objects of the document: their fields keep Go's zero values.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
)

func decodeWithDefaults(desc json.RawMessage, text string) answer {
	var d typeDesc
	if err := json.Unmarshal(desc, &d); err != nil {
		return answer{Error: "oracle: bad type: " + err.Error()}
	}
	p, failed := decodeInto(desc, text)
	if failed != nil {
		return *failed
	}
	if err := fillDefaults(p.Elem(), d, json.RawMessage(text)); err != nil {
		return answer{Error: err.Error()}
	}
	return marshalAnswer(p.Interface())
}

// fillDefaults walks v (of the described type) beside raw, the JSON it was decoded from.
func fillDefaults(v reflect.Value, d typeDesc, raw json.RawMessage) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	switch d.K {
	case "ptr":
		if v.IsNil() {
			return nil
		}
		return fillDefaults(v.Elem(), *d.Elem, raw)
	case "slice", "array":
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return fmt.Errorf("oracle: items: %w", err)
		}
		for i := 0; i < len(items) && i < v.Len(); i++ {
			if err := fillDefaults(v.Index(i), *d.Elem, items[i]); err != nil {
				return err
			}
		}
	case "map":
		var entries map[string]json.RawMessage
		if err := json.Unmarshal(raw, &entries); err != nil {
			return fmt.Errorf("oracle: entries: %w", err)
		}
		for k, x := range entries {
			key := reflect.ValueOf(k)
			e := reflect.New(v.Type().Elem()).Elem() // a map value is not addressable: fill a copy
			e.Set(v.MapIndex(key))
			if err := fillDefaults(e, *d.Elem, x); err != nil {
				return err
			}
			v.SetMapIndex(key, e)
		}
	case "struct":
		var members map[string]json.RawMessage
		if err := json.Unmarshal(raw, &members); err != nil {
			return fmt.Errorf("oracle: members: %w", err)
		}
		for i, f := range d.Fields {
			x, present := members[f.JSON]
			if present {
				if err := fillDefaults(v.Field(i), f.Type, x); err != nil {
					return err
				}
				continue
			}
			if f.Default == nil {
				continue
			}
			field := v.Field(i)
			target := field
			if field.Kind() == reflect.Ptr {
				target = reflect.New(field.Type().Elem()).Elem()
			}
			parsed, err := parseDefault(target.Type(), *f.Default)
			if err != nil {
				return fmt.Errorf("default: F%d: %w", i, err)
			}
			target.Set(parsed)
			if field.Kind() == reflect.Ptr {
				field.Set(target.Addr())
			}
		}
	}
	return nil
}

// parseDefault reads text as strconv does for a value of type t.
func parseDefault(t reflect.Type, text string) (reflect.Value, error) {
	v := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.String:
		v.SetString(text)
	case reflect.Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return v, err
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(text, 10, t.Bits())
		if err != nil {
			return v, err
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(text, 10, t.Bits())
		if err != nil {
			return v, err
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(text, t.Bits())
		if err != nil {
			return v, err
		}
		v.SetFloat(f)
	default:
		return v, fmt.Errorf("oracle: no default for %s", t)
	}
	return v, nil
}
