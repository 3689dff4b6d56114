import t from 'tap';
import { latinSubset, recognitionCharset } from '../../pipeline/ocr/charset.js';
import { cropLine } from '../../pipeline/ocr/crop.js';
import { ctcGreedy } from '../../pipeline/ocr/ctc-decode.js';
import { detectText } from '../../pipeline/ocr/detector.js';
import { readPage } from '../../pipeline/ocr/read-lines.js';
import { mayHold, readLatinLines } from '../../pipeline/ocr/second-reading.js';
import { OCR_TUNING } from '../../pipeline/ocr/tunables.js';
import { prepared } from '../front/render-front.js';
import { namesPage } from './names-page.js';

t.test('a line may hold a known value where a word of it, or the value whole, occurs within an edit in four characters, spelled as the MRZ spells them', async (t) => {
  t.ok(mayHold('FERNÁNDEZ DE CÓRDOBA', ['FERNANDEZ DE CORDOBA']));
  t.ok(mayHold('PÓRDARSON', ['THORDARSON']), 'Þ read P: two edits in ten letters');
  t.ok(mayHold('Surname: MÜLER', ['MUELLER']), 'Ü spelled UE, one letter lost');
  t.ok(mayHold('NOEMlE', ['NOEMIE']), 'case and one letter');
  t.ok(mayHold('OSPELT-BECKE', ['OSPELTBECK']), 'the MRZ joins what the front parts');
  t.ok(mayHold('1,2 VANDERMERWE, ANN', ['VAN DER MERWE']), 'the front joins what the MRZ parts');
  t.notOk(mayHold('DATE OF BIRTH', ['FERNANDEZ DE CORDOBA']), 'DE is too short to look for');
  t.notOk(mayHold('PASSPORT', ['PETERS']));
  t.ok(mayHold('4d DLN 5900000', ['SVEN', '59000002']), 'a number with a digit lost');
  t.ok(mayHold('ID 123 456 789', ['123456789']), 'a number in groups');
  t.notOk(mayHold('ANNA', []), 'no values, nothing to hold');
});

t.test('tiny reads every line; small reads again the lines that may hold a name, and those tiny doubts', async (t) => {
  const page = await prepared(await namesPage(['FRANÇOIS', 'CASTAÑEDA'], 'DejaVu Sans', 'Given names'));
  const crops = (await detectText(page)).map((b) => cropLine(page, b.quad));
  // The two readings tell apart by their number of classes.
  const tiny = latinSubset(await recognitionCharset('v6-tiny')).classes.length;
  const small = latinSubset(await recognitionCharset('v6')).classes.length;
  t.not(tiny, small);
  const first = await readLatinLines(crops, { model: 'v6-tiny', latinOnly: true, names: [] });
  const own = first.map((p) => ctcGreedy(p, p.charset.latin).confidence >= OCR_TUNING.recheckBelow);
  t.ok(own.some(Boolean), 'tiny keeps some line');
  first.forEach((p, k) => t.equal(p.classes, own[k] ? tiny : small, `line ${k}: ${ctcGreedy(p, p.charset.latin).text}`));
  const named = await readLatinLines(crops, { model: 'v6-tiny', latinOnly: true, names: ['CASTANEDA', 'FRANCOIS'] });
  const texts = named.map((p) => ctcGreedy(p, p.charset.latin).text);
  named.forEach((p, k) => {
    if (texts[k] === 'FRANÇOIS' || texts[k] === 'CASTAÑEDA') t.equal(p.classes, small, `${texts[k]} read by small`);
  });
  t.ok(texts.includes('FRANÇOIS') && texts.includes('CASTAÑEDA'), JSON.stringify(texts));
});

t.test('a single reader reads once', async (t) => {
  const page = await prepared(await namesPage(['ØYSTEIN'], 'DejaVu Sans', 'Given names'));
  const crops = (await detectText(page)).map((b) => cropLine(page, b.quad));
  const small = latinSubset(await recognitionCharset('v6')).classes.length;
  for (const p of await readLatinLines(crops, { model: 'v6', latinOnly: true, names: ['OEYSTEIN'] })) t.equal(p.classes, small);
});

t.test('a number tiny reads surely and exactly as the machine holds it is not read again; one it reads otherwise is', async (t) => {
  const page = await prepared(await namesPage(['D2980873'], 'DejaVu Sans', 'DLN'));
  const crops = (await detectText(page)).map((b) => cropLine(page, b.quad));
  const tiny = latinSubset(await recognitionCharset('v6-tiny')).classes.length;
  const small = latinSubset(await recognitionCharset('v6')).classes.length;
  const classesOf = async (number: string): Promise<number | undefined> => {
    const read = await readLatinLines(crops, { model: 'v6-tiny', latinOnly: true, names: [], number });
    return read.find((p) => /\d{4}/.test(ctcGreedy(p, p.charset.latin).text))?.classes;
  };
  const first = await readLatinLines(crops, { model: 'v6-tiny', latinOnly: true, names: [] });
  const line = first.map((p) => ctcGreedy(p, p.charset.latin)).find((l) => /\d{4}/.test(l.text));
  t.equal(line?.text, 'D2980873', 'tiny reads the number');
  t.ok(line!.confidence >= OCR_TUNING.recheckBelow, 'surely');
  t.equal(await classesOf('D2980873'), tiny, 'the machine\'s number: tiny\'s reading stands');
  t.equal(await classesOf('D2980878'), small, 'a number a digit away: small reads again');
});

t.test('a page read in every script (OcrImage) is read the same way, by the whole heads: tiny first, small again where tiny doubts', async (t) => {
  const page = await prepared(await namesPage(['FRANÇOIS', 'CASTAÑEDA'], 'DejaVu Sans', 'Given names'));
  const tiny = (await recognitionCharset('v6-tiny')).chars.length;
  const small = (await recognitionCharset('v6')).chars.length;
  const { lines } = await readPage(page);
  t.ok(lines.length >= 2, `${lines.length} lines`);
  for (const line of lines) {
    const { classes } = line.frames!;
    t.ok(classes === tiny || classes === small, `${line.text}: ${classes} classes, a whole head's`);
    // Tiny's reading stands only where tiny is sure of it; small's replaced the others.
    if (classes === tiny) t.ok(ctcGreedy(line.frames!).confidence >= OCR_TUNING.recheckBelow, `${line.text}: tiny's, and sure`);
  }
  const texts = lines.map((l) => l.text);
  t.ok(texts.includes('FRANÇOIS') && texts.includes('CASTAÑEDA'), JSON.stringify(texts));
});
