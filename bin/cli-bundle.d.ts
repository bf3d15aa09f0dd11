// Types of bin/cli-bundle.js for the tests that call it.
export declare const CLI_BUNDLE: string;
export declare function cliEntry(root?: string, options?: { running?: boolean }): string;
export declare function bundleStale(root?: string): boolean;
