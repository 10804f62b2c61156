// Public surface of the remote-config feature.
export {};
