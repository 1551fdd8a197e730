package main

import "strings"

// rep repeats s n times joined by sep.
func rep(s string, n int, sep string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = s
	}
	return strings.Join(parts, sep)
}

// words returns n distinct words.
func words(n int) string {
	pool := strings.Fields("river stone cloud maple harbor violet ember canyon meadow falcon lantern orbit pepper quartz saddle timber velvet walnut yonder zephyr")
	out := make([]string, n)
	for i := range out {
		out[i] = pool[i%len(pool)]
		if i >= len(pool) {
			out[i] += "s"
		}
	}
	return strings.Join(out, " ")
}

const request = "Write a haiku about rain in the city."

// specs are the training constraints with responses around their
// thresholds, in four groups.
func specs() []spec {
	return append(append(append(copySpecs(), wordSpecs()...), paragraphSpecs()...), countSpecs()...)
}

// copySpecs are the specs of the copy constraints.
func copySpecs() []spec {
	return []spec{
		{"copy:repeat_phrase", map[string]any{"phrase": "The early bird catches the worm", "small_n": 2}, [][2]string{
			{"1x", "The early fish catches the worm today."},
			{"2x", "The early fish catches the worm. Then the early bird eats the worm."},
			{"3x", "The early fish catches the worm, the early cat catches the worm, the early bird chases the worm."},
			{"2x-unchanged", "The early bird catches the worm. The early bird catches the worm."},
			{"2x-one-unchanged", "The early fish catches the worm. The early bird catches the worm."},
			{"2x-two-changes", "The late fish catches the worm. The early fish catches the worm."},
			{"2x-extra-word", "The early fish really catches the worm. The early cat catches the worm."},
			{"2x-lines", "The early fish catches\nthe worm. The early cat catches the worm."},
			{"2x-lowercase", "the early fish catches the worm. the early cat catches the worm."},
		}},
		{"copy:repeat_phrase", map[string]any{"phrase": "  Time flies when having fun ", "small_n": 3}, [][2]string{
			{"3x", "Time runs when having fun; Time flies while having fun; Time flies when seeking fun."},
			{"2x", "Time runs when having fun; Time flies while having fun."},
			{"4x", "Time runs when having fun; Time flies while having fun; Time flies when seeking fun; Time goes when having fun."},
			{"tabs", "Time\truns when having fun; Time flies while having fun; Time flies when seeking fun."},
		}},
		{"copy:copy", map[string]any{"prompt_to_repeat": request}, [][2]string{
			{"exact", request},
			{"case", strings.ToUpper(request)},
			{"padded", "  \n" + request + "\n\u00a0"},
			{"no-period", strings.TrimSuffix(request, ".")},
			{"answered", request + "\nRain taps the glass roofs"},
			{"turkish-i", strings.ReplaceAll(request, "i", "İ")},
		}},
		{"copy:copying_simple", map[string]any{"prompt_to_repeat": "  Describe a cat.  "}, [][2]string{
			{"exact", "Describe a cat."},
			{"case", "describe A CAT."},
			{"twice", "Describe a cat. Describe a cat."},
			{"answer", "A cat is small."},
		}},
		{"copy:copying_multiple", map[string]any{"prompt_to_repeat": request, "N": 3}, [][2]string{
			{"2x", rep(request, 2, "******")},
			{"3x", rep(request, 3, "******")},
			{"4x", rep(request, 4, "******")},
			{"3x-spaced", rep(request, 3, "\n******\n")},
			{"3x-seven-stars", rep(request, 3, "*******")},
			{"3x-case", rep(strings.ToLower(request), 3, "******")},
			{"3x-trailing-sep", rep(request, 3, "******") + "******"},
		}},
		{"new:copy_span_idx", map[string]any{"prompt_to_repeat": "The quick brown fox jumps over the lazy dog.", "n_start": 4, "n_end": 15}, [][2]string{
			{"exact", "quick brown"},
			{"inclusive-end", "quick brown "},
			{"one-more", "quick brown f"},
			{"one-less", "quick brow"},
			{"case", "QUICK Brown"},
			{"padded", "\t quick brown \n"},
		}},
		{"new:copy_span_idx", map[string]any{"prompt_to_repeat": "Éclair café naïve résumé", "n_start": 7, "n_end": -7}, [][2]string{
			{"exact", "café naïve"},
			{"longer", "café naïve r"},
			{"bytes", "café na"},
		}},
	}
}

