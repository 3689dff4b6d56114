import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos and 96 dpi captures whose names the recogniser alone read without their two dots
// (Ö Ü Ë: joined to their letter, run into a bar, or left only in the grey), and the tilde of one of
// them: each was read so before diacritics.ts (and faint-marks.ts) put them back.
const marked: MisreadName[] = [
  ['two dots joined to their O by blur (BJÖRKLUND, 96 dpi)', 4242, 118, 'familyName'],
  ['two dots run together into a bar over an O (BJÖRG, photo)', 4242, 166, 'privateName'],
  ['two dots run together into a bar over a U (MÜLLER, 96 dpi)', 4242, 98, 'familyName'],
  ['two dots joined to an E and run into a bar (ZOË, 96 dpi)', 2020, 17, 'privateName'],
  ['a tilde blurred narrow over an N (CASTAÑEDA, photo)', 4242, 166, 'familyName'],
  ['two dots joined to an E by blur, level and five pixels wide, are no acute (ZOË OLGA MEI, 96 dpi)', 9191, 29, 'privateName'],
  ['two dots joined to an E by blur, level and six pixels wide, are no acute (ZOË, photo)', 9191, 88, 'privateName'],
  ['two dots left only in the grey, the gap between them a dip (ZOË MARY-KATE, photo)', 5151, 111, 'privateName'],
  ['two dots run together apart from their E, five pixels wide and level in the grey (ZOË, photo)', 8181, 114, 'privateName'],
  ['two dots run together apart from their U, level in the grey, are no acute (MÜLLER, 96 dpi)', 9191, 151, 'familyName'],
  ['two dots left only in the grey as one plume five pixels wide, no acute (ZOË, 96 dpi)', 5151, 191, 'privateName'],
];
testNamesRead(marked);
