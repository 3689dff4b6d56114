import t from 'tap';
import type { MrzFormat } from '../../pipeline/mrz/layout.js';
import { readMrz } from '../../pipeline/mrz/read-mrz.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';

// Corpus photos whose MRZ band was found short, or found and not read, read to their exact lines
// (apart from read-mrz-specimens.test.ts to keep each file well under 30 s).

t.test('a passport band found short is cut again wider until its lines end inside it, and never read as a TD2', async (t) => {
  // 4242-151: glare ended the band at 36 characters of 44, and cut wider once its lines still ran
  // off the side; 1010-16: read at 36 characters too. Both were passports read as a TD2.
  // With PP-OCRv6, 1010-16's given names, under the glare, read REEEEEMAAXIMIIAANE: its first
  // line carries no check digit; the band is still cut whole and read as a TD3.
  for (const [seed, index] of [[4242, 151], [1010, 16]] as const) {
    const specimen = await generateSpecimen({ seed, index });
    const result = await readMrz(await preparedImage(specimen.front));
    t.equal(result.format as MrzFormat, 'TD3', `specimen ${seed}-${index}`);
    t.equal(result.lines[1], specimen.truth.raw.mrz?.[1], `specimen ${seed}-${index}: the checked line`);
    if (seed === 4242) t.same(result.lines, specimen.truth.raw.mrz, `specimen ${seed}-${index}`);
  }
});

t.test('a band that cannot be read is read from the lines the text detector boxes, but only as valid as read', async (t) => {
  // 4242-34, a TD1 back photographed at a slant: the band's lines were split askew and read with
  // failing checks over doubtful characters (MRZOCRError); boxed line by line, they read exactly.
  const specimen = await generateSpecimen({ seed: 4242, index: 34 });
  t.same((await readMrz(await preparedImage(specimen.back!))).lines, specimen.truth.raw.mrz);
});
