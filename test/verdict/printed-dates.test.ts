import t from 'tap';
import { printedForms } from '../../pipeline/verdict/printed-forms.js';

t.test('a machine date takes the printed date\'s layout', async (t) => {
  t.same(printedForms('dob', '08/29/1990', '1990-08-29', '1990-08-30'), ['08/30/1990']);
  t.same(printedForms('dob', '29.08.90', '1990-08-29', '1991-08-29'), ['29.08.91']);
  t.same(printedForms('expires', '19900829', '1990-08-29', '1994-08-29'), ['19940829']);
});

t.test('a month word is replaced by a word naming the machine\'s month', async (t) => {
  const forms = printedForms('dob', '29 AUG 1990', '1990-08-29', '1990-09-29');
  t.ok(forms.length > 0);
  for (const form of forms) t.match(String(form), /^29 \p{L}+ 1990$/u);
  t.ok(forms.includes('29 SEP 1990'), forms.join(', '));
});

t.test('a month word read with a look-alike digit is a word, not a run of the date', async (t) => {
  t.same(printedForms('dob', '25 0CT 2002', '2002-10-25', '2002-10-26'), ['26 0CT 2002'], 'the day changes, the word stays as read');
  t.ok(printedForms('dob', '25 0CT 2002', '2002-10-25', '2002-11-25').includes('25 NOV 2002'));
});

t.test('a year glued to its month word is still a run of the date', async (t) => {
  t.same(printedForms('dob', '20 +EB1978', '1978-02-20', '1979-02-20'), ['20 +EB1979']);
  t.ok(printedForms('dob', '12AUG/A0UT74', '1974-08-12', '1974-09-12').some((form) => typeof form === 'string' && /^12\p{L}+\/\p{L}+74$/u.test(form)));
});
