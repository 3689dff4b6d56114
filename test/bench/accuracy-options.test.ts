import t from 'tap';
import { ACCURACY_SEED, ACCURACY_SIZE, corpusDesigns, corpusSeed, corpusSize } from '../../bench/accuracy/run.js';

t.test('the corpus seed is fixed unless IDV_BENCH_ACCURACY_SEED draws another', async (t) => {
  t.equal(corpusSeed({}), ACCURACY_SEED);
  t.equal(corpusSeed({ IDV_BENCH_ACCURACY_SEED: '' }), ACCURACY_SEED);
  t.equal(corpusSeed({ IDV_BENCH_ACCURACY_SEED: '5151' }), 5151);
  for (const bad of ['-1', '1.5', 'abc', '1e30']) {
    t.throws(() => corpusSeed({ IDV_BENCH_ACCURACY_SEED: bad }), /IDV_BENCH_ACCURACY_SEED/, `${bad} is refused`);
  }
});

t.test('the corpus size follows --quick unless IDV_BENCH_ACCURACY_SIZE says otherwise', async (t) => {
  t.equal(corpusSize(false, {}), ACCURACY_SIZE.full);
  t.equal(corpusSize(true, {}), ACCURACY_SIZE.quick);
  t.equal(corpusSize(true, { IDV_BENCH_ACCURACY_SIZE: '80' }), 80);
  t.throws(() => corpusSize(false, { IDV_BENCH_ACCURACY_SIZE: '0' }), /IDV_BENCH_ACCURACY_SIZE/);
});

t.test('the corpus draws every design unless IDV_BENCH_ACCURACY_DESIGNS chooses others', async (t) => {
  t.equal(corpusDesigns({}), 'all');
  for (const choice of ['classic', 'tuning', 'held-out', 'all']) t.equal(corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: choice }), choice);
  t.same(corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: 'classic, td3-italian' }), ['classic', 'td3-italian']);
  t.throws(() => corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: 'classic,nope' }), /IDV_BENCH_ACCURACY_DESIGNS.*no design named "nope"/);
  t.throws(() => corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: ',' }), /names no design/);
});
