import { describe, expect, it } from 'vitest';
import { buildCsp } from '../../../src/platform/security/csp';

describe("the CSP lets the scanner's ZXing run", () => {
  it("with 'wasm-unsafe-eval' in script-src, not JavaScript's eval", () => {
    const scriptSrc = buildCsp(['sha256-abc']).split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc'");
    expect(buildCsp([])).not.toContain("'unsafe-eval'");
  });

  it('with its .wasm and PDF.js worker from our own origin only', () => {
    const csp = buildCsp([]);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("worker-src 'self'");
  });
});
