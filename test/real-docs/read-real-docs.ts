/**
 * The real specimen documents of ../shared/data/real-docs through the real readers (bench/real-docs.ts),
 * a quarter of them per test file so that each file stays under 30 s. The floors are the counts
 * read right (and the ceilings those read wrong) when the test was last changed: the readers are
 * deterministic, so a change that loses a field fails here; `npm run bench -- real-docs` gives the
 * whole table.
 */
import t from 'tap';
import { loadRealDocs, readRealDoc, summarise } from '../../bench/real-docs.js';

/** Values no document's field ever is: captions and overprints read in place of a value. */
const CAPTION_WORDS = /^(?:PASSPORT|PASSEPORT|SPECIMEN|SAMPLE|GIVEN NAMES?|SURNAME|NAME|NOM|DATE OF BIRTH|DE NAISSANCE|DRIVER LICENSE)$/i;

/** Test files the documents are spread over. */
const PARTS = 4;

export function testRealDocs(part: number, floors: { right: number; wrong: number; mrz: number }): void {
  const docs = loadRealDocs();
  if (docs.length === 0) {
    t.test('real documents', { skip: '../shared/data/real-docs is absent: no real document to read' }, async () => {});
    return;
  }
  const size = Math.ceil(docs.length / PARTS);
  const mine = docs.slice(part * size, (part + 1) * size);
  t.test(`real documents ${mine.map((d) => d.path).join(', ')}`, async (t) => {
    const results = [];
    for (const doc of mine) results.push(await readRealDoc(doc));
    const summary = summarise(results);
    for (const result of results) {
      for (const [field, f] of Object.entries(result.fields)) {
        t.notOk(f.read !== null && CAPTION_WORDS.test(f.read) && !CAPTION_WORDS.test(f.truth), `${result.path} ${field}: a caption word is no value (${f.read})`);
      }
    }
    t.ok(summary.keyFieldsRight >= floors.right, `key fields right ${summary.keyFieldsRight}/${summary.keyFields}, at least ${floors.right}`);
    t.ok(summary.wrong <= floors.wrong, `key fields read wrong ${summary.wrong}, at most ${floors.wrong}`);
    t.ok(summary.mrzRight >= floors.mrz, `MRZs read line for line ${summary.mrzRight}/${summary.mrzDocuments}, at least ${floors.mrz}`);
  });
}
