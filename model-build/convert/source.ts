/**
 * A catalogued model's source as the cache sees it: the files to hash, and how to convert them.
 * TF.js graph models go through the generic op converter (convert.ts); face-api's bare weights
 * through the converter of their network (face-recognition-net.ts).
 */
import { join } from 'node:path';
import type { CatalogEntry } from '../catalog.js';
import { convertGraphModel, type ConvertedModel } from './convert.js';
import { convertFaceRecognitionNet } from './face-recognition-net.js';
import type { ModelMeta } from './onnx-builder.js';
import { readTfjsModel } from './tfjs-model.js';
import { readWeightsManifest } from './weights-manifest.js';

export interface SourceModel {
  /** Every file the conversion reads, the entry's `source` first. */
  files: string[];
  convert(name: string, meta: ModelMeta): ConvertedModel;
}

/** Reads the source of `entry` from its package folder `packageDir`. */
export async function readSource(entry: CatalogEntry, packageDir: string): Promise<SourceModel> {
  const path = join(packageDir, entry.source);
  if (entry.format === 'face-recognition-net') {
    const weights = await readWeightsManifest(path);
    return { files: weights.files, convert: (name, meta) => convertFaceRecognitionNet(weights.manifest, weights.groupData, name, meta) };
  }
  const graph = await readTfjsModel(path);
  return { files: graph.files, convert: (name, meta) => convertGraphModel(graph, name, meta) };
}
