import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus scans, photos and 96 dpi captures whose names carry a small mark that blur joins to its
// letter or leaves faint: PP-OCRv6 reads them as printed.
// What v6 still misreads on such captures is listed in docs/front-ocr.md ("PP-OCRv6"), with
// 9191-193 (LUCA TOMÁŠ, 96 dpi), which small read right only beside the lines of its batch.
const marked: MisreadName[] = [
  ['an acute of which only the tip shows above its E (NOÉMIE, 96 dpi)', 2020, 78, 'privateName'],
  ['an acute blurred flat over an E (JOSÉ, scan)', 1010, 92, 'privateName'],
  ['acutes joined to their O (ÓLAFSDÓTTIR, 96 dpi)', 7171, 122, 'familyName'],
  ['an acute over the S of a long name set small (KOWALCZYK-WIŚNIEWSKA, 96 dpi)', 5151, 132, 'familyName'],
  ['a grave of eight pixels (LEFÈVRE, photo)', 1313, 62, 'familyName'],
  ['two dots run together into a bar over a U (MÜLLER, 96 dpi)', 4242, 98, 'familyName'],
  ['two dots left only in the grey (ZOË MARY-KATE, photo)', 5151, 111, 'privateName'],
  ['a tilde blurred narrow over an N (CASTAÑEDA, photo)', 4242, 166, 'familyName'],
];
testNamesRead(marked);
