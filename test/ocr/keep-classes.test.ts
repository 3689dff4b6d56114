import t from 'tap';
import onnxProto from 'onnx-proto';
import { keepClasses } from '../../model-build/optimise/keep-classes.js';
import { latinSubset, recognitionCharset } from '../../pipeline/ocr/charset.js';
import { cropLine } from '../../pipeline/ocr/crop.js';
import { detectText } from '../../pipeline/ocr/detector.js';
import { recognizeLines } from '../../pipeline/ocr/recognizer.js';
import { foldClasses } from '../../pipeline/mrz/alphabet.js';
import { prepared, renderLicence } from '../front/render-front.js';

const full = await recognitionCharset('v6-tiny');
const latin = latinSubset(full);

t.test('the Latin subset keeps the blank, Latin script, the space and the stand-ins, nothing else', async (t) => {
  t.equal(latin.charset.chars[0], '', 'the blank stays class 0');
  t.equal(latin.classes[0], 0);
  t.equal(latin.classes.length, 330);
  latin.classes.forEach((k, i) => t.equal(latin.charset.chars[i], full.chars[k]));
  for (const char of ['A', 'z', '0', '<', 'É', 'é', ' ', '〈', '《', '７']) t.not(latin.charset.classOf(char), undefined, char);
  for (const char of ['发', 'Ж', '：']) t.equal(latin.charset.classOf(char), undefined, char);
  t.equal(latin.charset.latin[latin.charset.classOf('〈')!], 0, 'a stand-in is not Latin: a front never decodes it');
  t.equal(latin.charset.latin[latin.charset.classOf('É')!], 1);
});

t.test('every class the MRZ folds onto its alphabet is kept', async (t) => {
  const chars = (charset: typeof full) => foldClasses(charset).map((sources) => sources.map((k) => charset.chars[k]).join(''));
  t.same(chars(latin.charset), chars(full));
});

t.test('the narrowed recogniser gives the full one\'s probabilities given that the class is kept', async (t) => {
  const page = await prepared(await renderLicence());
  const lines = (await detectText(page)).map((b) => cropLine(page, b.quad));
  t.ok(lines.length >= 10, `${lines.length} lines`);
  // Tiny, whose narrowed head is the source's columns (small's trained head is recognizer-v6.test.ts's).
  const [wide, narrow] = await Promise.all([recognizeLines(lines, { model: 'v6-tiny' }), recognizeLines(lines, { latinOnly: true, model: 'v6-tiny' })]);
  let largest = 0;
  wide.forEach((w, i) => {
    const n = narrow[i]!;
    t.equal(n.steps, w.steps);
    t.equal(n.charset, narrow[0]!.charset, 'one class table for every line');
    for (let step = 0; step < w.steps; step++) {
      let kept = 0;
      for (const k of latin.classes) kept += w.probs[step * w.classes + k]!;
      latin.classes.forEach((k, c) => {
        largest = Math.max(largest, Math.abs(n.probs[step * n.classes + c]! - w.probs[step * w.classes + k]! / kept));
      });
    }
  });
  t.equal(narrow[0]!.classes, latin.classes.length);
  t.equal(wide[0]!.classes, 6906);
  t.ok(largest < 1e-5, `largest difference ${largest}`);
});

t.test('a head that is not Softmax(x·W + b), or a class it lacks, is refused; a trained head replaces the kept columns', async (t) => {
  const head = (): onnxProto.onnx.IGraphProto => ({
    node: [
      { opType: 'MatMul', input: ['x', 'W'], output: ['z'] },
      { opType: 'Add', input: ['z', 'b'], output: ['logits'] },
      { opType: 'Softmax', input: ['logits'], output: ['p'] },
    ],
    initializer: [
      { name: 'W', dims: [2, 3], dataType: 1, floatData: [1, 2, 3, 4, 5, 6] },
      { name: 'b', dims: [3], dataType: 1, floatData: [7, 8, 9] },
    ],
    output: [{ name: 'p' }],
  });
  const graph = head();
  keepClasses(graph, [0, 2]);
  // The narrowed constants are new ones, read where W and b were.
  const reads = { W: graph.node![0]!.input![1]!, b: graph.node![1]!.input![1]! };
  const values = (name: 'W' | 'b') => {
    const tensor = graph.initializer!.find((i) => i.name === reads[name])!;
    return { dims: tensor.dims, data: [...new Float32Array(Uint8Array.prototype.slice.call(tensor.rawData!).buffer)] };
  };
  t.same(values('W'), { dims: [2, 2], data: [1, 3, 4, 6] });
  t.same(values('b'), { dims: [2], data: [7, 9] });
  t.throws(() => keepClasses(head(), [3]), /a class outside 0…2/);
  const trained = head();
  keepClasses(trained, [0, 2], { weights: Float32Array.of(10, 11, 12, 13), bias: Float32Array.of(14, 15) });
  const tensor = (name: string) => {
    const found = trained.initializer!.find((i) => i.name === name)!;
    return [...new Float32Array(Uint8Array.prototype.slice.call(found.rawData!).buffer)];
  };
  t.same(tensor(trained.node![0]!.input![1]!), [10, 11, 12, 13], 'a trained head\'s weights in place of the kept columns');
  t.same(tensor(trained.node![1]!.input![1]!), [14, 15]);
  t.throws(() => keepClasses(head(), [0, 2], { weights: new Float32Array(6), bias: new Float32Array(2) }), /not 2 features × 2 classes/);
  const noSoftmax = head();
  noSoftmax.output = [{ name: 'logits' }];
  t.throws(() => keepClasses(noSoftmax, [0]), /not Softmax/);
});
