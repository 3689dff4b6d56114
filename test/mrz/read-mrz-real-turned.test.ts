/**
 * Real pages whose band the morphology does not find (a busy page whose guilloche and stamp join
 * the MRZ to the visual zone), sent on their side and photographed on a table: the MRZ is read
 * from the text detector's lines on the page turned upright (mrz/detected-lines.ts), and the page's
 * orientation comes back with it. A few pages of `npm run bench -- mrz-robustness`, which reads
 * every real MRZ page in every variant; this file stays under 30 s on an idle two-core machine.
 */
import t from 'tap';
import { MRZ_VARIANTS } from '../../bench/mrz-variants.js';
import { AS_SENT, icaoMrzDocs, pagesOf, readMrzPage } from '../../bench/mrz-robustness.js';

const PAGE = 'gcp-fra-fra-passport-2010.jpg';
const VARIANTS = new Set(['turned 90', 'turned 270', 'on a table at 60 %, tilted 4°']);
const docs = icaoMrzDocs().filter((doc) => doc.path === PAGE);

t.test(`${PAGE}, turned and on a table, reads its MRZ from the detector's lines`, { skip: docs.length === 0 && `no ${PAGE} in ../shared/data/real-docs` }, async (t) => {
  const doc = docs[0]!;
  const seen: string[] = [];
  for await (const { variant, bytes } of pagesOf(doc, MRZ_VARIANTS.filter((v) => VARIANTS.has(v.name)))) {
    if (variant === AS_SENT) continue;
    seen.push(variant);
    const result = await readMrzPage(doc, variant, bytes);
    t.ok(result.right, `${variant}: read line for line (${result.error ?? 'read'})`);
    const turn = variant.startsWith('turned') ? 360 - Number(variant.slice('turned '.length)) : 0;
    t.equal(result.orientation, turn, `${variant}: the page's turn back to upright`);
  }
  t.same(seen.sort(), [...VARIANTS].sort());
});
