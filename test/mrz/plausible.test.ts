/**
 * A reading's document code and dates against what ICAO 9303 allows in its layout: a band cut
 * short and read as a TD2 can pass its checks and still not be a document.
 */
import t from 'tap';
import { plausible } from '../../pipeline/mrz/plausible.js';

const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];

t.test('the ICAO specimens are plausible', async (t) => {
  t.ok(plausible({ lines: TD3, format: 'TD3' }));
  t.ok(plausible({ lines: TD1, format: 'TD1' }));
  t.ok(plausible({ lines: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', TD3[1]!], format: 'MRVA' }), 'a visa opens with V');
});

t.test('a document code its layout does not open with is not', async (t) => {
  t.notOk(plausible({ lines: ['Z' + TD1[0]!.slice(1), TD1[1]!, TD1[2]!], format: 'TD1' }), 'a card code opens with A, C or I');
  t.notOk(plausible({ lines: ['T' + TD3[0]!.slice(1), TD3[1]!], format: 'TD3' }), 'a passport code opens with P');
});

t.test('a date is a calendar month and day, or fillers where unknown', async (t) => {
  const expiry = (date: string): string[] => [TD3[0]!, TD3[1]!.slice(0, 21) + date + TD3[1]!.slice(27)];
  t.notOk(plausible({ lines: expiry('656656'), format: 'TD3' }), 'month 66');
  t.notOk(plausible({ lines: expiry('120400'), format: 'TD3' }), 'day 00');
  t.ok(plausible({ lines: expiry('<<<<<<'), format: 'TD3' }), 'no expiry');
  t.ok(plausible({ lines: [TD1[0]!, '74<<<<2F1204159UTO<<<<<<<<<<<6', TD1[2]!], format: 'TD1' }), 'a birth date known by its year alone');
});
