import t from 'tap';
import { readMrz } from '../../pipeline/mrz/read-mrz.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';

// MRZs of corpus photos that misled the reader before read to their exact lines. Bands found
// short or unreadable: read-mrz-band-specimens.test.ts; the public MRZ readers' specimens:
// read-mrz-public-specimens.test.ts; rendered pages: read-mrz.test.ts (split so that each file runs well
// under 30 s on an idle two-core machine).

t.test('US passport card photos of the corpus read exactly: their whole lines misled the recogniser', async (t) => {
  // Read whole, a line led by IPUSA and ending in fifteen fillers came out as IPOSSO…, or with
  // USA read OSS and the C read 0: five corrections, too many to trust, and MRZOCRError.
  // 4242-47: USA read as SGS, South Georgia, a real code but of a territory that issues nothing.
  for (const [seed, index] of [[4242, 67], [1010, 42], [1010, 52], [1010, 132], [4242, 47]] as const) {
    const specimen = await generateSpecimen({ seed, index });
    const result = await readMrz(await preparedImage(specimen.back!));
    t.same(result.lines, specimen.truth.raw.mrz, `specimen ${seed}-${index}`);
  }
});
