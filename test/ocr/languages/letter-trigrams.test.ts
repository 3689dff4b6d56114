import t from 'tap';
import { latinAlphabets } from '../../../pipeline/ocr/languages/alphabets.js';
import { letterModels, wordLogLikelihood } from '../../../pipeline/ocr/languages/letter-trigrams.js';

const letters = (word: string): string[] => Array.from(word);

t.test('each word list speaks for CLDR languages that write a struck D', async (t) => {
  const models = letterModels();
  t.equal(models.length, 3, 'Icelandic, Vietnamese, Serbo-Croatian');
  for (const model of models) {
    for (const code of model.cldr) {
      const alphabet = latinAlphabets().get(code);
      t.ok(alphabet !== undefined && (alphabet.letters.has('ð') || alphabet.letters.has('đ')), `${code} writes ð or đ`);
    }
  }
});

t.test("a language's own words are likelier by its letters than by another's", async (t) => {
  const [icelandic, vietnamese, croatian] = ['is', 'vi', 'hr'].map((code) => letterModels().find((model) => model.cldr.includes(code))!);
  t.ok(icelandic!.wordLogProbability(letters('guðrún')) > vietnamese!.wordLogProbability(letters('guðrún')));
  t.ok(vietnamese!.wordLogProbability(letters('đặng')) > icelandic!.wordLogProbability(letters('đặng')));
  t.ok(croatian!.wordLogProbability(letters('đurđica')) > icelandic!.wordLogProbability(letters('đurđica')));
  // A letter never seen in a language is unlikely there, not impossible.
  t.ok(Number.isFinite(icelandic!.wordLogProbability(letters('qzx'))));
  t.ok(icelandic!.wordLogProbability(letters('qzx')) < icelandic!.wordLogProbability(letters('hús')));
});

t.test('the likelihood is over the languages that write every letter given, or none', async (t) => {
  t.ok(wordLogLikelihood(letters('þórðarson'), ['ð', 'þ', 'ó']) !== undefined, 'Icelandic writes them all');
  t.equal(wordLogLikelihood(letters('þórđarson'), ['đ', 'þ']), undefined, 'no language writes both đ and þ');
  t.equal(wordLogLikelihood(letters('łuðek'), ['ð', 'ł']), undefined, 'no language with trigrams writes ł');
});
