package scoring

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tokBenchFiles are WMT22 system outputs in the shared folder beside the
// repository, used when present.
var tokBenchFiles = map[string]string{
	"en": filepath.Join("..", "..", "shared", "corpora", "wmt22", "txt", "system-outputs", "generaltest2022.de-en.hyp.Online-B.en"),
	"zh": filepath.Join("..", "..", "shared", "corpora", "wmt22", "txt", "system-outputs", "generaltest2022.en-zh.hyp.Online-B.zh"),
}

// tokBenchSample stands in for the WMT22 files when they are absent.
var tokBenchSample = map[string][]string{
	"en": {
		`The company said on Tuesday that it would cut 1,200 jobs, or about 3.5% of its workforce.`,
		`"We're not going to let that happen," she told reporters in New York - adding that talks would continue.`,
		`Prices rose by 0.4 per cent in March (compared with 0.3 per cent in February) & analysts expect more.`,
		`He scored 2-1 in the 89th minute; the crowd of 45,000 went wild!`,
	},
	"zh": {
		"该公司周二表示，将裁员1,200人，约占员工总数的3.5%。",
		"“我们不会让这种情况发生，”她在纽约对记者说，并补充说谈判将继续进行。",
		"3月份价格上涨了0.4%（2月份为0.3%），分析师预计还会上涨。",
		"他在第89分钟打进一球，比分变为2-1，45,000名观众沸腾了！",
	},
}

// benchLines returns the benchmark lines of a language and their total
// size in bytes.
func benchLines(b *testing.B, lang string) ([]string, int64) {
	b.Helper()
	lines := tokBenchSample[lang]
	if data, err := os.ReadFile(tokBenchFiles[lang]); err == nil {
		lines = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	} else {
		b.Logf("using the built-in sample: %v", err)
	}
	var n int64
	for _, l := range lines {
		n += int64(len(l))
	}
	return lines, n
}

// benchTokenize measures Tokenize over every line of lang per iteration.
func benchTokenize(b *testing.B, name, lang string) {
	tok, _ := NewTokenizer(name)
	lines, size := benchLines(b, lang)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			tok.Tokenize(l)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
}

// benchTokens measures Tokens, with a reused slice, over every line of
// lang per iteration.
func benchTokens(b *testing.B, name, lang string) {
	tok, _ := NewTokenizer(name)
	lines, size := benchLines(b, lang)
	dst := make([]string, 0, 256)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			dst = tok.Tokens(dst[:0], l)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
}

func BenchmarkTokenize13a(b *testing.B)  { benchTokenize(b, "13a", "en") }
func BenchmarkTokenizeIntl(b *testing.B) { benchTokenize(b, "intl", "en") }
func BenchmarkTokenizeZh(b *testing.B)   { benchTokenize(b, "zh", "zh") }
func BenchmarkTokenizeChar(b *testing.B) { benchTokenize(b, "char", "zh") }
func BenchmarkTokenizeNone(b *testing.B) { benchTokenize(b, "none", "en") }

func BenchmarkTokens13a(b *testing.B)  { benchTokens(b, "13a", "en") }
func BenchmarkTokensIntl(b *testing.B) { benchTokens(b, "intl", "en") }
func BenchmarkTokensZh(b *testing.B)   { benchTokens(b, "zh", "zh") }
func BenchmarkTokensChar(b *testing.B) { benchTokens(b, "char", "zh") }
func BenchmarkTokensNone(b *testing.B) { benchTokens(b, "none", "en") }

// BenchmarkPyLower measures PyLower on English lines, most of which have
// capitals to change.
func BenchmarkPyLower(b *testing.B) {
	lines, size := benchLines(b, "en")
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			PyLower(l)
		}
	}
}
