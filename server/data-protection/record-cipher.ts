// One data key per record, wrapped in it: erasing a record drops the key, so no backup of the
// ciphertext opens once it is gone. Metadata also gets blind-index tags for exact filtering.
import { createHmac } from 'node:crypto';
import { newDataKey, open, seal } from './envelope.js';
import { openKeyRing, type KeyRing, type KeyRingStorage } from './key-ring.js';
import { DataKeyError, type StoreKeys } from './master-key.js';

/** Null where the clear value is null. */
export interface SealedRequest {
  dataKey: Buffer;
  frontImage: Buffer | null;
  backImage: Buffer | null;
  faceImage: Buffer | null;
  trackString: Buffer | null;
  result: Buffer | null;
  failureMessage: Buffer | null;
}

export interface RequestSecrets {
  frontImage: Buffer | null;
  backImage: Buffer | null;
  faceImage: Buffer | null;
  trackString: string | null;
  result: Record<string, unknown> | null;
  failureMessage: string | null;
}

export interface Personal {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  metadata: Record<string, string>;
}

type RequestField = Exclude<keyof SealedRequest, 'dataKey'>;

const requestAad = (id: string): string => `request:${id}`;
const onboardingAad = (id: string): string => `onboarding:${id}`;

const text = (value: string | null): Buffer | null => (value === null ? null : Buffer.from(value, 'utf8'));
const json = (value: unknown): Buffer | null => (value === null ? null : Buffer.from(JSON.stringify(value), 'utf8'));

/** One store's sealing; `ring` follows the store's key ring state (a rotation started elsewhere). */
export class RecordCipher {
  #ring: KeyRing;
  readonly #storage: KeyRingStorage;
  readonly #keys: StoreKeys;
  #candidates: Buffer[];

  private constructor(ring: KeyRing, storage: KeyRingStorage, keys: StoreKeys) {
    this.#ring = ring;
    this.#storage = storage;
    this.#keys = keys;
    this.#candidates = keys.candidates;
  }

  static async open(storage: KeyRingStorage, keys: StoreKeys): Promise<RecordCipher> {
    return new RecordCipher(await openKeyRing(storage, keys.candidates, keys.origin), storage, keys);
  }

  get ring(): KeyRing {
    return this.#ring;
  }

  /** Follows a rotation by another process; a retired own key means the key file was replaced: reread it. */
  async refresh(): Promise<void> {
    try {
      this.#ring = await openKeyRing(this.#storage, this.#candidates, this.#keys.origin);
    } catch (error) {
      if (!(error instanceof DataKeyError) || this.#keys.reload === undefined) throw error;
      this.#candidates = this.#keys.reload();
      this.#ring = await openKeyRing(this.#storage, this.#candidates, this.#keys.origin);
    }
  }

  /** A key under a master this process does not know yet triggers one refresh. */
  async dataKey(aad: string, wrapped: Buffer): Promise<Buffer> {
    try {
      return this.#ring.unwrap(wrapped, aad);
    } catch (error) {
      if (this.#ring.has(wrapped.subarray(0, 8).toString('hex'))) throw error;
      await this.refresh();
      return this.#ring.unwrap(wrapped, aad);
    }
  }

  sealRequest(id: string, secrets: RequestSecrets): SealedRequest {
    const key = newDataKey();
    const aad = requestAad(id);
    const field = (name: RequestField, plain: Buffer | null): Buffer | null => (plain === null ? null : seal(key, plain, `${aad}:${name}`));
    return {
      dataKey: this.#ring.wrap(key, aad),
      frontImage: field('frontImage', secrets.frontImage),
      backImage: field('backImage', secrets.backImage),
      faceImage: field('faceImage', secrets.faceImage),
      trackString: field('trackString', text(secrets.trackString)),
      result: field('result', json(secrets.result)),
      failureMessage: field('failureMessage', text(secrets.failureMessage)),
    };
  }

  async sealRequestField(id: string, wrapped: Buffer, name: 'result' | 'failureMessage', value: unknown): Promise<Buffer> {
    const aad = requestAad(id);
    const key = await this.dataKey(aad, wrapped);
    return seal(key, name === 'result' ? json(value)! : text(value as string)!, `${aad}:${name}`);
  }

  async openRequest(id: string, sealed: SealedRequest): Promise<RequestSecrets> {
    const aad = requestAad(id);
    const key = await this.dataKey(aad, sealed.dataKey);
    const field = (name: RequestField): Buffer | null => {
      const value = sealed[name];
      return value === null ? null : open(key, value, `${aad}:${name}`);
    };
    const result = field('result');
    return {
      frontImage: field('frontImage'),
      backImage: field('backImage'),
      faceImage: field('faceImage'),
      trackString: field('trackString')?.toString('utf8') ?? null,
      result: result === null ? null : (JSON.parse(result.toString('utf8')) as Record<string, unknown>),
      failureMessage: field('failureMessage')?.toString('utf8') ?? null,
    };
  }

  sealPersonal(id: string, personal: Personal): { dataKey: Buffer; personal: Buffer } {
    const key = newDataKey();
    const aad = onboardingAad(id);
    return { dataKey: this.#ring.wrap(key, aad), personal: seal(key, json(personal)!, `${aad}:personal`) };
  }

  async openPersonal(id: string, wrapped: Buffer, sealed: Buffer): Promise<Personal> {
    const aad = onboardingAad(id);
    const key = await this.dataKey(aad, wrapped);
    return JSON.parse(open(key, sealed, `${aad}:personal`).toString('utf8')) as Personal;
  }

  metadataTag(key: string, value: string): string {
    return createHmac('sha256', this.#ring.indexKey).update(JSON.stringify([String(key), String(value)])).digest('hex');
  }

  metadataTags(metadata: Record<string, string>): string[] {
    return Object.entries(metadata).map(([key, value]) => this.metadataTag(key, value));
  }
}

/** The associated data of a record's wrapped data key, for a rotation's re-wrap. */
export const WRAP_AAD = { request: requestAad, onboarding: onboardingAad } as const;
export type SealedKind = keyof typeof WRAP_AAD;
