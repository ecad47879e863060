package scoring_test

import (
	"errors"
	"fmt"

	"github.com/bleuscope/bleuscope/scoring"
)

func ExampleNewTokenizer() {
	tok, err := scoring.NewTokenizer("13a")
	if err != nil {
		panic(err)
	}
	fmt.Println(tok.Name())

	_, err = scoring.NewTokenizer("moses")
	fmt.Println(err)
	fmt.Println(errors.Is(err, scoring.ErrUnknownTokenizer))
	// Output:
	// 13a
	// scoring: tokenizer: "moses" is not a tokenizer (want 13a, intl, zh, char or none)
	// true
}

func ExampleTokenizer_Tokenize() {
	line := `He paid $3.50 for "1-2" items, in 1990.`
	for _, name := range scoring.TokenizerNames {
		tok, _ := scoring.NewTokenizer(name)
		if name == "char" {
			fmt.Printf("%-4s %q\n", name, tok.Tokenize("汉字 ok"))
			continue
		}
		fmt.Printf("%-4s %s\n", name, tok.Tokenize(line))
	}
	// Output:
	// 13a  He paid $ 3.50 for " 1 - 2 " items , in 1990 .
	// intl He paid $ 3.50 for " 1-2 " items , in 1990.
	// zh   He paid $ 3.50 for " 1 - 2 " items , in 1990.
	// char "汉 字   o k"
	// none He paid $3.50 for "1-2" items, in 1990.
}

func ExampleTokenizer_Tokens() {
	tok, _ := scoring.NewTokenizer("zh")
	toks := tok.Tokens(nil, "我们在2022年测试了3.5版。")
	fmt.Printf("%q\n", toks)
	// Output:
	// ["我" "们" "在" "2022" "年" "测" "试" "了" "3.5" "版" "。"]
}

func ExampleTokenizer_Rewrite() {
	for _, name := range []string{"13a", "zh"} {
		tok, _ := scoring.NewTokenizer(name)
		fmt.Printf("%-4s %q\n", name, tok.Rewrite("&quot;Tom &amp; Jerry&quot; <skipped>"))
	}
	// Output:
	// 13a  "\"Tom & Jerry\" "
	// zh   "&quot;Tom &amp; Jerry&quot; <skipped>"
}

func ExamplePyLower() {
	fmt.Println(scoring.PyLower("ΟΔΟΣ ΣΟΦΙΑΣ"))
	fmt.Printf("%q\n", scoring.PyLower("İZMİR"))
	// Output:
	// οδος σοφιας
	// "i̇zmi̇r"
}

func ExamplePyRstrip() {
	fmt.Printf("%q\n", scoring.PyRstrip("a line \t\u3000\r"))
	// Output:
	// "a line"
}

func ExamplePySplit() {
	fmt.Printf("%q\n", scoring.PySplit(nil, " one\u00a0two\x1cthree\u200bfour "))
	// Output:
	// ["one" "two" "three\u200bfour"]
}

func ExampleIsPySpace() {
	fmt.Println(scoring.IsPySpace('\u0085'), scoring.IsPySpace('\u200b'))
	// Output:
	// true false
}
