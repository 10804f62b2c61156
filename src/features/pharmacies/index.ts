// Public surface of the pharmacies feature.
export {};
