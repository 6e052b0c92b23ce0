export declare const CLI_SOURCE_DIRS: string[];
/** True when `bundle` exists and no CLI source under `root` changed after it was written. */
export declare function isBundleFresh(root: string, bundle: string): boolean;
