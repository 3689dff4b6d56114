"""Letter trigram counts of words in the languages that write a struck capital D (Ð or Đ), from
wordfreq's small word lists, for pipeline/ocr/languages/letter-trigrams.ts: each distinct word
counted once, in small letters, between a start mark ^^ and an end mark $. The output is the same
byte for byte wherever wordfreq 3.1.1 is installed (models/README.md has its sha256).

  python3 -m venv .venv && .venv/bin/pip install -r scripts/letter-trigrams/requirements.txt
  .venv/bin/python scripts/letter-trigrams/letter_trigrams.py > models/wordfreq/letter-trigrams.json
"""
import json
import sys
import unicodedata
from collections import Counter

import wordfreq

# wordfreq's language -> the CLDR languages (models/cldr/latin-alphabets.json) it speaks for.
LANGUAGES = {'is': ['is'], 'vi': ['vi'], 'sh': ['hr', 'bs', 'sr_Latn']}


def words(language):
    for word in wordfreq.iter_wordlist(language, 'small'):
        word = unicodedata.normalize('NFC', word.lower())
        if word.isalpha():
            yield word


def trigrams(language):
    counts = Counter()
    for word in words(language):
        padded = '^^' + word + '$'
        for i in range(len(padded) - 2):
            counts[padded[i:i + 3]] += 1
    return dict(sorted(counts.items()))


json.dump({
    'source': 'wordfreq 3.1.1 small word lists (CC BY-SA 4.0; models/wordfreq/LICENSE): scripts/letter-trigrams/',
    'languages': {language: {'cldr': cldr, 'trigrams': trigrams(language)} for language, cldr in LANGUAGES.items()},
}, sys.stdout, ensure_ascii=False, separators=(',', ':'))
