import t from 'tap';
import { assembleFamilies, assembleReport } from '../../bench/accuracy/assemble.js';
import { collectSpecimen } from '../../bench/accuracy/collect.js';
import { startBenchFrontDoor } from '../../bench/accuracy/front-door.js';
import { printAccuracy } from '../../bench/accuracy/print.js';
import { TAMPER_SET_SIZE, generateTamperSet, tamperSetSize } from '../../bench/accuracy/tamper-set.js';
import { documentVerdict, frontOutcome, machineOutcome, type SpecimenRecord } from '../../bench/accuracy/record.js';
import { DocumentType, VerdictStatus } from '../../common/document.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { startPipeline } from '../pipeline/helper.js';

// Five real specimens through the real service (front door → gRPC → one pool worker): a clean licence scan, a passport
// scan in a validation design, a licence whose printed date of birth was changed, and a passport card whose "selfie" is
// an image without a face, which sends the bench through its withoutFace probe.
t.test('the accuracy bench scores real specimens sent through the real service', async (t) => {
  const { running, client } = await startPipeline(t, { threads: 1 });
  const frontDoor = await startBenchFrontDoor(running.address);
  t.teardown(() => frontDoor.close());
  const seed = 1;
  const specimens = [
    await generateSpecimen({ seed, index: 0, documentType: DocumentType.ID, negative: null, capture: 'scan' }),
    await generateSpecimen({ seed, index: 1, documentType: DocumentType.Passport, negative: null, capture: 'scan', designs: 'validation' }),
    await generateSpecimen({ seed, index: 2, documentType: DocumentType.ID, negative: 'tampered-dob', capture: 'scan' }),
  ];
  const empty = await generateSpecimen({ seed, index: 3, documentType: DocumentType.GreenCard, negative: 'no-document', capture: 'scan' });
  const card = await generateSpecimen({ seed, index: 4, documentType: DocumentType.PassportCard, negative: null, capture: 'scan' });
  specimens.push({ ...card, selfie: empty.front });

  const records: SpecimenRecord[] = [];
  for (const specimen of specimens) records.push(await collectSpecimen({ frontDoor, client }, specimen));
  const [licence, , , faceless] = records as [SpecimenRecord, SpecimenRecord, SpecimenRecord, SpecimenRecord];

  t.test('a clean licence scan is read exactly and verified OK', async (t) => {
    t.ok(licence.verify.ok, `Verify answered ${licence.verify.code ?? 'a result'}`);
    const machine = machineOutcome(licence);
    t.equal(machine?.source, 'verify');
    const truth = licence.truth.machineReadable;
    t.same(Object.fromEntries(Object.keys(truth).map((field) => [field, machine?.fields[field]])), truth, 'every AAMVA field equals the truth');
    t.equal(frontOutcome(licence)?.read, true, 'the front was read');
    t.equal(documentVerdict(licence), VerdictStatus.OK);
  });

  t.test('a failed face stage is probed without the selfie so the readers still count', async (t) => {
    t.equal(faceless.verify.code, 'FacePhotoNotDetectError');
    t.ok(faceless.probes.withoutFace?.ok, 'the probe without the selfie answered');
    t.equal(machineOutcome(faceless)?.source, 'withoutFace');
    t.equal(machineOutcome(faceless)?.read, true);
    t.not(documentVerdict(faceless), null);
  });

  t.test('the report has every section with numbers in range', async (t) => {
    const report = assembleReport(records);
    for (const [name, value] of Object.entries(report.headline)) {
      t.ok(value === null || (typeof value === 'number' && Number.isFinite(value)), `headline ${name} is a number or null`);
      if (value !== null && !name.endsWith('Ms')) t.ok(value >= 0 && value <= 1, `headline ${name} is a share`);
    }
    t.equal(report.headline.aamvaReadRate, 1);
    t.equal(report.headline.aamvaFieldAccuracy, 1);
    t.equal(report.aamva.overall.specimens, 2, 'both licences count for the barcode reader (a tampered front leaves the barcode honest)');
    t.equal(report.mrz.overall.specimens, 2);
    t.same(Object.keys(report.mrz.byFormat).sort(), ['TD1', 'TD3']);
    t.same(Object.keys(report.verdict.byNegative).sort(), ['none', 'tampered-dob']);
    t.equal(report.verdict.tamperedFront.overall.specimens, 1);
    t.equal(report.tamperSet.specimens, 0, 'no tamper set was given');
    t.equal(report.headline.tamperSetDetection, null);
    const withSet = assembleReport(records, records);
    t.equal(withSet.tamperSet.specimens, 1, 'the tamper set counts its tampered fronts only');
    t.equal(withSet.headline.tamperSetDetection, withSet.verdict.tamperedFront.detection);
    const answered = Object.values(report.verdict.matrix).flatMap((row) => Object.values(row)).reduce((a, b) => a + b, 0);
    t.equal(answered, records.length, 'the confusion matrix counts every specimen once');
    t.equal(report.faces.detection.overall.errors.FacePhotoNotDetectError, 1);
    t.equal(report.faces.genuinePairs + report.faces.impostorPairs, 3, 'three faces were compared');
    for (const stage of ['intake', 'barcode', 'aamva', 'mrz', 'ocr', 'face', 'verdict']) {
      t.type(report.latency.stages[stage]?.p50, 'number', `stage ${stage} has a p50`);
    }
    t.equal(report.latency.verify.n, records.length);
    t.ok(licence.verify.timings.length >= 5, 'the stage timings came through the Server-Timing header');
  });

  t.test('names with marks are scored apart, exactly', async (t) => {
    t.equal(assembleReport([licence]).ocr.overall.markedNames, 0, 'the licence prints no name with a mark');
    t.equal(assembleReport([licence]).headline.ocrMarkedNameAccuracy, null, 'no marked name: no rate, not a zero');
    // The licence as if it printed marked names: one read with its mark, one read without.
    const read = frontOutcome(licence)!.fields;
    const marked = (familyName: string, readAs: string): SpecimenRecord => ({
      ...licence,
      truth: { ...licence.truth, fields: { ...licence.truth.fields, familyName } },
      verify: { ...licence.verify, visual: { ...read, familyName: readAs } },
    });
    const report = assembleReport([marked('MÜLLER', 'Müller'), marked('ØDEGÅRD', 'ODEGARD'), licence]);
    t.equal(report.ocr.overall.markedNames, 2, 'only the marked family names count; the plain given names do not');
    t.equal(report.headline.ocrMarkedNameAccuracy, 0.5, 'case aside, a lost mark is wrong');
    t.same(report.ocr.overall.markedNameMisses, { absent: 0, marks: 1, letters: 0 }, 'a lost mark is a miss of marks');
    const unread = { ...marked('DVOŘÁK', ''), verify: { ...licence.verify, visual: Object.fromEntries(Object.entries(read).filter(([field]) => field !== 'familyName')) } };
    t.same(assembleReport([unread, marked('ŁUKASZ', 'LUKASZ'), marked('ÇELIK', 'CELIR')]).ocr.overall.markedNameMisses,
      { absent: 1, marks: 1, letters: 1 }, 'a name not read, one without its mark, one with a letter wrong');
  });

  t.test('the report carries each design family, and the key visual fields by confidence', async (t) => {
    const front = frontOutcome(licence);
    t.ok(front?.confidence !== undefined && Object.keys(front.confidence).length > 0, 'the visual confidences came through the front door');
    const families = assembleFamilies(records);
    t.equal(families.validation.ocr.overall.specimens, 1, 'the passport is the validation family');
    t.equal(families.tuning.ocr.overall.specimens + families.validation.ocr.overall.specimens, assembleReport(records).ocr.overall.specimens);
    t.ok(Object.values(families.test.headline).every((value) => value === null), 'the test family, without specimens here, has no rates, not zeros');
    const onlyTuning = assembleFamilies(records.filter((r) => r.truth.design.family === 'tuning'));
    t.ok(Object.values(onlyTuning.validation.headline).every((value) => value === null), 'a family without specimens has no rates, not zeros');
    const { reliability } = assembleReport(records);
    t.same(Object.keys(reliability), ['id', 'dob', 'expires', 'familyName']);
    for (const [field, { labelled, absent, bands }] of Object.entries(reliability)) {
      t.equal(bands.reduce((sum, band) => sum + band.n, 0) + absent, labelled, `${field}: every labelled front in one band or absent`);
    }
    const printed: string[] = [];
    const log = console.log;
    console.log = (line: string) => { printed.push(line); };
    try {
      printAccuracy({ ...families, all: assembleReport(records) });
    } finally {
      console.log = log;
    }
    const text = printed.join('\n');
    t.match(text, /Headline by design family/);
    t.match(text, /headline\s+tuning\s+validation\s+test\s+all/);
    t.match(text, /Reliability of the key visual fields/);
    t.match(text, /field\s+confidence\s+tuning n\s+tuning right\s+validation n\s+validation right\s+test n\s+test right/);
    // One family name read wrong, in any family: the tuning family shows it, the validation and test ones count it.
    const report = families.tuning;
    const wrong = { ...report, ocr: { ...report.ocr, mismatches: { familyName: { wrong: 1, examples: ['1-9: "JONES" → "JONKS"'] } } } };
    printed.length = 0;
    console.log = (line: string) => { printed.push(line); };
    try {
      printAccuracy({ tuning: wrong, validation: wrong, test: wrong });
    } finally {
      console.log = log;
    }
    const rows = printed.join('\n').split('\n').filter((line) => /familyName/.test(line) && /OCR/.test(line));
    t.match(rows.find((line) => line.startsWith('tuning')), /JONES.*→.*JONKS/, 'a tuning mismatch is shown');
    for (const family of ['validation', 'test']) {
      t.match(rows.find((line) => line.startsWith(family)), new RegExp(`${family}: counted only`), `a ${family} one is counted, not shown`);
      t.notMatch(rows.find((line) => line.startsWith(family)), /JONES/);
    }
  });
});

t.test('the tamper set alternates the design families and the three edits', async (t) => {
  const kinds: string[] = [];
  const families: string[] = [];
  for await (const specimen of generateTamperSet(7, 3)) {
    kinds.push(specimen.truth.negative ?? 'none');
    families.push(specimen.truth.design.family);
  }
  t.same(families, ['tuning', 'validation', 'tuning']);
  t.same(kinds, ['tampered-dob', 'tampered-dob', 'tampered-number']);
  t.equal(tamperSetSize(false, {}), TAMPER_SET_SIZE.full);
  t.equal(tamperSetSize(true, { IDV_BENCH_ACCURACY_TAMPER: '12' }), 12);
  t.throws(() => tamperSetSize(false, { IDV_BENCH_ACCURACY_TAMPER: '-1' }), /IDV_BENCH_ACCURACY_TAMPER/);
});
