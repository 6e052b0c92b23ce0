/** Anchors other pages link to: /learn#learning-modules and /learn#quick-start (SPEC.md 2). */
export const LEARNING_MODULES_ID = 'learning-modules';
export const FIRST_MODULE_HASHES: readonly string[] = ['#quick-start', '#learning-modules'];
/** SPEC.md 9: the hash scroll waits 100 ms so the opened accordion has laid out. */
export const HASH_SCROLL_DELAY_MS = 100;
