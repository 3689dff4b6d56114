import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos and 96 dpi captures whose names the recogniser alone read without an acute left
// only in the grey, or with a grave for an acute or an acute for a grave: each was read so before
// faint-marks.ts (and diacritics.ts) put them right.
const marked: MisreadName[] = [
  ['an E whose top a photo left uneven takes no acute (LEFÈVRE)', 5151, 36, 'familyName'],
  ['an acute left only in the grey over its E, the E a pixel over the cap line (RENÉE, photo)', 6161, 184, 'privateName'],
  ['an acute left only in the grey over its E and a speck of two pixels (RENÉE, 96 dpi)', 9191, 151, 'privateName'],
  ['an acute left only in the grey over its I (RAMÍREZ-VILLANUEVA, 96 dpi)', 4242, 152, 'familyName'],
  ['an acute left only in the grey over its I (GARCÍA, 96 dpi)', 7171, 47, 'familyName'],
  ['a grave left only in the grey, falling to the right (LEFÈVRE, photo)', 1313, 149, 'familyName'],
  ['a grave of eight pixels leaning 0.23, its grey 0.39 (LEFÈVRE, photo)', 1313, 62, 'familyName'],
  ['a grave of four pixels without a lean, its grey falling to the right (LEFÈVRE, photo)', 1414, 187, 'familyName'],
  ['a grave joined to its E by blur, its grey falling to the right (LEFÈVRE, photo)', 8181, 194, 'familyName'],
  ['an acute joined to its O, its pixels leaning right and its grey not, is no grave (ÓLAFSDÓTTIR, 96 dpi)', 6161, 177, 'familyName'],
  ['an acute whose pixels lean right and whose grey does not is no grave (GRACE NOÉMIE, 96 dpi)', 8181, 66, 'privateName'],
];
testNamesRead(marked);
