import t from 'tap';
import type { FieldSet } from '../../pipeline/job.js';
import { sameButLookAlikes, settleLookAlikes } from '../../pipeline/front/look-alikes.js';

function visual(id: string): FieldSet {
  return { document: { id, familyName: 'SMITH' }, confidence: { id: 71, familyName: 98 } };
}

t.test('a number that differs only by look-alike glyphs is spelled as the machine reads it', async (t) => {
  for (const [read, machine] of [['C2NOVJ661', 'C2N0VJ661'], ['015PWBXND', 'O15PWBXND'], ['RZIRWXPPH', 'RZ1RWXPPH'], ['GFNRNSRVF', 'GFNRN5RVF'], ['8Z6', 'B2G']]) {
    const settled = settleLookAlikes(visual(read!), machine);
    t.equal(settled.document.id, machine, `${read} → ${machine}`);
    t.equal(settled.confidence.id, 71, 'its confidence stays the reading\'s');
    t.equal(settled.document.familyName, 'SMITH', 'other fields untouched');
  }
});

t.test('a number missing one of two equal neighbours (merged by the CTC decoding) is spelled as the machine reads it', async (t) => {
  for (const [read, machine] of [['AJ7610378795', 'AJJ7610378795'], ['9215Y7J9', '9215Y7JJ9'], ['AJ76I0378795', 'AJJ7610378795']]) {
    t.equal(settleLookAlikes(visual(read!), machine).document.id, machine, `${read} → ${machine}`);
  }
  t.equal(settleLookAlikes(visual('AJ7610378795'), 'AJK7610378795').document.id, 'AJ7610378795', 'a missing letter that doubles none');
  t.equal(settleLookAlikes(visual('A7610378795'), 'AJJ7610378795').document.id, 'A7610378795', 'both of the double missing');
});

t.test('any other difference stays as read: it is the evidence the verdict weighs', async (t) => {
  t.equal(settleLookAlikes(visual('C2NXVJ661'), 'C2N0VJ661').document.id, 'C2NXVJ661', 'a letter that is no look-alike');
  t.equal(settleLookAlikes(visual('LZHTPL61'), 'LZHTPLJ61').document.id, 'LZHTPL61', 'another length');
  t.equal(settleLookAlikes(visual('X18JUTZKG'), 'WC7MKXNCP').document.id, 'X18JUTZKG', 'a tampered number');
  t.equal(settleLookAlikes(visual('C2N0VJ661'), undefined).document.id, 'C2N0VJ661', 'no machine-readable number');
  const none: FieldSet = { document: {}, confidence: {} };
  t.equal(settleLookAlikes(none, 'C2N0VJ661'), none, 'no number read from the front');
  t.notOk(sameButLookAlikes('ABC', 'ABD'));
  t.ok(sameButLookAlikes('A0C', 'AOC'));
});
