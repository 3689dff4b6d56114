import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos, scans and 96 dpi captures whose names the recogniser alone read without their
// acutes, joined to their letter by blur or blurred flat: each was read so before diacritics.ts put
// them back.
const marked: MisreadName[] = [
  ['an acute of which only the tip shows above its E (NOÉMIE, 96 dpi)', 2020, 78, 'privateName'],
  ['an acute blurred flat over an E (JOSÉ, scan)', 1010, 92, 'privateName'],
  ['an acute joined to its O by blur (ÞÓRÐARSON, photo)', 4242, 189, 'familyName'],
  ['an acute joined to its O, the Ż and Ł beside it (ŻÓŁKIEWSKI, photo)', 4242, 73, 'familyName'],
  ['an acute joined to its O, a few pixels leaning right, is no grave (ÓLAFSDÓTTIR, 96 dpi)', 7171, 122, 'familyName'],
  ['an acute joined to its O at a word\'s start, a few pixels leaning right (ÓLAFSDÓTTIR, 96 dpi)', 7171, 179, 'familyName'],
  ['an acute joined to its O at the low end of a tilted line (ŻÓŁKIEWSKI, photo)', 9191, 132, 'familyName'],
  ['an acute joined to its O, measured from the line\'s fitted cap line (ŻÓŁKIEWSKI, 96 dpi)', 4242, 177, 'familyName'],
  ['acutes joined to the Ż and Ó at one end of a tilted line, measured from the bottoms\' tilt (ŻÓŁKIEWSKI, 96 dpi)', 9191, 193, 'familyName'],
  ['an acute joined to the S of a long name set small (KOWALCZYK-WIŚNIEWSKA, 96 dpi)', 5151, 132, 'familyName'],
];
testNamesRead(marked);
