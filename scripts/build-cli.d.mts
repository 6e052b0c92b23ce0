import type { BuildOptions } from 'esbuild';
/** esbuild's options for the CLI bundle (dist/bin/cli.js and its chunks). */
export declare const CLI_BUILD_OPTIONS: BuildOptions & { outdir: string };
