/**
 * Runs one design family's generated sets (sets.ts) through the pipeline: specimens are rendered a
 * chunk at a time and then sent with one call in flight per pool thread, so that rendering never
 * competes with the pipeline for the cores (the accuracy bench does the same).
 */
import type { PipelineClient } from '../../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { Specimen } from '../../test/fixtures/specimens/corpus.js';
import { mapInLanes } from './lanes.js';
import { specimenRequest, type ForgeryRecord } from './record.js';
import { alteredSpecimen, genuineSpecimen, type ForgeryFamily } from './sets.js';
import { verify } from './verify.js';

const CHUNK = 25;

/** Sends `specimens` with `lanes` calls in flight; records in the order given. */
function sendAll(client: PipelineClient, set: string, specimens: readonly Specimen[], lanes: number): Promise<ForgeryRecord[]> {
  return mapInLanes(specimens, lanes, async (specimen) => {
    const { truth } = specimen;
    return {
      set, id: truth.id, documentType: truth.documentType, kind: truth.alteration?.kind ?? null,
      ...(truth.alteration === undefined ? {} : { alteration: truth.alteration }),
      answer: await verify(client, specimenRequest(specimen)),
    };
  });
}

/** `size` genuine and `size` altered documents of `family`, genuine first. */
export async function collectFamily(client: PipelineClient, family: ForgeryFamily, size: number, quick: boolean, lanes: number): Promise<ForgeryRecord[]> {
  const slots = [
    ...Array.from({ length: size }, (_, i) => () => genuineSpecimen(family, i, quick)),
    ...Array.from({ length: size }, (_, j) => () => alteredSpecimen(family, j, quick)),
  ];
  const records: ForgeryRecord[] = [];
  for (let start = 0; start < slots.length; start += CHUNK) {
    const specimens: Specimen[] = [];
    for (const make of slots.slice(start, start + CHUNK)) specimens.push(await make());
    records.push(...await sendAll(client, family, specimens, lanes));
    process.stderr.write(`forgery: ${family} ${records.length}/${slots.length}\n`);
  }
  return records;
}
