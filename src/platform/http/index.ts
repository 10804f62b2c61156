export * from './error-codes';
export * from './errors';
export * from './result';
export * from './app';
export * from './openapi';
export * from './too-long';
