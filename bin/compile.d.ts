// Types of bin/compile.js for the tests that call it.
export declare function findStale(root?: string): { all: string[]; stale: string[]; orphans: string[] };
export declare function compileFiles(files: readonly string[], root?: string): Promise<void>;
export declare function compileStale(root?: string): Promise<number>;
export declare function compileAll(root?: string): Promise<number>;
export declare function refreshDist(root?: string): Promise<{ message: string; fatal: boolean } | undefined>;
export declare const PRECOMPILED: string;
export declare function precompiledStale(root?: string): boolean;
export declare const ICON_INDEX: string;
export declare function staleGenerated(root?: string): string[];
export declare function writeGenerated(root?: string, outs?: readonly string[]): Promise<void>;
