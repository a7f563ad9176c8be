// The "time" op of the Go oracle (test/go-oracle-times.test.ts): what encoding/json and the time
// package make of a JSON value in a time.Time field.
//
//	{"op":"time","shape":"value","text":"\"2024-05-06T07:08:09.1234+02:00\""}
//	-> {"ok":true,"time":{"items":[{"sec":1714972089,"nsec":123400000,"ms":1714972089123,
//	    "utcYear":2024,"utc":"\"2024-05-06T05:08:09.123Z\"","own":"\"2024-05-06T07:08:09.1234+02:00\""}],
//	    "unique":true,"order":[],"uniqueNs":true,"orderNs":[]}}
//
// The document {"T":<text>} is decoded with json.Unmarshal into struct{T time.Time} (shape
// "value"), struct{T *time.Time} ("ptr") or struct{T []time.Time} ("slice"). The error is
// "UnmarshalTypeError: ...", "ParseError: ..." (*time.ParseError, which Time.UnmarshalJSON
// returns for any text its layout does not read: a bad string, a number, an object),
// "SyntaxError: ..." or "oracle: ...". Each time read (none for a nil ptr or slice; a null item
// is Go's zero time) gives its instant: Unix seconds and nanoseconds, Unix milliseconds
// (UnixMilli, floored as a JS Date holds it), the year of that millisecond instant in UTC, and
// MarshalJSON of it (utc: what checker can write back) and of the time as parsed (own: its offset
// and nanoseconds kept), or "error: ..." where MarshalJSON refuses. unique: no two items are
// Equal at millisecond precision; order: for each item after the first, Compare-style -1/0/1 of
// it against the item before (Before/After at millisecond precision); uniqueNs and orderNs the
// same of the times as read (nanoseconds).
package main

import (
	"encoding/json"
	"fmt"
	"time"
)

type timeItem struct {
	Sec     int64  `json:"sec"`
	Nsec    int    `json:"nsec"`
	Ms      int64  `json:"ms"`
	UTCYear int    `json:"utcYear"`
	UTC     string `json:"utc"`
	Own     string `json:"own"`
}

type timeAnswer struct {
	Nil      bool       `json:"nil,omitempty"`
	Items    []timeItem `json:"items"`
	Unique   bool       `json:"unique"`
	Order    []int      `json:"order"`
	UniqueNs bool       `json:"uniqueNs"`
	OrderNs  []int      `json:"orderNs"`
}

func marshalTime(t time.Time) string {
	b, err := t.MarshalJSON()
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

func itemOf(t time.Time) timeItem {
	ms := time.UnixMilli(t.UnixMilli()).UTC()
	return timeItem{
		Sec: t.Unix(), Nsec: t.Nanosecond(), Ms: t.UnixMilli(), UTCYear: ms.Year(),
		UTC: marshalTime(ms), Own: marshalTime(t),
	}
}

func decodeTime(shape, text string) (a answer) {
	defer func() {
		if p := recover(); p != nil {
			a = answer{Error: fmt.Sprintf("oracle: panic: %v", p)}
		}
	}()
	var times []time.Time
	isNil := false
	var err error
	doc := []byte(`{"T":` + text + `}`)
	switch shape {
	case "value":
		var v struct{ T time.Time }
		err = json.Unmarshal(doc, &v)
		times = []time.Time{v.T}
	case "ptr":
		var v struct{ T *time.Time }
		err = json.Unmarshal(doc, &v)
		if isNil = v.T == nil; !isNil {
			times = []time.Time{*v.T}
		}
	case "slice":
		var v struct{ T []time.Time }
		err = json.Unmarshal(doc, &v)
		isNil, times = v.T == nil, v.T
	default:
		return answer{Error: "oracle: unknown shape " + shape}
	}
	if err != nil {
		return unmarshalFailure(err)
	}
	out := timeAnswer{Nil: isNil, Items: []timeItem{}}
	ms := make([]time.Time, 0, len(times))
	for _, t := range times {
		out.Items = append(out.Items, itemOf(t))
		ms = append(ms, time.UnixMilli(t.UnixMilli()))
	}
	out.Unique, out.Order = uniqueAndOrder(ms)
	out.UniqueNs, out.OrderNs = uniqueAndOrder(times)
	return answer{Ok: true, Time: &out}
}

// uniqueAndOrder: whether no two times are Equal, and for each time after the first -1, 0 or 1
// as it is Before, Equal to or After the one before.
func uniqueAndOrder(ts []time.Time) (bool, []int) {
	unique, order := true, []int{}
	for i := 1; i < len(ts); i++ {
		switch {
		case ts[i].Before(ts[i-1]):
			order = append(order, -1)
		case ts[i].After(ts[i-1]):
			order = append(order, 1)
		default:
			order = append(order, 0)
		}
		for _, earlier := range ts[:i] {
			if earlier.Equal(ts[i]) {
				unique = false
			}
		}
	}
	return unique, order
}
