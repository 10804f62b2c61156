/**
 * Inline SVG icon paths (24×24, stroked). Inline rather than an icon font or sprite file: no extra
 * request, they inherit currentColor, and a dozen paths cost less than any library.
 */
export const ICONS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h4.5v-6h4v6h4.5V9.5',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM15.5 15.5 20 20',
  chat: 'M4 5.5h16v10.5H9l-5 4V5.5ZM8 10h8M8 13h5',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20.5c.8-3.7 3.8-6 7.5-6s6.7 2.3 7.5 6',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM9.5 9.3a2.6 2.6 0 0 1 5 .9c0 1.8-2.5 2.3-2.5 4M12 17.2v.1',
  phone:
    'M6.6 3.5h2.6l1.4 4-2 1.4a11 11 0 0 0 6.5 6.5l1.4-2 4 1.4v2.6a2 2 0 0 1-2.1 2A16.5 16.5 0 0 1 4.6 5.6a2 2 0 0 1 2-2.1Z',
  mail: 'M3.5 6h17v12h-17V6Zm0 .5L12 13l8.5-6.5',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2',
  chevronDown: 'm6 9 6 6 6-6',
  close: 'M6 6l12 12M18 6 6 18',
  lock: 'M6.5 10.5h11v9.5h-11v-9.5ZM8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5',
  shieldCheck: 'M12 3.5 19 6v5.5c0 4.5-3 7.8-7 9-4-1.2-7-4.5-7-9V6l7-2.5ZM8.8 12l2.2 2.2 4.2-4.4',
} as const;

export type IconName = keyof typeof ICONS;
