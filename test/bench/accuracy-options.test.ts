import t from 'tap';
import { ACCURACY_SEED, ACCURACY_SIZE, ACCURACY_TEST_SIZE, corpusDesigns, corpusSeed, corpusSize, testCorpusSize } from '../../bench/accuracy/run.js';

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
  for (const choice of ['classic', 'tuning', 'validation', 'test', 'all']) t.equal(corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: choice }), choice);
  t.equal(corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: 'held-out' }), 'validation', 'the validation family\'s former name still chooses it');
  t.same(corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: 'classic, td3-italian' }), ['classic', 'td3-italian']);
  t.throws(() => corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: 'classic,nope' }), /IDV_BENCH_ACCURACY_DESIGNS.*no design named "nope"/);
  t.throws(() => corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: ',' }), /names no design/);
  t.throws(() => corpusDesigns({ IDV_BENCH_ACCURACY_DESIGNS: 'classic,test-td3-portuguese' }), /IDV_BENCH_ACCURACY_DESIGNS: the test family's designs are drawn without the other families'/);
});

t.test('the test family\'s corpus follows --quick unless IDV_BENCH_ACCURACY_TEST_SIZE says otherwise, 0 for none', async (t) => {
  t.equal(testCorpusSize(false, {}), ACCURACY_TEST_SIZE.full);
  t.equal(testCorpusSize(true, {}), ACCURACY_TEST_SIZE.quick);
  t.equal(testCorpusSize(false, { IDV_BENCH_ACCURACY_TEST_SIZE: '0' }), 0);
  t.throws(() => testCorpusSize(false, { IDV_BENCH_ACCURACY_TEST_SIZE: '-1' }), /IDV_BENCH_ACCURACY_TEST_SIZE must be an integer between 0 and 100000/);
});
