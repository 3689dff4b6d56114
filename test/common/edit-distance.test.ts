import t from 'tap';
import { lastEditRow, levenshtein } from '../../common/edit-distance.js';

t.test('levenshtein counts insertions, deletions and substitutions', async (t) => {
  t.equal(levenshtein('kitten', 'sitting'), 3);
  t.equal(levenshtein('', 'abc'), 3);
  t.equal(levenshtein('same', 'same'), 0);
});

t.test('matching anywhere finds a pattern inside a longer text at no cost for what surrounds it', async (t) => {
  const row = lastEditRow('surname', 'xxsumamexx', true);
  t.equal(Math.min(...row), 2, "'surname' is two edits from 'sumame' inside the text");
  t.equal(row.indexOf(Math.min(...row)), 8, 'the best match ends after the 8th character');
});
