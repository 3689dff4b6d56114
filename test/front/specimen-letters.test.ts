import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus scans, photos and 96 dpi captures whose names hold a letter with a bar, dot or cedilla,
// or word spaces that blur narrowed: PP-OCRv6 reads them as printed (a mark of like shape settled
// by the word's other marks: pipeline/ocr/latin/orthography.ts), and writes no mark on a plain
// letter that the capture left uneven.
const letters: MisreadName[] = [
  ['an Ł at a word\'s start (ŁUKASIEWICZ, photo)', 3030, 26, 'familyName'],
  ['an Ł within a word (BARTŁOMIEJ TOMÁŠ, photo)', 6161, 76, 'privateName'],
  ['a dot joined to its Z by blur (ELŻBIETA, photo)', 2020, 21, 'privateName'],
  ['a dot read as a caron, settled by the word\'s Ó and Ł (ŻÓŁKIEWSKI, 96 dpi)', 4242, 8, 'familyName'],
  ['a cedilla joined to its C (ÇELIK, 96 dpi)', 1414, 171, 'familyName'],
  ['a cedilla on a word that blur ran into one blob (JOSÉ FRANÇOIS, photo)', 4242, 137, 'privateName'],
  ['a word space narrowed by blur before a short name (RENEE JO, licence photo)', 6161, 115, 'privateName'],
  ['an R whose top a photo left uneven takes no caron (FRANCOIS)', 5151, 190, 'privateName'],
  ['a blurred P within a word is no Þ (PAPADOPOULOS, 96 dpi)', 5151, 62, 'familyName'],
];
testNamesRead(letters);
