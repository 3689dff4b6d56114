// Small DOM helpers. Every text goes in through textContent, never innerHTML: names and metadata
// come from whoever created the invitation, and must not become markup.

/**
 * Creates an element: `el('td', { className: 'x', dataset: { label: 'Name' } }, 'text', child)`.
 * Properties are assigned (not set as attributes), so no `style` attribute can sneak in, which
 * the page's CSP would refuse anyway.
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === 'dataset') Object.assign(node.dataset, value);
    else node[name] = value;
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

/** Shows or hides a node through the `hidden` attribute (styles stay in style.css). */
export function show(node, visible) {
  node.hidden = !visible;
}

/** A message line: hidden when empty. */
export function say(node, text) {
  node.textContent = text ?? '';
  show(node, Boolean(text));
}

/** `createdUtc` is UTC without a zone suffix: read it as UTC, show it in the viewer's time. */
export function utcDate(createdUtc) {
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(createdUtc) ? createdUtc : `${createdUtc}Z`);
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function timeElement(createdUtc) {
  const date = utcDate(createdUtc);
  return el('time', { dateTime: date.toISOString(), title: date.toISOString() }, DATE_TIME.format(date));
}

/** "Ada Lovelace", or a placeholder when the invitation carries no name. */
export function personName(item) {
  const name = [item.firstName, item.lastName].filter(Boolean).join(' ');
  return name || item.email || item.phone || '(no name)';
}
