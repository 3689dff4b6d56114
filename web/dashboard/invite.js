// The form that creates an invitation: names, e-mail, phone, location and metadata pairs.
import { describeError } from './api.js';
import { el, say } from './dom.js';

/** Wires the form; `onCreated(item)` runs after the API created the invitation. */
export function inviteView(session, { onCreated, onAuthLost }) {
  const form = document.getElementById('invite-form');
  const pairs = document.getElementById('pairs');
  const message = document.getElementById('invite-message');

  function addPair() {
    const remove = el('button', { type: 'button', className: 'quiet', textContent: 'Remove' });
    const row = el('div', { className: 'pair' },
      el('label', {}, 'Key ', el('input', { name: 'pairKey', type: 'text' })),
      el('label', {}, 'Value ', el('input', { name: 'pairValue', type: 'text' })),
      remove);
    remove.addEventListener('click', () => row.remove());
    pairs.append(row);
  }

  /** The body: blank inputs left out, metadata from the filled pairs. */
  function body() {
    const data = new FormData(form);
    const invitation = {};
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'location']) {
      const value = String(data.get(name) ?? '').trim();
      if (value !== '') invitation[name] = value;
    }
    const metadata = {};
    for (const row of pairs.querySelectorAll('.pair')) {
      const key = row.querySelector('[name=pairKey]').value.trim();
      if (key !== '') metadata[key] = row.querySelector('[name=pairValue]').value;
    }
    invitation.metadata = metadata;
    return invitation;
  }

  document.getElementById('add-pair').addEventListener('click', addPair);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say(message, '');
    try {
      const item = await session.api().create(body());
      form.reset();
      pairs.replaceChildren();
      addPair();
      onCreated(item);
    } catch (error) {
      if (error.status === 401) return onAuthLost(error);
      say(message, describeError(error));
    }
  });
  addPair();

  return { clearMessage: () => say(message, '') };
}
