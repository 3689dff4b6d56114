import { testNamesRead, type MisreadName } from './read-specimen.js';

// Tuning-design captures whose names hold Ë or Ř, which PP-OCRv6 small's source columns read as Ê
// and R: the columns trained for them (scripts/latin-head/; docs/front-ocr.md, "Ë and Ř, trained
// in both cases") read them as printed.
const trained: MisreadName[] = [
  ['two dots read as a circumflex (ELŻBIETA ZOË, 96 dpi)', 7373, 22, 'privateName', 'tuning'],
  ['two dots read as a circumflex (JO ZOË, photo)', 7373, 68, 'privateName', 'tuning'],
  ['a caron lost from its R (DVOŘÁK, photo)', 7373, 18, 'familyName', 'tuning'],
];
testNamesRead(trained);
