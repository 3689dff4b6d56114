import t from 'tap';
import { findDate, findReadDate } from '../../pipeline/front/dates.js';
import { asDigits, captionedDocumentNumber, documentNumber, eyes, hair, height, locality, personName, weight } from '../../pipeline/front/values.js';
import { machineNumberForm, machineNumberPattern } from '../../pipeline/front/shaped-number.js';

const now = new Date(Date.UTC(2025, 0, 1));

t.test('dates in the common printed forms normalise to YYYY-MM-DD', async (t) => {
  t.equal(findDate('08/31/1985', 'MDY', 'past', now)?.value, '1985-08-31');
  t.equal(findDate('31.08.1985', 'DMY', 'past', now)?.value, '1985-08-31');
  t.equal(findDate('1985/08/31', 'MDY', 'past', now)?.value, '1985-08-31');
  t.equal(findDate('12 AUG/AOÛT 1974', 'DMY', 'past', now)?.value, '1974-08-12');
  t.equal(findDate('Aug 12, 1974', 'DMY', 'past', now)?.value, '1974-08-12');
  t.equal(findDate('12 AUG 74', 'DMY', 'past', now)?.value, '1974-08-12');
  t.equal(findDate('12 AUG 34', 'DMY', 'future', now)?.value, '2034-08-12');
  t.equal(findDate(asDigits('O8/3l/1985'), 'MDY', 'past', now)?.value, '1985-08-31');
  t.equal(findDate('02/30/1985', 'MDY', 'past', now), undefined);
  // Month names of other languages, either of a pair naming the month; a four-digit year glued to the month.
  t.equal(findDate('20 MAY /MAI 95', 'DMY', 'past', now)?.value, '1995-05-20');
  t.equal(findDate('14 ŘÍJ/OCT 81', 'DMY', 'past', now)?.value, '1981-10-14');
  t.equal(findDate('03 XQZ/AVR 81', 'DMY', 'past', now)?.value, '1981-04-03');
  t.equal(findDate('12 MEI 1990', 'DMY', 'past', now)?.value, '1990-05-12');
  t.equal(findDate('05 GRU 2030', 'DMY', 'future', now)?.value, '2030-12-05');
  t.equal(findDate('21 081967', 'DMY', 'past', now)?.value, '1967-08-21');
  t.equal(findDate('12 345678', 'DMY', 'past', now), undefined);
});

t.test('dates as read: digit and letter swaps undone both ways', async (t) => {
  t.equal(findReadDate('O8/3l/1985', 'MDY', 'past', now)?.value, '1985-08-31');
  t.equal(findReadDate('09SEP 1943', 'DMY', 'past', now)?.value, '1943-09-09');
  // The O of a month read as a zero, against the day before it or inside the month (4242-151).
  t.equal(findReadDate('110CT 1966', 'DMY', 'past', now)?.value, '1966-10-11');
  t.equal(findReadDate('100CT 1966', 'DMY', 'past', now)?.value, '1966-10-10');
  t.equal(findReadDate('12 N0V 2035', 'DMY', 'future', now)?.value, '2035-11-12');
  // A month's third letter read as a look-alike digit (2020-96: the B of FEB as an 8).
  t.equal(findReadDate('15FE81957', 'DMY', 'past', now)?.value, '1957-02-15');
  t.equal(findReadDate('0Z MAY1977', 'DMY', 'past', now)?.value, '1977-05-02', 'a Z beside a digit is a 2');
  t.equal(findReadDate('12DEZ2020', 'DMY', 'past', now)?.value, '2020-12-12', 'a Z in a month stays a letter (DEZ)');
  t.match(findReadDate('28UL2023', 'DMY', 'past', now), { value: '2023-07-28', start: 0, end: 8 }, 'JUL without its J, indices into the text as read');
  t.equal(findReadDate('03 AN 2021', 'DMY', 'past', now)?.value, '2021-01-03');
  t.equal(findReadDate('28 XY 2023', 'DMY', 'past', now), undefined, 'no month ends so');
  t.equal(findReadDate('03 AU6 2021', 'DMY', 'past', now)?.value, '2021-08-03');
  t.equal(findReadDate('AB81957', 'DMY', 'past', now), undefined, 'no month, no date');
});

