import { createApiClient } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { suggestMessages } from '../i18n/suggest-messages';
import { MAX_QUERY_LENGTH, MIN_INSTANT_QUERY_LENGTH } from '../model/query';

/**
 * Suggestions under the header search box, as an ARIA 1.2 combobox (no framework): the input owns
 * a listbox of products and categories; arrow keys move the active option (aria-activedescendant),
 * Enter opens it (or, with none active, submits the form to the search page as before), Escape
 * closes the list and a second Escape clears the field. Loaded on the box's first focus, so pages
 * ship none of it before the shopper interacts.
 */

const DEBOUNCE_MS = 150;

interface Option {
  href: string;
  element: HTMLLIElement;
}

type SuggestionsBody = {
  products: { pzn: string; name: string; pack: string; href: string; imageUrl: string }[];
  categories: { slug: string; name: string; href: string }[];
};

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

export function mountSuggestions(input: HTMLInputElement, locale: Locale): void {
  if (input.dataset.suggestMounted !== undefined) return;
  input.dataset.suggestMounted = '';
  const form = input.form;
  if (!form) return;
  const t = translator(suggestMessages, locale);
  const client = createApiClient({ locale });
  const listId = `${input.id}-suggestions`;

  const list = node('div', 'suggest');
  list.id = listId;
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', t('listLabel'));
  list.hidden = true;
  const status = node('p', 'visually-hidden');
  status.setAttribute('role', 'status');
  form.append(list, status);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);
  input.maxLength = MAX_QUERY_LENGTH;

  let options: Option[] = [];
  let active = -1;
  let timer = 0;
  let pending: AbortController | null = null;
  let shownFor = '';

  const setActive = (index: number) => {
    options[active]?.element.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (option) {
      option.element.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.element.id);
      option.element.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };

  const close = () => {
    setActive(-1);
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };

  const open = () => {
    if (options.length === 0) return;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };

  // As the APG's grouped listbox: each group labelled by its first, presentational item.
  const group = (key: string, label: string, items: { id: string; text: string; detail?: string; href: string }[]) => {
    const ul = node('ul', 'suggest__group');
    ul.setAttribute('role', 'group');
    const heading = node('li', 'suggest__heading', label);
    heading.id = `${listId}-${key}`;
    heading.setAttribute('role', 'presentation');
    ul.setAttribute('aria-labelledby', heading.id);
    ul.append(heading);
    for (const item of items) {
      const option = node('li', 'suggest__option');
      option.id = `${listId}-${item.id}`;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.append(node('span', 'suggest__name', item.text));
      if (item.detail) option.append(node('span', 'suggest__detail', item.detail));
      option.dataset.href = item.href;
      ul.append(option);
      options.push({ href: item.href, element: option });
    }
    return ul;
  };

  const render = (query: string, body: SuggestionsBody) => {
    options = [];
    active = -1;
    input.removeAttribute('aria-activedescendant');
    const groups: HTMLUListElement[] = [];
    if (body.products.length > 0) {
      groups.push(group('products', t('products'), body.products.map((p) => ({ id: `p${p.pzn}`, text: p.name, detail: p.pack, href: p.href }))));
    }
    if (body.categories.length > 0) {
      groups.push(group('categories', t('categories'), body.categories.map((c) => ({ id: `c-${c.slug}`, text: c.name, href: c.href }))));
    }
    list.replaceChildren(...groups);
    shownFor = query;
    status.textContent = options.length === 0 ? t('none') : options.length === 1 ? t('countOne') : t('count', { count: options.length });
    if (options.length === 0) close();
    else if (document.activeElement === input) open();
  };

  const fetchFor = (query: string) => {
    pending?.abort();
    if (query.length < MIN_INSTANT_QUERY_LENGTH) {
      options = [];
      list.replaceChildren();
      shownFor = '';
      close();
      return;
    }
    if (query === shownFor) return open();
    const controller = new AbortController();
    pending = controller;
    void client
      .GET('/api/shop/v1/search/suggestions', { params: { query: { q: query, locale } }, signal: controller.signal })
      .then(({ data }) => {
        if (!controller.signal.aborted && data) render(query, data);
      })
      .catch(() => undefined);
  };

  const go = (option: Option | undefined) => {
    if (!option) return false;
    close();
    location.assign(option.href);
    return true;
  };

  input.addEventListener('input', () => {
    window.clearTimeout(timer);
    const query = input.value.trim();
    timer = window.setTimeout(() => fetchFor(query), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    const expanded = !list.hidden;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) open();
        else setActive(active + 1 >= options.length ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) open();
        else setActive(active <= 0 ? options.length - 1 : active - 1);
        break;
      case 'Enter':
        if (expanded && active >= 0) {
          event.preventDefault();
          go(options[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (input.value !== '') {
          event.preventDefault();
          input.value = '';
          shownFor = '';
        }
        break;
      case 'Tab':
        close();
        break;
      default:
    }
  });
  input.addEventListener('blur', () => close());
  input.addEventListener('focus', () => {
    if (input.value.trim() === shownFor && shownFor !== '') open();
  });
  // Keep the focus in the field while a pointer picks an option, then follow the option's link.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLLIElement>('[role="option"]');
    go(options.find((option) => option.element === target));
  });
  list.addEventListener('mousemove', (event) => {
    const target = (event.target as Element).closest<HTMLLIElement>('[role="option"]');
    const index = options.findIndex((option) => option.element === target);
    if (index >= 0 && index !== active) setActive(index);
  });
  if (input.value.trim() !== '') fetchFor(input.value.trim());
}
