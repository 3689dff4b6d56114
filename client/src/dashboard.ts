/**
 * The dashboard interface (a private key, `prk_…`): validation requests of the key's locations,
 * newest first. `list` is one page with the number of matches (X-Total-Count); `listAll` walks
 * every page.
 */
import type { Transport } from './http.js';
import type { ListOptions, NewValidationRequest, ValidationRequest } from './types.js';

const BASE = '/api/PublicOnboarding/Requests';

export interface ValidationRequestPage {
  items: ValidationRequest[];
  /** Matches of the filters before paging. */
  total: number;
}

export interface Dashboard {
  /** One page: `offset` (default 0) and `limit` (default 100, at most 1000). */
  list(options?: ListOptions): Promise<ValidationRequestPage>;
  /** Every match, fetched `pageSize` (default 100) at a time. */
  listAll(options?: Omit<ListOptions, 'offset' | 'limit'> & { pageSize?: number }): AsyncGenerator<ValidationRequest>;
  /** A new validation request (an onboarding invitation) at the key's location or `location`. */
  create(input: NewValidationRequest): Promise<ValidationRequest>;
}

/** The query string: metadata as `metadata[key]=value`, one per pair (decisions.md). */
function listQuery(options: ListOptions): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.metadata ?? {})) query.append(`metadata[${key}]`, value);
  if (options.status !== undefined) query.set('status', String(options.status));
  if (options.offset !== undefined) query.set('offset', String(options.offset));
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  return query;
}

export function createDashboard(transport: Transport): Dashboard {
  const list = async (options: ListOptions = {}): Promise<ValidationRequestPage> => {
    const { body, headers } = await transport.send<ValidationRequest[]>({ method: 'GET', path: BASE, query: listQuery(options) });
    return { items: body, total: Number(headers.get('x-total-count') ?? body.length) };
  };
  return {
    list,
    async *listAll(options = {}) {
      const { pageSize = 100, ...filters } = options;
      for (let offset = 0; ; offset += pageSize) {
        const page = await list({ ...filters, offset, limit: pageSize });
        yield* page.items;
        if (page.items.length < pageSize || offset + pageSize >= page.total) return;
      }
    },
    async create(input) {
      return (await transport.send<ValidationRequest>({ method: 'POST', path: BASE, json: input })).body;
    },
  };
}
