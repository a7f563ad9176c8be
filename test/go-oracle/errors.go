// The "httpbody" op of the Go oracle (test/errors-review.test.ts): the spec's HTTP 400 body as a Go
// caller writes it, json.Marshal of {"error":"validation_failed","details":[FieldError...]} (or
// "errors" with key "errors"), each FieldError's Value being the Go value of its field: its JSON
// text decoded into the field's Go type (the "struct" op's types, structure.go). HTML escaping off,
// as the "struct" op, since checker's values are what JSON.stringify writes.
//
//	{"op":"httpbody","key":"details","errors":[{"field":"age","code":"MIN_VALUE","message":"must be at least 1","type":{"k":"int"},"text":"0"}]}
//	-> {"ok":true,"value":"{\"error\":\"validation_failed\",\"details\":[{\"field\":\"age\",\"code\":\"MIN_VALUE\",\"message\":\"must be at least 1\",\"value\":0}]}"}
package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// errorDesc is one FieldError to write: its value is text decoded into type.
type errorDesc struct {
	Field   string          `json:"field"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Type    json.RawMessage `json:"type"`
	Text    string          `json:"text"`
}

// fieldError is the spec's FieldError, serialised with its lowercase keys.
type fieldError struct {
	Field   string      `json:"field"`
	Code    string      `json:"code"`
	Message string      `json:"message"`
	Value   interface{} `json:"value"`
}

type detailsBody struct {
	Error   string       `json:"error"`
	Details []fieldError `json:"details"`
}

type errorsBody struct {
	Error  string       `json:"error"`
	Errors []fieldError `json:"errors"`
}

func httpBody(key string, descs []errorDesc) answer {
	if key != "details" && key != "errors" {
		return answer{Error: "oracle: key must be details or errors, not " + key}
	}
	list := make([]fieldError, 0, len(descs))
	for _, d := range descs {
		p, failed := decodeInto(d.Type, d.Text)
		if failed != nil {
			return *failed
		}
		var value interface{}
		if v := reflect.Indirect(p); v.Kind() != reflect.Interface || !v.IsNil() {
			value = v.Interface()
		}
		list = append(list, fieldError{d.Field, d.Code, d.Message, value})
	}
	var body interface{} = detailsBody{"validation_failed", list}
	if key == "errors" {
		body = errorsBody{"validation_failed", list}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		return answer{Error: "oracle: marshal: " + err.Error()}
	}
	return answer{Ok: true, Value: strings.TrimSuffix(buf.String(), "\n")}
}
