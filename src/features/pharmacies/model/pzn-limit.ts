/** One availability call covers a whole product list page; more is a client bug or abuse. */
export const MAX_PZNS_PER_REQUEST = 100;
