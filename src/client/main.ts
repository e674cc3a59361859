import type { User } from '../core/schemas/user.ts';

/** Minimal start page: who is signed in, with their game stats; the full client replaces it. */
const root = document.getElementById('app')!;

function el(tag: string, attrs: Record<string, string>, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function stat(label: string, value: number): HTMLElement {
  const box = el('div', {});
  box.append(el('strong', {}, String(value)), el('span', {}, label));
  return box;
}

async function render() {
  const res = await fetch('/api/auth/user', { credentials: 'include' });
  if (res.ok) {
    const user = (await res.json()) as User;
    const stats = el('div', { class: 'stats' });
    stats.append(
      stat('Discoveries', user.discoveries),
      stat('Level', user.level),
      stat('Tokens', user.tokens),
    );
    root.append(
      el('p', { 'data-testid': 'welcome' }, `Welcome, ${user.username}`),
      el('p', {}, `Level ${user.level} • ${user.discoveries} Discoveries`),
      stats,
      el('a', { class: 'button secondary', href: '/api/logout' }, 'Sign Out'),
    );
  } else {
    root.append(
      el('h2', {}, 'Join the Revolution'),
      el('p', {}, 'Discover, document, and share urban art worldwide'),
      el('a', { class: 'button', href: '/api/login' }, 'Sign In / Create Account'),
    );
  }
}

void render();
