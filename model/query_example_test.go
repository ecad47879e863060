package model_test

import (
	"fmt"

	"github.com/bleuscope/bleuscope/model"
)

func ExampleParseQuery() {
	for _, s := range []string{`hyp:"the house" bleu<10 or len>30`, `"the house`} {
		q, err := model.ParseQuery(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("ok:", q)
	}
	// Output:
	// ok: hyp:"the house" bleu<10 or len>30
	// query: column 1: quoted n-gram has no closing "
}
