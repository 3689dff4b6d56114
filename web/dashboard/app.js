// The dashboard page's entry module: sign-in, the session's key, and which view is shown.
//
//   sign in (key checked by listing one request) → list ⇄ detail
//                                                   ⇅
//                                              new invitation
//
// The key lives in sessionStorage: it survives a reload of this tab and is gone when the tab
// closes; it is never put in a URL or a cookie. Every call sends it in the Authorization header.
import { ApiError, dashboardApi, describeError } from './api.js';
import { detailView } from './detail.js';
import { say, show } from './dom.js';
import { inviteView } from './invite.js';
import { listView } from './list.js';

const STORAGE_KEY = 'idv.dashboard.key';

const signIn = document.getElementById('sign-in');
const signInForm = document.getElementById('sign-in-form');
const signInMessage = document.getElementById('sign-in-message');
const signOut = document.getElementById('sign-out');
const workspace = document.getElementById('workspace');
const views = {
  list: document.getElementById('list-view'),
  detail: document.getElementById('detail-view'),
  invite: document.getElementById('invite-view'),
};
const tabs = { list: document.getElementById('show-list'), invite: document.getElementById('show-invite') };

const session = {
  key: sessionStorage.getItem(STORAGE_KEY),
  api() {
    return dashboardApi(this.key);
  },
};

/** Why a key was refused, in words staff can act on. */
function refusal(error) {
  if (error instanceof ApiError && error.status === 401) {
    return 'This key was not accepted: it is unknown or has been revoked. Check that you pasted the whole key.';
  }
  if (error instanceof ApiError && error.status === 403) {
    return 'This is not a dashboard key. Use a private key (it starts with prk_), made with idv keys create --type private.';
  }
  return describeError(error);
}

function showView(name) {
  for (const [view, node] of Object.entries(views)) show(node, view === name);
  for (const [tab, node] of Object.entries(tabs)) {
    if (tab === name || (tab === 'list' && name === 'detail')) node.setAttribute('aria-current', 'page');
    else node.removeAttribute('aria-current');
  }
  if (name !== 'detail') detail.release();
}

function enter() {
  show(signIn, false);
  show(workspace, true);
  show(signOut, true);
  showView('list');
  list.refresh({ fromStart: true });
}

function leave(message) {
  session.key = null;
  sessionStorage.removeItem(STORAGE_KEY);
  detail.release();
  show(workspace, false);
  show(signOut, false);
  show(signIn, true);
  say(signInMessage, message);
  signInForm.reset();
  document.getElementById('key').focus();
}

const onAuthLost = (error) => leave(refusal(error));
const list = listView(session, {
  onOpen: (id) => {
    showView('detail');
    detail.show(id);
  },
  onAuthLost,
});
const detail = detailView(session, { onAuthLost });
inviteView(session, {
  onCreated: () => {
    showView('list');
    list.refresh({ fromStart: true });
  },
  onAuthLost,
});

signInForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const key = String(new FormData(signInForm).get('key') ?? '').trim();
  if (key === '') {
    say(signInMessage, 'Type your private key.');
    return;
  }
  say(signInMessage, '');
  try {
    // Listing one request is the cheapest call that proves the key is a dashboard key.
    await dashboardApi(key).list({ limit: 1 });
  } catch (error) {
    say(signInMessage, refusal(error));
    return;
  }
  session.key = key;
  sessionStorage.setItem(STORAGE_KEY, key);
  signInForm.reset();
  enter();
});

signOut.addEventListener('click', () => leave(''));
tabs.list.addEventListener('click', () => {
  showView('list');
  list.refresh();
});
tabs.invite.addEventListener('click', () => showView('invite'));
document.getElementById('back-to-list').addEventListener('click', () => {
  showView('list');
  list.refresh();
});

if (session.key) enter();
else document.getElementById('key').focus();
