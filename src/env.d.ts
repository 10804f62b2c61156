/// <reference types="astro/client" />

// Plain `tsc` (which checks scripts and tests next to `astro check`) cannot read .astro files;
// this fallback lets it follow the features' ui.ts re-exports. `astro check` resolves the real
// components and checks their props.
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}
