/**
 * Modules that only declare data (the error catalogue, the features' message tables) are marked
 * free of side effects for the browser build. The bundler cannot tell on its own that building a
 * table has none, so a module that imports the catalogue for the server's sake (a quote's coupon
 * texts) kept an `import "./error-codes"` in the browser, and 6 KB of it loaded on every island page.
 */
import type { Plugin } from 'vite';

const DATA_ONLY = [/[\\/]src[\\/]platform[\\/]http[\\/]error-codes\.ts$/, /[\\/]src[\\/].*[\\/]i18n[\\/][^\\/]+\.ts$/];

export function pureModules(): Plugin {
  return {
    name: 'apobote:pure-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(_code, id) {
      if (DATA_ONLY.some((pattern) => pattern.test(id))) return { code: _code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}
