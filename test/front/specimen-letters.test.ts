import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos, scans and 96 dpi captures whose names the recogniser alone reads without their Ø
// (struck-letters.ts) or a word space (word-spaces.ts), or whose short name
// line was lost: each was read so before those put them back. The barred Þ Ð Ł are in
// specimen-barred-letters.test.ts.
const marked: MisreadName[] = [
  ['an Ø on a photo (SØNDERGAARD)', 4242, 58, 'familyName'],
  ['a word space between two A\'s, as wide as two letter gaps of a bold face (ELŻBIETA ANNE-SOPHIE, scan)', 6161, 133, 'privateName'],
  ['a word space narrowed by blur before a short name (RENEE JO, licence photo)', 6161, 115, 'privateName'],
  ['a gap between an M and an E, as wide as a narrowed space, is no word space (KWAME SEÁN RAHUL)', 6161, 49, 'privateName'],
  ['an Ø joined to the Y after it (KWAME ØYSTEIN, scan)', 9191, 164, 'privateName'],
  ['an Ø joined to the Y after it, after a word space (CHUKWUEMEKA ØYSTEIN, scan)', 2020, 53, 'privateName'],
  ['an Ø whose counter blur filled but for the two parts its slash leaves (ØDEGÅRD, photo)', 9191, 129, 'familyName'],
  ['an O joined to its neighbours in a blurred SOPHIE, its counter whole, is no Ø (ANNE-SOPHIE, photo)', 4242, 140, 'privateName'],
  ['an Ø in print leaning right, the two parts of its counter measured along the lean (ØYSTEIN WEI, photo)', 8181, 38, 'privateName'],
  ['a two-letter family name, whose box the detector grew half as much as a long line\'s (LI, photo)', 5151, 128, 'familyName'],
];
testNamesRead(marked);