// wordSpecs are the specs of sentence hyphens, neighbouring initials,
// brackets and keyword counts.
func wordSpecs() []spec {
	return []spec{
		{"detectable_format:sentence_hyphens", map[string]any{}, [][2]string{
			{"joined", "I like tea.-You like coffee.-We both like water."},
			{"spaced", "I like tea. - You like coffee. - We both like water."},
			{"one", "I like tea and coffee."},
			{"hyphenated-word", "It is well-known.-Yes it is."},
			{"two-joined", "Rain falls.-Streets shine."},
			{"no-punct", "rain falls-streets shine"},
			{"trailing-hyphen", "Rain falls.-Streets shine.-"},
			{"abbrev", "Mr. Lee came.-He left."},
		}},
		{"keywords:no_adjacent_consecutive", map[string]any{}, [][2]string{
			{"ok", "Zebras eat grass quietly at night."},
			{"ab", "A big dog barked."},
			{"case", "Hot Ice melted."},
			{"punct", "(a) (b) items"},
			{"turkish", "İ j k"},
			{"digits", "1 2 3 go"},
			{"reverse", "b a c"},
		}},
		{"detectable_format:square_brackets", map[string]any{}, [][2]string{
			{"all", "[Rain] [falls] [softly.]"},
			{"one-missing", "[Rain] falls [softly]"},
			{"pair", "[Rain falls] [softly]"},
			{"newlines", "[Rain]\n[falls]\t[softly]"},
			{"bare", "[]"},
		}},
		{"keywords:word_once", map[string]any{"keyword": "umbrella"}, [][2]string{
			{"0", "Bring a coat."},
			{"1", "Bring an umbrella."},
			{"2", "Bring an umbrella, a spare umbrella too."},
			{"case", "UMBRELLA please."},
			{"substring", "Umbrellas everywhere."},
		}},
		{"keywords:word_once", map[string]any{"keyword": " rain "}, [][2]string{
			{"1", "The rain stops."},
			{"inside", "Rainbows and training."},
		}},
		{"keywords:word_count_different_numbers", map[string]any{"keyword": "cloud", "frequency": 3, "relation": "at least"}, [][2]string{
			{"2", "cloud and cloud"},
			{"3", "cloud, cloud, Cloud"},
			{"4", "cloud cloud cloud clouds"},
		}},
		{"keywords:word_count_different_numbers", map[string]any{"keyword": "sun", "frequency": 2, "relation": "less than"}, [][2]string{
			{"1", "The sun rose."},
			{"2", "The sun rose; sunset came."},
			{"0", "Dark all day."},
		}},
		{"keywords:exclude_word_harder", map[string]any{"keyword": "storm"}, [][2]string{
			{"present", "A storm came."},
			{"absent", "A gale came."},
			{"end", "It was a storm."},
			{"start", "storm came in."},
			{"case", "A Storm came."},
			{"newline", "A\nstorm came."},
		}},
	}
}

