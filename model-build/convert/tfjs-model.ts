/**
 * The TensorFlow.js graph-model format (model.json + .bin shards), read from disk.
 *
 * Only the parts the converter needs are typed: the node list of `modelTopology`, the
 * `weightsManifest` (shapes, dtypes, quantisation, shard paths) and the optional `signature`
 * that names the inputs and outputs.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** One attribute of a TF NodeDef as the converter writes it to JSON (strings are base64). */
export interface TfAttr {
  s?: string;
  i?: string | number;
  f?: number;
  b?: boolean;
  type?: string;
  list?: { s?: string[]; i?: Array<string | number>; f?: number[] };
  shape?: { dim?: Array<{ size?: string | number }>; unknownRank?: boolean };
}

/** One node of the graph: an op applied to named inputs (`node`, `node:1`, `^control`). */
export interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

/** Quantisation of one weight: uint8/uint16 affine (`min`, `scale`) or float16 storage. */
export interface WeightQuantization {
  dtype: 'uint8' | 'uint16' | 'float16';
  min?: number;
  scale?: number;
  original_dtype?: string;
}

/** One entry of a weights group: a named tensor stored back to back in the group's shards. */
export interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: WeightQuantization;
}

/** A group of weights stored in one or more shard files, concatenated in order. */
export interface WeightsGroup {
  paths: string[];
  weights: WeightSpec[];
}

/** A signature entry: `name` is the tensor (`node:0`), the key is the user-facing alias. */
export interface SignatureEntry {
  name?: string;
  dtype?: string;
  tensorShape?: { dim?: Array<{ size?: string | number }> };
}

/** The parsed model.json of a graph model. */
export interface TfjsModelJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  modelTopology: { node: TfNode[]; versions?: { producer?: number } };
  weightsManifest: WeightsGroup[];
  signature?: { inputs?: Record<string, SignatureEntry>; outputs?: Record<string, SignatureEntry> };
}

/** A graph model read from disk: its JSON and each group's shards joined into one buffer. */
export interface TfjsModel {
  json: TfjsModelJson;
  /** One buffer per `weightsManifest` group, in manifest order. */
  groupData: Uint8Array[];
  /** Every file read (model.json first, then the shards), for hashing and provenance. */
  files: string[];
}

/** Reads a graph model's model.json and the .bin shards it names (paths relative to it). */
export async function readTfjsModel(jsonPath: string): Promise<TfjsModel> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as TfjsModelJson;
  if (json.format !== undefined && json.format !== 'graph-model') {
    throw new Error(`${jsonPath}: format "${json.format}" is not a TF.js graph model`);
  }
  if (!Array.isArray(json.modelTopology?.node)) throw new Error(`${jsonPath}: modelTopology.node is missing`);
  const { groupData, files } = await readWeightGroups(dirname(jsonPath), json.weightsManifest ?? []);
  return { json, groupData, files: [jsonPath, ...files] };
}

/** Each group's shards (paths relative to `dir`) read and joined into one buffer, and the files read. */
export async function readWeightGroups(dir: string, groups: readonly WeightsGroup[]): Promise<{ groupData: Uint8Array[]; files: string[] }> {
  const files: string[] = [];
  const groupData: Uint8Array[] = [];
  for (const group of groups) {
    const shards: Buffer[] = [];
    for (const p of group.paths) {
      const file = join(dir, p);
      files.push(file);
      shards.push(await readFile(file));
    }
    groupData.push(new Uint8Array(Buffer.concat(shards)));
  }
  return { groupData, files };
}

/** Decodes a base64 string attribute (`padding`, `data_format`, `fused_ops` entries). */
export function attrString(node: TfNode, key: string): string | undefined {
  const s = node.attr?.[key]?.s;
  return s === undefined ? undefined : Buffer.from(s, 'base64').toString('utf8');
}

/** Reads an int-list attribute (`strides`, `ksize`, `dilations`, `squeeze_dims`). */
export function attrInts(node: TfNode, key: string): number[] {
  return (node.attr?.[key]?.list?.i ?? []).map(Number);
}

/** Reads a string-list attribute (`fused_ops`), decoding each entry from base64. */
export function attrStrings(node: TfNode, key: string): string[] {
  return (node.attr?.[key]?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString('utf8'));
}

/** Reads a boolean attribute (`keep_dims`, `transpose_a`), false when absent. */
export function attrBool(node: TfNode, key: string): boolean {
  return node.attr?.[key]?.b === true;
}

/** Turns a TF shape (`dim[].size`, -1 for unknown) into numbers. */
export function shapeDims(shape: { dim?: Array<{ size?: string | number }> } | undefined): number[] {
  return (shape?.dim ?? []).map((d) => Number(d.size ?? -1));
}

/** Splits a tensor reference `node:2` into node name and output index (control inputs excluded). */
export function parseTensorRef(ref: string): { node: string; index: number } {
  const m = /^(.*?)(?::(\d+))?$/.exec(ref);
  return { node: m?.[1] ?? ref, index: Number(m?.[2] ?? 0) };
}
