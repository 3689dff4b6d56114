import t from 'tap';
import { readSpecimen } from './read-specimen.js';

// Tuning-design captures whose name begins with a marked capital at the crop's edge, where the
// recogniser wavers between the letter and its mark: the name line's second view, from a crop
// widened on both sides (pipeline/ocr/second-view.ts), settles it. Read as the OCR stage reads
// them, the holder's names known from the MRZ.
const edgeMarks: [string, number][] = [
  ['an acute at the start of a 96 dpi name (ÓLAFSDÓTTIR)', 29],
  ['an acute at the start of a photographed name (ÓLAFSDÓTTIR)', 138],
];

for (const [why, index] of edgeMarks) {
  t.test(`corpus specimen 7373-${index}: ${why} is read`, async (t) => {
    const { visual, printed } = await readSpecimen({ seed: 7373, index, designs: 'tuning', negative: null }, true);
    t.equal(visual.familyName, printed.familyName);
  });
}
