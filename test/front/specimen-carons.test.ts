import { testNamesRead, type MisreadName } from './read-specimen.js';

// Corpus photos, scans and 96 dpi captures whose names the recogniser alone read without their
// carons (Ř Š), or with one on a letter whose top a photo left uneven: each was read so before
// diacritics.ts put them right.
const marked: MisreadName[] = [
  ['a caron blurred into a V whose point hardly hangs (DVOŘÁK, scan)', 2020, 61, 'familyName'],
  ['a caron blurred into a V no wider than tall (DVOŘÁK, photo)', 2020, 87, 'familyName'],
  ['a caron joined to its R by blur (DVOŘÁK, photo)', 2020, 106, 'familyName'],
  ['a caron joined to an R run together with the Á beside it (DVOŘÁK, photo)', 4242, 161, 'familyName'],
  ['an R whose top a photo left uneven takes no caron (FRANCOIS)', 5151, 190, 'privateName'],
  ['a caron and an acute joined to an R and an A that blur ran together, a mark each (DVOŘÁK, 96 dpi)', 9191, 33, 'familyName'],
  ['a caron joined to an S, wider than tall, beside an acute joined to its A (LUCA TOMÁŠ, 96 dpi)', 9191, 193, 'privateName'],
  ['a caron whose arms thin at its point as two dots\' neck does, over an R (DVOŘÁK, scan)', 1313, 171, 'familyName'],
];
testNamesRead(marked);
