import t from 'tap';
import { sameButLookAlikes } from '../../pipeline/front/look-alikes.js';

t.test('look-alike glyphs are alike place by place, nothing else is', async (t) => {
  t.ok(sameButLookAlikes('A0C', 'AOC'));
  t.ok(sameButLookAlikes('C2NOVJ661', 'C2N0VJ661'));
  t.ok(sameButLookAlikes('8Z6', 'B2G'));
  t.notOk(sameButLookAlikes('ABC', 'ABD'), 'a letter that is no look-alike');
  t.notOk(sameButLookAlikes('LZHTPL61', 'LZHTPLJ61'), 'another length');
});
