export * from './locales';
export * from './messages';
export * from './format';
