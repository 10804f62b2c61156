/**
 * Modules that only declare data (the error catalogue, the features' message tables) are marked
 * free of side effects for the browser build. The bundler cannot tell on its own that building a
 * table has none, so a module that imports the catalogue for the server's sake (a quote's coupon
 * texts) kept an `import "./error-codes"` in the browser, and 6 KB of it loaded on every island page.
 * The features' public entries for the browser (`client.ts`, `model/public.ts`) only re-export: as
 * chunks of their own they imported every chunk they re-export from, so a staff screen that needs
 * one price helper from the cart's entry also loaded the shop's delivery check and stock badges.
 */
import type { Plugin } from 'vite';

const FREE_OF_SIDE_EFFECTS = [
  /[\\/]src[\\/]platform[\\/]http[\\/]error-codes\.ts$/,
  /[\\/]src[\\/].*[\\/]i18n[\\/][^\\/]+\.ts$/,
  /[\\/]src[\\/]features[\\/][^\\/]+[\\/](client|model[\\/]public)\.ts$/,
];

export function pureModules(): Plugin {
  return {
    name: 'apobote:pure-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(_code, id) {
      if (FREE_OF_SIDE_EFFECTS.some((pattern) => pattern.test(id))) return { code: _code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}
