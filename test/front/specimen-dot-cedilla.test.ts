import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos and 96 dpi captures whose names the recogniser alone read without the dot of a Ż
// (joined, leaning like an acute, or left only in the grey) or the cedilla of a Ç: each was read so
// before diacritics.ts (and faint-marks.ts) put them back.
const marked: MisreadName[] = [
  ['a dot joined to its Z by blur (ELŻBIETA, photo)', 2020, 21, 'privateName'],
  ['a dot of three pixels joined to its Z, leaning like an acute, is the Z\'s dot (ELŻBIETA, photo)', 8181, 191, 'privateName'],
  ['a dot of six pixels joined to its Z, leaning like an acute, is the Z\'s dot (OLGA ELŻBIETA, 96 dpi)', 6161, 128, 'privateName'],
  ['a Z\'s dot left only in the grey over it (ELŻBIETA, photo)', 9191, 172, 'privateName'],
  ['a Z\'s dot left only in the grey over it (MARY-KATE ELŻBIETA, 96 dpi)', 8181, 192, 'privateName'],
  ['a cedilla joined to its C, hanging 2 pixels below the baseline in three narrow rows (ÇELIK, 96 dpi)', 1414, 171, 'familyName'],
  ['a cedilla hanging from a word that blur ran into one blob (JOSÉ FRANÇOIS, photo)', 4242, 137, 'privateName'],
  ['a C hanging a joined cedilla, its round top lifted over a cap line tilted wrong, takes no caron (ÇELIK, 96 dpi)', 1414, 123, 'familyName'],
];
testNamesRead(marked);
