/** The list's search, step filter and sort, shared with the server's paged list (src/api/projectQuery.ts). */
export * from '../../api/projectQuery';
