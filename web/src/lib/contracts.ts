// The web app's single door to the shared HTTP contracts of accounts and errors. Values come
// from the zod-free modules only, so the landing page does not ship zod; the schemas' types
// are type-only re-exports (erased). A relative path rather than an alias so the root vitest
// run resolves it too.
export * from '../../../contracts/auth-rules';
export type * from '../../../contracts';
