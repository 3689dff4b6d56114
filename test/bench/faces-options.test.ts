import t from 'tap';
import { faceSeed } from '../../bench/faces.bench.js';
import { FACE_SEED } from '../../bench/faces-data.js';

t.test('the face corpus seed is the calibrations\' unless IDV_BENCH_FACE_SEED draws another', async (t) => {
  t.equal(faceSeed({}), FACE_SEED);
  t.equal(faceSeed({ IDV_BENCH_FACE_SEED: '' }), FACE_SEED);
  t.equal(faceSeed({ IDV_BENCH_FACE_SEED: '2' }), 2);
  for (const bad of ['-1', '1.5', 'abc', '1e30']) {
    t.throws(() => faceSeed({ IDV_BENCH_FACE_SEED: bad }), /IDV_BENCH_FACE_SEED/, `${bad} is refused`);
  }
});
