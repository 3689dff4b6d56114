import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { decodeImage } from '../../pipeline/backends/sharp.js';
import type { MrzFormat } from '../../pipeline/mrz/layout.js';
import { readMrz } from '../../pipeline/mrz/read-mrz.js';

// The specimens of the public MRZ readers (../shared/data/mrz) read to their exact lines; apart
// from the corpus specimens (read-mrz-specimens.test.ts) so that each file runs under 30 s on an idle
// two-core machine.
const DATA = fileURLToPath(new URL('../../../../shared/data/mrz/', import.meta.url));

t.test('the specimens of the public MRZ readers read to their exact lines', { skip: !existsSync(DATA) && `no test data at ${DATA}` }, async (t) => {
  const manifest = readFileSync(`${DATA}manifest.jsonl`, 'utf8').trim().split('\n')
    .map((line) => JSON.parse(line) as { path: string; mrz: string[]; format: string });
  let exact = 0;
  for (const specimen of manifest) {
    const image = await decodeImage(readFileSync(`${DATA}${specimen.path}`), 'frontImageBase64');
    const icao = (['TD1', 'TD2', 'TD3'] as string[]).includes(specimen.format);
    try {
      const result = await readMrz(image);
      if (result.lines.join('\n') === specimen.mrz.join('\n')) exact++;
      // The ICAO-conforming specimens must read exactly; the others (a French 1988 card, an
      // Austrian specimen printed malformed) must at least never read as valid.
      if (icao) t.same(result.lines, specimen.mrz, specimen.path);
      else t.not(result.failedChecks.length, 0, `${specimen.path} is not a valid ICAO MRZ`);
      t.equal(result.format as MrzFormat, icao ? specimen.format : result.format);
    } catch (error) {
      t.notOk(icao, `${specimen.path}: ${String(error)}`);
    }
  }
  t.comment(`exact-line rate: ${exact}/${manifest.length}`);
});