t.test('document numbers: a bracket within one is a J whose stem runs below the line', async (t) => {
  t.equal(documentNumber('FNW68ZG6]')?.value, 'FNW68ZG6J', 'seed 8181-166');
  t.equal(documentNumber('LVWM7H44)')?.value, 'LVWM7H44J', 'seed 2020-59');
  t.equal(documentNumber('123 456 789')?.value, '123 456 789', 'groups of digits are one number, reported as printed');
  t.equal(documentNumber('D1234567 (DUPLICATE)')?.value, 'D1234567', 'a bracket after a space is not the number\'s');
  t.equal(documentNumber('(D1234567)'), undefined, 'nor a number in brackets');
});

t.test('a number under a visual zone\'s caption ends its word; a garbled caption there is none', async (t) => {
  t.equal(captionedDocumentNumber('K853T8LF6')?.value, 'K853T8LF6');
  t.equal(captionedDocumentNumber('KRWZNCCCH')?.value, 'KRWZNCCCH', 'nine letters');
  t.equal(captionedDocumentNumber('C01234567 PASSPORT')?.value, 'C01234567', 'a word after it is not its');
  // 9292-21: `Passport No. / N° du passeport` read under the title taken for its caption.
  t.equal(captionedDocumentNumber('s5port.No./Ndup'), undefined);
});

t.test('heights, weights and colours take the contract forms', async (t) => {
  t.equal(height(`5'-09"`)?.value, '69 in');
  t.equal(height('175 cm')?.value, '175 cm');
  t.equal(weight('165 Ib')?.value, '165 lb');
  t.equal(weight('79 kg')?.value, '79 kg');
  t.equal(eyes('BROWN')?.value, 'BRO');
  t.equal(hair('BRN')?.value, 'BRO');
  t.match(locality('SACRAMENT0, CA 95814-0000'), { city: 'SACRAMENTO', state: 'CA', zip: '95814' });
  t.match(locality('TORONTO, ON M5V 2T6'), { city: 'TORONTO', state: 'ON', zip: 'M5V 2T6' });
  t.match(locality('LAKE CITY,UT 84111'), { city: 'LAKE CITY', state: 'UT', zip: '84111' });
  t.match(locality('SALEM, OR, 97314'), { city: 'SALEM', state: 'OR', zip: '97314' });
  t.equal(locality('AB123456'), undefined, 'a number whose 1 reads as I is no city and state');
});

t.test('a name comes out in capitals, as documents print it, its ß still one letter', async (t) => {
  t.equal(personName('Jo')?.value, 'JO', 'a short word\'s case is the recogniser\'s guess');
  t.equal(personName('Müller-Groß')?.value, 'MÜLLER-GROß');
  t.equal(personName("O’Brien, 12")?.value, "O'BRIEN");
  t.equal(personName('ST.JOHN')?.value, 'ST. JOHN', 'an abbreviated word\'s space, lost in blur');
  t.equal(personName('J.R. SMITH')?.value, 'J.R. SMITH', 'an initial\'s full stop takes none');
});


t.test('the machine number\'s form: its letters and digits, the card\'s spaces and dashes between groups allowed', async (t) => {
  const form = machineNumberForm('S514172808440')!;
  t.ok(form('S514-172-80-844-0'));
  t.ok(form('S514 172 80 844 0'));
  t.notOk(form('S514--17280844-0'), 'two dashes together part no groups');
  t.notOk(form('-S514172808440'));
  t.notOk(form('S51417280844'), 'a character short');
  const pattern = machineNumberPattern('SAM671234')!;
  t.ok(pattern('SAM-67-1234'));
  t.notOk(pattern('SAMP-6-1234'), 'a letter where the machine has a digit');
});
