import t from 'tap';
import {
  characterErrorRate, confusionMatrix, editDistance, equalErrorRate, fieldAccuracy, readRate, reliability, tarAtFar, type ScoredPair,
} from '../../bench/accuracy/metrics.js';

t.test('read rate counts the attempts that produced a reading', async (t) => {
  t.equal(readRate([{ read: true }, { read: false }, { read: true }, { read: true }]), 0.75);
  t.equal(readRate([]), 0);
});

t.test('field accuracy scores labelled fields only, a missing reading as wrong', async (t) => {
  const result = fieldAccuracy([
    { truth: { id: 'A1', dob: '1990-01-02' }, read: { id: 'A1', dob: '1990-01-02', extra: 'x' } },
    { truth: { id: 'B2', dob: '1985-05-06' }, read: { id: 'B3' } },
    { truth: { id: 'C3' }, read: undefined },
  ]);
  t.same(result.fields, { dob: 0.5, id: 1 / 3 });
  t.equal(result.exact, 1 / 3);
  t.equal(result.overall, 2 / 5);
  t.equal(fieldAccuracy([{ truth: { name: 'Anna  Maria' }, read: { name: 'anna maria' } }], (v) => v.toUpperCase().replace(/\s+/g, ' ')).overall, 1);
});

t.test('character error rate is edit distance over truth length', async (t) => {
  t.equal(editDistance('kitten', 'sitting'), 3);
  t.equal(editDistance('', 'abc'), 3);
  t.equal(editDistance('MÜLLER', 'MULLER'), 1);
  t.equal(characterErrorRate([{ truth: 'ABCD', read: 'ABXD' }, { truth: 'EFGH', read: undefined }]), 5 / 8);
  t.equal(characterErrorRate([]), 0);
});

t.test('TAR at FAR uses the threshold that lets at most that share of impostors through', async (t) => {
  // 10 impostors scored 0..9, 4 genuine pairs.
  const pairs: ScoredPair[] = [
    ...Array.from({ length: 10 }, (_, i) => ({ score: i, genuine: false })),
    { score: 9.5, genuine: true }, { score: 8.5, genuine: true }, { score: 7, genuine: true }, { score: 3, genuine: true },
  ];
  // FAR 10%: one impostor (score 9) may pass; the threshold is the next one, 8: accept > 8.
  t.same(tarAtFar(pairs, 0.1), { tar: 0.5, threshold: 8 });
  // FAR 1% of 10 impostors allows none: accept > 9.
  t.same(tarAtFar(pairs, 0.01), { tar: 0.25, threshold: 9 });
  t.same(tarAtFar(pairs.filter((pair) => !pair.genuine), 0.01), { tar: 0, threshold: Infinity });
});

t.test('EER is where false accepts and false rejects meet', async (t) => {
  const separable: ScoredPair[] = [{ score: 0.9, genuine: true }, { score: 0.8, genuine: true }, { score: 0.2, genuine: false }, { score: 0.1, genuine: false }];
  t.equal(equalErrorRate(separable).eer, 0);
  const overlapping: ScoredPair[] = [
    { score: 0.9, genuine: true }, { score: 0.6, genuine: true }, { score: 0.3, genuine: true }, { score: 0.8, genuine: true },
    { score: 0.7, genuine: false }, { score: 0.4, genuine: false }, { score: 0.2, genuine: false }, { score: 0.1, genuine: false },
  ];
  // At threshold 0.6: FAR 1/4 (0.7), FRR 1/4 (0.3).
  t.same(equalErrorRate(overlapping), { eer: 0.25, threshold: 0.6 });
  t.ok(Number.isNaN(equalErrorRate(separable.filter((pair) => pair.genuine)).eer));
});

t.test('the verdict confusion matrix counts expected against actual, errors included', async (t) => {
  const { labels, matrix, accuracy } = confusionMatrix([
    { expected: 0, actual: 0 }, { expected: 0, actual: 3 }, { expected: 1, actual: 1 }, { expected: 2, actual: 'error' },
  ], [0, 1, 2, 3]);
  t.same(labels, [0, 1, 2, 3, 'error']);
  t.same(matrix, [[1, 0, 0, 1, 0], [0, 1, 0, 0, 0], [0, 0, 0, 0, 1], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]);
  t.equal(accuracy, 0.5);
  t.throws(() => confusionMatrix([{ expected: 7, actual: 0 }], [0, 1]), /label not in the matrix: 7/);
});

t.test('a reliability table counts readings and rights per confidence band', async (t) => {
  const table = reliability([
    { confidence: 12, right: false }, { confidence: 49.9, right: true }, { confidence: 50, right: true },
    { confidence: 89, right: false }, { confidence: 93, right: true }, { confidence: 95, right: true }, { confidence: 99, right: false },
  ]);
  t.same(table.map((band) => band.band), ['<50', '50–70', '70–90', '90–95', '≥95']);
  t.same(table.map((band) => [band.n, band.right]), [[2, 1], [1, 1], [1, 0], [1, 1], [2, 1]]);
  t.same(table.map((band) => band.share), [0.5, 1, 0, 1, 0.5]);
  t.same(reliability([], [80]), [{ band: '<80', n: 0, right: 0, share: null }, { band: '≥80', n: 0, right: 0, share: null }]);
});
