// The web app's single door to the shared HTTP contracts (zod schemas and constants also used
// by the server). A relative path rather than an alias so the root vitest run resolves it too.
export * from '../../../contracts';
