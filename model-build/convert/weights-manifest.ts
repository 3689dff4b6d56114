/**
 * A bare TF.js weights manifest (`*-weights_manifest.json` and the .bin shards it names), the form
 * face-api ships its networks in: no graph, only named tensors, which a network-specific
 * converter (face-recognition-net.ts) lays out as the source's code does.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readWeightGroups, type WeightsGroup } from './tfjs-model.js';

/** A weights manifest read from disk: its groups and each group's shards joined into one buffer. */
export interface WeightsFile {
  manifest: WeightsGroup[];
  /** One buffer per group, in manifest order. */
  groupData: Uint8Array[];
  /** Every file read (the manifest first, then the shards), for hashing and provenance. */
  files: string[];
}

/** Reads a weights manifest and the shards it names (paths relative to it). */
export async function readWeightsManifest(path: string): Promise<WeightsFile> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as WeightsGroup[];
  if (!Array.isArray(manifest) || manifest.some((g) => !Array.isArray(g.paths) || !Array.isArray(g.weights))) {
    throw new Error(`${path}: not a TF.js weights manifest (a list of { paths, weights })`);
  }
  const { groupData, files } = await readWeightGroups(dirname(path), manifest);
  return { manifest, groupData, files: [path, ...files] };
}
