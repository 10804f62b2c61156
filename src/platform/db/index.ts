export { openDb, getDb, getDbHandle, setDbHandle, type Db, type DbHandle, type OpenOptions } from './client';
export { withTransaction, isUniqueViolation, sqlState } from './transaction';
export { prepared } from './prepared';
export { readTogether } from './read-together';
