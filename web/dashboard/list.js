// The list of validation requests: newest first (the API's order), paged, filtered by status and
// by one metadata key/value pair.
import { describeError } from './api.js';
import { el, personName, say, timeElement } from './dom.js';

export const PAGE_SIZE = 20;

/**
 * Wires the list view. `session.api()` gives the API of the signed-in key, `onOpen(id)` opens a
 * request's detail, `onAuthLost(error)` ends the session (a 401 or 403 from a revoked key).
 */
export function listView(session, { onOpen, onAuthLost }) {
  const form = document.getElementById('filters');
  const rows = document.querySelector('#requests tbody');
  const message = document.getElementById('list-message');
  const pageInfo = document.getElementById('page-info');
  const previous = document.getElementById('previous-page');
  const next = document.getElementById('next-page');
  let offset = 0;
  let total = 0;

  function filters() {
    const data = new FormData(form);
    const key = String(data.get('metadataKey') ?? '').trim();
    const value = String(data.get('metadataValue') ?? '');
    return { status: String(data.get('status') ?? ''), metadata: key === '' ? {} : { [key]: value }, metadataKey: key, value };
  }

  function row(item) {
    const open = el('button', { type: 'button', className: 'link', onclick: () => onOpen(item.validationRequestId) }, personName(item));
    return el('tr', { dataset: { id: item.validationRequestId } },
      el('td', { dataset: { label: 'Name' } }, open, item.email ? el('small', {}, item.email) : null),
      el('td', { dataset: { label: 'Status' } }, el('span', { className: `status status-${item.status}` }, item.statusName)),
      el('td', { dataset: { label: 'Attempts' }, className: 'number' }, String(item.attemptsUsed)),
      el('td', { dataset: { label: 'Created' } }, timeElement(item.createdUtc)),
    );
  }

  async function load() {
    const wanted = filters();
    if (wanted.metadataKey === '' && wanted.value !== '') {
      say(message, 'Name the metadata key to filter by.');
      return;
    }
    say(message, 'Loading…');
    try {
      const page = await session.api().list({ status: wanted.status, metadata: wanted.metadata, offset, limit: PAGE_SIZE });
      total = Number.isFinite(page.total) ? page.total : page.items.length;
      rows.replaceChildren(...page.items.map(row));
      say(message, page.items.length === 0 ? 'No validation requests match.' : '');
      pageInfo.textContent = page.items.length === 0 ? '' : `${offset + 1}–${offset + page.items.length} of ${total}`;
      previous.disabled = offset === 0;
      next.disabled = offset + page.items.length >= total;
    } catch (error) {
      if (error.status === 401 || error.status === 403) return onAuthLost(error);
      rows.replaceChildren();
      say(message, describeError(error));
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    offset = 0;
    load();
  });
  // A reset clears the inputs after this event: load once they are clear.
  form.addEventListener('reset', () => {
    offset = 0;
    setTimeout(load);
  });
  previous.addEventListener('click', () => {
    offset = Math.max(0, offset - PAGE_SIZE);
    load();
  });
  next.addEventListener('click', () => {
    offset += PAGE_SIZE;
    load();
  });

  return {
    /** Reloads the page of the list in view; `fromStart` goes back to the newest and no filter. */
    refresh({ fromStart = false } = {}) {
      if (fromStart) form.reset(); // fires 'reset', which loads the first page
      else load();
    },
  };
}
