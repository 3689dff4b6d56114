import t from 'tap';
import { readSpecimen, testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos, scans and 96 dpi captures whose names the recogniser alone reads without their
// barred letters of their own (Þ Ð Ł, struck-letters.ts), or with a Þ for a blurred P: each was read
// so before struck-letters.ts put them right. The Ø, J's and word spaces are in specimen-letters.test.ts.
const marked: MisreadName[] = [
  ['a Þ and a Ð on a photo (ÞÓRÐARSON)', 4242, 128, 'familyName'],
  ['a blurred P within a word is no Þ (PAPADOPOULOS, 96 dpi)', 5151, 62, 'familyName'],
  ['a Ð whose bar stands out a pixel left of its stem and runs into its counter (ÞÓRÐARSON, scan)', 9191, 166, 'familyName'],
  ['an Ł alone whose bar stands out a pixel left of its stem and its other end right of it (ŁUKASIEWICZ, 96 dpi)', 8181, 168, 'familyName'],
  ['an Ł alone at a word\'s start, its bar end right of the stem over a notch (ŁUKASIEWICZ, photo)', 3030, 26, 'familyName'],
  ['an Ł alone within a word, its bar end right of the stem over a notch (BARTŁOMIEJ TOMÁŠ, photo)', 6161, 76, 'privateName'],
  ['an Ł joined to the Ó before it, its bar end 2 pixels right of the stem at an 18-pixel cap height (ŻÓŁKIEWSKI, 96 dpi)', 6161, 97, 'familyName'],
  ['an Ł joined to the Ó before it, its bar end short (ŻÓŁKIEWSKI, photo)', 7171, 147, 'familyName'],
];
testNamesRead(marked);

t.test('corpus specimen 6161-129: a Ð whose stem bands a blurred photo fills with its bowl keeps its bar (ÞÓRÐARSON, photo)', async (t) => {
  // The Þ comes from the MRZ's TH (mrz-marks.ts), which readFront alone does not see.
  const { visual } = await readSpecimen({ seed: 6161, index: 129 });
  t.equal(visual.familyName?.slice(1), 'ÓRÐARSON');
});
