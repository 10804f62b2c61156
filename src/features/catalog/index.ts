// Public surface of the catalog feature: other features and src/app import only from here.
export * from './model/pzn';
export * from './model/base-price';
export * from './model/catalog-schema';
