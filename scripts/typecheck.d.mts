/** Every tsconfig that `npm run typecheck` checks, largest first. */
export declare const TYPECHECK_PROJECTS: readonly string[];
