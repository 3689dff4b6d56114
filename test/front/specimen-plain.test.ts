import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos and 96 dpi captures whose names have word spaces that blur narrowed, or plain
// letters that the capture left uneven: PP-OCRv6 keeps the space, and writes no mark or letter of
// its own there. Letters with a bar, dot or cedilla: specimen-letters.test.ts.
const plain: MisreadName[] = [
  ['a word space narrowed by blur before a short name (RENEE JO, licence photo)', 6161, 115, 'privateName'],
  ['an R whose top a photo left uneven takes no caron (FRANCOIS)', 5151, 190, 'privateName'],
  ['a blurred P within a word is no Þ (PAPADOPOULOS, 96 dpi)', 5151, 62, 'familyName'],
];
testNamesRead(plain);