// paragraphSpecs are the specs of paragraphs, first and last words,
// bigrams and punctuation.
func paragraphSpecs() []spec {
	return []spec{
		{"paragraphs:paragraphs", map[string]any{}, [][2]string{
			{"1", "One paragraph only."},
			{"2", "First part.\n***\nSecond part."},
			{"3", "First.\n***\nSecond.\n***\nThird."},
			{"2-tight", "First.***Second."},
			{"2-leading", "***\nFirst.\n***\nSecond."},
			{"2-trailing", "First.\n***\nSecond.\n***"},
			{"empty-middle", "First.\n***\n\n***\nSecond."},
			{"spaced-stars", "First.\n* * *\nSecond."},
			{"four-stars", "First.\n****\nSecond."},
			{"nbsp", "First.\u00a0***\u00a0Second."},
		}},
		{"paragraphs:paragraphs2", map[string]any{}, [][2]string{
			{"1", "Only one paragraph here."},
			{"2", "First paragraph.\n\nSecond paragraph."},
			{"3", "One.\n\nTwo.\n\nThree."},
			{"single-newline", "One.\nTwo."},
			{"triple-newline", "One.\n\n\nTwo."},
			{"four-newlines", "One.\n\n\n\nTwo."},
			{"leading", "\n\nOne.\n\nTwo."},
			{"crlf", "One.\r\n\r\nTwo."},
		}},
		{"first_word:first_word_sent", map[string]any{"first_word": "Yes"}, [][2]string{
			{"all", "Yes it rains. Yes it pours! Yes?"},
			{"one-off", "Yes it rains. No it pours."},
			{"lower", "yes it rains. YES it pours."},
			{"comma", "Yes, it rains."},
			{"abbrev", "Yes Dr. Who came. Yes he did."},
			{"ellipsis", "Yes... Yes indeed."},
		}},
		{"first_word:first_word_answer", map[string]any{"first_word": "hello"}, [][2]string{
			{"match", "Hello there."},
			{"comma", "Hello, there."},
			{"other", "Hi there."},
			{"spaced", "\n  hello\tthere"},
		}},
		{"last_word:last_word_sent", map[string]any{"last_word": "now"}, [][2]string{
			{"all", "Come here now. Leave now!"},
			{"one-off", "Come here now. Leave later."},
			{"quote", "He said \"now.\" Go now."},
			{"case", "Come NOW. Go Now?"},
			{"ellipsis", "Wait now... Go now."},
		}},
		{"last_word:last_word_answer", map[string]any{"last_word": "end"}, [][2]string{
			{"match", "This is the end."},
			{"bang", "The end!!!"},
			{"other", "The ending."},
			{"quoted", "It was \"The End\""},
			{"underscore", "the_end"},
			{"accent", "the endé"},
		}},
		{"detectable_format:bigram_wrapping", map[string]any{}, [][2]string{
			{"all", "<<I am>> <<at home>> <<with my>> <<cute dog>>"},
			{"odd", "<<I am>> <<at home>> alone"},
			{"missing", "<<I am>> at home"},
			{"single", "<<Hello>>"},
			{"inner", "<<I>> <<am>>"},
		}},
		{"punctuation:punctuation_dot", map[string]any{}, [][2]string{
			{"none", "No dots here at all"},
			{"one", "One dot here."},
			{"ellipsis", "Wait…"},
			{"number", "It costs 3.50"},
		}},
		{"punctuation:punctuation_exclamation", map[string]any{}, [][2]string{
			{"none", "Calm words only."},
			{"one", "Wow!"},
			{"fullwidth", "Wow！"},
		}},
	}
}

