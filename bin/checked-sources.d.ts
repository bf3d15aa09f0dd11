// Types of bin/checked-sources.js for the tests that call it.
export declare function takeStamps(root: string, inputs: string[]): Record<string, string | null>;
export declare function noteChecked(root: string, stamps: Record<string, string | null>): void;
export declare function checkedAsItIs(root: string): boolean;
export declare function changedSinceNoted(root: string, stamps: Record<string, string | null>): string[];
