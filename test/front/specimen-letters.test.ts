import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus scans, photos and 96 dpi captures whose names hold a letter with a bar, dot or cedilla:
// PP-OCRv6 reads them as printed (a mark of like shape settled by the word's other marks:
// pipeline/ocr/latin/orthography.ts). Word spaces and plain letters: specimen-plain.test.ts.
const letters: MisreadName[] = [
  ['an Ł at a word\'s start (ŁUKASIEWICZ, photo)', 3030, 26, 'familyName'],
  ['an Ł within a word (BARTŁOMIEJ TOMÁŠ, photo)', 6161, 76, 'privateName'],
  ['a dot joined to its Z by blur (ELŻBIETA, photo)', 2020, 21, 'privateName'],
  ['a dot read as a caron, settled by the word\'s Ó and Ł (ŻÓŁKIEWSKI, 96 dpi)', 4242, 8, 'familyName'],
  ['a cedilla joined to its C (ÇELIK, 96 dpi)', 1414, 171, 'familyName'],
  ['a cedilla on a word that blur ran into one blob (JOSÉ FRANÇOIS, photo)', 4242, 137, 'privateName'],
];
testNamesRead(letters);