// countSpecs are the specs of lower-case words, letters, composition,
// unique and counted words, palindromes, keyword positions and start and
// end words.
func countSpecs() []spec {
	return []spec{
		{"count:lowercase_counting", map[string]any{"N": 3}, [][2]string{
			{"2", "Rain falls HERE today"},
			{"3", "Rain falls here today"},
			{"4", "Rain falls here today now"},
			{"accent", "café naïve cat dog"},
			{"digits", "abc123 def ghi jkl"},
			{"underscore", "snake_case is one word x y"},
			{"caps", "RAIN FALLS HERE TODAY"},
		}},
		{"letters:letter_counting", map[string]any{"N": 10, "relation": "at least"}, [][2]string{
			{"9", "abcde fghi"},
			{"10", "abcde fghij"},
			{"11", "abcde fghijk"},
			{"accented", "éééé ééé ééé ab"},
		}},
		{"letters:letter_counting", map[string]any{"N": 10, "relation": "less than"}, [][2]string{
			{"9", "abcde fghi!"},
			{"10", "ABCDE FGHIJ"},
		}},
		{"letters:letter_counting2", map[string]any{"letter": "r", "let_frequency": 3, "let_relation": "at least"}, [][2]string{
			{"2", "Rain or shine."},
			{"3", "Rain or shine, really."},
			{"4", "Rain or shine, really rare."},
		}},
		{"count:counting_composition", map[string]any{"n_sent": 2, "n_words": 3}, [][2]string{
			{"exact", "Cats sleep now. Dogs bark loudly.\n***\nBirds sing songs. Fish swim fast.\n***\nRain falls down. Sun shines bright."},
			{"two-paragraphs", "Cats sleep now. Dogs bark loudly.\n***\nBirds sing songs. Fish swim fast."},
			{"four-paragraphs", "Cats sleep now. Dogs bark loudly.\n***\nBirds sing songs. Fish swim fast.\n***\nRain falls down. Sun shines bright.\n***\nWind blows hard. Snow falls soft."},
			{"punct-token", "Cats sleep. Dogs bark.\n***\nBirds sing. Fish swim.\n***\nRain falls. Sun shines."},
			{"three-sentences", "Cats sleep now. Dogs bark loudly. Cows moo softly.\n***\nBirds sing songs. Fish swim fast.\n***\nRain falls down. Sun shines bright."},
			{"spaced-divider", "Cats sleep now. Dogs bark loudly.\n* * *\nBirds sing songs. Fish swim fast.\n* * *\nRain falls down. Sun shines bright."},
			{"leading-divider", "***\nCats sleep now. Dogs bark loudly.\n***\nBirds sing songs. Fish swim fast.\n***\nRain falls down. Sun shines bright."},
		}},
		{"count:count_unique", map[string]any{}, [][2]string{
			{"unique", "Every word here differs."},
			{"repeat", "The cat and the dog."},
			{"case", "Rain rain falls."},
			{"punct", "Wait. Stop. Go."},
			{"clitic", "Don't do not."},
		}},
		{"count:count_increment_word", map[string]any{"keyword1": "moon", "keyword2": "star"}, [][2]string{
			{"1-2", "The moon and a star, then another star."},
			{"2-2", "The moon, moonlight, a star and a star."},
			{"1-1", "The moon and a star."},
			{"1-3", "moon star star star"},
			{"0-2", "star star"},
		}},
		{"keywords:palindrome", map[string]any{}, [][2]string{
			{"word", "We saw a racecar."},
			{"none", "No such thing here."},
			{"single-letter", "I think so."},
			{"punct", "Wow! level."},
			{"case", "Madam went home."},
			{"accent", "été passes."},
		}},
		{"keywords:keyword_specific_position", map[string]any{"keyword": "blue", "n": 2, "m": 3}, [][2]string{
			{"exact", "The sky is wide. It is blue today."},
			{"word-4", "The sky is wide. It is very blue today."},
			{"sentence-1", "It is blue today. The sky is wide."},
			{"case", "The sky is wide. It is Blue today."},
			{"one-sentence", "It is blue."},
			{"short", "Sky. Is."},
		}},
		{"keywords:start_end", map[string]any{}, [][2]string{
			{"same", "Hello to the world and hello"},
			{"punct", "Hello to the world and hello."},
			{"case", "RAIN falls on the rain"},
			{"one", "Hello"},
			{"different", "Hello to the world"},
			{"quoted", "\"Go\" they said, go"},
		}},
		{"keywords:start_end", map[string]any{}, [][2]string{
			{"multi-sentence", "Stop. Look around. Listen and stop"},
			{"words-" + "20", words(20) + " river"},
		}},
	}
}
