/** A word's likelihood in a language by letter trigrams (models/wordfreq/letter-trigrams.json). */
import { readFileSync } from 'node:fs';
import { latinAlphabets } from './alphabets.js';

export interface LetterModel {
  cldr: readonly string[];
  /** Log probability of a small-letter word, between its start and end. */
  wordLogProbability(letters: readonly string[]): number;
}

/** Counts of each n-gram, and of each (n−1)-letter context with how many letters followed it. */
interface Counts {
  grams: Map<string, number>;
  contexts: Map<string, { count: number; types: number }>;
}

function counted(grams: Map<string, number>): Counts {
  const contexts = new Map<string, { count: number; types: number }>();
  for (const [gram, n] of grams) {
    const context = Array.from(gram).slice(0, -1).join('');
    const entry = contexts.get(context) ?? { count: 0, types: 0 };
    contexts.set(context, { count: entry.count + n, types: entry.types + 1 });
  }
  return { grams, contexts };
}

function model(cldr: readonly string[], trigrams: Record<string, number>): LetterModel {
  const three = new Map(Object.entries(trigrams));
  const two = new Map<string, number>();
  const one = new Map<string, number>();
  for (const [gram, n] of three) {
    const [, b, c] = Array.from(gram);
    two.set(b! + c!, (two.get(b! + c!) ?? 0) + n);
    one.set(c!, (one.get(c!) ?? 0) + n);
  }
  const [tri, bi] = [counted(three), counted(two)];
  const letters = [...one.values()].reduce((sum, n) => sum + n, 0);
  // Witten–Bell back-off: a letter never seen after a context is unlikely, not impossible.
  const backedOff = (counts: Counts, context: string, c: string, lower: number): number => {
    const seen = counts.contexts.get(context);
    return seen === undefined ? lower : ((counts.grams.get(context + c) ?? 0) + seen.types * lower) / (seen.count + seen.types);
  };
  const probability = (a: string, b: string, c: string): number =>
    backedOff(tri, a + b, c, backedOff(bi, b, c, ((one.get(c) ?? 0) + 1) / (letters + one.size + 1)));
  return {
    cldr,
    wordLogProbability(word) {
      const padded = ['^', '^', ...word, '$'];
      let sum = 0;
      for (let i = 2; i < padded.length; i += 1) sum += Math.log(probability(padded[i - 2]!, padded[i - 1]!, padded[i]!));
      return sum;
    },
  };
}

let models: readonly LetterModel[] | undefined;

export function letterModels(): readonly LetterModel[] {
  if (models !== undefined) return models;
  const file = new URL('../../../../models/wordfreq/letter-trigrams.json', import.meta.url);
  const { languages } = JSON.parse(readFileSync(file, 'utf8')) as { languages: Record<string, { cldr: string[]; trigrams: Record<string, number> }> };
  models = Object.values(languages).map(({ cldr, trigrams }) => model(cldr, trigrams));
  return models;
}

/** Log Σ speakers × P(word) over the languages whose alphabets hold all `letters`; undefined where none does. */
export function wordLogLikelihood(word: readonly string[], letters: readonly string[]): number | undefined {
  const terms = letterModels().flatMap((model) => {
    const speakers = model.cldr.reduce((sum, code) => {
      const alphabet = latinAlphabets().get(code);
      return alphabet !== undefined && letters.every((letter) => alphabet.letters.has(letter)) ? sum + alphabet.speakers : sum;
    }, 0);
    return speakers > 0 ? [Math.log(speakers) + model.wordLogProbability(word)] : [];
  });
  if (terms.length === 0) return undefined;
  const top = Math.max(...terms);
  return top + Math.log(terms.reduce((sum, term) => sum + Math.exp(term - top), 0));
}
