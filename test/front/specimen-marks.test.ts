import t from 'tap';
import { readSpecimen } from './read-specimen.js';

// Corpus photos and 96 dpi captures whose names the recogniser alone reads without their marks:
// each was read so before diacritics.ts (and faint-marks.ts) put them back.
const marked: [string, number, number, 'familyName' | 'privateName'][] = [
  ['two dots joined to their O by blur (BJÖRKLUND, 96 dpi)', 4242, 118, 'familyName'],
  ['two dots run together into a bar over an O (BJÖRG, photo)', 4242, 166, 'privateName'],
  ['two dots run together into a bar over a U (MÜLLER, 96 dpi)', 4242, 98, 'familyName'],
  ['a caron blurred into a V whose point hardly hangs (DVOŘÁK, scan)', 2020, 61, 'familyName'],
  ['a caron blurred into a V no wider than tall (DVOŘÁK, photo)', 2020, 87, 'familyName'],
  ['a caron joined to its R by blur (DVOŘÁK, photo)', 2020, 106, 'familyName'],
  ['a caron joined to an R run together with the Á beside it (DVOŘÁK, photo)', 4242, 161, 'familyName'],
  ['a dot joined to its Z by blur (ELŻBIETA, photo)', 2020, 21, 'privateName'],
  ['two dots joined to an E and run into a bar (ZOË, 96 dpi)', 2020, 17, 'privateName'],
  ['an acute of which only the tip shows above its E (NOÉMIE, 96 dpi)', 2020, 78, 'privateName'],
  ['an acute blurred flat over an E (JOSÉ, scan)', 1010, 92, 'privateName'],
  ['a tilde blurred narrow over an N (CASTAÑEDA, photo)', 4242, 166, 'familyName'],
  ['an R whose top a photo left uneven takes no caron (FRANCOIS)', 5151, 190, 'privateName'],
  ['an E whose top a photo left uneven takes no acute (LEFÈVRE)', 5151, 36, 'familyName'],
  ['an acute joined to its O by blur (ÞÓRÐARSON, photo)', 4242, 189, 'familyName'],
  ['an acute joined to its O, the Ż and Ł beside it (ŻÓŁKIEWSKI, photo)', 4242, 73, 'familyName'],
  ['an acute joined to its O, a few pixels leaning right, is no grave (ÓLAFSDÓTTIR, 96 dpi)', 7171, 122, 'familyName'],
  ['an acute joined to its O at a word\'s start, a few pixels leaning right (ÓLAFSDÓTTIR, 96 dpi)', 7171, 179, 'familyName'],
  ['a caron and an acute joined to an R and an A that blur ran together, a mark each (DVOŘÁK, 96 dpi)', 9191, 33, 'familyName'],
  ['two dots joined to an E by blur, level and five pixels wide, are no acute (ZOË OLGA MEI, 96 dpi)', 9191, 29, 'privateName'],
  ['two dots joined to an E by blur, level and six pixels wide, are no acute (ZOË, photo)', 9191, 88, 'privateName'],
  ['an acute joined to its O at the low end of a tilted line (ŻÓŁKIEWSKI, photo)', 9191, 132, 'familyName'],
  ['an acute joined to its O, measured from the line\'s fitted cap line (ŻÓŁKIEWSKI, 96 dpi)', 4242, 177, 'familyName'],
  ['acutes joined to the Ż and Ó at one end of a tilted line, measured from the bottoms\' tilt (ŻÓŁKIEWSKI, 96 dpi)', 9191, 193, 'familyName'],
  ['an acute joined to the S of a long name set small (KOWALCZYK-WIŚNIEWSKA, 96 dpi)', 5151, 132, 'familyName'],
  ['a caron joined to an S, wider than tall, beside an acute joined to its A (LUCA TOMÁŠ, 96 dpi)', 9191, 193, 'privateName'],
  ['an acute left only in the grey over its E, the E a pixel over the cap line (RENÉE, photo)', 6161, 184, 'privateName'],
  ['an acute left only in the grey over its E and a speck of two pixels (RENÉE, 96 dpi)', 9191, 151, 'privateName'],
  ['an acute left only in the grey over its I (RAMÍREZ-VILLANUEVA, 96 dpi)', 4242, 152, 'familyName'],
  ['an acute left only in the grey over its I (GARCÍA, 96 dpi)', 7171, 47, 'familyName'],
  ['a grave left only in the grey, falling to the right (LEFÈVRE, photo)', 1313, 149, 'familyName'],
  ['two dots left only in the grey, the gap between them a dip (ZOË MARY-KATE, photo)', 5151, 111, 'privateName'],
  ['a dot of three pixels joined to its Z, leaning like an acute, is the Z\'s dot (ELŻBIETA, photo)', 8181, 191, 'privateName'],
  ['a dot of six pixels joined to its Z, leaning like an acute, is the Z\'s dot (OLGA ELŻBIETA, 96 dpi)', 6161, 128, 'privateName'],
  ['a Z\'s dot left only in the grey over it (ELŻBIETA, photo)', 9191, 172, 'privateName'],
  ['a Z\'s dot left only in the grey over it (MARY-KATE ELŻBIETA, 96 dpi)', 8181, 192, 'privateName'],
  ['a grave of eight pixels leaning 0.23, its grey 0.39 (LEFÈVRE, photo)', 1313, 62, 'familyName'],
  ['a grave of four pixels without a lean, its grey falling to the right (LEFÈVRE, photo)', 1414, 187, 'familyName'],
  ['a grave joined to its E by blur, its grey falling to the right (LEFÈVRE, photo)', 8181, 194, 'familyName'],
  ['an acute joined to its O, its pixels leaning right and its grey not, is no grave (ÓLAFSDÓTTIR, 96 dpi)', 6161, 177, 'familyName'],
  ['an acute whose pixels lean right and whose grey does not is no grave (GRACE NOÉMIE, 96 dpi)', 8181, 66, 'privateName'],
  ['two dots run together apart from their E, five pixels wide and level in the grey (ZOË, photo)', 8181, 114, 'privateName'],
  ['two dots run together apart from their U, level in the grey, are no acute (MÜLLER, 96 dpi)', 9191, 151, 'familyName'],
  ['a cedilla joined to its C, hanging 2 pixels below the baseline in three narrow rows (ÇELIK, 96 dpi)', 1414, 171, 'familyName'],
  ['a cedilla hanging from a word that blur ran into one blob (JOSÉ FRANÇOIS, photo)', 4242, 137, 'privateName'],
];
for (const [name, seed, index, field] of marked) {
  t.test(`corpus specimen ${seed}-${index}: ${name} is read`, async (t) => {
    const { visual, printed } = await readSpecimen({ seed, index });
    t.equal(visual[field], printed[field]);
  });
}
